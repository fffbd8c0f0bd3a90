import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { createOtp } from "@/server/services/otp/create-otp";

export const dynamic = "force-dynamic";

export const POST = v3Route(async (ctx) => createOtp(ctx.merchant.id, await ctx.json(), "send"));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
