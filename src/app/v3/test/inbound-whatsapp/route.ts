import { methodNotAllowed, v3TestRoute } from "@/server/http/v3-route";
import { receiveTestInbound } from "@/server/services/test-mode/test-inbound";
import { parseV3Body } from "@/server/validation";
import { testInboundBody } from "@/schemas/v3/test-mode";

export const dynamic = "force-dynamic";

export const POST = v3TestRoute(async (ctx) => receiveTestInbound(ctx.merchant.id, parseV3Body(testInboundBody, await ctx.json())));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
