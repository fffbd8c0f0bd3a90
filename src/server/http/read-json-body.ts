import { AppError } from "@/server/errors";
import type { CappedBody } from "@/server/lib/capped-body";

import { MAX_BODY_BYTES } from "@/server/envelope.mjs";

/** A body already read with the cap, as JSON; every failure is an envelope error. */
export function parseJsonBody(body: CappedBody): unknown {
  if (!body.ok && body.error === "too_large") throw new AppError("PAYLOAD_TOO_LARGE", `Body permintaan melebihi ${MAX_BODY_BYTES / 1024} KB.`);
  if (!body.ok) throw new AppError("VALIDATION_ERROR", "Body permintaan tidak dapat dibaca.");
  if (body.text.trim() === "") throw new AppError("VALIDATION_ERROR", "Body permintaan kosong; kirim objek JSON.");
  try {
    return JSON.parse(body.text, finiteNumbers);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Body permintaan bukan JSON yang valid.");
  }
}

/**
 * A JSON number too large for a double (1e400) parses as ±Infinity, which no schema
 * accepts as a number; it is still a number, just a huge one, so it becomes the
 * largest finite one and out-of-range fields clamp it like any other (ttl, otp_length).
 */
function finiteNumbers(_key: string, value: unknown): unknown {
  if (value === Infinity) return Number.MAX_VALUE;
  if (value === -Infinity) return -Number.MAX_VALUE;
  return value;
}
