// otpctl sandbox commands, as operators type them (otpctl's command line, run in this process, on the same database).
import { describe, expect, it } from "vitest";
import { getOtpDetail, requestOtp, scanEveryResponse } from "../harness/otp-response-scan";
import { CLI_TEST_TIMEOUT_MS, otpctl } from "../harness/otpctl";
import { newMerchant } from "../harness/v3-fixtures";

scanEveryResponse();

async function json(args: string[]) {
  const result = await otpctl([...args, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe("otpctl sandbox", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("sandbox messages prints the delivered messages newest first, filtered by --destination or --otp-id", async () => {
    const m = await newMerchant();
    const sms = (await requestOtp(m.key, { channel: "sms", destination: "6281234567801" })).body.data!.otp_id as string;
    const call = (await requestOtp(m.key, { channel: "misscall", destination: "6281234567801" })).body.data!.otp_id as string;
    await requestOtp(m.key, { channel: "email", destination: "budi@toko.id" });

    const all = await json(["sandbox", "messages"]);
    expect(all).toHaveLength(3);
    for (const message of all) expect(Object.keys(message).sort()).toEqual(["caller", "channel", "code", "destination", "otp_id", "sent_at", "text"]);

    const byDestination = await json(["sandbox", "messages", "--destination", "6281234567801"]);
    expect(byDestination.map((x: { otp_id: string }) => x.otp_id)).toEqual([call, sms]);
    const [misscall, text] = byDestination;
    expect(misscall).toMatchObject({ channel: "misscall", code: expect.stringMatching(/^\d{4}$/) });
    expect(misscall.caller.endsWith(misscall.code)).toBe(true);
    expect(text).toMatchObject({ channel: "sms", caller: null, code: expect.stringMatching(/^\d{6}$/) });
    expect(text.sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await json(["sandbox", "messages", "--otp-id", sms])).toEqual([text]);
    expect(await json(["sandbox", "messages", "--destination", "Budi@Toko.ID"])).toHaveLength(1);
    expect(await json(["sandbox", "messages", "--limit", "2"])).toEqual(all.slice(0, 2));
  });

  it("refuses a --limit outside 1..500 with a usage error", async () => {
    const result = await otpctl(["sandbox", "messages", "--limit", "0", "--json"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("--limit must be between 1 and 500");
  });

  it("sandbox inbound-whatsapp matches a pending whatsapp_inbound transaction on the same path as the webhook", async () => {
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "whatsapp_inbound" });
    const otpId = created.body.data!.otp_id as string;
    const { message } = created.body.data!.verification as { message: string };

    expect(await json(["sandbox", "inbound-whatsapp", "--from", "6285550001111", "--text", "halo"])).toEqual({ matched: false, otp_id: null });
    expect(await json(["sandbox", "inbound-whatsapp", "--from", "6285550001111", "--text", message])).toEqual({ matched: true, otp_id: otpId });
    expect((await getOtpDetail(m.key, otpId)).body.data).toMatchObject({ status: "verified", number: "6285550001111" });
    expect(await json(["sandbox", "inbound-whatsapp", "--from", "6285550001111", "--text", message])).toEqual({ matched: false, otp_id: null });
  });
});
