// Examples shown in the OpenAPI document and the /docs page; the OpenAPI test
// checks every one against its schema so they cannot drift from the API.
import { ERROR_TABLE, type V3ErrorCode } from "@/server/error-table";

export const EXAMPLE_OTP_ID = "OTP20261123QWER000042";

export const examples = {
  requestBody: { channel: "whatsapp", destination: "6281234567890", brand: "TokoKu", otp_length: 6, ttl: 300, external_id: "login-8812" },
  sendBody: { channel: "sms", destination: "6281234567890", otp: "482913", brand: "TokoKu", external_id: "reset-552", locale: "en", template: "login" },
  template: {
    name: "login",
    fragments: [
      { channel: "sms", locale: "id", text: "{code} adalah kode masuk {brand}. Berlaku {minutes} menit." },
      { channel: "sms", locale: "en", text: "{code} is your {brand} sign-in code. Valid for {minutes} minutes." },
    ],
    created_at: "2026-11-23 05:20:00",
    updated_at: "2026-11-23 05:20:00",
  },
  verifyBody: { otp_id: EXAMPLE_OTP_ID, otp: "482913" },
  created: { otp_id: EXAMPLE_OTP_ID, status: "sent", channel: "whatsapp", number: "6281234567890", price: 350, last_balance: 99650, expires_at: "2026-11-23 05:35:00" },
  createdMisscall: {
    otp_id: "OTP20261123MSCL000043",
    status: "sent",
    channel: "misscall",
    number: "6281234567890",
    price: 250,
    last_balance: 99400,
    expires_at: "2026-11-23 05:35:00",
    verification: { prefix: "62215089", otp_length: 4 },
  },
  createdInbound: {
    otp_id: "OTP20261123WAIN000044",
    status: "pending",
    channel: "whatsapp_inbound",
    number: null,
    price: 300,
    last_balance: 99100,
    expires_at: "2026-11-23 05:35:00",
    verification: {
      wa_number: "6281100000000",
      message: "Verifikasi TokoKu: K7QM2XP9WD",
      wa_link: "https://wa.me/6281100000000?text=Verifikasi%20TokoKu%3A%20K7QM2XP9WD",
      expires_at: "2026-11-23 05:35:00",
    },
  },
  failed: { otp_id: "OTP20261123FAIL000045", status: "failed", channel: "sms", number: "6281234560000", price: 450, last_balance: 99100, expires_at: "2026-11-23 05:35:00" },
  verified: { otp_id: EXAMPLE_OTP_ID, verified: true, reason: "" },
  mismatch: { otp_id: EXAMPLE_OTP_ID, verified: false, reason: "mismatch" },
  detail: {
    otp_id: EXAMPLE_OTP_ID,
    status: "verified",
    channel: "whatsapp",
    number: "6281234567890",
    attempts: 1,
    expires_at: "2026-11-23 05:35:00",
    verified_at: "2026-11-23 05:31:12",
    price: 350,
    locale: "id",
    template: "login",
    deliveries: [{ channel: "whatsapp", status: "success", price: 350, sent_at: "2026-11-23 05:30:01" }],
  },
  fallbackBody: { channel: "whatsapp", destination: "6281234567890", fallback: ["sms"], fallback_after: 20, external_id: "login-8813" },
  createdFallback: { otp_id: EXAMPLE_OTP_ID, status: "sent", channel: "whatsapp", number: "6281234567890", price: 350, last_balance: 99650, expires_at: "2026-11-23 05:35:00", fallback: ["sms"], fallback_after: 20 },
  detailFallback: {
    otp_id: EXAMPLE_OTP_ID,
    status: "verified",
    channel: "sms",
    number: "6281234567890",
    attempts: 1,
    expires_at: "2026-11-23 05:35:00",
    verified_at: "2026-11-23 05:30:40",
    price: 450,
    locale: "en",
    template: null,
    deliveries: [
      { channel: "whatsapp", status: "failed", price: 0, sent_at: "2026-11-23 05:30:01", failure_reason: "not_on_whatsapp" },
      { channel: "sms", status: "success", price: 450, sent_at: "2026-11-23 05:30:21" },
    ],
  },
  fallbackEvent: {
    id: "evt_9hT2kQm4Zx7Lp0aBc3De",
    type: "otp.fallback",
    created_at: "2026-11-23 05:30:21",
    livemode: true,
    data: {
      otp_id: EXAMPLE_OTP_ID,
      channel: "sms",
      number: "6281234567890",
      status: "sent",
      external_id: "login-8813",
      attempts: 0,
      expires_at: "2026-11-23 05:35:00",
      from: "whatsapp",
      to: "sms",
      reason: "not_confirmed",
    },
  },
  topupBody: { amount: 100000 },
  topupBodyWithMethod: { amount: 500000, payment_method_id: 2 },
  topup: {
    topup_id: "TC20261123K3M9Q2ZP",
    payment_url: "https://app.sandi.id/topup/TC20261123K3M9Q2ZP?hash=6f1c0e4b9a7d2f8e5c3b1a0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
    payment_hash: "6f1c0e4b9a7d2f8e5c3b1a0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
    amount: 100000,
    payment_total: 100700,
    payment_method_id: 1,
    payment_method: "QRIS",
    payment_type: "qr",
    payment_expired_at: "2026-11-23 08:30:00",
    status: "Pending",
  },
  topupVa: {
    topup_id: "TC20261123V8B2N4XC",
    payment_url: "https://app.sandi.id/topup/TC20261123V8B2N4XC?hash=0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
    payment_hash: "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
    amount: 500000,
    payment_total: 504000,
    payment_method_id: 2,
    payment_method: "BCA Virtual Account",
    payment_type: "va",
    payment_expired_at: "2026-11-23 08:30:00",
    status: "Pending",
  },
  account: { merchant_id: "mch_4fT9sQ2LxP0aZk", name: "PT Toko Maju", brand_name: "TokoKu", brand_email: "otp@tokoku.id", email: "dev@tokoku.id", saldo: 99650, livemode: true },
  testMessages: [
    {
      otp_id: EXAMPLE_OTP_ID,
      channel: "sms",
      destination: "6281234567890",
      text: "482913 adalah kode verifikasi TokoKu Anda. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun, termasuk pihak yang mengaku dari TokoKu.",
      code: "482913",
      caller: null,
      sent_at: "2026-11-23 05:30:00",
    },
  ],
  testInboundBody: { from: "6281234567890", text: "Verifikasi TokoKu: K7QM2XP9WD" },
  testInboundResult: { matched: true, otp_id: "OTP20261123WAIN000044" },
  testReceiptBody: { otp_id: EXAMPLE_OTP_ID, status: "failed" },
  testReceiptResult: { otp_id: EXAMPLE_OTP_ID, status: "failed", refunded: true },
  fraudListEntry: { value: "62812345*", created_at: "2026-11-26 10:15:00", created_by: "api" },
  insightsSummary: {
    from: "2026-11-01",
    to: "2026-11-30",
    totals: { created: 1200, delivered: 1150, verified: 1010, failed: 50, expired: 128, locked: 12, spend: 441500, conversion_rate: 0.8417 },
    groups: [
      { key: "sms", created: 400, delivered: 380, verified: 322, failed: 20, expired: 54, locked: 4, spend: 171000, conversion_rate: 0.805 },
      { key: "whatsapp", created: 800, delivered: 770, verified: 688, failed: 30, expired: 74, locked: 8, spend: 270500, conversion_rate: 0.86 },
    ],
  },
} as const;

export function errorExample(code: V3ErrorCode) {
  const row: { message: string; example?: string } = ERROR_TABLE[code];
  const error: Record<string, unknown> = { code, message: row.example ?? row.message };
  if (code === "DUPLICATE_EXTERNAL_ID") error.details = { existing_otp_id: EXAMPLE_OTP_ID };
  if (code === "GEO_NOT_ALLOWED") error.details = { country_code: "44", channel_class: "sms" };
  if (code === "FRAUD_BLOCKED") error.details = { reason: "prefix_spike", prefix: "62899" };
  return { status: ERROR_TABLE[code].status, body: { success: false, data: null, error } };
}
