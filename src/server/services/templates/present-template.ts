import type { MessageTemplate } from "@/generated/prisma/client";
import { formatWib } from "@/lib/wib-time";
import { LOCALE_VALUES } from "@/schemas/v3/locale";
import { TEMPLATE_CHANNEL_VALUES, templateData, type TemplateData, type TemplateFragment } from "@/schemas/v3/templates";

/** Stored fragments, in a stable order (channel, then locale); anything malformed is left out. */
export function storedFragments(value: unknown): TemplateFragment[] {
  const list = Array.isArray(value) ? (value as Partial<TemplateFragment>[]) : [];
  const valid = list.filter(
    (f): f is TemplateFragment =>
      (TEMPLATE_CHANNEL_VALUES as readonly unknown[]).includes(f?.channel) && (LOCALE_VALUES as readonly unknown[]).includes(f?.locale) && typeof f?.text === "string",
  );
  const rank = (f: TemplateFragment) => TEMPLATE_CHANNEL_VALUES.indexOf(f.channel) * LOCALE_VALUES.length + LOCALE_VALUES.indexOf(f.locale);
  return valid.sort((a, b) => rank(a) - rank(b)).map(({ channel, locale, text }) => ({ channel, locale, text }));
}

export function presentTemplate(row: Pick<MessageTemplate, "name" | "fragments" | "createdAt" | "updatedAt">): TemplateData {
  return templateData.parse({ name: row.name, fragments: storedFragments(row.fragments), created_at: formatWib(row.createdAt), updated_at: formatWib(row.updatedAt) });
}
