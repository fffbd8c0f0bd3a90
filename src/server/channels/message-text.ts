// The texts users receive; shared by the sandbox, the real adapters and the
// dashboard's previews, so all three always say the same thing. Each channel's text
// is the merchant's template fragment for the OTP's language when there is one, or
// Sandi's standard text in that language (standard-texts.ts).
import { formatWib } from "@/lib/wib-time";
import { cleanBrand, renderPlaceholders, type PlaceholderValues } from "@/lib/template-placeholders";
import { DEFAULT_LOCALE, localeOf, type Locale } from "@/schemas/v3/locale";
import type { TemplateChannel } from "@/schemas/v3/templates";
import type { DeliveryRequest } from "./channel";
import { STANDARD_TEXTS, type StandardTexts } from "./standard-texts";

/** What a text needs of a delivery; the rest of the request is the adapters'. */
export type MessageRequest = Pick<DeliveryRequest, "code" | "brand" | "ttlSeconds" | "expiresAt" | "smsAppHash" | "locale" | "fragments" | "smsDomain">;

export function minutesOf(ttlSeconds: number): number {
  return Math.max(1, Math.round(ttlSeconds / 60));
}

function textsOf(request: Pick<MessageRequest, "locale">): StandardTexts {
  return STANDARD_TEXTS[localeOf(request.locale)];
}

/** The code as a voice reads it: digit by digit. */
export function spokenCode(code: string): string {
  return code.split("").join(", ");
}

function placeholderValues(request: MessageRequest, code: string): PlaceholderValues {
  return { code, brand: cleanBrand(request.brand), minutes: String(minutesOf(request.ttlSeconds)), domain: request.smsDomain ?? "" };
}

/** The merchant's fragment for this channel, rendered, or null to use the standard text. */
function fragmentText(request: MessageRequest, channel: TemplateChannel, code: string): string | null {
  const fragment = request.fragments?.[channel];
  return fragment ? renderPlaceholders(fragment, placeholderValues(request, code)).trim() : null;
}

/** Sandi's standard message, e.g. for the sign-up page's example. */
export function otpMessageText(brand: string, code: string, ttlSeconds: number, locale: Locale = DEFAULT_LOCALE): string {
  return STANDARD_TEXTS[locale].message(cleanBrand(brand), code, minutesOf(ttlSeconds));
}

/** WhatsApp's (and the sandbox's) plain message: the merchant's fragment or the standard text. */
export function plainMessageText(request: MessageRequest, channel: TemplateChannel = "whatsapp"): string {
  const code = request.code ?? "";
  return fragmentText(request, channel, code) ?? otpMessageText(request.brand, code, request.ttlSeconds, localeOf(request.locale));
}

/** The call's text: the merchant's fragment, or the standard intro, the digits, and the digits again. */
export function voiceScript(request: MessageRequest): string {
  const spoken = spokenCode(request.code ?? "");
  const texts = textsOf(request);
  return voiceFragment(request) ?? `${texts.voiceIntro(cleanBrand(request.brand))} ${spoken}. ${texts.voiceAgain}, ${spoken}.`;
}

/** The merchant's voice fragment with the code read digit by digit, or null. */
export function voiceFragment(request: MessageRequest): string | null {
  return fragmentText(request, "voice", spokenCode(request.code ?? ""));
}

export function misscallInstructions(request: MessageRequest, caller: string, digits: number): string {
  return textsOf(request).misscall(caller, cleanBrand(request.brand), digits);
}

/** Google's SMS Retriever ignores messages longer than this. */
export const SMS_RETRIEVER_MAX_BYTES = 140;

/** The origin-bound line WebOTP and iOS read the code from: the last line, "@domain #code". */
export function originBoundLine(domain: string, code: string): string {
  return `@${domain} #${code}`;
}

function smsBody(request: MessageRequest, code: string): string {
  const fragment = fragmentText(request, "sms", code);
  if (!request.smsAppHash) return fragment ?? plainMessageText(request, "sms");
  if (fragment) return `${fragment}\n${request.smsAppHash}`;
  // Android SMS Retriever reads the app hash only within 140 bytes, so this variant is
  // short and shortens a long brand to fit.
  const texts = textsOf(request);
  const build = (brand: string) => `${texts.retriever(brand, code)}\n${request.smsAppHash}`;
  let brand = cleanBrand(request.brand);
  while (brand.length > 1 && Buffer.byteLength(build(brand)) > SMS_RETRIEVER_MAX_BYTES) brand = [...brand].slice(0, -1).join("").trimEnd();
  return build(brand);
}

/** The SMS as sent: the body, the SMS Retriever hash line when configured, and the origin-bound line last when a domain is set. */
export function smsText(request: MessageRequest): string {
  const code = request.code ?? "";
  const body = smsBody(request, code);
  return request.smsDomain ? `${body}\n${originBoundLine(request.smsDomain, code)}` : body;
}

export function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Every value in the HTML is escaped, the merchant's fragment included: an e-mail shows text, never markup. */
export function emailContent(request: MessageRequest) {
  const code = request.code ?? "";
  const texts = textsOf(request);
  const brand = cleanBrand(request.brand);
  const locale = localeOf(request.locale);
  const expires = `${formatWib(request.expiresAt)} WIB`;
  const fragment = fragmentText(request, "email", code);
  const message = fragment ?? texts.message(brand, code, minutesOf(request.ttlSeconds));
  const text = `${message}\n\n${texts.emailValidUntil(expires)}`;
  const lead = fragment
    ? `<p style="margin:0 0 12px">${escapeHtml(fragment).replace(/\n/g, "<br>")}</p>`
    : `<p style="margin:0 0 12px">${escapeHtml(texts.emailIntro)}</p>`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(brand)}</h1>
${lead}
<p style="font-size:32px;letter-spacing:6px;font-weight:bold;margin:0 0 12px">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">${escapeHtml(texts.emailHtmlValidUntil(expires))} ${escapeHtml(texts.emailDoNotShare)}</p>
</div></body></html>`;
  return { subject: texts.emailSubject(brand), text, html };
}
