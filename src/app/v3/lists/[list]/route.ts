import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { addListRequest, readListRequest } from "@/server/services/fraud/list-requests";

export const dynamic = "force-dynamic";

export const GET = v3Route(async (ctx) => readListRequest(ctx.merchant.id, ctx.params.list));
export const POST = v3Route(async (ctx) => addListRequest(ctx.merchant.id, ctx.params.list, await ctx.json()));
export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
