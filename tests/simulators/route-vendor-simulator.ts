// Vendors with behaviour modes, for routing tests: Twilio (SMS), the generic HTTP SMS
// aggregator and the WhatsApp Cloud API, each speaking its real wire format over HTTP
// (built on http-vendor-simulator.ts) and posting its delivery receipts, signed as the
// real vendor signs them, to Sandi's hooks.
//
//   const sim = await startRouteVendor("http_sms", { secret: "whsec", receipts: postToHooks });
//   await addRoute({ name: "sms-b", channel: "sms", adapter: "http_sms", config: sim.routeConfig() });
//   sim.mode = { kind: "fail", status: 500 };   // switch behaviour at any time
//
// Modes (`sim.mode`, default { kind: "ok" }):
//   ok                          accepts; a "delivered" receipt follows at once; the user receives the code
//   fail { status? }            every send answers `status` (default 500): the route is unavailable, Sandi fails over
//   reject                      answers the vendor's "bad recipient" 4xx: a failed delivery, no failover
//   slow { delayMs }            answers like ok, delayMs late (Sandi abandons it past its budget)
//   hang                        never answers
//   receipt_late { afterMs }    accepts; the receipt comes afterMs later
//   receipt_never               accepts; no receipt ever comes (the user still receives the code)
//   says_sent                   accepts and reports delivered, but the user never receives the message
// `sim.receiveRate` (0..1, default 1): the share of accepted sends the user actually receives,
// spread evenly and deterministically (0.5: every second send); says_sent is rate 0.
// `sim.reaches(to)` (default: always): false for a destination the route accepts and
// reports delivered but never reaches (one operator's subscribers, e.g. 62811…).
//
// What the test reads: `sim.requests` (every request as received), `sim.accepted` (accepted
// sends: otp id, destination, the code, whether the user received it), `sim.codeFor(otpId)`
// (the code the user read, null when they got nothing), and `await sim.receiptsSettled()`
// (every receipt posted so far has been answered by Sandi; throws when Sandi refused one).
// Receipts go out as the send is answered, so one usually overtakes Sandi's recording of the
// send: Sandi keeps it as an early receipt, applied by the worker (`applyEarlyReceipts()`).
//
// `receipts` posts a receipt: `postToHooks` (tests/harness/hook-dispatch.ts) calls Sandi's
// hook handlers in-process; the default uses fetch (a Sandi listening on BASE_URL).
import { createHmac, randomBytes } from "node:crypto";
import { startVendorSimulator, type RecordedRequest, type ScriptedAnswer } from "./http-vendor-simulator";

export type RouteVendorKind = "twilio" | "http_sms" | "whatsapp_cloud";

export type SimulatorMode =
  | { kind: "ok" }
  | { kind: "fail"; status?: number }
  | { kind: "reject" }
  | { kind: "slow"; delayMs: number }
  | { kind: "hang" }
  | { kind: "receipt_late"; afterMs: number }
  | { kind: "receipt_never" }
  | { kind: "says_sent" };

export type AcceptedSend = { otpId: string | null; to: string; code: string | null; messageId: string; received: boolean };

export type PostReceipt = (url: string, init: { method: "POST"; headers: Record<string, string>; body: string }) => Promise<unknown>;

export type RouteVendorOptions = {
  /** Twilio: the auth token; HTTP SMS: the webhook secret; WhatsApp: the app secret. Signs receipts. */
  secret?: string;
  receipts?: PostReceipt;
  /** WhatsApp posts its statuses here (Meta has no per-message callback URL). */
  whatsappHookUrl?: string;
  mode?: SimulatorMode;
};

const defaultPost: PostReceipt = async (url, init) => {
  await fetch(url, init);
};

function firstCode(text: string): string | null {
  return /\b(\d{4,8})\b/.exec(text)?.[1] ?? null;
}

/** What one request asked for, by vendor. */
function readSend(kind: RouteVendorKind, req: RecordedRequest): { to: string; code: string | null; otpId: string | null; callback: string | null } {
  if (kind === "twilio") {
    const form = new URLSearchParams(req.body);
    const callback = form.get("StatusCallback");
    const otpId = callback ? new URL(callback).searchParams.get("otp_id") : null;
    return { to: (form.get("To") ?? "").replace(/^\+/, ""), code: firstCode(form.get("Body") ?? ""), otpId, callback };
  }
  const body = JSON.parse(req.body || "{}");
  if (kind === "http_sms") return { to: body.to, code: firstCode(body.text ?? ""), otpId: body.reference ?? null, callback: body.callback_url ?? null };
  return { to: body.to, code: body.template?.components?.[0]?.parameters?.[0]?.text ?? null, otpId: body.biz_opaque_callback_data ?? null, callback: null };
}

function accepted(kind: RouteVendorKind, messageId: string): ScriptedAnswer {
  if (kind === "twilio") return { status: 201, json: { sid: messageId, status: "queued" } };
  if (kind === "http_sms") return { status: 200, json: { status: "accepted", message_id: messageId } };
  return { status: 200, json: { messaging_product: "whatsapp", messages: [{ id: messageId }] } };
}

function rejected(kind: RouteVendorKind): ScriptedAnswer {
  if (kind === "twilio") return { status: 400, json: { code: 21211, message: "The 'To' number is not a valid phone number." } };
  if (kind === "http_sms") return { status: 400, json: { status: "rejected", code: "INVALID_NUMBER", message: "invalid destination number" } };
  return { status: 400, json: { error: { message: "Recipient not on WhatsApp", code: 131026 } } };
}

export async function startRouteVendor(kind: RouteVendorKind, options: RouteVendorOptions = {}) {
  const secret = options.secret ?? `${kind}-secret-${randomBytes(4).toString("hex")}`;
  const post = options.receipts ?? defaultPost;
  const posted: Promise<void>[] = [];
  const failures: unknown[] = [];
  /** Keeps a receipt's post; a refused one is reported by receiptsSettled, never as an unhandled rejection. */
  const keep = (sending: Promise<unknown>) => posted.push(sending.then(() => undefined, (err: unknown) => void failures.push(err)));
  const acceptedSends: AcceptedSend[] = [];
  let count = 0;

  /** Signs and posts the vendor's "delivered" receipt for a send, as the real vendor would. */
  function sendReceipt(send: AcceptedSend, callback: string | null): void {
    if (kind === "twilio" && callback) {
      const params = { MessageSid: send.messageId, MessageStatus: "delivered", To: `+${send.to}` };
      const data = callback + Object.keys(params).sort().map((k) => k + params[k as keyof typeof params]).join("");
      const signature = createHmac("sha1", secret).update(data).digest("base64");
      keep(post(callback, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: new URLSearchParams(params).toString() }));
      return;
    }
    const [url, body, header] =
      kind === "http_sms"
        ? [callback, JSON.stringify({ message_id: send.messageId, reference: send.otpId, status: "delivered" }), "x-signature"]
        : [
            options.whatsappHookUrl ?? null,
            JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: send.messageId, status: "delivered", biz_opaque_callback_data: send.otpId }] } }] }] }),
            "x-hub-signature-256",
          ];
    if (!url) return;
    const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    keep(post(url, { method: "POST", headers: { "content-type": "application/json", [header]: signature }, body }));
  }

  const sim = {
    kind,
    secret,
    mode: options.mode ?? ({ kind: "ok" } as SimulatorMode),
    receiveRate: 1,
    reaches: (_to: string): boolean => true,
    accepted: acceptedSends,
    requests: [] as RecordedRequest[],
    baseUrl: "",
    /** The `--config` a route pointing at this simulator needs (secrets as stored values). */
    routeConfig(): Record<string, string> {
      if (kind === "twilio") return { account_sid: "ACsim", auth_token: secret, from_number: "+6281100000001", api_base_url: sim.baseUrl };
      if (kind === "http_sms") return { api_base_url: sim.baseUrl, api_key: "sim-api-key", webhook_secret: secret, sender: "SANDI" };
      return { phone_number_id: "5550001", token: "sim-token", api_base_url: sim.baseUrl, app_secret: secret };
    },
    codeFor(otpId: string): string | null {
      return acceptedSends.find((s) => s.otpId === otpId && s.received)?.code ?? null;
    },
    /** Resolves once every receipt posted so far has been answered; throws the first that Sandi refused. */
    async receiptsSettled(): Promise<void> {
      await Promise.all(posted);
      if (failures.length) throw failures[0];
    },
    close: async () => undefined as void,
  };

  const http = await startVendorSimulator(async (req) => {
    const mode = sim.mode;
    if (mode.kind === "fail") return { status: mode.status ?? 500, json: { message: "simulated outage" } };
    if (mode.kind === "hang") return { status: 200, hang: true };
    if (mode.kind === "reject") return rejected(kind);
    const n = count++;
    const rate = mode.kind === "says_sent" ? 0 : Math.min(1, Math.max(0, sim.receiveRate));
    const asked = readSend(kind, req);
    const received = Math.floor((n + 1) * rate) > Math.floor(n * rate) && sim.reaches(asked.to);
    const messageId = `${kind === "twilio" ? "SM" : kind === "http_sms" ? "hs-" : "wamid."}${randomBytes(8).toString("hex")}`;
    const send: AcceptedSend = { otpId: asked.otpId, to: asked.to, code: asked.code, messageId, received };
    acceptedSends.push(send);
    if (mode.kind === "receipt_late") setTimeout(() => sendReceipt(send, asked.callback), mode.afterMs).unref();
    else if (mode.kind !== "receipt_never") sendReceipt(send, asked.callback);
    return { ...accepted(kind, messageId), ...(mode.kind === "slow" ? { delayMs: mode.delayMs } : {}) };
  });
  sim.baseUrl = http.baseUrl;
  sim.requests = http.requests;
  sim.close = http.close;
  return sim;
}

export type RouteVendor = Awaited<ReturnType<typeof startRouteVendor>>;
