import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import net, { type AddressInfo } from "node:net";
import { resetBreakers } from "@/server/channels/vendors/circuit-breaker";
import { updateMerchant } from "@/server/services/merchants/merchants";
import { overrideEnv } from "../harness/env-override";
import { expectLedgerBalanced, newMerchant, requestOtp, saldoOf, sendOtp, verify } from "../harness/v3-fixtures";
import { closedPort, startVendorSimulator } from "../simulators/http-vendor-simulator";
import { startSmtpSimulator } from "../simulators/smtp-simulator";

const PHONE = "6281234567890";
const cleanups: (() => unknown)[] = [];
beforeEach(() => resetBreakers());
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function simulator(answer: Parameters<typeof startVendorSimulator>[0], port = 0) {
  const sim = await startVendorSimulator(answer, port);
  cleanups.push(sim.close);
  return sim;
}

function configure(vars: Record<string, string | undefined>) {
  cleanups.push(overrideEnv(vars));
}

describe("WhatsApp Cloud API adapter", () => {
  it("sends the authentication template with the code in the body and copy-code button, bearer token, Indonesian", async () => {
    const sim = await simulator(() => ({ status: 200, json: { messaging_product: "whatsapp", messages: [{ id: "wamid.ABC" }] } }));
    configure({ WHATSAPP_TOKEN: "EAAtoken", WHATSAPP_PHONE_NUMBER_ID: "1122334455", WHATSAPP_TEMPLATE: "otp_auth", WHATSAPP_API_BASE_URL: sim.baseUrl });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    expect(res.body.data).toMatchObject({ status: "sent", price: 350, last_balance: 650 });
    const [req] = sim.requests;
    expect(req).toMatchObject({ method: "POST", path: "/1122334455/messages" });
    expect(req.headers.authorization).toBe("Bearer EAAtoken");
    const body = JSON.parse(req.body);
    const code = body.template.components[0].parameters[0].text;
    expect(body).toMatchObject({ messaging_product: "whatsapp", to: PHONE, type: "template", biz_opaque_callback_data: res.body.data!.otp_id, template: { name: "otp_auth", language: { code: "id" } } });
    expect(body.template.components[0]).toEqual({ type: "body", parameters: [{ type: "text", text: code }] });
    expect(body.template.components[1]).toMatchObject({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] });
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify(m.key, { otp_id: res.body.data!.otp_id, otp: code })).body.data?.verified).toBe(true);
  });

  it("records a vendor refusal (4xx) as a failed delivery without a charge", async () => {
    const sim = await simulator(() => ({ status: 400, json: { error: { message: "Recipient not on WhatsApp", code: 131026 } } }));
    configure({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: sim.baseUrl });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", last_balance: 1000 });
    expect(await saldoOf(m.id)).toBe(1000);
  });

  it.each([
    [132001, "Template name does not exist in the translation"],
    [132015, "Template is paused"],
    [131031, "Business account locked"],
    [200, "Permissions error"],
  ])("answers Meta error %i (%s), which refuses the account not the recipient, with 503 CHANNEL_UNAVAILABLE and no failed delivery", async (code, message) => {
    const sim = await simulator(() => ({ status: 400, json: { error: { message, type: "OAuthException", code } } }));
    configure({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: sim.baseUrl });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "whatsapp", destination: PHONE });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("opens the WhatsApp circuit after 5 template errors in a row, so the next OTP is refused without calling Meta", async () => {
    const sim = await simulator(() => ({ status: 400, json: { error: { message: "Template name does not exist in the translation", code: 132001 } } }));
    configure({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: sim.baseUrl });
    const m = await newMerchant({ saldo: 10_000 });
    for (let i = 0; i < 5; i++) expect((await requestOtp(m.key, { channel: "whatsapp", destination: `6281234567${800 + i}` })).status).toBe(503);
    expect(sim.requests).toHaveLength(5);
    expect((await requestOtp(m.key, { channel: "whatsapp", destination: "62812345679999" })).status).toBe(503);
    expect(sim.requests).toHaveLength(5);
  });
});

describe("Twilio adapters", () => {
  const twilio = (baseUrl: string) => ({ TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "secret-token", TWILIO_FROM_NUMBER: "+15005550006", TWILIO_API_BASE_URL: baseUrl });

  it("sends SMS form-encoded with basic auth, Indonesian text naming the brand, the app-hash line and a status callback", async () => {
    const sim = await simulator(() => ({ status: 201, json: { sid: "SM0001", status: "queued" } }));
    configure(twilio(sim.baseUrl));
    const m = await newMerchant({ brandName: "Kopi Senja" });
    await updateMerchant(m.id, { smsAppHash: "FA+9qCX9VSu" });
    const res = await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "482913" });
    const [req] = sim.requests;
    expect(req.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("AC123:secret-token").toString("base64")}`);
    expect(req.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = Object.fromEntries(new URLSearchParams(req.body));
    expect(form).toMatchObject({ To: `+${PHONE}`, From: "+15005550006", StatusCallback: `http://localhost:3000/api/hooks/twilio/status?otp_id=${res.body.data!.otp_id}` });
    expect(form.Body).toContain("482913 adalah kode verifikasi Kopi Senja");
    expect(form.Body.split("\n").pop()).toBe("FA+9qCX9VSu");
    expect(Buffer.byteLength(form.Body)).toBeLessThanOrEqual(140);
  });

  it("sends the full Indonesian text without an app-hash line when the merchant has no app hash", async () => {
    const sim = await simulator(() => ({ status: 201, json: { sid: "SM0002" } }));
    configure(twilio(sim.baseUrl));
    const m = await newMerchant({ brandName: "Kopi Senja" });
    await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "482913", ttl: 300 });
    const body = new URLSearchParams(sim.requests[0].body).get("Body")!;
    expect(body).toBe("482913 adalah kode verifikasi Kopi Senja Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari Kopi Senja.");
  });

  it("shortens a long multi-byte brand so the SMS Retriever message stays within 140 bytes with the hash on the last line", async () => {
    const sim = await simulator(() => ({ status: 201, json: { sid: "SM0003" } }));
    configure(twilio(sim.baseUrl));
    const m = await newMerchant({ brandName: "Koperasi Simpan Pinjam Sejahtera Ñúśàñtàrà Ëéñéñéñ" });
    await updateMerchant(m.id, { smsAppHash: "FA+9qCX9VSu" });
    await sendOtp(m.key, { channel: "sms", destination: PHONE, otp: "48291337" });
    const body = new URLSearchParams(sim.requests[0].body).get("Body")!;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(140);
    expect(body).toMatch(/^<#> 48291337 adalah kode verifikasi Koperasi Simpan/);
    expect(body.split("\n").pop()).toBe("FA+9qCX9VSu");
  });

  it("calls with TwiML that says the brand and then the four digits one by one, twice", async () => {
    const sim = await simulator(() => ({ status: 201, json: { sid: "CA0001" } }));
    configure(twilio(sim.baseUrl));
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "voice", destination: PHONE, brand: "Bank Maju" });
    expect(res.body.data?.status).toBe("sent");
    const form = Object.fromEntries(new URLSearchParams(sim.requests[0].body));
    expect(sim.requests[0].path).toBe("/2010-04-01/Accounts/AC123/Calls.json");
    const twiml = form.Twiml;
    expect(form).toMatchObject({ To: `+${PHONE}`, From: "+15005550006", StatusCallback: `http://localhost:3000/api/hooks/twilio/status?otp_id=${res.body.data!.otp_id}` });
    expect(sim.requests[0].headers.authorization).toBe(`Basic ${Buffer.from("AC123:secret-token").toString("base64")}`);
    expect(twiml).toContain('<Say language="id-ID" voice="Google.id-ID-Standard-A">Kode verifikasi Bank Maju Anda adalah</Say>');
    const digits = [...twiml.matchAll(/<Say language="id-ID" voice="Google.id-ID-Standard-A">(\d, \d, \d, \d)<\/Say>/g)].map((m) => m[1]);
    expect(digits).toHaveLength(2);
    expect(digits[0]).toBe(digits[1]);
    expect((await verify(m.key, { otp_id: res.body.data!.otp_id, otp: digits[0].replace(/, /g, "") })).body.data?.verified).toBe(true);
  });
});

/** The SMTP simulator, closed after the test. */
async function smtpServer(options: Parameters<typeof startSmtpSimulator>[0] = {}) {
  const sim = await startSmtpSimulator(options);
  cleanups.push(sim.close);
  return sim;
}

/** The decoded body of the first MIME part of this type (nodemailer writes quoted-printable or base64). */
function mimePart(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, "mi"));
  if (start < 0) throw new Error(`no ${type} part`);
  const [headers, ...rest] = raw.slice(start).split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n").split(/\r?\n--/)[0];
  const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

describe("SMTP e-mail adapter", () => {
  it("sends HTML and plain text with the brand, code and expiry from the merchant's brand e-mail to a real SMTP server", async () => {
    const { received, port } = await smtpServer();
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "Sandi <no-reply@sandi.test>" });
    const m = await newMerchant({ brandName: "Toko Maju", brandEmail: "otp@tokomaju.id" });
    const res = await sendOtp(m.key, { channel: "email", destination: "budi@example.id", otp: "735194" });
    expect(res.body.data?.status).toBe("sent");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "otp@tokomaju.id", to: ["budi@example.id"] });
    expect(received[0].data).toMatch(/^From: "?Toko Maju"? <otp@tokomaju.id>/m);
    expect(received[0].data).toMatch(/Subject: Kode verifikasi Toko Maju/);
    const expiry = `${res.body.data!.expires_at} WIB`;
    const text = mimePart(received[0].data, "text/plain");
    expect(text).toContain("735194 adalah kode verifikasi Toko Maju");
    expect(text).toContain(`Kode berlaku sampai ${expiry}`);
    const html = mimePart(received[0].data, "text/html");
    expect(html).toMatch(/<h1[^>]*>Toko Maju<\/h1>/);
    expect(html).toMatch(/<p[^>]*>735194<\/p>/);
    expect(html).toContain(`Berlaku sampai ${expiry}`);
  });

  it("sends from SMTP_FROM when the merchant has no brand e-mail", async () => {
    const { received, port } = await smtpServer();
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "Sandi OTP <no-reply@sandi.test>" });
    const m = await newMerchant({ brandName: "Toko Maju", brandEmail: "" });
    await sendOtp(m.key, { channel: "email", destination: "budi@example.id", otp: "735194" });
    expect(received[0].from).toBe("no-reply@sandi.test");
  });

  it("records a recipient refused by the SMTP server (550) as a failed delivery without a charge", async () => {
    const { received, port } = await smtpServer({ refuseRecipient: 550 });
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "email", destination: "nobody@example.id" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", last_balance: 1000 });
    expect(received).toHaveLength(0);
  });

  it("answers a recipient the SMTP server defers (450 greylisting) with 503 CHANNEL_UNAVAILABLE, charging nothing and freeing the external_id", async () => {
    const { received, rcptTo, port } = await smtpServer({ refuseRecipient: 450 });
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const m = await newMerchant({ saldo: 1000 });
    const body = { channel: "email", destination: "budi@greylist.example", external_id: "order-77" };
    for (let i = 0; i < 2; i++) {
      const res = await requestOtp(m.key, body);
      expect(res.status).toBe(503);
      expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    }
    // Both attempts reached the server: the second was not answered as a replay of the first.
    expect(rcptTo).toEqual(["budi@greylist.example", "budi@greylist.example"]);
    expect(received).toHaveLength(0);
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
  });

  it("keeps the SMTP circuit closed while one domain greylists (4xx to RCPT TO): other recipients still get their e-mail", async () => {
    const { received, port } = await smtpServer({ refuseRecipient: (address) => (address.endsWith("@greylist.example") ? 451 : undefined) });
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const m = await newMerchant({ saldo: 10_000 });
    await updateMerchant(m.id, { rateLimit: 100 });
    for (let i = 0; i < 6; i++) expect((await requestOtp(m.key, { channel: "email", destination: `user${i}@greylist.example` })).status).toBe(503);
    const res = await requestOtp(m.key, { channel: "email", destination: "budi@example.id" });
    expect(res.body.data?.status).toBe("sent");
    expect(received.map((mail) => mail.to)).toEqual([["budi@example.id"]]);
    expect(await saldoOf(m.id)).toBe(10_000 - 100);
  });

  it("still counts an SMTP 421 (service closing) towards the circuit, even as the answer to RCPT TO", async () => {
    const { rcptTo, port } = await smtpServer({ refuseRecipient: 421 });
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const m = await newMerchant({ saldo: 10_000 });
    await updateMerchant(m.id, { rateLimit: 100 });
    for (let i = 0; i < 6; i++) expect((await requestOtp(m.key, { channel: "email", destination: `user${i}@example.id` })).status).toBe(503);
    // The sixth request met an open circuit and never reached the server.
    expect(rcptTo).toHaveLength(5);
  });

  it("answers an SMTP server that accepts the connection but never greets with 503 CHANNEL_UNAVAILABLE once VENDOR_TIMEOUT_MS passes", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
    cleanups.push(() => new Promise<void>((r) => { sockets.forEach((s) => s.destroy()); silent.close(() => r()); }));
    configure({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, VENDOR_TIMEOUT_MS: "300" });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "email", destination: "budi@example.id" });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(sockets.length).toBeGreaterThan(0);
    expect(await saldoOf(m.id)).toBe(1000);
  });

  it("answers an unreachable SMTP server with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    configure({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "email", destination: "budi@example.id" });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(await saldoOf(m.id)).toBe(1000);
  });
});

describe("flash call adapter", () => {
  it("asks the vendor to call, keeps only the prefix of the calling number and verifies its trailing 4 digits", async () => {
    const sim = await simulator(() => ({ status: 200, json: { status: "ok", id: "call-9", caller: "622150897731" } }));
    configure({ MISSCALL_API_URL: `${sim.baseUrl}/v1/flashcall`, MISSCALL_API_KEY: "fc-key" });
    const m = await newMerchant();
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    expect(res.body.data).toMatchObject({ status: "sent", verification: { prefix: "62215089", otp_length: 4 } });
    expect(sim.requests[0].headers["x-api-key"]).toBe("fc-key");
    expect(JSON.parse(sim.requests[0].body)).toEqual({ msisdn: PHONE, reference: res.body.data!.otp_id });
    expect(JSON.stringify(res.body)).not.toContain("622150897731");
    expect((await verify(m.key, { otp_id: res.body.data!.otp_id, otp: "7731" })).body.data?.verified).toBe(true);
  });
});

describe("flash call refusals", () => {
  it("records a vendor error answer as a failed delivery without a charge", async () => {
    const sim = await simulator(() => ({ status: 400, json: { status: "error", message: "invalid msisdn" } }));
    configure({ MISSCALL_API_URL: `${sim.baseUrl}/v1/flashcall`, MISSCALL_API_KEY: "fc-key" });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    expect(res.body.data).toMatchObject({ status: "failed", last_balance: 1000 });
    expect(await saldoOf(m.id)).toBe(1000);
  });
});

describe("vendor outages", () => {
  const twilioAt = (baseUrl: string) => ({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM_NUMBER: "+1500", TWILIO_API_BASE_URL: baseUrl, VENDOR_TIMEOUT_MS: "300" });

  const whatsappAt = (baseUrl: string) => ({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: baseUrl, VENDOR_TIMEOUT_MS: "300" });
  const flashCallAt = (url: string) => ({ MISSCALL_API_URL: url, MISSCALL_API_KEY: "k", VENDOR_TIMEOUT_MS: "300" });

  async function expectUnavailableAndFree(channel: string) {
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel, destination: PHONE });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("CHANNEL_UNAVAILABLE");
    expect(res.body.error?.message).toMatch(/tidak tersedia/);
    expect(await saldoOf(m.id)).toBe(1000);
    expect(await expectLedgerBalanced(m.id)).toBe(true);
    return m;
  }

  /** Counts the service's calls to `url` (passing each through to the real fetch); `before` runs ahead of a given attempt. */
  function countFetches(url: string, before: (attempt: number) => unknown = () => undefined) {
    const realFetch = globalThis.fetch;
    const attempts = { count: 0 };
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const target = input instanceof Request ? input.url : String(input);
      if (target.startsWith(url)) {
        attempts.count += 1;
        await before(attempts.count);
      }
      return realFetch(input, init);
    });
    cleanups.push(() => spy.mockRestore());
    return attempts;
  }

  it("answers a vendor that never answers with 503 CHANNEL_UNAVAILABLE once VENDOR_TIMEOUT_MS passes, and charges nothing", async () => {
    const sim = await simulator(() => ({ status: 200, hang: true }));
    configure(twilioAt(sim.baseUrl));
    await expectUnavailableAndFree("sms");
    expect(sim.requests).toHaveLength(1);
  });

  it("answers a vendor 5xx with 503 CHANNEL_UNAVAILABLE, charges nothing and does not retry (it may have delivered)", async () => {
    const sim = await simulator(() => ({ status: 503, json: { error: "down" } }));
    configure(twilioAt(sim.baseUrl));
    await expectUnavailableAndFree("sms");
    expect(sim.requests).toHaveLength(1);
  });

  it("answers a WhatsApp Cloud API that never answers with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    const sim = await simulator(() => ({ status: 200, hang: true }));
    configure(whatsappAt(sim.baseUrl));
    await expectUnavailableAndFree("whatsapp");
    expect(sim.requests).toHaveLength(1);
  });

  it("answers a refused connection to the WhatsApp Cloud API with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    configure(whatsappAt(`http://127.0.0.1:${await closedPort()}`));
    await expectUnavailableAndFree("whatsapp");
  });

  it("answers a refused connection to Twilio with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    configure(twilioAt(`http://127.0.0.1:${await closedPort()}`));
    await expectUnavailableAndFree("sms");
  });

  it("answers a flash-call vendor that never answers with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    const sim = await simulator(() => ({ status: 200, hang: true }));
    configure(flashCallAt(`${sim.baseUrl}/flashcall`));
    await expectUnavailableAndFree("misscall");
    expect(sim.requests).toHaveLength(1);
  });

  it("answers a flash-call vendor 5xx with 503 CHANNEL_UNAVAILABLE, not a failed delivery, and charges nothing", async () => {
    const sim = await simulator(() => ({ status: 502, json: { status: "error", message: "upstream down" } }));
    configure(flashCallAt(`${sim.baseUrl}/flashcall`));
    await expectUnavailableAndFree("misscall");
    expect(sim.requests).toHaveLength(1);
  });

  it("answers a vendor refusing our account (401 bad credentials) with 503 CHANNEL_UNAVAILABLE, not a failed delivery", async () => {
    const sim = await simulator(() => ({ status: 401, json: { code: 20003, message: "Authenticate" } }));
    configure(twilioAt(sim.baseUrl));
    await expectUnavailableAndFree("voice");
  });

  it("answers a refused connection (closed port) with 503 CHANNEL_UNAVAILABLE and charges nothing", async () => {
    configure({ MISSCALL_API_URL: `http://127.0.0.1:${await closedPort()}/flashcall`, MISSCALL_API_KEY: "k" });
    await expectUnavailableAndFree("misscall");
  });

  it("opens the circuit after 5 consecutive failures so later requests answer 503 without reaching the vendor", async () => {
    const sim = await simulator(() => ({ status: 500 }));
    configure({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: sim.baseUrl });
    const m = await newMerchant({ saldo: 10_000 });
    await updateMerchant(m.id, { rateLimit: 100 });
    for (let i = 0; i < 7; i++) expect((await requestOtp(m.key, { channel: "whatsapp", destination: `62812345678${10 + i}` })).status).toBe(503);
    expect(sim.requests).toHaveLength(5);
    expect(await saldoOf(m.id)).toBe(10_000);
  });

  it("keeps one vendor's open circuit from affecting another vendor", async () => {
    const dead = await simulator(() => ({ status: 500 }));
    const alive = await simulator(() => ({ status: 201, json: { sid: "SM1" } }));
    configure({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_API_BASE_URL: dead.baseUrl, ...twilioAt(alive.baseUrl) });
    const m = await newMerchant({ saldo: 10_000 });
    await updateMerchant(m.id, { rateLimit: 100 });
    for (let i = 0; i < 6; i++) await requestOtp(m.key, { channel: "whatsapp", destination: `62812345678${10 + i}` });
    expect(dead.requests).toHaveLength(5);
    expect((await requestOtp(m.key, { channel: "sms", destination: PHONE })).body.data?.status).toBe("sent");
  });

  it("retries a refused connection once, so a vendor back by then receives the request, exactly once", async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/flashcall`;
    configure({ MISSCALL_API_URL: url, MISSCALL_API_KEY: "k" });
    let sim: Awaited<ReturnType<typeof simulator>> | undefined;
    // The first attempt meets the closed port; the vendor comes up before the retry.
    const attempts = countFetches(url, async (attempt) => {
      if (attempt === 2) sim = await simulator(() => ({ status: 200, json: { status: "ok", id: "c1", caller: "622150897731" } }), port);
    });
    const m = await newMerchant({ saldo: 1000 });
    const res = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    expect(res.body.data).toMatchObject({ status: "sent", last_balance: 750 });
    expect(attempts.count).toBe(2);
    expect(sim!.requests).toHaveLength(1);
  });

  it("counts a refused connection once towards the circuit although it is retried (the request never left)", async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/flashcall`;
    configure({ MISSCALL_API_URL: url, MISSCALL_API_KEY: "k" });
    const attempts = countFetches(url);
    const m = await newMerchant({ saldo: 10_000 });
    await updateMerchant(m.id, { rateLimit: 100 });
    for (let i = 0; i < 4; i++) expect((await requestOtp(m.key, { channel: "misscall", destination: `62812345678${10 + i}` })).status).toBe(503);
    expect(attempts.count).toBe(8);
    // Four refused requests are four failures, not eight: the circuit is still closed and the fifth request reaches the vendor.
    const sim = await simulator(() => ({ status: 200, json: { status: "ok", id: "c1", caller: "622150897731" } }), port);
    expect((await requestOtp(m.key, { channel: "misscall", destination: PHONE })).body.data?.status).toBe("sent");
    expect(sim.requests).toHaveLength(1);
  });
});
