// /v3/templates (docs/templates.md): a merchant's named templates, per world, and OTPs
// created with one: each placeholder renders exactly, a channel or language without a
// fragment keeps the standard text, and the SMS ends with the origin-bound line.
import { describe, expect, it } from "vitest";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, putTemplate, sandboxText } from "../../../harness/template-fixtures";
import { getOtpDetail, newMerchant, requestOtp, sendOtp } from "../../../harness/v3-fixtures";

const PHONE = "6281234567890";
const LOGIN = {
  name: "login",
  fragments: [
    { channel: "sms", locale: "id", text: "Kode {brand}: {code}. Berlaku {minutes} menit. Situs: {domain}" },
    { channel: "sms", locale: "en", text: "{brand} code: {code}, valid {minutes} min" },
    { channel: "voice", locale: "en", text: "Your {brand} code is {code}." },
    { channel: "email", locale: "id", text: "Halo! Kode {brand} Anda {code} <b>jangan dibagikan</b>" },
    { channel: "whatsapp", locale: "id", text: "*{code}* kode {brand}" },
  ],
};

async function otpWith(key: string, body: Record<string, unknown>) {
  const res = await requestOtp(key, body);
  expect(res.body.error).toBeNull();
  return res.body.data!.otp_id as string;
}

describe("managing templates", () => {
  it("creates, reads, lists, replaces and deletes a template", async () => {
    const m = await newMerchant();
    const created = await createTemplate(m.key, LOGIN);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: "login", fragments: expect.arrayContaining([{ channel: "sms", locale: "en", text: "{brand} code: {code}, valid {minutes} min" }]) });
    expect(created.body.data!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await getTemplate(m.key, "login")).body.data).toEqual(created.body.data);
    expect((await listTemplates(m.key)).body.data!.templates.map((t) => t.name)).toEqual(["login"]);
    const replaced = await putTemplate(m.key, "login", { fragments: [{ channel: "sms", locale: "id", text: "{code} baru" }] });
    expect(replaced.body.data).toMatchObject({ name: "login", fragments: [{ channel: "sms", locale: "id", text: "{code} baru" }] });
    expect((await deleteTemplate(m.key, "login")).body.data).toEqual({ name: "login", deleted: true });
    expect((await getTemplate(m.key, "login")).body.error?.code).toBe("TEMPLATE_NOT_FOUND");
  });

  it("keeps each world's templates apart: a live template is unknown to the test key", async () => {
    const m = await newMerchant();
    await createTemplate(m.key, LOGIN);
    expect((await listTemplates(m.testKey)).body.data!.templates).toEqual([]);
    expect((await getTemplate(m.testKey, "login")).status).toBe(404);
    const res = await requestOtp(m.testKey, { channel: "sms", destination: PHONE, template: "login" });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("TEMPLATE_NOT_FOUND");
  });

  it("cleans control characters out of fragment texts (line breaks stay)", async () => {
    const m = await newMerchant();
    const res = await createTemplate(m.key, { name: "bersih", fragments: [{ channel: "sms", locale: "id", text: "Kode\u0007 {code}\u200e\r\nbaris dua\u001b[31m" }] });
    expect(res.body.data).toMatchObject({ fragments: [{ text: "Kode {code}\nbaris dua[31m" }] });
  });
});

describe("an OTP created with a template", () => {
  it("renders every placeholder exactly in its locale, SMS with the origin-bound line last", async () => {
    const m = await newMerchant();
    await updateMerchant(m.id, { smsDomain: "tokoku.co.id" });
    await createTemplate(m.testKey, LOGIN);
    const id = await otpWith(m.testKey, { channel: "sms", destination: PHONE, template: "login", ttl: 600 });
    const sms = await sandboxText(m.testKey, id);
    expect(sms.text).toBe(`Kode TokoKu: ${sms.code}. Berlaku 10 menit. Situs: tokoku.co.id\n@tokoku.co.id #${sms.code}`);
    const en = await otpWith(m.testKey, { channel: "sms", destination: PHONE, template: "login", locale: "en", brand: "Kopi Senja" });
    const enSms = await sandboxText(m.testKey, en);
    expect(enSms.text).toBe(`Kopi Senja code: ${enSms.code}, valid 5 min\n@tokoku.co.id #${enSms.code}`);
    expect((await getOtpDetail(m.testKey, en)).body.data).toMatchObject({ locale: "en", template: "login" });
  });

  it("speaks the code digit by digit in a voice fragment", async () => {
    const m = await newMerchant();
    await createTemplate(m.testKey, LOGIN);
    const id = await otpWith(m.testKey, { channel: "voice", destination: PHONE, template: "login", locale: "en" });
    const call = await sandboxText(m.testKey, id);
    expect(call.text).toBe(`Your TokoKu code is ${call.code.split("").join(", ")}.`);
  });

  it("uses the WhatsApp fragment, and the standard text where the template has no fragment for the channel or locale", async () => {
    const m = await newMerchant();
    await createTemplate(m.testKey, LOGIN);
    const wa = await sandboxText(m.testKey, await otpWith(m.testKey, { channel: "whatsapp", destination: PHONE, template: "login" }));
    expect(wa.text).toBe(`*${wa.code}* kode TokoKu`);
    const waEn = await sandboxText(m.testKey, await otpWith(m.testKey, { channel: "whatsapp", destination: PHONE, template: "login", locale: "en" }));
    expect(waEn.text).toBe(`${waEn.code} is your TokoKu verification code. Valid for 5 minutes. Do not share this code with anyone, including anyone claiming to be from TokoKu.`);
  });

  it("escapes the e-mail fragment in the HTML body; the plain text keeps it as written", async () => {
    const m = await newMerchant();
    await createTemplate(m.testKey, LOGIN);
    const sent = await sendOtp(m.testKey, { channel: "email", destination: "budi@example.co.id", otp: "482913", template: "login" });
    const mail = await sandboxText(m.testKey, sent.body.data!.otp_id as string);
    expect(mail.text.split("\n\n")[1]).toBe("Halo! Kode TokoKu Anda 482913 <b>jangan dibagikan</b>");
  });

  it("leaves braces that are not placeholders' names alone only when refused earlier: {code} inside a brand is not substituted twice", async () => {
    const m = await newMerchant();
    await createTemplate(m.testKey, { name: "sekali", fragments: [{ channel: "sms", locale: "id", text: "{brand} {code}" }] });
    const sms = await sandboxText(m.testKey, await otpWith(m.testKey, { channel: "sms", destination: PHONE, template: "sekali", brand: "Toko {code}" }));
    expect(sms.text).toBe(`Toko {code} ${sms.code}`);
  });
});
