// The test-mode endpoints (/v3/test/*): only a test key (sk_test_…) reaches them.
import { z } from "zod";
import { CHANNEL_VALUES, NOT_AN_OBJECT, requiredString, wib } from "./otp";
import { NO_CONTROL_CHARACTERS } from "./text";

/** A query parameter compared with stored text: PostgreSQL refuses NUL, so control characters are refused here, naming the parameter. */
const optionalParam = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${field} tidak boleh kosong.`)
    .max(max, `${field} terlalu panjang.`)
    .regex(NO_CONTROL_CHARACTERS, `${field} tidak boleh berisi karakter kontrol.`)
    .optional();

/** A body field compared with stored text (an id, a number): control characters refused like the query's, naming the field. */
const requiredPlainString = (field: string, max: number) => requiredString(field, max).regex(NO_CONTROL_CHARACTERS, `${field} tidak boleh berisi karakter kontrol.`);

/** How many sandbox messages one read returns. */
export const TEST_MESSAGES_LIMIT = { min: 1, max: 500, default: 100 } as const;
const LIMIT_REFUSED = `limit harus berupa bilangan bulat ${TEST_MESSAGES_LIMIT.min}–${TEST_MESSAGES_LIMIT.max}.`;

/** GET /v3/test/messages query: by otp_id, by destination, or the latest messages. */
export const testMessagesQuery = z.object(
  {
    otp_id: optionalParam("otp_id", 64).describe("Hanya pesan OTP ini"),
    destination: optionalParam("destination", 254).describe("Hanya pesan ke nomor atau alamat e-mail ini, seperti saat OTP dibuat"),
    limit: z.coerce
      .number({ error: LIMIT_REFUSED })
      .int(LIMIT_REFUSED)
      .min(TEST_MESSAGES_LIMIT.min, LIMIT_REFUSED)
      .max(TEST_MESSAGES_LIMIT.max, LIMIT_REFUSED)
      .optional()
      .describe(`Paling banyak sekian pesan (bawaan ${TEST_MESSAGES_LIMIT.default}, maksimal ${TEST_MESSAGES_LIMIT.max})`),
  },
  { error: NOT_AN_OBJECT },
).transform((query) => ({ otpId: query.otp_id, destination: query.destination, limit: query.limit }));

export const testMessage = z
  .object({
    otp_id: z.string(),
    channel: z.enum(CHANNEL_VALUES),
    destination: z.string().nullable(),
    text: z.string().describe("Pesan seperti yang akan diterima pengguna"),
    code: z.string().describe("Kode di dalamnya (kosong untuk misscall: kodenya adalah digit akhir `caller`)"),
    caller: z.string().nullable().describe("Khusus misscall: nomor yang menelepon"),
    sent_at: wib,
  })
  .strict();
export const testMessagesData = z.array(testMessage);

/** POST /v3/test/inbound-whatsapp: the WhatsApp message a user of a test whatsapp_inbound OTP would send. */
export const testInboundBody = z.object(
  {
    from: requiredPlainString("from", 32).describe("Nomor WhatsApp pengguna, mis. 6281234567890"),
    text: requiredString("text", 1000).describe("Teks pesan, seperti yang diisikan wa_link OTP"),
  },
  { error: NOT_AN_OBJECT },
);
export const testInboundData = z.object({ matched: z.boolean(), otp_id: z.string().nullable() }).strict();

/** POST /v3/test/receipts: what a vendor's delivery receipt would report for a test OTP. */
export const testReceiptBody = z.object(
  {
    otp_id: requiredPlainString("otp_id", 64),
    status: z.enum(["delivered", "failed"], { error: "status harus delivered atau failed." }),
  },
  { error: NOT_AN_OBJECT },
).transform((body) => ({ otpId: body.otp_id, status: body.status }));
export type TestReceipt = z.output<typeof testReceiptBody>;
export const testReceiptData = z
  .object({
    otp_id: z.string(),
    status: z.string().describe("Status OTP setelah laporan (laporan hanya menggerakkan OTP berstatus `sent`)"),
    refunded: z.boolean().describe("true bila laporan gagal mengembalikan biaya ke saldo uji"),
  })
  .strict();

export type TestMessagesQuery = z.infer<typeof testMessagesQuery>;
export type TestMessageData = z.infer<typeof testMessage>;
