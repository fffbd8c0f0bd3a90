// Shapes of the /v3/templates endpoints and the rules a fragment's text must meet, shared
// by the API, the dashboard's editor (which checks as the merchant types) and OpenAPI.
import { z } from "zod";
import { hasCodePlaceholder, PLACEHOLDERS, unknownPlaceholders } from "@/lib/template-placeholders";
import { LOCALE_VALUES } from "./locale";

/** Channels whose message a template can word; misscall and whatsapp_inbound carry none of ours. */
export const TEMPLATE_CHANNEL_VALUES = ["sms", "whatsapp", "email", "voice"] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNEL_VALUES)[number];

/** Longest fragment text per channel, in characters as written (placeholders included). */
export const FRAGMENT_MAX_CHARACTERS: Record<TemplateChannel, number> = { sms: 300, whatsapp: 1000, email: 1000, voice: 400 };
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const MAX_TEMPLATES_PER_WORLD = 100;
const MAX_FRAGMENTS = TEMPLATE_CHANNEL_VALUES.length * LOCALE_VALUES.length;

const NAME_RULE = "huruf kecil, angka, - atau _, diawali huruf atau angka, paling panjang 64 karakter";

export const templateName = z
  .string({ error: (issue) => (issue.input == null ? "name wajib diisi." : "name harus berupa string.") })
  .regex(TEMPLATE_NAME_PATTERN, `name tidak valid: ${NAME_RULE}.`)
  .describe(`Nama template: ${NAME_RULE}`);

/** What is wrong with a fragment's text for its channel, or null: the rest of a sentence whose subject is the text ("… harus memuat {code}."). */
export function fragmentTextProblem(channel: TemplateChannel, text: string): string | null {
  if (text.trim() === "") return "wajib diisi.";
  if (!hasCodePlaceholder(text)) return "harus memuat {code}.";
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) return `memuat placeholder yang tidak dikenal: {${unknown[0]}}. Yang tersedia: ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}.`;
  const max = FRAGMENT_MAX_CHARACTERS[channel];
  if ([...text].length > max) return `terlalu panjang untuk ${channel}: paling banyak ${max} karakter.`;
  return null;
}

export const templateFragment = z
  .object(
    {
      channel: z.enum(TEMPLATE_CHANNEL_VALUES, { error: `channel harus salah satu dari: ${TEMPLATE_CHANNEL_VALUES.join(", ")}.` }),
      locale: z.enum(LOCALE_VALUES, { error: `locale harus salah satu dari: ${LOCALE_VALUES.join(", ")}.` }),
      text: z.string({ error: "text wajib diisi dan berupa string." }).describe("Isi pesan dengan placeholder {code} (wajib), {brand}, {minutes}, {domain}"),
    },
    { error: "Setiap fragment harus berupa objek {channel, locale, text}." },
  );
export type TemplateFragment = z.output<typeof templateFragment>;

const fragments = z
  .array(templateFragment, { error: "fragments wajib diisi: daftar {channel, locale, text}." })
  .min(1, "fragments wajib berisi setidaknya satu fragment.")
  .max(MAX_FRAGMENTS, `fragments paling banyak ${MAX_FRAGMENTS} (satu per channel dan locale).`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, index) => {
      const problem = fragmentTextProblem(f.channel, f.text);
      if (problem) ctx.addIssue({ code: "custom", message: `fragments[${index}].text ${problem}`, path: [index, "text"] });
      const key = `${f.channel}/${f.locale}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `fragments memuat ${f.channel} ${f.locale} dua kali.`, path: [index] });
      seen.add(key);
    });
  })
  .describe("Satu teks per channel dan locale; channel atau locale yang tidak diisi memakai teks standar Sandi");

const NOT_AN_OBJECT = "Body permintaan harus berupa objek JSON.";
export const createTemplateBody = z.object({ name: templateName, fragments }, { error: NOT_AN_OBJECT });
export const updateTemplateBody = z.object({ fragments }, { error: NOT_AN_OBJECT });
export type CreateTemplateInput = z.output<typeof createTemplateBody>;

const fragmentData = z.object({ channel: z.enum(TEMPLATE_CHANNEL_VALUES), locale: z.enum(LOCALE_VALUES), text: z.string() });
const wib = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).describe("Waktu WIB (UTC+7), YYYY-MM-DD HH:MM:SS");

export const templateData = z.object({ name: z.string(), fragments: z.array(fragmentData), created_at: wib, updated_at: wib });
export type TemplateData = z.output<typeof templateData>;
export const templateListData = z.object({ templates: z.array(templateData) });
export const templateDeletedData = z.object({ name: z.string(), deleted: z.literal(true) });
