import { routeOf } from "@/server/http/v3-endpoint";
import { addFraudListEntryEndpoint } from "@/server/http/v3-endpoints/add-fraud-list-entry";
import { getFraudListEndpoint } from "@/server/http/v3-endpoints/get-fraud-list";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getFraudListEndpoint, addFraudListEntryEndpoint);
