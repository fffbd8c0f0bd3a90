// The one table of error codes: for each, the HTTP status /v3 answers, the tRPC code
// the dashboard gets, the default Indonesian message, whether /v3 can answer it, and
// when it happens (the OpenAPI responses and the /docs table). AppError, the /v3
// envelope's code list, the OpenAPI catalogue and the tRPC mapping all read it.
// Error codes are a stable contract: add, never rename. Every number in the texts
// is read from the constant the code enforces, so the prose cannot drift.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { PHONE_DIGITS } from "@/schemas/v3/destination";
import { INTERNAL_ERROR_MESSAGE, MAX_BODY_BYTES } from "./envelope.mjs";
import { DEFAULT_GEO_PERMISSIONS } from "@/schemas/fraud";
import { DEFAULT_RATE_LIMIT } from "@/schemas/v3/default-rate-limit";
import { DESTINATION_LIMITS, IDEMPOTENCY_WINDOW_HOURS, maxAttemptsFor, OTP_LENGTH } from "@/schemas/v3/otp-limits";

type ErrorRow = {
  status: number;
  trpc: TRPC_ERROR_CODE_KEY;
  message: string;
  /** The message the OpenAPI example shows, when it is not the default one (most answers name the field or value). */
  example?: string;
  /** False for codes only the dashboard answers. */
  v3: boolean;
  when: string;
};

const { messages, calls } = DESTINATION_LIMITS;

export const ERROR_TABLE = {
  VALIDATION_ERROR: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: "Permintaan tidak valid.",
    example: "otp wajib diisi.",
    v3: true,
    when: `Field wajib tidak ada atau tidak valid, atau body bukan JSON. Pada send: \`otp\` tidak ada, bukan angka atau panjangnya bukan ${OTP_LENGTH.min}–${OTP_LENGTH.max}; pada verify: \`otp_id\` atau \`otp\` tidak ada, atau \`whatsapp_inbound\` yang masih menunggu (diverifikasi oleh pesan pengguna, bukan oleh panggilan ini); pada topups: \`amount\` salah. \`ttl\`/\`otp_length\` di luar rentang dipangkas, tidak ditolak.`,
  },
  INVALID_CHANNEL: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: "Channel tidak didukung.",
    v3: true,
    when: "`channel` tidak didukung, atau `misscall`/`whatsapp_inbound`/`voice` dipakai dengan POST /v3/send.",
  },
  INVALID_NUMBER: {
    status: 400,
    trpc: "BAD_REQUEST",
    message: "Nomor atau alamat tujuan tidak valid.",
    example: "Nomor tujuan tidak valid.",
    v3: true,
    when: `Nomor berisi selain angka (\`+\`, spasi, tanda hubung) atau kurang dari ${PHONE_DIGITS.min} digit; e-mail tidak valid; tujuan tidak ada padahal wajib.`,
  },
  UNAUTHORIZED: {
    status: 401,
    trpc: "UNAUTHORIZED",
    message: "API key tidak valid.",
    example: "API key tidak dikenal.",
    v3: true,
    when: "API key tidak ada, kosong, salah format, tidak dikenal atau sudah dicabut; pesannya menyebut yang mana.",
  },
  INSUFFICIENT_BALANCE: {
    status: 402,
    trpc: "PAYMENT_REQUIRED",
    message: "Saldo tidak mencukupi. Silakan isi ulang saldo melalui POST /v3/topups.",
    v3: true,
    when: "Kredit kurang dari harga transaksi; isi saldo dengan POST /v3/topups.",
  },
  IP_NOT_ALLOWED: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "Alamat IP Anda tidak diizinkan untuk akun ini.",
    example: "Alamat IP 198.51.100.1 tidak ada di daftar IP yang diizinkan untuk akun ini.",
    v3: true,
    when: "IP klien tidak ada di IP allowlist merchant.",
  },
  GEO_NOT_ALLOWED: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "Negara tujuan tidak diizinkan untuk channel ini di akun Anda.",
    example: "Negara tujuan (kode 44) tidak diizinkan untuk channel sms di akun ini. Ubah izin negara di dashboard, menu Keamanan.",
    v3: true,
    when: `Kode negara tujuan telepon tidak diizinkan untuk kelas channel-nya (\`sms\`, \`voice\`, \`misscall\`: bawaannya hanya Indonesia \`${DEFAULT_GEO_PERMISSIONS.sms.join("`, `")}\`; \`whatsapp\`: semua negara). Tidak ada biaya dan tidak dihitung; \`error.details\` berisi \`country_code\` dan \`channel_class\`. Merchant mengubahnya di dashboard (Keamanan).`,
  },
  FRAUD_BLOCKED: {
    status: 403,
    trpc: "FORBIDDEN",
    message: "Permintaan diblokir sementara oleh fraud guard.",
    example: "Permintaan diblokir sementara oleh fraud guard: lonjakan permintaan ke nomor baru dengan prefix 62899 yang tidak diverifikasi. Lihat log blokir di dashboard, menu Keamanan.",
    v3: true,
    when: "Fraud guard menolak pembuatan: lonjakan mendadak OTP tak terverifikasi ke nomor baru di bawah prefix tujuan (`prefix_spike`), banyak nomor di bawah prefix itu tanpa satu pun verifikasi sementara prefix lain diverifikasi (`verified_nothing`), `signals` satu pengguna akhir yang menjangkau banyak tujuan (`signal_velocity`), atau nomor tujuan ada di daftar blokir Anda (`blocklist`, lihat /v3/lists/block). Selain `blocklist`, diblokir selama masa jeda; tanpa biaya dan tidak dihitung ke batas per tujuan; `error.details` berisi `reason` dan `prefix`. Pengulangan idempoten tidak pernah diblokir. Log blokir dan \"buka blokir prefix ini\" ada di dashboard (Keamanan).",
  },
  OTP_NOT_FOUND: {
    status: 404,
    trpc: "NOT_FOUND",
    message: "Transaksi OTP tidak ditemukan.",
    v3: true,
    when: "`otp_id` tidak dikenal atau milik merchant lain.",
  },
  NOT_FOUND: {
    status: 404,
    trpc: "NOT_FOUND",
    message: "Data tidak ditemukan.",
    example: "Endpoint /v3/nope tidak ada. Lihat dokumentasi API di /docs.",
    v3: true,
    when: "Tidak ada endpoint di path ini (path apa pun di bawah /v3 tanpa route, dan /v3 itu sendiri).",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    trpc: "METHOD_NOT_SUPPORTED",
    message: "Metode HTTP tidak didukung untuk endpoint ini.",
    example: "Metode GET tidak didukung untuk endpoint ini; gunakan POST.",
    v3: true,
    when: "Endpoint ada, tetapi tidak untuk metode HTTP ini; header `Allow` menyebut metode yang diterima.",
  },
  DUPLICATE_EXTERNAL_ID: {
    status: 409,
    trpc: "CONFLICT",
    message: `external_id sudah dipakai dengan parameter berbeda dalam ${IDEMPOTENCY_WINDOW_HOURS} jam terakhir.`,
    v3: true,
    when: `\`external_id\` dipakai ulang dalam ${IDEMPOTENCY_WINDOW_HOURS} jam dengan parameter berbeda; \`error.details.existing_otp_id\` adalah transaksi aslinya.`,
  },
  CONFLICT: {
    status: 409,
    trpc: "CONFLICT",
    message: "Data bertentangan dengan data yang sudah ada.",
    v3: false,
    when: "Dashboard: isian bertentangan dengan data yang sudah ada (misalnya e-mail yang sudah terdaftar).",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    trpc: "PAYLOAD_TOO_LARGE",
    message: "Ukuran body permintaan terlalu besar.",
    example: `Body permintaan melebihi ${MAX_BODY_BYTES / 1024} KB.`,
    v3: true,
    when: `Body request lebih dari ${MAX_BODY_BYTES / 1024} KB.`,
  },
  OTP_EXPIRED: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "Kode OTP sudah kedaluwarsa. Silakan minta kode baru.",
    v3: true,
    when: "TTL sudah lewat; buat transaksi baru.",
  },
  TOO_MANY_ATTEMPTS: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "Terlalu banyak percobaan gagal. Silakan minta kode baru.",
    v3: true,
    when: `Batas percobaan gagal tercapai (${maxAttemptsFor("sms")}; ${maxAttemptsFor("misscall")} untuk misscall); terkunci permanen.`,
  },
  ALREADY_USED: {
    status: 422,
    trpc: "UNPROCESSABLE_CONTENT",
    message: "Kode OTP sudah digunakan.",
    v3: true,
    when: "Transaksi sudah diverifikasi.",
  },
  RATE_LIMITED: {
    status: 429,
    trpc: "TOO_MANY_REQUESTS",
    message: "Terlalu banyak permintaan. Coba lagi sebentar lagi.",
    example: `Terlalu banyak permintaan: maksimal ${DEFAULT_RATE_LIMIT} per detik per API key. Coba lagi sebentar lagi.`,
    v3: true,
    when: `Request dalam detik ini melebihi batas key (bawaan ${DEFAULT_RATE_LIMIT}); tunggu \`Retry-After\` detik.`,
  },
  DESTINATION_RATE_LIMITED: {
    status: 429,
    trpc: "TOO_MANY_REQUESTS",
    message: "Terlalu banyak OTP ke tujuan ini. Coba lagi nanti.",
    example: "Batas pengiriman ke tujuan ini tercapai.",
    v3: true,
    when: `Batas pembuatan per tujuan terlampaui (${messages.per10Minutes} per 10 menit dan ${messages.perHour} per jam; ${calls.channels.join(" dan ")} ${calls.per10Minutes} dan ${calls.perHour}).`,
  },
  INTERNAL_ERROR: {
    status: 500,
    trpc: "INTERNAL_SERVER_ERROR",
    message: INTERNAL_ERROR_MESSAGE,
    v3: true,
    when: "Kesalahan server yang tak terduga, atau pembayaran tidak dapat disiapkan; aman untuk dicoba ulang.",
  },
  CHANNEL_UNAVAILABLE: {
    status: 503,
    trpc: "SERVICE_UNAVAILABLE",
    message: "Channel sedang tidak tersedia. Silakan coba lagi nanti atau gunakan channel lain.",
    example: "Channel sedang tidak tersedia.",
    v3: true,
    when: "Channel atau vendornya sedang tidak tersedia; coba lagi nanti atau pakai channel lain.",
  },
  TEMPLATE_NOT_FOUND: {
    status: 404,
    trpc: "NOT_FOUND",
    message: "Template tidak ditemukan.",
    example: "Template promo-login tidak ditemukan.",
    v3: true,
    when: "`template` pada pembuatan OTP, atau `{name}` pada /v3/templates/{name}, tidak dikenal di mode API key ini (live dan uji punya template masing-masing). Tanpa biaya.",
  },
  TEMPLATE_EXISTS: {
    status: 409,
    trpc: "CONFLICT",
    message: "Template dengan nama ini sudah ada.",
    example: "Template login sudah ada; ubah dengan PUT /v3/templates/login.",
    v3: true,
    when: "POST /v3/templates dengan `name` yang sudah dipakai; ubah template itu dengan PUT /v3/templates/{name}.",
  },
} as const satisfies Record<string, ErrorRow>;

export type ErrorCode = keyof typeof ERROR_TABLE;
type V3Code<C extends ErrorCode> = C extends ErrorCode ? ((typeof ERROR_TABLE)[C]["v3"] extends true ? C : never) : never;
/** The codes a /v3 response can carry: the spec's error table plus the HTTP layer's own (NOT_FOUND, METHOD_NOT_ALLOWED, PAYLOAD_TOO_LARGE). */
export type V3ErrorCode = V3Code<ErrorCode>;

const codes = Object.keys(ERROR_TABLE) as ErrorCode[];
export const V3_ERROR_CODES = codes.filter((code): code is V3ErrorCode => ERROR_TABLE[code].v3);

export const errorStatus = (code: ErrorCode): number => ERROR_TABLE[code].status;
