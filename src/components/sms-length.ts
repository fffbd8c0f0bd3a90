// How long an SMS is as the phone network counts it: GSM-7 text fits 160
// characters in one message (153 per part when split); anything outside the
// GSM-7 alphabet (an emoji, most accented letters) turns the whole message into
// UCS-2, 70 characters (67 per part). Each part is charged as one SMS by carriers.
const GSM7_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€";

export type SmsLength = { characters: number; parts: number; encoding: "GSM-7" | "UCS-2" };

export function smsLength(text: string): SmsLength {
  let units = 0;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) units += 1;
    else if (GSM7_EXTENDED.includes(ch)) units += 2;
    else return ucs2(text);
  }
  return { characters: units, parts: units <= 160 ? 1 : Math.ceil(units / 153), encoding: "GSM-7" };
}

function ucs2(text: string): SmsLength {
  // UTF-16 code units: an emoji takes two.
  const units = text.length;
  return { characters: units, parts: units <= 70 ? 1 : Math.ceil(units / 67), encoding: "UCS-2" };
}
