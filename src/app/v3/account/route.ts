import { routeOf } from "@/server/http/v3-endpoint";
import { getAccountEndpoint } from "@/server/http/v3-endpoints/get-account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getAccountEndpoint);
