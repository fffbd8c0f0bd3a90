// How many SMS parts a text costs, as the network counts them (3GPP TS 23.038/23.040):
// a text made only of GSM-7 characters is packed 7 bits per character (160 in one
// part, 153 per part of a longer message, whose header takes the rest); any other
// character switches the whole message to UCS-2 (70, then 67 per part, counted in
// UTF-16 units, so an emoji takes two). Shared by the template editor and the server.

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Characters of the extension table: each takes an escape plus itself, two septets. */
const GSM7_EXTENSION = "^{}\\[~]|€\f";

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";
export type SmsLength = { encoding: SmsEncoding; characters: number; units: number; segments: number; perSegment: number };

export const SMS_LIMITS = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
} as const satisfies Record<SmsEncoding, { single: number; multi: number }>;

export function smsEncodingOf(text: string): SmsEncoding {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return "UCS-2";
  return "GSM-7";
}

/** Characters as a person counts them, the units the network counts, and the parts it sends. */
export function smsLength(text: string): SmsLength {
  const encoding = smsEncodingOf(text);
  let units = 0;
  for (const char of text) units += encoding === "GSM-7" ? (EXTENSION.has(char) ? 2 : 1) : char.length;
  const { single, multi } = SMS_LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding, characters: [...text].length, units, segments, perSegment: segments > 1 ? multi : single };
}
