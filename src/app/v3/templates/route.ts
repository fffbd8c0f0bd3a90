import { routeOf } from "@/server/http/v3-endpoint";
import { createTemplateEndpoint, listTemplatesEndpoint } from "@/server/http/v3-endpoints/templates";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(listTemplatesEndpoint, createTemplateEndpoint);
