// What a creation's messages are written in: its `locale` (or the merchant's default)
// and, when it names a template, that template's fragments in that language.
import type { MessageFragments } from "@/server/channels/channel";
import { localeOf, type Locale } from "@/schemas/v3/locale";
import { TEMPLATE_NAME_PATTERN } from "@/schemas/v3/templates";
import { getDb } from "@/server/db/client";
import { storedFragments } from "./present-template";
import { templateNotFound } from "./manage-templates";

export type MessageChoice = { locale: Locale; templateName: string | null; fragments: MessageFragments | null };

async function fragmentsFor(merchantId: number, name: string, locale: Locale): Promise<MessageFragments | null> {
  const db = await getDb();
  const row = TEMPLATE_NAME_PATTERN.test(name) ? await db.messageTemplate.findUnique({ where: { merchantId_name: { merchantId, name } }, select: { fragments: true } }) : null;
  if (!row) return null;
  const texts: MessageFragments = {};
  for (const f of storedFragments(row.fragments)) if (f.locale === locale) texts[f.channel] = f.text;
  return texts;
}

/** For a creation: an unknown template is refused (404 TEMPLATE_NOT_FOUND) before anything is charged. */
export async function chooseMessage(merchantId: number, input: { locale: Locale | null; template: string | null }, defaultLocale: string): Promise<MessageChoice> {
  const locale = input.locale ?? localeOf(defaultLocale);
  if (!input.template) return { locale, templateName: null, fragments: null };
  const fragments = await fragmentsFor(merchantId, input.template, locale);
  if (!fragments) throw templateNotFound(input.template);
  return { locale, templateName: input.template, fragments };
}

/** For a later send of a stored OTP (fallback): a template deleted meanwhile means the standard text. */
export async function storedMessage(merchantId: number, stored: { locale: string | null; templateName: string | null }): Promise<MessageChoice> {
  const locale = localeOf(stored.locale);
  const fragments = stored.templateName ? await fragmentsFor(merchantId, stored.templateName, locale) : null;
  return { locale, templateName: stored.templateName, fragments };
}
