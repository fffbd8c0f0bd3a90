// The fraud guard's one entry for the creation path: the merchant's lists first (a
// block-listed destination is refused, a safe-listed one passes without the rest), then
// geo permissions (pure, on the profile: a refused destination is neither charged nor
// counted), then detection (one Redis script, with the cached baseline; on /v3 it also
// counts the API key's rate limit, admission.ts). It answers what would be refused; the
// caller checks for an idempotent replay before refusing, so a replay is never blocked.
import type { Channel, FraudGuardLevel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import type { MerchantProfile } from "@/server/services/merchants/profile";
import type { CreationSignals } from "@/schemas/v3/signals";
import { ADMITTED, type Admission } from "./admission";
import { baselineFor, usualFor } from "./baseline";
import { recordBlock } from "./block-log";
import { prefixSpike, signalVelocity, verifiedNothing } from "./detect";
import { getFraudStore } from "./detection-store";
import { geoAllows, geoClassOf } from "./geo";
import { THRESHOLDS, WINDOW_MINUTES } from "./levels";
import { listVerdict } from "./lists";
import { countryCodeOf, internationalDigits, prefixOf } from "./prefix";
import { recordFraudRefusal } from "@/server/metrics/record";
import { signalKeys } from "./signals";

export type GuardedCreation = { channel: Channel; destination: string | null; signals: CreationSignals | null };

/** A refusal not yet made: refuse() starts the block if needed, logs it and gives the error to throw. */
export type Refusal = { refuse: () => Promise<AppError> };

/** Geo and block-list refusals are logged one row per prefix and hour, with a count. */
const LOG_GROUP_HOURS = 1;

type DetectionReason = "prefix_spike" | "verified_nothing" | "signal_velocity";

/**
 * What would be refused, or null. `admission` is counted on every path before this
 * returns (with the observation when detection runs: one Redis call), so a request over
 * the key's rate limit throws RATE_LIMITED before any refusal is logged.
 */
export async function screenCreation(merchant: MerchantProfile, input: GuardedCreation, now = new Date(), admission: Admission = ADMITTED): Promise<Refusal | null> {
  const first = await screenUnobserved(merchant, input, now);
  if ("decided" in first) {
    await admission.admit();
    return first.decided;
  }
  const level = first.watchedAt;
  const t = THRESHOLDS[level];
  const destination = input.destination!;
  const prefix = prefixOf(destination);
  const signals = signalKeys(input.signals);
  const minute = Math.floor(now.getTime() / 60_000);
  const store = getFraudStore();
  const [observed, baseline] = await Promise.all([
    admission.observe(store, { merchant: String(merchant.id), prefix, destination, signals, minute, windowMinutes: WINDOW_MINUTES, signalLimit: t.signalDestinations }),
    baselineFor(merchant.id),
  ]);
  const base = { merchantId: merchant.id, prefix, channel: input.channel, expiresAt: new Date(now.getTime() + t.cooldownMs) };

  if (observed.prefixState?.startsWith("block:")) return refusal({ ...base, reason: blockReasonOf(observed.prefixState), started: null }, level);
  const blockedSignal = observed.signals.findIndex((s) => s.blocked);
  if (blockedSignal !== -1) return refusal({ ...base, reason: "signal_velocity", started: null }, level);

  const fast = signalVelocity(observed, t);
  if (fast !== null) {
    const figures = { windowCreations: observed.signals[fast].distinct, windowVerified: 0, expected: 0 };
    return refusal({ ...base, reason: "signal_velocity", started: figures }, level, () => store.blockSignal(String(merchant.id), signals[fast], t.cooldownMs));
  }
  if (observed.prefixState === "trust") return null;
  const blockPrefix = (reason: DetectionReason) => () => store.blockPrefix(String(merchant.id), prefix, reason, t.cooldownMs);
  const spike = prefixSpike(observed, usualFor(baseline, prefix), t);
  if (spike) return refusal({ ...base, reason: "prefix_spike", started: spike }, level, blockPrefix("prefix_spike"));
  const silent = verifiedNothing(observed, t);
  if (silent) return refusal({ ...base, reason: "verified_nothing", started: silent }, level, blockPrefix("verified_nothing"));
  return null;
}

/** The merchant's lists and geo permissions decide, or detection watches at the merchant's level. */
async function screenUnobserved(merchant: MerchantProfile, input: GuardedCreation, now: Date): Promise<{ decided: Refusal | null } | { watchedAt: Exclude<FraudGuardLevel, "off"> }> {
  const listed = input.destination !== null && input.channel !== "email" ? await listVerdict(merchant.id, internationalDigits(input.destination)) : null;
  if (listed === "block") return { decided: listRefusal(merchant, input, now) };
  if (listed === "safe") return { decided: null };
  if (!geoAllows(merchant.geoPermissions, input.channel, input.destination)) return { decided: geoRefusal(merchant, input, now) };
  if (merchant.fraudGuard === "off" || !watched(input)) return { decided: null };
  return { watchedAt: merchant.fraudGuard };
}

/** Costly channels to a phone number; e-mail costs too little to pump and an unbound whatsapp_inbound sends nothing. */
function watched(input: GuardedCreation): boolean {
  return input.destination !== null && input.channel !== "email" && input.channel !== "whatsapp_inbound";
}

/** The reason a prefix block was set with ("block:<reason>"); blocks set before verified_nothing existed are prefix_spike. */
function blockReasonOf(state: string): DetectionReason {
  return state === "block:verified_nothing" ? "verified_nothing" : "prefix_spike";
}

type Pending = Parameters<typeof recordBlock>[0] & { reason: DetectionReason };

/** `start` sets the shared block; when another instance set it first, this attempt only counts on its row. */
function refusal(entry: Pending, level: MerchantProfile["fraudGuard"], start?: () => Promise<boolean>): Refusal {
  return {
    refuse: async () => {
      const startedHere = start ? await start() : false;
      await recordBlock({ ...entry, started: startedHere ? entry.started : null });
      recordFraudRefusal(entry.reason, level);
      return fraudBlocked(entry.reason, entry.prefix);
    },
  };
}

function listRefusal(merchant: MerchantProfile, input: GuardedCreation, now: Date): Refusal {
  const prefix = prefixOf(input.destination!);
  return {
    refuse: async () => {
      const expiresAt = new Date(now.getTime() + LOG_GROUP_HOURS * 3_600_000);
      await recordBlock({ merchantId: merchant.id, reason: "blocklist", prefix, channel: input.channel, started: null, expiresAt });
      recordFraudRefusal("blocklist", merchant.fraudGuard);
      return fraudBlocked("blocklist", prefix);
    },
  };
}

function geoRefusal(merchant: MerchantProfile, input: GuardedCreation, now: Date): Refusal {
  const prefix = prefixOf(input.destination!);
  const country = countryCodeOf(input.destination!);
  const cls = geoClassOf(input.channel);
  return {
    refuse: async () => {
      const expiresAt = new Date(now.getTime() + LOG_GROUP_HOURS * 3_600_000);
      await recordBlock({ merchantId: merchant.id, reason: "geo", prefix, channel: input.channel, started: null, expiresAt });
      recordFraudRefusal("geo", merchant.fraudGuard);
      return new AppError("GEO_NOT_ALLOWED", `Negara tujuan (kode ${country}) tidak diizinkan untuk channel ${cls} di akun ini. Ubah izin negara di dashboard, menu Keamanan.`, {
        details: { country_code: country, channel_class: cls },
      });
    },
  };
}

const WHY: Record<DetectionReason | "blocklist", (prefix: string) => string> = {
  prefix_spike: (prefix) => `lonjakan permintaan ke nomor baru dengan prefix ${prefix} yang tidak diverifikasi`,
  verified_nothing: (prefix) => `banyak nomor dengan prefix ${prefix} menerima OTP tetapi tidak satu pun diverifikasi`,
  signal_velocity: () => "terlalu banyak nomor tujuan berbeda dari pengguna yang sama (signals) dalam waktu singkat",
  blocklist: () => "nomor tujuan ada di daftar blokir akun ini",
};

function fraudBlocked(reason: DetectionReason | "blocklist", prefix: string): AppError {
  const why = WHY[reason](prefix);
  return new AppError("FRAUD_BLOCKED", `Permintaan diblokir sementara oleh fraud guard: ${why}. Lihat log blokir di dashboard, menu Keamanan.`, {
    details: { reason, prefix },
  });
}
