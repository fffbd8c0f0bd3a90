import { routeOf } from "@/server/http/v3-endpoint";
import { getOtpEndpoint } from "@/server/http/v3-endpoints/get-otp";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(getOtpEndpoint);
