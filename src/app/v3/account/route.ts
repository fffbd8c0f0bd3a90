import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { getAccount } from "@/server/services/merchants/account";

export const dynamic = "force-dynamic";

export const GET = v3Route(async (ctx) => getAccount(ctx.merchant.id));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
