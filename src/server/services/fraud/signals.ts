// The end user's context a merchant may pass with a creation. Only keyed hashes of the
// IP and device id reach the detection store, in buckets that expire with the window;
// the values themselves are never stored, logged or echoed.
import { getEnv } from "@/env";
import { hmacSha256Hex } from "@/server/lib/hashing";
import type { CreationSignals } from "@/schemas/v3/signals";

export function signalKeys(signals: CreationSignals | null): string[] {
  if (!signals) return [];
  const pepper = getEnv().OTP_PEPPER;
  const out: string[] = [];
  if (signals.ip) out.push(hmacSha256Hex(pepper, `signal|ip|${signals.ip.toLowerCase()}`).slice(0, 24));
  if (signals.device_id) out.push(hmacSha256Hex(pepper, `signal|device|${signals.device_id}`).slice(0, 24));
  return out;
}
