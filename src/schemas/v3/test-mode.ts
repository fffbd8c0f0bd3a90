// The test-mode endpoints (/v3/test/*): only a test key (sk_test_…) reaches them.
import { z } from "zod";
import { CHANNEL_VALUES, NOT_AN_OBJECT, requiredString, wib } from "./otp";

const optionalParam = (field: string, max: number) =>
  z.string().trim().min(1, `${field} tidak boleh kosong.`).max(max, `${field} terlalu panjang.`).optional();

/** GET /v3/test/messages query: by otp_id, by destination, or the latest messages. */
export const testMessagesQuery = z.object(
  {
    otp_id: optionalParam("otp_id", 64).describe("Only the messages of this OTP"),
    destination: optionalParam("destination", 254).describe("Only the messages to this number or e-mail address, as it was given at creation"),
    limit: z.coerce
      .number({ error: "limit harus berupa bilangan bulat 1–500." })
      .int("limit harus berupa bilangan bulat 1–500.")
      .min(1, "limit harus berupa bilangan bulat 1–500.")
      .max(500, "limit harus berupa bilangan bulat 1–500.")
      .optional()
      .describe("At most this many messages (default 100, at most 500)"),
  },
  { error: NOT_AN_OBJECT },
);

export const testMessage = z
  .object({
    otp_id: z.string(),
    channel: z.enum(CHANNEL_VALUES),
    destination: z.string().nullable(),
    text: z.string().describe("The message as the user would have received it"),
    code: z.string().describe("The code it carried (empty for a misscall: the code is the end of `caller`)"),
    caller: z.string().nullable().describe("misscall only: the number that called"),
    sent_at: wib,
  })
  .strict();
export const testMessagesData = z.array(testMessage);

/** POST /v3/test/inbound-whatsapp: the WhatsApp message a user of a test whatsapp_inbound OTP would send. */
export const testInboundBody = z.object(
  {
    from: requiredString("from", 32).describe("The user's WhatsApp number, e.g. 6281234567890"),
    text: requiredString("text", 1000).describe("The message text, as prefilled by the OTP's wa_link"),
  },
  { error: NOT_AN_OBJECT },
);
export const testInboundData = z.object({ matched: z.boolean(), otp_id: z.string().nullable() }).strict();

/** POST /v3/test/receipts: what a vendor's delivery receipt would report for a test OTP. */
export const testReceiptBody = z.object(
  {
    otp_id: requiredString("otp_id", 64),
    status: z.enum(["delivered", "failed"], { error: "status harus delivered atau failed." }),
  },
  { error: NOT_AN_OBJECT },
);
export const testReceiptData = z
  .object({
    otp_id: z.string(),
    status: z.string().describe("The OTP's status after the receipt (a receipt moves only a `sent` OTP)"),
    refunded: z.boolean().describe("True when a failed receipt returned the charge to the test saldo"),
  })
  .strict();

export type TestMessagesQuery = z.infer<typeof testMessagesQuery>;
export type TestMessageData = z.infer<typeof testMessage>;
