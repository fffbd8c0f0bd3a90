import { routeOf } from "@/server/http/v3-endpoint";
import { testInboundEndpoint } from "@/server/http/v3-endpoints/test-inbound-whatsapp";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(testInboundEndpoint);
