import { routeOf } from "@/server/http/v3-endpoint";
import { verifyOtpEndpoint } from "@/server/http/v3-endpoints/verify-otp";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(verifyOtpEndpoint);
