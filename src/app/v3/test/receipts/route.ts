import { routeOf } from "@/server/http/v3-endpoint";
import { testReceiptsEndpoint } from "@/server/http/v3-endpoints/test-receipts";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(testReceiptsEndpoint);
