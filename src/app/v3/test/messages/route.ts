import { methodNotAllowed, v3TestRoute } from "@/server/http/v3-route";
import { listTestMessages } from "@/server/services/test-mode/test-messages";
import { parseV3Body } from "@/server/validation";
import { testMessagesQuery } from "@/schemas/v3/test-mode";

export const dynamic = "force-dynamic";

export const GET = v3TestRoute(async (ctx) => listTestMessages(ctx.merchant.id, parseV3Body(testMessagesQuery, Object.fromEntries(ctx.query()))));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
