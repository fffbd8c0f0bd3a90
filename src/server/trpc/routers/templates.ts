import { templateDeletedOutput, templateListOutput, templateNameInput, templateOutput, templateSaveInput } from "@/schemas/dashboard/templates";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "@/server/services/templates/manage-templates";
import { memberProcedure, router } from "../init";

/** The template editor: the same service as /v3/templates, for the world the dashboard shows. */
export const templatesRouter = router({
  list: memberProcedure("read").output(templateListOutput).query(async ({ ctx }) => (await listTemplates(ctx.world.id)).templates),
  create: memberProcedure("brand.manage").input(templateSaveInput).output(templateOutput).mutation(({ ctx, input }) => createTemplate(ctx.world.id, input, ctx.changeBy)),
  update: memberProcedure("brand.manage").input(templateSaveInput).output(templateOutput).mutation(({ ctx, input }) => updateTemplate(ctx.world.id, input.name, input.fragments, ctx.changeBy)),
  remove: memberProcedure("brand.manage").input(templateNameInput).output(templateDeletedOutput).mutation(({ ctx, input }) => deleteTemplate(ctx.world.id, input.name, ctx.changeBy)),
});
