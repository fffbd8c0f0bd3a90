// The fallback chain end to end on the running server, whose built-in worker runs the
// fallback timers, the sandbox's receipts and the webhook deliveries.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { otpctl } from "./support/otpctl";

type Event = { type: string; data: { channel: string; status: string } };

async function receiver(): Promise<{ url: string; events: Event[]; close: () => Promise<void> }> {
  const events: Event[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      events.push(JSON.parse(body) as Event);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, events, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("WhatsApp to a …0001 number is never delivered: the SMS fallback goes out, is confirmed, verifies, and the endpoint hears every step", async ({ request }) => {
  test.setTimeout(90_000);
  const hook = await receiver();
  // otpctl is its own process: like the server (scripts/e2e-server.sh), it must accept a receiver on 127.0.0.1.
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  try {
    const merchant = otpctl<{ merchant_id: string; api_key: string }>("merchant", "create", "--name", "Toko Fallback", "--email", `e2e-fb-${Date.now()}@toko.test`, "--saldo", "5000");
    otpctl("merchant", "update", merchant.merchant_id, "--webhook-url", hook.url, "--webhook-events", "otp.sent,otp.delivered,otp.failed,otp.fallback,otp.locked,otp.expired,otp.verified");
    const auth = { Authorization: `Bearer ${merchant.api_key}` };

    const created = await request.post("/v3/request", { headers: auth, data: { channel: "whatsapp", destination: "6281234560001", fallback: ["sms"], fallback_after: 10 } });
    const otp = (await created.json()).data;
    expect(otp).toMatchObject({ status: "sent", channel: "whatsapp", fallback: ["sms"], fallback_after: 10 });

    // The worker moves on after 10 s without a receipt, then the sandbox confirms the SMS.
    const detail = async () => (await (await request.get(`/v3/otp/${otp.otp_id}`, { headers: auth })).json()).data;
    await expect.poll(async () => (await detail()).status, { timeout: 40_000 }).toBe("success");
    const settled = await detail();
    expect(settled.channel).toBe("sms");
    expect(settled.deliveries.map((d: { channel: string; status: string; price: number }) => [d.channel, d.status, d.price])).toEqual([
      ["whatsapp", "sent", 350],
      ["sms", "success", 450],
    ]);

    const messages = otpctl<{ channel: string; code: string }[]>("sandbox", "messages", "--otp-id", otp.otp_id);
    const sms = messages.find((m) => m.channel === "sms")!;
    const verified = await request.post("/v3/verify", { headers: auth, data: { otp_id: otp.otp_id, otp: sms.code } });
    expect((await verified.json()).data).toMatchObject({ verified: true });
    expect(otpctl<{ saldo: number }>("merchant", "show", merchant.merchant_id).saldo).toBe(5000 - 350 - 450);

    await expect.poll(() => hook.events.length, { timeout: 30_000 }).toBe(5);
    expect(hook.events.map((e) => e.type).sort()).toEqual(["otp.delivered", "otp.fallback", "otp.sent", "otp.sent", "otp.verified"]);
  } finally {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    await hook.close();
  }
});
