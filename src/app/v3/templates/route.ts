import { createTemplateBody } from "@/schemas/v3/templates";
import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { createTemplate, listTemplates } from "@/server/services/templates/manage-templates";
import { parseV3Body } from "@/server/validation";

export const dynamic = "force-dynamic";

export const GET = v3Route(async (ctx) => listTemplates(ctx.merchant.id));
export const POST = v3Route(async (ctx) => createTemplate(ctx.merchant.id, parseV3Body(createTemplateBody, await ctx.json())));
export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
