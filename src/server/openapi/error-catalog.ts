// When each /v3 error code is answered: the spec's error table, plus the HTTP
// layer's own codes. Feeds the OpenAPI response descriptions and the /docs table.
// Every number is read from the constant the code enforces, so the two cannot drift.
import type { V3ErrorCode } from "@/schemas/v3/envelope";
import { OTP_LENGTH } from "@/schemas/v3/otp-limits";
import { MAX_BODY_BYTES } from "@/server/envelope.mjs";
import { DEFAULT_GEO_PERMISSIONS } from "@/server/services/fraud/geo";
import { DEFAULT_RATE_LIMIT } from "@/server/services/merchants/default-rate-limit";
import { PHONE_DIGITS } from "@/server/services/otp/destination";
import { DESTINATION_LIMITS, IDEMPOTENCY_WINDOW_HOURS, maxAttemptsFor } from "@/server/services/otp/otp-rules";

const { messages, calls } = DESTINATION_LIMITS;

export const ERROR_CONDITIONS: Record<V3ErrorCode, string> = {
  VALIDATION_ERROR: `Field wajib tidak ada atau tidak valid, atau body bukan JSON. Pada send: \`otp\` tidak ada, bukan angka atau panjangnya bukan ${OTP_LENGTH.min}–${OTP_LENGTH.max}; pada verify: \`otp_id\` atau \`otp\` tidak ada, atau \`whatsapp_inbound\` yang masih menunggu (diverifikasi oleh pesan pengguna, bukan oleh panggilan ini); pada topups: \`amount\` salah. \`ttl\`/\`otp_length\` di luar rentang dipangkas, tidak ditolak.`,
  INVALID_CHANNEL: "`channel` tidak didukung, atau `misscall`/`whatsapp_inbound`/`voice` dipakai dengan POST /v3/send.",
  INVALID_NUMBER: `Nomor berisi selain angka (\`+\`, spasi, tanda hubung) atau kurang dari ${PHONE_DIGITS.min} digit; e-mail tidak valid; tujuan tidak ada padahal wajib.`,
  UNAUTHORIZED: "API key tidak ada, kosong, salah format, tidak dikenal atau sudah dicabut; pesannya menyebut yang mana.",
  INSUFFICIENT_BALANCE: "Kredit kurang dari harga transaksi; isi saldo dengan POST /v3/topups.",
  IP_NOT_ALLOWED: "IP klien tidak ada di IP allowlist merchant.",
  GEO_NOT_ALLOWED: `Kode negara tujuan telepon tidak diizinkan untuk kelas channel-nya (\`sms\`, \`voice\`, \`misscall\`: bawaannya hanya Indonesia \`${DEFAULT_GEO_PERMISSIONS.sms.join("`, `")}\`; \`whatsapp\`: semua negara). Tidak ada biaya dan tidak dihitung; \`error.details\` berisi \`country_code\` dan \`channel_class\`. Merchant mengubahnya di dashboard (Keamanan).`,
  FRAUD_BLOCKED: "Fraud guard menolak pembuatan: lonjakan mendadak OTP tak terverifikasi ke nomor baru di bawah prefix tujuan (`prefix_spike`), banyak nomor di bawah prefix itu tanpa satu pun verifikasi sementara prefix lain diverifikasi (`verified_nothing`), `signals` satu pengguna akhir yang menjangkau banyak tujuan (`signal_velocity`), atau nomor tujuan ada di daftar blokir Anda (`blocklist`, lihat /v3/lists/block). Selain `blocklist`, diblokir selama masa jeda; tanpa biaya dan tidak dihitung ke batas per tujuan; `error.details` berisi `reason` dan `prefix`. Pengulangan idempoten tidak pernah diblokir. Log blokir dan \"buka blokir prefix ini\" ada di dashboard (Keamanan).",
  OTP_NOT_FOUND: "`otp_id` tidak dikenal atau milik merchant lain.",
  NOT_FOUND: "Tidak ada endpoint di path ini (path apa pun di bawah /v3 tanpa route, dan /v3 itu sendiri).",
  METHOD_NOT_ALLOWED: "Endpoint ada, tetapi tidak untuk metode HTTP ini; header `Allow` menyebut metode yang diterima.",
  DUPLICATE_EXTERNAL_ID: `\`external_id\` dipakai ulang dalam ${IDEMPOTENCY_WINDOW_HOURS} jam dengan parameter berbeda; \`error.details.existing_otp_id\` adalah transaksi aslinya.`,
  PAYLOAD_TOO_LARGE: `Body request lebih dari ${MAX_BODY_BYTES / 1024} KB.`,
  OTP_EXPIRED: "TTL sudah lewat; buat transaksi baru.",
  TOO_MANY_ATTEMPTS: `Batas percobaan gagal tercapai (${maxAttemptsFor("sms")}; ${maxAttemptsFor("misscall")} untuk misscall); terkunci permanen.`,
  ALREADY_USED: "Transaksi sudah diverifikasi.",
  RATE_LIMITED: `Request dalam detik ini melebihi batas key (bawaan ${DEFAULT_RATE_LIMIT}); tunggu \`Retry-After\` detik.`,
  DESTINATION_RATE_LIMITED: `Batas pembuatan per tujuan terlampaui (${messages.per10Minutes} per 10 menit dan ${messages.perHour} per jam; ${calls.channels.join(" dan ")} ${calls.per10Minutes} dan ${calls.perHour}).`,
  INTERNAL_ERROR: "Kesalahan server yang tak terduga, atau pembayaran tidak dapat disiapkan; aman untuk dicoba ulang.",
  CHANNEL_UNAVAILABLE: "Channel atau vendornya sedang tidak tersedia; coba lagi nanti atau pakai channel lain.",
};
