import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { verifyOtp } from "@/server/services/otp/verify-otp";

export const dynamic = "force-dynamic";

export const POST = v3Route(async (ctx) => verifyOtp(ctx.merchant.id, await ctx.json()));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
