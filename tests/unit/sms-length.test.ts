import { describe, expect, it } from "vitest";
import { smsLength } from "@/components/sms-length";

describe("SMS length as carriers count it", () => {
  it("plain text is GSM-7: one SMS up to 160 characters, then parts of 153", () => {
    expect(smsLength("a".repeat(160))).toEqual({ characters: 160, parts: 1, encoding: "GSM-7" });
    expect(smsLength("a".repeat(161))).toEqual({ characters: 161, parts: 2, encoding: "GSM-7" });
    expect(smsLength("a".repeat(307))).toEqual({ characters: 307, parts: 3, encoding: "GSM-7" });
  });

  it("counts GSM-7 extension characters twice", () => {
    expect(smsLength("€[]").characters).toBe(6);
  });

  it("one character outside GSM-7 makes the whole SMS UCS-2: 70 per SMS, then parts of 67", () => {
    expect(smsLength(`Toko 🙂 ${"a".repeat(62)}`)).toEqual({ characters: 70, parts: 1, encoding: "UCS-2" });
    expect(smsLength(`ş${"a".repeat(70)}`)).toEqual({ characters: 71, parts: 2, encoding: "UCS-2" });
  });
});
