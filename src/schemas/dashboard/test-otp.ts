import { z } from "zod";
import { checkDestination } from "../v3/destination";
import { otpTransactionData, verifyResultData } from "../v3/otp";

/** Channels a merchant can try from the dashboard: a code it receives and types back. */
export const TEST_OTP_CHANNELS = ["whatsapp", "sms", "email"] as const;

/** The destination is checked (and an e-mail lower-cased) exactly as a /v3 body's. */
export const testOtpSendInput = z
  .object({
    channel: z.enum(TEST_OTP_CHANNELS, "Pilih WhatsApp, SMS atau e-mail."),
    destination: z.string().trim().min(1, "Isi nomor atau e-mail Anda.").max(254, "Tujuan terlalu panjang."),
  })
  .transform((input, ctx) => {
    const checked = checkDestination(input.channel === "email" ? "email" : "phone", input.destination);
    if (checked.ok) return { channel: input.channel, destination: checked.value };
    ctx.addIssue({ code: "custom", message: checked.message, path: ["destination"] });
    return z.NEVER;
  });
export type TestOtpSend = z.output<typeof testOtpSendInput>;

export const testOtpVerifyInput = z.object({
  otpId: z.string().trim().min(1).max(64),
  otp: z.string().trim().min(1, "Isi kode yang Anda terima.").max(16, "Kode terlalu panjang."),
});
export type TestOtpVerify = z.output<typeof testOtpVerifyInput>;

/** The same answers as POST /v3/request and /v3/verify, which the test OTP goes through. */
export const testOtpSentOutput = otpTransactionData;
export const testOtpVerifiedOutput = verifyResultData;
