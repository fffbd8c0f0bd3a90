import { methodNotAllowed, v3TestRoute } from "@/server/http/v3-route";
import { applyTestReceipt } from "@/server/services/test-mode/test-receipts";
import { parseV3Body } from "@/server/validation";
import { testReceiptBody } from "@/schemas/v3/test-mode";

export const dynamic = "force-dynamic";

export const POST = v3TestRoute(async (ctx) => applyTestReceipt(ctx.merchant.id, parseV3Body(testReceiptBody, await ctx.json())));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
