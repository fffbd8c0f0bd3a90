import { describe, expect, it } from "vitest";
import { misscallPool, sandboxFails } from "@/server/channels/sandbox";
import { inboundMessage, newInboundToken, normalizeMessage, TOKEN_PATTERN } from "@/server/services/otp/inbound-token";

describe("sandbox delivery rules", () => {
  it("fails phones ending in 0000 and e-mails whose local part is fail, nothing else", () => {
    expect(sandboxFails("6281234560000")).toBe(true);
    expect(sandboxFails("fail@toko.id")).toBe(true);
    expect(sandboxFails("FAIL@toko.id")).toBe(true);
    expect(sandboxFails("6281234560001")).toBe(false);
    expect(sandboxFails("failed@toko.id")).toBe(false);
    expect(sandboxFails("budi@fail.id")).toBe(false);
    expect(sandboxFails(null)).toBe(false);
  });

  it("reads the misscall pool as a comma list of 8 to 15 digit numbers, a leading + allowed", () => {
    expect(misscallPool(" 622150001234 ,+622150005678,, 12-34, 1234")).toEqual(["622150001234", "622150005678"]);
    expect(misscallPool("")).toEqual([]);
  });
});

describe("whatsapp_inbound tokens", () => {
  it("are 10 characters without look-alikes, distinct, found again in the message they are embedded in", () => {
    const tokens = new Set(Array.from({ length: 500 }, newInboundToken));
    expect(tokens.size).toBe(500);
    for (const token of tokens) {
      expect(token).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ2-9]{10}$/);
      expect([...inboundMessage("Toko Maju", token).matchAll(TOKEN_PATTERN)].map((m) => m[1])).toContain(token);
    }
  });

  it("compare messages with surrounding and repeated whitespace normalized", () => {
    expect(normalizeMessage("  Verifikasi Toko:\n ABCDEFGH23 \n")).toBe("Verifikasi Toko: ABCDEFGH23");
  });
});
