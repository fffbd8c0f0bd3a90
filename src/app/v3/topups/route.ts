import { routeOf } from "@/server/http/v3-endpoint";
import { createTopupEndpoint } from "@/server/http/v3-endpoints/create-topup";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(createTopupEndpoint);
