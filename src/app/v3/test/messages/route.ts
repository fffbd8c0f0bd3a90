import { routeOf } from "@/server/http/v3-endpoint";
import { testMessagesEndpoint } from "@/server/http/v3-endpoints/test-messages";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(testMessagesEndpoint);
