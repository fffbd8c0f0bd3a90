// Message languages (docs/templates.md): every channel's text in id and en, read back
// through the sandbox exactly as a user would receive it; `locale` echoed in the read;
// the merchant's default language; an unknown locale refused naming the field.
import { describe, expect, it } from "vitest";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { getOtpDetail, newMerchant, requestOtp, sendOtp } from "../../../harness/v3-fixtures";
import { sandboxText } from "../../../harness/template-fixtures";

const PHONE = "6281234567890";

async function created(key: string, body: Record<string, unknown>) {
  const res = await requestOtp(key, body);
  expect(res.body.error).toBeNull();
  return res.body.data as { otp_id: string; expires_at: string };
}

const spoken = (code: string) => code.split("").join(", ");

describe("standard texts per channel and locale, through the sandbox", () => {
  it.each([
    ["id", "whatsapp", (c: string) => `${c} adalah kode verifikasi TokoKu Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari TokoKu.`],
    ["en", "whatsapp", (c: string) => `${c} is your TokoKu verification code. Valid for 5 minutes. Do not share this code with anyone, including anyone claiming to be from TokoKu.`],
    ["id", "sms", (c: string) => `${c} adalah kode verifikasi TokoKu Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari TokoKu.`],
    ["en", "sms", (c: string) => `${c} is your TokoKu verification code. Valid for 5 minutes. Do not share this code with anyone, including anyone claiming to be from TokoKu.`],
    ["id", "voice", (c: string) => `Kode verifikasi TokoKu Anda adalah ${spoken(c)}. Sekali lagi, ${spoken(c)}.`],
    ["en", "voice", (c: string) => `Your TokoKu verification code is ${spoken(c)}. Once again, ${spoken(c)}.`],
  ])("%s %s", async (locale, channel, expected) => {
    const m = await newMerchant();
    const otp = await created(m.testKey, { channel, destination: PHONE, locale });
    const message = await sandboxText(m.testKey, otp.otp_id);
    expect(message.text).toBe(expected(message.code));
  });

  it.each([
    ["id", (c: string, t: string) => `Kode verifikasi TokoKu\n\n${c} adalah kode verifikasi TokoKu Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari TokoKu.\n\nKode berlaku sampai ${t} WIB.`],
    ["en", (c: string, t: string) => `TokoKu verification code\n\n${c} is your TokoKu verification code. Valid for 5 minutes. Do not share this code with anyone, including anyone claiming to be from TokoKu.\n\nThe code is valid until ${t} WIB.`],
  ])("%s email: subject and body", async (locale, expected) => {
    const m = await newMerchant();
    const otp = await created(m.testKey, { channel: "email", destination: "budi@example.co.id", locale });
    const message = await sandboxText(m.testKey, otp.otp_id);
    expect(message.text).toBe(expected(message.code, otp.expires_at));
  });

  it.each([
    ["id", /^Panggilan tak terjawab dari \+\d+ untuk verifikasi TokoKu\. Kode verifikasi adalah 4 digit terakhir nomor tersebut\.$/],
    ["en", /^Missed call from \+\d+ to verify TokoKu\. The verification code is the last 4 digits of that number\.$/],
  ])("%s misscall instructions", async (locale, expected) => {
    const m = await newMerchant();
    const otp = await created(m.testKey, { channel: "misscall", destination: PHONE, locale });
    expect((await sandboxText(m.testKey, otp.otp_id)).text).toMatch(expected);
  });
});

describe("whatsapp_inbound", () => {
  it.each([
    ["id", /^Verifikasi TokoKu: [A-Z2-9]{10}$/],
    ["en", /^Verify TokoKu: [A-Z2-9]{10}$/],
  ])("%s: the message the user sends is in the OTP's language", async (locale, expected) => {
    const m = await newMerchant();
    const res = await requestOtp(m.testKey, { channel: "whatsapp_inbound", locale });
    expect((res.body.data as { verification: { message: string } }).verification.message).toMatch(expected);
  });
});

describe("which locale an OTP uses", () => {
  it("is echoed in GET /v3/otp/{otp_id}, id without a template by default", async () => {
    const m = await newMerchant();
    const otp = await created(m.key, { channel: "sms", destination: PHONE });
    expect((await getOtpDetail(m.key, otp.otp_id)).body.data).toMatchObject({ locale: "id", template: null });
    const en = await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "123456", locale: "en" });
    expect((await getOtpDetail(m.key, en.body.data!.otp_id as string)).body.data).toMatchObject({ locale: "en" });
  });

  it("follows the merchant's default locale when the creation names none, in both worlds", async () => {
    const m = await newMerchant();
    await updateMerchant(m.id, { defaultLocale: "en" });
    const otp = await created(m.testKey, { channel: "sms", destination: PHONE });
    expect((await sandboxText(m.testKey, otp.otp_id)).text).toMatch(/ is your TokoKu verification code\./);
    expect((await getOtpDetail(m.testKey, otp.otp_id)).body.data).toMatchObject({ locale: "en" });
    const id = await created(m.testKey, { channel: "sms", destination: PHONE, locale: "id" });
    expect((await getOtpDetail(m.testKey, id.otp_id)).body.data).toMatchObject({ locale: "id" });
  });

  it.each([["fr"], ["ID"], [7], [["id"]]])("refuses locale %j with 400 VALIDATION_ERROR naming the field, without a charge", async (locale) => {
    const m = await newMerchant({ saldo: 10_000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: PHONE, locale });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("locale") });
    const sent = await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "123456", locale });
    expect(sent.body.error).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("locale") });
  });

  it("writes the e-mail's expiry in the WIB format the answer uses", async () => {
    const m = await newMerchant();
    const otp = await created(m.testKey, { channel: "email", destination: "budi@example.co.id", locale: "en" });
    expect((await sandboxText(m.testKey, otp.otp_id)).text).toContain(`${otp.expires_at} WIB`);
  });
});
