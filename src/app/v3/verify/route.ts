import { verifyOtpBody } from "@/schemas/v3/otp";
import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { verifyOtp } from "@/server/services/otp/verify-otp";
import { parseV3Body } from "@/server/validation";

export const dynamic = "force-dynamic";

export const POST = v3Route(async (ctx) => verifyOtp(ctx.merchant, parseV3Body(verifyOtpBody, await ctx.json())));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
