import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { removeListRequest } from "@/server/services/fraud/list-requests";

export const dynamic = "force-dynamic";

export const DELETE = v3Route(async (ctx) => removeListRequest(ctx.merchant.id, ctx.params.list, ctx.params.value));
export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["DELETE"]);
