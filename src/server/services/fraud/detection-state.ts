// The short-lived detection state, shared by every app instance through Redis (an
// in-process copy when Redis is not configured or not answering). Time is cut into
// one-minute buckets; the window is the last WINDOW_MINUTES of them.
import { merchantSlot } from "@/server/redis/merchant-slot";

/** A creation attempt as detection records it: one round trip writes it and reads the window back. */
export type Observation = {
  /** The merchant as keys name it (its internal id). */
  merchant: string;
  prefix: string;
  destination: string;
  /** Keyed hashes of the end user's signals (never the values). */
  signals: string[];
  minute: number;
  windowMinutes: number;
  /** Distinct destinations a signal may reach; an attempt from a signal over it (or blocked) stays out of the prefix's counts. */
  signalLimit: number;
};

export type Observed = {
  /** Distinct destinations under the prefix in the window, this one included. */
  distinct: number;
  /** Verified OTPs under the prefix in the window. */
  verified: number;
  /** Distinct destinations under the prefix in the window's older minutes (not this or the last one): what users have had time to verify. */
  settledDistinct: number;
  /** Verified OTPs of the merchant in the window, all prefixes. */
  merchantVerified: number;
  /** The merchant's creation attempts in the window, all prefixes. */
  total: number;
  /** The same in this minute and the one before: what cannot have been verified yet. */
  recentTotal: number;
  /** The prefix's state: "block:<reason>", "trust", or null. */
  prefixState: string | null;
  signals: { distinct: number; blocked: boolean }[];
};

export interface FraudStore {
  observe(o: Observation): Promise<Observed>;
  recordVerified(merchant: string, prefix: string, minute: number, windowMinutes: number): Promise<void>;
  /** Starts a block unless one (or a trust) is already set; true when this call set it. */
  blockPrefix(merchant: string, prefix: string, reason: string, ttlMs: number): Promise<boolean>;
  blockSignal(merchant: string, signal: string, ttlMs: number): Promise<boolean>;
  /** Lifts a prefix's block, forgets its window and trusts it for a while. */
  trustPrefix(merchant: string, prefix: string, ttlMs: number, minute: number, windowMinutes: number): Promise<void>;
  close?(): Promise<void>;
}

/**
 * Key names under a namespace (Redis uses "sandi:"; a test store its own). One
 * observation reads and writes many of a merchant's keys in one script (with the API
 * key's rate-limit hit, on /v3), so every key carries the merchant as its hash tag
 * ({7}, merchant-slot.ts): on a Redis Cluster they hash to one slot, which a script
 * needs (CROSSSLOT otherwise). Merchants spread over the nodes; one merchant's
 * detection state lives on one.
 */
export function keyNames(namespace: string) {
  const at = (m: string) => `${namespace}fg:${merchantSlot(m)}`;
  return {
    destinations: (m: string, prefix: string, minute: number) => `${at(m)}:d:${prefix}:${minute}`,
    verified: (m: string, prefix: string, minute: number) => `${at(m)}:v:${prefix}:${minute}`,
    verifiedAll: (m: string, minute: number) => `${at(m)}:vt:${minute}`,
    total: (m: string, minute: number) => `${at(m)}:t:${minute}`,
    prefixState: (m: string, prefix: string) => `${at(m)}:p:${prefix}`,
    signal: (m: string, signal: string, minute: number) => `${at(m)}:s:${signal}:${minute}`,
    signalBlock: (m: string, signal: string) => `${at(m)}:sb:${signal}`,
  };
}

export function windowMinutesOf(minute: number, windowMinutes: number): number[] {
  return Array.from({ length: windowMinutes }, (_, i) => minute - i);
}

/** The window's minutes users have had time to verify in: all but this one and the last. */
export const UNSETTLED_MINUTES = 2;

/** Buckets outlive the window by a little so a read at the window's edge still finds them. */
export function bucketTtlMs(windowMinutes: number): number {
  return (windowMinutes + 2) * 60_000;
}
