// A failed send's reason in the API is a code (docs/templates.md#failure-reasons): the
// read names it per delivery, otp.failed carries it, and the vendor's text stays out.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { getOtpDetail, newMerchant, requestOtp } from "../../../harness/v3-fixtures";

describe("failure reasons in GET /v3/otp/{otp_id}", () => {
  it("gives each failed delivery its code and stores the code, not the vendor's sentence", async () => {
    const m = await newMerchant();
    const created = await requestOtp(m.key, { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"] });
    const otpId = created.body.data!.otp_id as string;
    const read = await getOtpDetail(m.key, otpId);
    expect(read.body.data!.deliveries).toEqual([
      expect.objectContaining({ channel: "whatsapp", status: "failed", failure_reason: "not_on_whatsapp" }),
      expect.not.objectContaining({ failure_reason: expect.anything() }),
    ]);
    const db = await getDb();
    const rows = await db.otpDelivery.findMany({ where: { otp: { otpId } }, orderBy: { seq: "asc" }, select: { failureReason: true } });
    expect(rows.map((r) => r.failureReason)).toEqual(["not_on_whatsapp", null]);
  });
});
