// /v3/templates refusals, each with its documented code and a message naming the rule.
import { describe, expect, it } from "vitest";
import { FRAGMENT_MAX_CHARACTERS } from "@/schemas/v3/templates";
import { createTemplate, deleteTemplate, getTemplate, putTemplate } from "../../../harness/template-fixtures";
import { newMerchant, requestOtp, saldoOf } from "../../../harness/v3-fixtures";

const sms = (text: string) => ({ name: "t1", fragments: [{ channel: "sms", locale: "id", text }] });

describe("invalid templates are refused with 400 VALIDATION_ERROR", () => {
  it.each([
    ["a fragment without {code}", sms("Kode Anda {brand}"), "{code}"],
    ["an unknown placeholder", sms("{code} {kode}"), "{kode}"],
    ["an SMS longer than the channel allows", sms(`{code} ${"x".repeat(FRAGMENT_MAX_CHARACTERS.sms)}`), `${FRAGMENT_MAX_CHARACTERS.sms} karakter`],
    ["a voice text longer than the channel allows", { name: "t1", fragments: [{ channel: "voice", locale: "en", text: `{code}${"x".repeat(FRAGMENT_MAX_CHARACTERS.voice)}` }] }, "voice"],
    ["an unsupported channel", { name: "t1", fragments: [{ channel: "misscall", locale: "id", text: "{code}" }] }, "channel"],
    ["an unsupported locale", { name: "t1", fragments: [{ channel: "sms", locale: "fr", text: "{code}" }] }, "locale"],
    ["the same channel and locale twice", { name: "t1", fragments: [{ channel: "sms", locale: "id", text: "{code}" }, { channel: "sms", locale: "id", text: "{code}!" }] }, "dua kali"],
    ["no fragments", { name: "t1", fragments: [] }, "fragments"],
    ["a name with capitals or spaces", { name: "Login Baru", fragments: [{ channel: "sms", locale: "id", text: "{code}" }] }, "name"],
  ])("%s", async (_, body, mentions) => {
    const m = await newMerchant();
    const res = await createTemplate(m.key, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining(mentions) });
  });

  it("refuses an invalid replacement the same way, keeping the stored template", async () => {
    const m = await newMerchant();
    await createTemplate(m.key, sms("{code} lama"));
    expect((await putTemplate(m.key, "t1", { fragments: [{ channel: "sms", locale: "id", text: "tanpa kode" }] })).body.error?.code).toBe("VALIDATION_ERROR");
    expect((await getTemplate(m.key, "t1")).body.data).toMatchObject({ fragments: [{ text: "{code} lama" }] });
  });
});

describe("names", () => {
  it("a second template with the same name is 409 TEMPLATE_EXISTS", async () => {
    const m = await newMerchant();
    await createTemplate(m.key, sms("{code}"));
    const again = await createTemplate(m.key, sms("{code} lagi"));
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe("TEMPLATE_EXISTS");
  });

  it("an unknown name is 404 TEMPLATE_NOT_FOUND on read, replace and delete", async () => {
    const m = await newMerchant();
    for (const res of [await getTemplate(m.key, "nope"), await putTemplate(m.key, "nope", { fragments: [{ channel: "sms", locale: "id", text: "{code}" }] }), await deleteTemplate(m.key, "nope")]) {
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe("TEMPLATE_NOT_FOUND");
    }
  });

  it("creating an OTP with an unknown template is 404 TEMPLATE_NOT_FOUND and charges nothing", async () => {
    const m = await newMerchant({ saldo: 10_000 });
    const res = await requestOtp(m.key, { channel: "sms", destination: "6281234567890", template: "nope" });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "TEMPLATE_NOT_FOUND", message: expect.stringContaining("nope") });
    expect(await saldoOf(m.id)).toBe(10_000);
  });
});
