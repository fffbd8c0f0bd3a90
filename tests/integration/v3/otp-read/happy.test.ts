// GET /v3/otp/{otp_id} (spec "OTP status"): reading a transaction changes nothing, and the
// verification object is shown only while a misscall is unverified. Its 404 for an
// unknown or another merchant's otp_id is checked with verify's in ../verify/security.test.ts.
import { describe, expect, it } from "vitest";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import { newMerchant, saldoOf, PHONE } from "../../../harness/v3-fixtures";
import { scanEveryResponse, createdOtp, getOtpDetail, requestOtp, verify } from "../../../harness/otp-response-scan";

// Every response body of this file's flows, scanned for delivered codes and other secrets.
scanEveryResponse();

describe("GET /v3/otp/{otp_id}: reads the transaction without side effects", () => {
  it("is side-effect free: no attempts, no charge, same answer when polled", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key);
    const saldo = await saldoOf(m.id);
    const first = await getOtpDetail(m.key, otpId);
    const second = await getOtpDetail(m.key, otpId);
    expect(second.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ otp_id: otpId, status: "sent", channel: "sms", number: PHONE, attempts: 0, verified_at: "", price: 450 });
    expect(await saldoOf(m.id)).toBe(saldo);
  });
});

describe("GET /v3/otp/{otp_id}: verification is shown only for an unverified misscall", () => {
  it("keeps the prefix on GET until verified", async () => {
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "misscall", destination: PHONE });
    const detail = await getOtpDetail(m.key, created.body.data!.otp_id as string);
    expect(detail.body.data!.verification).toEqual({ prefix: (created.body.data!.verification as { prefix: string }).prefix });
  });

  it("drops verification from GET and from idempotent replays once verified", async () => {
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "misscall", destination: PHONE, external_id: "call-1" });
    const otpId = created.body.data!.otp_id as string;
    const [message] = await listSandboxMessages({ otpId });
    expect((await verify(m.key, { otp_id: otpId, otp: message.code })).body.data?.verified).toBe(true);
    const detail = await getOtpDetail(m.key, otpId);
    expect(detail.body.data).toMatchObject({ status: "verified" });
    expect(detail.body.data).not.toHaveProperty("verification");
    const replay = await requestOtp(m.key, { channel: "misscall", destination: PHONE, external_id: "call-1" });
    expect(replay.body.data).toMatchObject({ otp_id: otpId, status: "verified" });
    expect(replay.body.data).not.toHaveProperty("verification");
  });

  it("leaves verification out of GET /v3/otp for whatsapp_inbound (it is misscall-only)", async () => {
    const m = await newMerchant();
    const { otpId } = await createdOtp(m.key, { channel: "whatsapp_inbound" });
    const detail = await getOtpDetail(m.key, otpId);
    expect(detail.body.data).toMatchObject({ otp_id: otpId, status: "pending", channel: "whatsapp_inbound" });
    expect(detail.body.data).not.toHaveProperty("verification");
  });
});
