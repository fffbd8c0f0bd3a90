import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { createOtp } from "@/server/services/otp/create-otp";
import { parseCreation } from "@/server/services/otp/parse-creation";

export const dynamic = "force-dynamic";

export const POST = v3Route(async (ctx) => createOtp(ctx.merchant, parseCreation(await ctx.json(), "send")));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
