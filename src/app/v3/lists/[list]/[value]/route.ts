import { routeOf } from "@/server/http/v3-endpoint";
import { removeFraudListEntryEndpoint } from "@/server/http/v3-endpoints/remove-fraud-list-entry";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(removeFraudListEntryEndpoint);
