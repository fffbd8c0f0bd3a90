// The languages a message can be written in. A creation without `locale` uses the
// merchant's default, which is itself "id" until the merchant changes it.
import { z } from "zod";

export const LOCALE_VALUES = ["id", "en"] as const;
export type Locale = (typeof LOCALE_VALUES)[number];
export const DEFAULT_LOCALE: Locale = "id";

export const LOCALE_LABELS: Record<Locale, string> = { id: "Bahasa Indonesia", en: "Bahasa Inggris" };

export function isLocale(value: unknown): value is Locale {
  return (LOCALE_VALUES as readonly unknown[]).includes(value);
}

/** A stored locale (null on rows from before locales) read as a Locale. */
export function localeOf(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** `locale` in a body: absent, null or "" mean "the merchant's default" (null); anything else must be a supported one. */
export function localeField(field = "locale") {
  return z
    .unknown()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined || value === null || value === "" || isLocale(value)) return;
      ctx.addIssue({ code: "custom", message: `${field} tidak didukung: ${typeof value === "string" ? value : JSON.stringify(value)}. Gunakan salah satu: ${LOCALE_VALUES.join(", ")}.` });
    })
    .transform((value) => (isLocale(value) ? value : null))
    .describe(`Bahasa pesan: ${LOCALE_VALUES.join(" atau ")}; bawaannya bahasa bawaan akun (id bila belum diubah)`);
}

/** The domain of the origin-bound SMS line: a lowercase host name (no scheme, port or path), e.g. "example.com". */
export const SMS_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const smsDomainField = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === "" || SMS_DOMAIN_PATTERN.test(value), "Domain tidak valid: tulis nama host saja, mis. contoh.co.id (tanpa https:// atau garis miring).")
  .transform((value) => (value === "" ? null : value));
