// EMVCo merchant-presented QR (the format QRIS is built on): a flat list of
// TAG(2) LENGTH(2) VALUE fields, ending with tag 63 holding a CRC16-CCITT of
// everything before it including "6304". Pure, so it can be unit-tested.

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16Ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

export function tlv(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new Error(`EMV tag must be two digits: ${tag}`);
  if (value.length > 99) throw new Error(`EMV value too long for tag ${tag}`);
  return `${tag}${String(value.length).padStart(2, "0")}${value}`;
}

export type QrisPayloadInput = {
  /** Whole rupiah, written to tag 54. */
  amount: number;
  merchantName: string;
  merchantCity: string;
  /** Goes to the additional-data template (tag 62) as bill number and reference label. */
  reference: string;
  /** Globally unique identifier of the acquirer in tag 26 (e.g. "ID.CO.SANDI.WWW"). */
  acquirerId: string;
  merchantPan: string;
  nmid: string;
};

/** Builds a dynamic (point of initiation 12) QRIS payload with its CRC. */
export function buildQrisPayload(input: QrisPayloadInput): string {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("QRIS amount must be a positive integer");
  const body = [
    tlv("00", "01"),
    tlv("01", "12"),
    tlv("26", tlv("00", input.acquirerId) + tlv("01", input.merchantPan) + tlv("02", input.nmid) + tlv("03", "UMI")),
    tlv("51", tlv("00", "ID.CO.QRIS.WWW") + tlv("02", input.nmid) + tlv("03", "UMI")),
    tlv("52", "5999"),
    tlv("53", "360"),
    tlv("54", String(input.amount)),
    tlv("58", "ID"),
    tlv("59", qrisMerchantName(input.merchantName)),
    tlv("60", emvText(input.merchantCity, 15)),
    tlv("62", tlv("01", input.reference.slice(0, 25)) + tlv("05", input.reference.slice(0, 25))),
  ].join("");
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16Ccitt(withCrcTag).toString(16).toUpperCase().padStart(4, "0");
}

/** Parses a payload back into its top-level fields (for tests and for checking a gateway's QR). */
export function parseEmvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const tag = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length)) throw new Error(`malformed EMV field at ${i}`);
    fields.set(tag, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

/** True when tag 63 holds the CRC of everything before its value. */
export function hasValidCrc(payload: string): boolean {
  const at = payload.length - 8;
  if (at < 0 || payload.slice(at, at + 4) !== "6304") return false;
  return crc16Ccitt(payload.slice(0, at + 4)).toString(16).toUpperCase().padStart(4, "0") === payload.slice(at + 4);
}

// EMV text fields allow the common character set; keep it ASCII and within the length.
/** Tag 59 as a payer's banking app shows it: printable ASCII, upper case, at most 25 characters. */
export function qrisMerchantName(name: string): string {
  return emvText(name, 25);
}

function emvText(text: string, max: number): string {
  const ascii = text.normalize("NFKD").replace(/[^\x20-\x7E]/g, "").trim().toUpperCase();
  return (ascii || "SANDI").slice(0, max);
}
