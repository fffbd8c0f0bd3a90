// Sandi's own wording of every message, per language: what users receive when the
// merchant picked no template (or the template has no fragment for the channel and
// language). The Indonesian texts are the ones Sandi always sent.
import type { Locale } from "@/schemas/v3/locale";

export type StandardTexts = {
  message: (brand: string, code: string, minutes: number) => string;
  /** Short variant for Android's SMS Retriever, which reads 140 bytes at most. */
  retriever: (brand: string, code: string) => string;
  /** The call's parts: the sentence before the digits, and the word before they are repeated. */
  voiceIntro: (brand: string) => string;
  voiceAgain: string;
  emailSubject: (brand: string) => string;
  emailIntro: string;
  emailValidUntil: (when: string) => string;
  /** The same, in the HTML body beside the code. */
  emailHtmlValidUntil: (when: string) => string;
  emailDoNotShare: string;
  misscall: (caller: string, brand: string, digits: number) => string;
  /** The WhatsApp authentication template as Meta words it (shown in previews). */
  whatsappAuthentication: (code: string, minutes: number) => string;
  /** Twilio's <Say> language and a voice that speaks it. */
  voiceLanguage: string;
  voiceName: string;
};

export const STANDARD_TEXTS: Record<Locale, StandardTexts> = {
  id: {
    message: (brand, code, minutes) =>
      `${code} adalah kode verifikasi ${brand} Anda. Berlaku ${minutes} menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari ${brand}.`,
    retriever: (brand, code) => `<#> ${code} adalah kode verifikasi ${brand}. Jangan berikan kepada siapa pun.`,
    voiceIntro: (brand) => `Kode verifikasi ${brand} Anda adalah`,
    voiceAgain: "Sekali lagi",
    emailSubject: (brand) => `Kode verifikasi ${brand}`,
    emailIntro: "Kode verifikasi Anda:",
    emailValidUntil: (when) => `Kode berlaku sampai ${when}.`,
    emailHtmlValidUntil: (when) => `Berlaku sampai ${when}.`,
    emailDoNotShare: "Jangan berikan kode ini kepada siapa pun.",
    misscall: (caller, brand, digits) => `Panggilan tak terjawab dari +${caller} untuk verifikasi ${brand}. Kode verifikasi adalah ${digits} digit terakhir nomor tersebut.`,
    whatsappAuthentication: (code, minutes) => `*${code}* adalah kode verifikasi Anda. Demi keamanan, jangan bagikan kode ini.\nKode ini kedaluwarsa dalam ${minutes} menit.`,
    voiceLanguage: "id-ID",
    voiceName: "Google.id-ID-Standard-A",
  },
  en: {
    message: (brand, code, minutes) =>
      `${code} is your ${brand} verification code. Valid for ${minutes} minutes. Do not share this code with anyone, including anyone claiming to be from ${brand}.`,
    retriever: (brand, code) => `<#> ${code} is your ${brand} verification code. Do not share it with anyone.`,
    voiceIntro: (brand) => `Your ${brand} verification code is`,
    voiceAgain: "Once again",
    emailSubject: (brand) => `${brand} verification code`,
    emailIntro: "Your verification code:",
    emailValidUntil: (when) => `The code is valid until ${when}.`,
    emailHtmlValidUntil: (when) => `Valid until ${when}.`,
    emailDoNotShare: "Do not share this code with anyone.",
    misscall: (caller, brand, digits) => `Missed call from +${caller} to verify ${brand}. The verification code is the last ${digits} digits of that number.`,
    whatsappAuthentication: (code, minutes) => `*${code}* is your verification code. For your security, do not share this code.\nThis code expires in ${minutes} minutes.`,
    voiceLanguage: "en-US",
    voiceName: "Google.en-US-Standard-C",
  },
};
