// The message renderer: placeholders are the only substitution, each renders exactly,
// control characters are cleaned, e-mail HTML is escaped, and the SMS autofill lines
// (SMS Retriever hash, WebOTP / iOS origin-bound line) sit where phones look for them.
import { describe, expect, it } from "vitest";
import { cleanBrand, cleanMessageText, renderPlaceholders, unknownPlaceholders } from "@/lib/template-placeholders";
import { emailContent, originBoundLine, smsText, voiceScript, type MessageRequest } from "@/server/channels/message-text";
import { failureCodeOf, failureSentence, FAILURE_CODES, FAILURE_SENTENCES } from "@/server/channels/failure-codes";
import { fragmentTextProblem } from "@/schemas/v3/templates";

const base: MessageRequest = { code: "482913", brand: "TokoKu", ttlSeconds: 300, expiresAt: new Date("2026-11-26T06:00:00Z"), smsAppHash: null, locale: "id", fragments: null, smsDomain: null };

describe("placeholders", () => {
  it("render each placeholder exactly, once, and nothing else", () => {
    const values = { code: "482913", brand: "Kopi {code}", minutes: "5", domain: "kopi.id" };
    expect(renderPlaceholders("{code}|{brand}|{minutes}|{domain}|{other}|{{code}}|${code}", values)).toBe("482913|Kopi {code}|5|kopi.id|{other}|{482913}|$482913");
  });

  it("names unknown {words} so a template with a typo is refused", () => {
    expect(unknownPlaceholders("{kode} {code} {Brand} {}")).toEqual(["kode", "Brand"]);
    expect(fragmentTextProblem("sms", "{code} {kode}")).toContain("{kode}");
  });

  it("cleans control characters and bidi overrides, keeping line breaks; a brand stays on one line", () => {
    expect(cleanMessageText("a\u0000b\u001b[0m\r\nc\u202ed\te")).toBe("ab[0m\ncd e");
    expect(cleanBrand(" Toko\nMaju\u0007 ")).toBe("Toko Maju");
  });
});

describe("SMS autofill lines", () => {
  it("the origin-bound line is the last line, '@domain #code', after the text", () => {
    const text = smsText({ ...base, smsDomain: "tokoku.co.id" });
    const lines = text.split("\n");
    expect(lines.at(-1)).toBe("@tokoku.co.id #482913");
    expect(lines.at(-1)).toMatch(/^@[a-z0-9.-]+ #\d{4,8}$/);
    expect(originBoundLine("a.id", "1234")).toBe("@a.id #1234");
  });

  it("with an SMS Retriever hash too, the hash comes before the origin-bound line, which stays last", () => {
    const text = smsText({ ...base, smsAppHash: "FA+9qCX9VSu", smsDomain: "tokoku.co.id" });
    expect(text.split("\n").slice(-2)).toEqual(["FA+9qCX9VSu", "@tokoku.co.id #482913"]);
    expect(text.startsWith("<#> 482913 adalah kode verifikasi TokoKu.")).toBe(true);
  });

  it("without a domain the SMS has no origin-bound line", () => {
    expect(smsText(base)).not.toContain("#482913");
  });
});

describe("e-mail", () => {
  it("escapes the brand and the merchant's fragment in the HTML body", () => {
    const mail = emailContent({ ...base, brand: "<script>x</script>", fragments: { email: "Halo <b>{brand}</b> & {code}" } });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("Halo &lt;b&gt;&lt;script&gt;x&lt;/script&gt;&lt;/b&gt; &amp; 482913");
    expect(mail.html).toContain('<html lang="id">');
  });

  it("is written in English, lang=en, for locale en", () => {
    const mail = emailContent({ ...base, locale: "en" });
    expect(mail.subject).toBe("TokoKu verification code");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Your verification code:");
  });
});

describe("voice", () => {
  it("reads the code digit by digit in the standard text and in a fragment", () => {
    expect(voiceScript({ ...base, code: "4829", locale: "en" })).toBe("Your TokoKu verification code is 4, 8, 2, 9. Once again, 4, 8, 2, 9.");
    expect(voiceScript({ ...base, code: "4829", fragments: { voice: "Kode {code}" } })).toBe("Kode 4, 8, 2, 9");
  });
});

describe("failure reasons as codes", () => {
  it.each([
    ["vendor_unavailable", "vendor_unavailable"],
    ["Twilio 400: 21211 Invalid 'To' Phone Number", "invalid_number"],
    ["WhatsApp 400: 131026 Message undeliverable", "not_on_whatsapp"],
    ["Sandbox: nomor berakhiran 0002 tidak memiliki WhatsApp.", "not_on_whatsapp"],
    ["Sandbox: tujuan ini selalu gagal (nomor berakhiran 0000 atau e-mail fail@…).", "sandbox_failure"],
    ["SMTP 550: mailbox unavailable", "mailbox_unavailable"],
    ["Vendor tidak dapat dihubungi; beralih ke channel berikutnya.", "handed_over"],
    ["Vendor melaporkan pengiriman gagal", "undelivered"],
    ["misscall: vendor reported no calling number", "no_caller"],
    ["Kesalahan adapter: boom", "adapter_error"],
    ["something new", "unknown"],
  ])("%s → %s", (reason, code) => {
    expect(failureCodeOf(reason)).toBe(code);
  });

  it("every code has an Indonesian sentence, and a legacy text reads as its code's sentence", () => {
    for (const code of FAILURE_CODES) expect(FAILURE_SENTENCES[code]).toMatch(/^[A-Z].*\.$/);
    expect(failureSentence("Twilio 400: 21211 Invalid 'To' Phone Number")).toBe(FAILURE_SENTENCES.invalid_number);
    expect(failureSentence(null)).toBeNull();
  });
});

describe("Twilio's call", () => {
  it("keeps the standard call's shape in Indonesian and speaks English with an English voice", async () => {
    const { voiceTwiml } = await import("@/server/channels/vendors/twilio");
    expect(voiceTwiml({ ...base, code: "4829" })).toBe(
      '<Response><Say language="id-ID" voice="Google.id-ID-Standard-A">Kode verifikasi TokoKu Anda adalah</Say><Say language="id-ID" voice="Google.id-ID-Standard-A">4, 8, 2, 9</Say><Pause length="1"/><Say language="id-ID" voice="Google.id-ID-Standard-A">Sekali lagi</Say><Say language="id-ID" voice="Google.id-ID-Standard-A">4, 8, 2, 9</Say></Response>',
    );
    expect(voiceTwiml({ ...base, code: "4829", locale: "en", fragments: { voice: "<{brand}> code {code}" } })).toBe(
      '<Response><Say language="en-US" voice="Google.en-US-Standard-C">&lt;TokoKu&gt; code 4, 8, 2, 9</Say></Response>',
    );
  });
});
