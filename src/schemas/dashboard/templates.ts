// The template editor's calls: the same shapes as /v3/templates (one set of rules),
// plus the drafts the live preview renders while the merchant is still typing.
import { z } from "zod";
import { LOCALE_VALUES } from "../v3/locale";
import { createTemplateBody, TEMPLATE_CHANNEL_VALUES, templateData, templateDeletedData, templateName } from "../v3/templates";

export const templateSaveInput = createTemplateBody;
export const templateNameInput = z.object({ name: templateName });
export const templateListOutput = z.array(templateData);
export const templateOutput = templateData;
export const templateDeletedOutput = templateDeletedData;

/** A draft may break the rules (the editor says which); the preview renders it anyway. */
export const draftFragments = z.array(z.object({ channel: z.enum(TEMPLATE_CHANNEL_VALUES), text: z.string().max(2000) })).max(TEMPLATE_CHANNEL_VALUES.length);
export const draftLocale = z.enum(LOCALE_VALUES);
