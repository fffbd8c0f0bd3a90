// The TypeScript SDK against a live Sandi (run by Sandi's `npm test`, or by hand):
//   SANDI_BASE_URL=… SANDI_API_KEY=sk_test_… [the other SANDI_* of tests/harness/sdk-fixtures.ts] node test/contract.mjs
// Runs the built package (dist/). Prints one line per scenario and, for each error
// code a scenario provoked and saw thrown as its class, a `covers CODE` line.
import assert from "node:assert/strict";
import * as sdk from "../dist/index.mjs";

const { Sandi, SandiError, SandiConnectionError, WebhookVerificationError } = sdk;
const env = (name) => process.env[name] ?? assert.fail(`${name} is not set`);
const baseUrl = env("SANDI_BASE_URL");
const sandi = new Sandi({ apiKey: env("SANDI_API_KEY"), baseUrl });
const suffix = String(process.pid).padStart(6, "0").slice(-6);
const phone = (n) => `6281${suffix}${String(n).padStart(3, "0")}`;

let failed = 0;
async function scenario(name, fn, covers = []) {
  try {
    await fn();
    console.log(`ok - ${name}`);
    for (const code of covers) console.log(`covers ${code}`);
  } catch (err) {
    failed++;
    console.log(`not ok - ${name}: ${err?.stack ?? err}`);
  }
}

/** Runs `fn`, expects it to throw the class of `code`, returns the error. */
async function throwsCode(code, fn) {
  const pascal = code.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase());
  const ErrorClass = sdk[pascal.endsWith("Error") ? pascal : `${pascal}Error`];
  assert.ok(ErrorClass?.prototype instanceof SandiError, `the SDK exports a class for ${code}`);
  try {
    await fn();
  } catch (err) {
    assert.ok(err instanceof ErrorClass, `expected ${ErrorClass.name}, got ${err?.name}: ${err?.message}`);
    assert.ok(err instanceof SandiError);
    assert.equal(err.code, code);
    assert.equal(err.status, sdk.ERROR_STATUS[code]);
    assert.match(err.requestId ?? "", /^[0-9a-f-]{36}$/, "X-Request-Id is kept");
    return err;
  }
  assert.fail(`expected ${code}, but the call succeeded`);
}

const codeOf = async (otpId) => (await sandi.test.messages({ otpId }))[0].code;
/** The WIB (UTC+7) date, the days insights count in. */
const wibDate = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
// Taken before any OTP is made, so a WIB midnight during the run still has them in range.
const startDate = wibDate();
let verifiedOtpId;

await scenario("account: the test key's account, camelCased", async () => {
  const account = await sandi.account.get();
  assert.equal(account.livemode, false);
  assert.equal(typeof account.merchantId, "string");
  assert.equal(typeof account.saldo, "number");
  assert.equal(account.merchant_id, undefined);
});

await scenario("request with a test key, read the code through /v3/test/messages, a wrong code, then verify", async () => {
  const otp = await sandi.otp.request({ channel: "sms", destination: phone(1) });
  assert.match(otp.otpId, /^OTP/);
  assert.equal(otp.status, "sent");
  assert.equal(typeof otp.lastBalance, "number");
  const code = await codeOf(otp.otpId);
  assert.match(code, /^\d{4,8}$/);
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  assert.deepEqual(await sandi.otp.verify({ otpId: otp.otpId, otp: wrong }), { otpId: otp.otpId, verified: false, reason: "mismatch" });
  assert.deepEqual(await sandi.otp.verify({ otpId: otp.otpId, otp: code }), { otpId: otp.otpId, verified: true, reason: "" });
  const detail = await sandi.otp.get(otp.otpId);
  assert.equal(detail.status, "verified");
  assert.equal(detail.attempts, 1);
  verifiedOtpId = otp.otpId;
});

await scenario("send with your own code, and verify it", async () => {
  const otp = await sandi.otp.send({ channel: "sms", destination: phone(2), otp: "482913" });
  assert.equal((await sandi.otp.verify({ otpId: otp.otpId, otp: "482913" })).verified, true);
});

await scenario("insights: today's summary by channel counts the OTPs just made, its groups add up to its totals; a bad date is VALIDATION_ERROR", async () => {
  const summary = await sandi.insights.summary({ from: startDate, to: wibDate(), groupBy: "channel" });
  assert.equal(summary.from, startDate);
  assert.ok(summary.totals.created >= 1, `created ${summary.totals.created}`);
  assert.equal(typeof summary.totals.conversionRate, "number");
  assert.equal(summary.totals.conversion_rate, undefined);
  assert.ok(summary.groups.some((g) => g.key === "sms"), "an sms group");
  for (const figure of ["created", "delivered", "verified", "failed", "expired", "locked", "spend"]) {
    assert.equal(summary.groups.reduce((sum, g) => sum + g[figure], 0), summary.totals[figure], `groups add up to totals.${figure}`);
  }
  await throwsCode("VALIDATION_ERROR", () => sandi.insights.summary({ from: "2026-02-30", to: wibDate() }));
});

await scenario("templates: create, list, read, replace, an OTP worded by it, delete; a second create is TEMPLATE_EXISTS, an unknown name TEMPLATE_NOT_FOUND", async () => {
  const name = `ts-${suffix}`;
  const created = await sandi.templates.create({ name, fragments: [{ channel: "sms", locale: "en", text: "{brand}: {code}" }] });
  assert.equal(created.name, name);
  assert.match(created.createdAt, /^\d{4}-\d{2}-\d{2} /);
  assert.ok((await sandi.templates.list()).some((t) => t.name === name));
  await throwsCode("TEMPLATE_EXISTS", () => sandi.templates.create({ name, fragments: [{ channel: "sms", locale: "en", text: "{code}" }] }));
  const updated = await sandi.templates.update(name, [{ channel: "sms", locale: "en", text: "Code {code}" }]);
  assert.deepEqual((await sandi.templates.get(name)).fragments, updated.fragments);
  const otp = await sandi.otp.request({ channel: "sms", destination: phone(10), template: name, locale: "en" });
  const [message] = await sandi.test.messages({ otpId: otp.otpId });
  assert.equal(message.text.split("\n")[0], `Code ${message.code}`);
  assert.deepEqual(await sandi.templates.delete(name), { name, deleted: true });
  await throwsCode("TEMPLATE_NOT_FOUND", () => sandi.templates.get(name));
}, ["TEMPLATE_EXISTS", "TEMPLATE_NOT_FOUND"]);

await scenario("lists: a block-listed prefix refuses with FRAUD_BLOCKED (reason blocklist) until removed", async () => {
  const prefix = `6289${suffix}*`;
  assert.equal((await sandi.lists.add("block", prefix)).value, prefix);
  assert.ok((await sandi.lists.get("block")).entries.some((e) => e.value === prefix));
  const err = await throwsCode("FRAUD_BLOCKED", () => sandi.otp.request({ channel: "sms", destination: `6289${suffix}001` }));
  assert.equal(err.details?.reason, "blocklist");
  assert.deepEqual(await sandi.lists.remove("block", prefix), { value: prefix, removed: true });
});

await scenario("a replay with the same externalId answers the original; other parameters are DUPLICATE_EXTERNAL_ID", async () => {
  const externalId = `order-ts-${suffix}`;
  const first = await sandi.otp.request({ channel: "sms", destination: phone(3), externalId });
  const again = await sandi.otp.request({ channel: "sms", destination: phone(3), externalId });
  assert.equal(again.otpId, first.otpId);
  assert.equal((await sandi.test.messages({ otpId: first.otpId })).length, 1);
  const err = await throwsCode("DUPLICATE_EXTERNAL_ID", () => sandi.otp.request({ channel: "sms", destination: phone(4), externalId }));
  assert.deepEqual(err.details, { existingOtpId: first.otpId });
}, ["DUPLICATE_EXTERNAL_ID"]);

await scenario("test mode: an inbound WhatsApp message verifies a whatsapp_inbound OTP; a receipt moves a sent OTP", async () => {
  const inbound = await sandi.otp.request({ channel: "whatsapp_inbound", destination: phone(5) });
  assert.equal(inbound.status, "pending");
  const result = await sandi.test.inboundWhatsapp({ from: phone(5), text: inbound.verification.message });
  assert.deepEqual(result, { matched: true, otpId: inbound.otpId });
  const sent = await sandi.otp.request({ channel: "whatsapp", destination: phone(6) });
  const receipt = await sandi.test.receipt({ otpId: sent.otpId, status: "failed" });
  assert.equal(receipt.otpId, sent.otpId);
});

await scenario("topups: a test-mode invoice", async () => {
  const invoice = await sandi.topups.create({ amount: 10000 });
  assert.match(invoice.topupId, /^TC\d{8}/);
  assert.equal(invoice.amount, 10000);
  assert.match(invoice.paymentUrl, /\/topup\//);
});

await scenario("a webhook received from Sandi verifies with the SDK; a tampered body or another secret is refused", async () => {
  assert.ok(verifiedOtpId, "the verify scenario ran");
  const secret = env("SANDI_WEBHOOK_SECRET");
  let delivery;
  for (let i = 0; i < 150 && !delivery; i++) {
    const inbox = await (await fetch(env("SANDI_WEBHOOK_INBOX"))).json();
    delivery = inbox.find((d) => d.body.includes(verifiedOtpId) && d.body.includes('"otp.verified"'));
    if (!delivery) await new Promise((r) => setTimeout(r, 100)); // bounded polling: 15 s at most
  }
  assert.ok(delivery, "Sandi delivered otp.verified within 15 s");
  const event = Sandi.webhooks.verify(delivery.body, delivery.headers, secret);
  assert.equal(event.type, "otp.verified");
  assert.equal(event.data.otpId, verifiedOtpId);
  assert.equal(event.livemode, false);
  assert.throws(() => Sandi.webhooks.verify(delivery.body.replace(verifiedOtpId, "OTP20990101XXXX000001"), delivery.headers, secret), WebhookVerificationError);
  assert.throws(() => Sandi.webhooks.verify(delivery.body, delivery.headers, "whsec_" + Buffer.from("another secret").toString("base64")), WebhookVerificationError);
  assert.throws(() => Sandi.webhooks.verify(delivery.body, { ...delivery.headers, "webhook-signature": undefined }, secret), WebhookVerificationError);
});

await scenario("Standard Webhooks test vectors", () => {
  // The specification's published example.
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
  const timestamp = "1614265330";
  const body = '{"test": 2432232314}';
  const signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
  const now = new Date(Number(timestamp) * 1000);
  const headers = { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature };
  assert.equal(sdk.signWebhook(secret, id, timestamp, body), signature);
  assert.deepEqual(Sandi.webhooks.verify(body, headers, secret, { now }), { test: 2432232314 });
  assert.deepEqual(Sandi.webhooks.verify(Buffer.from(body), new Headers(headers), secret, { now }), { test: 2432232314 });
  // One of several signatures matching is enough (rotation); other versions are ignored.
  assert.ok(Sandi.webhooks.verify(body, { ...headers, "webhook-signature": `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ${signature}` }, secret, { now }));
  const refused = [
    ["tampered body", '{"test": 2432232315}', headers],
    ["tampered id", body, { ...headers, "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJel" }],
    ["tampered timestamp", body, { ...headers, "webhook-timestamp": "1614265331" }],
    ["only another version", body, { ...headers, "webhook-signature": signature.replace("v1,", "v2,") }],
    ["missing header", body, { "webhook-id": id, "webhook-timestamp": timestamp }],
  ];
  for (const [what, b, h] of refused) assert.throws(() => Sandi.webhooks.verify(b, h, secret, { now }), WebhookVerificationError, what);
  // Outside the five-minute tolerance either way: a replay, or a clock far ahead.
  assert.throws(() => Sandi.webhooks.verify(body, headers, secret, { now: new Date(now.getTime() + 301_000) }), WebhookVerificationError);
  assert.throws(() => Sandi.webhooks.verify(body, headers, secret, { now: new Date(now.getTime() - 301_000) }), WebhookVerificationError);
});

await scenario("VALIDATION_ERROR", () => throwsCode("VALIDATION_ERROR", () => sandi.topups.create({ amount: 12345 })), ["VALIDATION_ERROR"]);
await scenario("INVALID_CHANNEL", () => throwsCode("INVALID_CHANNEL", () => sandi.otp.request({ channel: "pigeon", destination: phone(7) })), ["INVALID_CHANNEL"]);
await scenario("INVALID_NUMBER", () => throwsCode("INVALID_NUMBER", () => sandi.otp.request({ channel: "sms", destination: "0812-abc" })), ["INVALID_NUMBER"]);
await scenario("UNAUTHORIZED", () => throwsCode("UNAUTHORIZED", () => new Sandi({ apiKey: "sk_test_nope", baseUrl }).account.get()), ["UNAUTHORIZED"]);
await scenario("INSUFFICIENT_BALANCE", () => throwsCode("INSUFFICIENT_BALANCE", () => new Sandi({ apiKey: env("SANDI_BROKE_KEY"), baseUrl }).otp.request({ channel: "sms", destination: phone(8) })), ["INSUFFICIENT_BALANCE"]);
await scenario("IP_NOT_ALLOWED", () => throwsCode("IP_NOT_ALLOWED", () => new Sandi({ apiKey: env("SANDI_FENCED_KEY"), baseUrl }).account.get()), ["IP_NOT_ALLOWED"]);
await scenario("GEO_NOT_ALLOWED, with its details camelCased", async () => {
  const err = await throwsCode("GEO_NOT_ALLOWED", () => sandi.otp.request({ channel: "sms", destination: "14155550123" }));
  assert.deepEqual(err.details, { countryCode: "1", channelClass: "sms" });
}, ["GEO_NOT_ALLOWED"]);
await scenario("FRAUD_BLOCKED: one end user's signals reaching many numbers", async () => {
  const signals = { ip: "198.51.100.77", deviceId: `device-ts-${suffix}` };
  let err;
  for (let i = 0; i < 20 && !err; i++) {
    try {
      await sandi.otp.request({ channel: "sms", destination: `62857${suffix}${String(i).padStart(3, "0")}`, signals });
    } catch (e) {
      err = e;
    }
  }
  assert.ok(err, "blocked within 20 numbers");
  await throwsCode("FRAUD_BLOCKED", () => Promise.reject(err));
  assert.equal(err.details.reason, "signal_velocity");
}, ["FRAUD_BLOCKED"]);
await scenario("OTP_NOT_FOUND", () => throwsCode("OTP_NOT_FOUND", () => sandi.otp.get("OTP20200101ABCD000001")), ["OTP_NOT_FOUND"]);
await scenario("NOT_FOUND: test-mode endpoints with a live key", () => throwsCode("NOT_FOUND", () => new Sandi({ apiKey: env("SANDI_LIVE_KEY"), baseUrl }).test.messages()), ["NOT_FOUND"]);
await scenario("METHOD_NOT_ALLOWED", () => throwsCode("METHOD_NOT_ALLOWED", () => sandi.raw("DELETE", "/v3/account")), ["METHOD_NOT_ALLOWED"]);
await scenario("PAYLOAD_TOO_LARGE", () => throwsCode("PAYLOAD_TOO_LARGE", () => sandi.otp.request({ channel: "sms", destination: phone(9), brand: "x".repeat(70_000) })), ["PAYLOAD_TOO_LARGE"]);
await scenario("OTP_EXPIRED", () => throwsCode("OTP_EXPIRED", () => sandi.otp.verify({ otpId: env("SANDI_EXPIRED_OTP_ID"), otp: "000000" })), ["OTP_EXPIRED"]);
await scenario("TOO_MANY_ATTEMPTS after the failed attempts run out", async () => {
  const otp = await sandi.otp.request({ channel: "sms", destination: phone(10) });
  const wrong = (await codeOf(otp.otpId)).replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  let answered = 0;
  await throwsCode("TOO_MANY_ATTEMPTS", async () => {
    for (; answered < 10; answered++) assert.equal((await sandi.otp.verify({ otpId: otp.otpId, otp: wrong })).verified, false);
  });
  assert.equal(answered, 5);
}, ["TOO_MANY_ATTEMPTS"]);
await scenario("ALREADY_USED", () => throwsCode("ALREADY_USED", () => sandi.otp.verify({ otpId: verifiedOtpId, otp: "000000" })), ["ALREADY_USED"]);
await scenario("RATE_LIMITED carries retryAfter; with retries off it is thrown", async () => {
  const slow = new Sandi({ apiKey: env("SANDI_SLOW_KEY"), baseUrl, maxRetries: 0 });
  const results = await Promise.allSettled([slow.account.get(), slow.account.get(), slow.account.get()]);
  const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason);
  assert.ok(refused.length >= 1, "a limit of 1 per second refuses one of three at once");
  const err = await throwsCode("RATE_LIMITED", () => Promise.reject(refused[0]));
  assert.ok(err.retryAfter >= 1);
}, ["RATE_LIMITED"]);
await scenario("a 429 with Retry-After is honoured: the SDK waits that long and succeeds", async () => {
  const retries = [];
  const slow = new Sandi({ apiKey: env("SANDI_SLOW_KEY"), baseUrl, maxRetries: 3, onRetry: (r) => retries.push(r) });
  const accounts = await Promise.all([slow.account.get(), slow.account.get()]);
  assert.equal(accounts.length, 2);
  assert.ok(retries.length >= 1, "at least one call was refused and retried");
  for (const r of retries) {
    assert.equal(r.error.code, "RATE_LIMITED");
    assert.equal(r.delayMs, r.error.retryAfter * 1000);
  }
});
await scenario("DESTINATION_RATE_LIMITED is thrown with retryAfter, never retried behind your back", async () => {
  const retries = [];
  const client = new Sandi({ apiKey: env("SANDI_API_KEY"), baseUrl, onRetry: (r) => retries.push(r) });
  const err = await throwsCode("DESTINATION_RATE_LIMITED", async () => {
    for (let i = 0; i < 10; i++) await client.otp.request({ channel: "sms", destination: phone(11), externalId: `dest-${suffix}-${i}` });
  });
  assert.ok(err.retryAfter > 0);
  assert.deepEqual(retries, []);
}, ["DESTINATION_RATE_LIMITED"]);
await scenario("INTERNAL_ERROR (payment gateway down) on a creation without externalId is not retried", async () => {
  const retries = [];
  const live = new Sandi({ apiKey: env("SANDI_LIVE_KEY"), baseUrl, onRetry: (r) => retries.push(r) });
  await throwsCode("INTERNAL_ERROR", () => live.topups.create({ amount: 10000 }));
  assert.deepEqual(retries, []);
}, ["INTERNAL_ERROR"]);
await scenario("CHANNEL_UNAVAILABLE: not retried without externalId, retried with one", async () => {
  const retries = [];
  const client = new Sandi({ apiKey: env("SANDI_API_KEY"), baseUrl, maxRetries: 1, onRetry: (r) => retries.push(r) });
  const channel = env("SANDI_DISABLED_CHANNEL");
  await throwsCode("CHANNEL_UNAVAILABLE", () => client.otp.request({ channel, destination: phone(12) }));
  assert.equal(retries.length, 0);
  await throwsCode("CHANNEL_UNAVAILABLE", () => client.otp.request({ channel, destination: phone(12), externalId: `off-${suffix}` }));
  assert.equal(retries.length, 1);
}, ["CHANNEL_UNAVAILABLE"]);
await scenario("network errors: a read is retried, a verify is not", async () => {
  const retries = [];
  const nowhere = new Sandi({ apiKey: "sk_test_x", baseUrl: "http://127.0.0.1:9", maxRetries: 1, onRetry: (r) => retries.push(r) });
  await assert.rejects(nowhere.account.get(), (e) => e instanceof SandiConnectionError && e.code === "CONNECTION_ERROR" && e.status === 0);
  assert.equal(retries.length, 1);
  await assert.rejects(nowhere.otp.verify({ otpId: "OTP20200101ABCD000001", otp: "1234" }), SandiConnectionError);
  assert.equal(retries.length, 1);
});
await scenario("a server that never answers: TIMEOUT after timeoutMs, per attempt", async () => {
  const retries = [];
  const silent = new Sandi({ apiKey: "sk_test_x", baseUrl: env("SANDI_SILENT_URL"), timeoutMs: 300, maxRetries: 1, onRetry: (r) => retries.push(r) });
  await assert.rejects(silent.account.get(), (e) => e instanceof SandiConnectionError && e.code === "TIMEOUT" && e.status === 0);
  assert.equal(retries.length, 1);
});

if (failed) {
  console.log(`${failed} scenario(s) failed`);
  process.exit(1);
}
