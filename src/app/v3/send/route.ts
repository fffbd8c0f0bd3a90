import { routeOf } from "@/server/http/v3-endpoint";
import { sendOtpEndpoint } from "@/server/http/v3-endpoints/send-otp";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(sendOtpEndpoint);
