import { describe, expect, it } from "vitest";
import { buildQrisPayload, crc16Ccitt, hasValidCrc, parseEmvFields } from "./qris-payload";

const input = { amount: 100700, merchantName: "Toko Maju", merchantCity: "Jakarta", reference: "TC20250101ABCDEFGH", acquirerId: "ID.CO.SANDI.WWW", merchantPan: "9360000012345678901", nmid: "ID1000SANDBOX01" };

describe("QRIS payload", () => {
  it("CRC16-CCITT (0x1021, init 0xFFFF) of the check string 123456789 is 0x29B1", () => {
    expect(crc16Ccitt("123456789")).toBe(0x29b1);
  });

  it("CRC of the empty string is the initial value", () => {
    expect(crc16Ccitt("")).toBe(0xffff);
  });

  it("ends with tag 63 holding the CRC of everything before it, including 6304", () => {
    const payload = buildQrisPayload(input);
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload.slice(-4)).toBe(crc16Ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, "0"));
    expect(hasValidCrc(payload)).toBe(true);
    expect(hasValidCrc(payload.replace("100700", "100701"))).toBe(false);
  });

  it("is dynamic, in rupiah, with the amount in tag 54", () => {
    const fields = parseEmvFields(buildQrisPayload(input));
    expect(fields.get("00")).toBe("01");
    expect(fields.get("01")).toBe("12");
    expect(fields.get("53")).toBe("360");
    expect(fields.get("54")).toBe("100700");
    expect(fields.get("58")).toBe("ID");
    expect(fields.get("59")).toBe("TOKO MAJU");
    expect(parseEmvFields(fields.get("51")!).get("00")).toBe("ID.CO.QRIS.WWW");
  });

  it("refuses a non-integer amount", () => {
    expect(() => buildQrisPayload({ ...input, amount: 10.5 })).toThrow();
  });
});
