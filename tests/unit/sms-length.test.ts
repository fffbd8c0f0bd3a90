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

describe("SMS segments against reference counts (3GPP TS 23.038: 160/153 GSM-7, 70/67 UCS-2)", () => {
  // Each sample with the count a carrier's segment calculator gives for it.
  it.each([
    ["GSM-7 at the one-part limit", "x".repeat(160), "GSM-7", 1],
    ["GSM-7 one over", "x".repeat(161), "GSM-7", 2],
    ["GSM-7 two full parts", "x".repeat(306), "GSM-7", 2],
    ["GSM-7 one over two parts", "x".repeat(307), "GSM-7", 3],
    ["GSM-7 with extension characters (each counts two)", `${"x".repeat(157)}{}`, "GSM-7", 2],
    ["the standard Indonesian OTP text", "482913 adalah kode verifikasi TokoKu Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari TokoKu.", "GSM-7", 1],
    ["the origin-bound line keeps GSM-7", "482913 is your code.\n@tokoku.co.id #482913", "GSM-7", 1],
    ["UCS-2 at the one-part limit", `é${"ą".repeat(69)}`, "UCS-2", 1],
    ["UCS-2 one over", "ą".repeat(71), "UCS-2", 2],
    ["UCS-2 two full parts", "ą".repeat(134), "UCS-2", 2],
    ["UCS-2 one over two parts", "ą".repeat(135), "UCS-2", 3],
    ["an emoji takes two UTF-16 units", `🙂${"a".repeat(68)}`, "UCS-2", 1],
    ["an emoji pushing past 70 units", `🙂${"a".repeat(69)}`, "UCS-2", 2],
  ])("%s", (_, text, encoding, parts) => {
    expect(smsLength(text)).toMatchObject({ encoding, parts });
  });
});
