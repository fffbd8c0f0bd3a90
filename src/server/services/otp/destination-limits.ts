// The answer to a creation refused by the per-destination limits (the limits are
// checked inside the creation's reserve statement, reserve-creation.ts, whose refusal
// carries the times of the creations it counted): it says when the destination's window
// frees, in Retry-After, so a client does not retry every second.
import type { Channel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import { DESTINATION_LIMITS, limitClassOf } from "./otp-rules";

const TEN_MINUTES_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Seconds until one more creation fits both windows: in each full window, the creation
 * whose ageing out brings the count below the limit decides.
 */
export function secondsUntilFree(createdAt: Date[], now: Date, limits: { per10Minutes: number; perHour: number }): number {
  const inHour = createdAt.filter((t) => now.getTime() - t.getTime() < HOUR_MS);
  const in10 = inHour.filter((t) => now.getTime() - t.getTime() < TEN_MINUTES_MS);
  const freeAt = (window: Date[], limit: number, spanMs: number) => (window.length >= limit ? window[window.length - limit].getTime() + spanMs : 0);
  const at = Math.max(freeAt(in10, limits.per10Minutes, TEN_MINUTES_MS), freeAt(inHour, limits.perHour, HOUR_MS));
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

/** `counted`: when the creations the limits counted were made, oldest first. */
export function destinationLimited(channel: Channel, counted: Date[], now: Date): AppError {
  const limits = DESTINATION_LIMITS[limitClassOf(channel)];
  const seconds = String(secondsUntilFree(counted, now, limits));
  return new AppError(
    "DESTINATION_RATE_LIMITED",
    `Batas pengiriman ke tujuan ini tercapai (${limits.per10Minutes} per 10 menit dan ${limits.perHour} per jam). Coba lagi dalam ${seconds} detik.`,
    // The answer is about the destination's windows, not the key's one-second window.
    { headers: { "Retry-After": seconds, "RateLimit-Reset": seconds } },
  );
}
