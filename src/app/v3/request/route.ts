import { routeOf } from "@/server/http/v3-endpoint";
import { requestOtpEndpoint } from "@/server/http/v3-endpoints/request-otp";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(requestOtpEndpoint);
