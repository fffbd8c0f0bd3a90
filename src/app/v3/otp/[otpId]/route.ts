import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { getOtp } from "@/server/services/otp/get-otp";

export const dynamic = "force-dynamic";

export const GET = v3Route(async (ctx) => getOtp(ctx.merchant.id, ctx.params.otpId ?? ""));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
