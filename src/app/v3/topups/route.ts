import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { createTopup } from "@/server/services/topups/create-topup";

export const dynamic = "force-dynamic";

export const POST = v3Route(async (ctx) => createTopup(ctx.merchant.id, await ctx.json()));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
