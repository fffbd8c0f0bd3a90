// The one domain error type. Services throw it with the spec's error.code; the
// /v3 wrapper maps codes to HTTP status and the tRPC layer to tRPC codes.
import { IDEMPOTENCY_WINDOW_HOURS } from "@/schemas/v3/otp-limits";
import { INTERNAL_ERROR_MESSAGE } from "./envelope.mjs";

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_CHANNEL: 400,
  INVALID_NUMBER: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_BALANCE: 402,
  IP_NOT_ALLOWED: 403,
  GEO_NOT_ALLOWED: 403,
  FRAUD_BLOCKED: 403,
  OTP_NOT_FOUND: 404,
  NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  DUPLICATE_EXTERNAL_ID: 409,
  CONFLICT: 409,
  TEMPLATE_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  OTP_EXPIRED: 422,
  TOO_MANY_ATTEMPTS: 422,
  ALREADY_USED: 422,
  RATE_LIMITED: 429,
  DESTINATION_RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  CHANNEL_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: "Permintaan tidak valid.",
  INVALID_CHANNEL: "Channel tidak didukung.",
  INVALID_NUMBER: "Nomor atau alamat tujuan tidak valid.",
  UNAUTHORIZED: "API key tidak valid.",
  INSUFFICIENT_BALANCE: "Saldo tidak mencukupi. Silakan isi ulang saldo melalui POST /v3/topups.",
  IP_NOT_ALLOWED: "Alamat IP Anda tidak diizinkan untuk akun ini.",
  GEO_NOT_ALLOWED: "Negara tujuan tidak diizinkan untuk channel ini di akun Anda.",
  FRAUD_BLOCKED: "Permintaan diblokir sementara oleh fraud guard.",
  OTP_NOT_FOUND: "Transaksi OTP tidak ditemukan.",
  NOT_FOUND: "Data tidak ditemukan.",
  TEMPLATE_NOT_FOUND: "Template tidak ditemukan.",
  METHOD_NOT_ALLOWED: "Metode HTTP tidak didukung untuk endpoint ini.",
  DUPLICATE_EXTERNAL_ID: `external_id sudah dipakai dengan parameter berbeda dalam ${IDEMPOTENCY_WINDOW_HOURS} jam terakhir.`,
  CONFLICT: "Data bertentangan dengan data yang sudah ada.",
  TEMPLATE_EXISTS: "Template dengan nama ini sudah ada.",
  PAYLOAD_TOO_LARGE: "Ukuran body permintaan terlalu besar.",
  OTP_EXPIRED: "Kode OTP sudah kedaluwarsa. Silakan minta kode baru.",
  TOO_MANY_ATTEMPTS: "Terlalu banyak percobaan gagal. Silakan minta kode baru.",
  ALREADY_USED: "Kode OTP sudah digunakan.",
  RATE_LIMITED: "Terlalu banyak permintaan. Coba lagi sebentar lagi.",
  DESTINATION_RATE_LIMITED: "Terlalu banyak OTP ke tujuan ini. Coba lagi nanti.",
  INTERNAL_ERROR: INTERNAL_ERROR_MESSAGE,
  CHANNEL_UNAVAILABLE: "Channel sedang tidak tersedia. Silakan coba lagi nanti atau gunakan channel lain.",
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  /** Extra response headers, e.g. Retry-After for rate limits. */
  readonly headers?: Record<string, string>;
  /** The service input field a VALIDATION_ERROR is about, for callers that name it their own way (otpctl flags); never sent. */
  readonly field?: string;

  constructor(code: ErrorCode, message?: string, options: { details?: Record<string, unknown>; headers?: Record<string, string>; field?: string } = {}) {
    // A domain error is an answer, not a bug: its stack is never read, and capturing
    // one costs more than the rest of a 404 answer.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? DEFAULT_MESSAGES[code]);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
    this.field = options.field;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
