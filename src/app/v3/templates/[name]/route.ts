import { updateTemplateBody } from "@/schemas/v3/templates";
import { methodNotAllowed, v3Route } from "@/server/http/v3-route";
import { deleteTemplate, getTemplate, updateTemplate } from "@/server/services/templates/manage-templates";
import { parseV3Body } from "@/server/validation";

export const dynamic = "force-dynamic";

export const GET = v3Route(async (ctx) => getTemplate(ctx.merchant.id, ctx.params.name ?? ""));
export const PUT = v3Route(async (ctx) => updateTemplate(ctx.merchant.id, ctx.params.name ?? "", parseV3Body(updateTemplateBody, await ctx.json()).fragments));
export const DELETE = v3Route(async (ctx) => deleteTemplate(ctx.merchant.id, ctx.params.name ?? ""));
export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
