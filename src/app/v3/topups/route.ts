import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { createTopup } from "@/server/services/topups/create-topup";
import { parseTopupRequest } from "@/server/services/topups/parse-topup";

export const dynamic = "force-dynamic";

export const POST = v3Route(async (ctx) => createTopup(ctx.merchant.id, parseTopupRequest(await ctx.json())));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
