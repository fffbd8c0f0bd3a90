// The fraud guard's one entry for the creation path: geo permissions first (pure, on the
// profile: a refused destination is neither charged nor counted), then detection (one
// Redis pipeline, with the cached baseline). It answers what would be refused; the
// caller checks for an idempotent replay before refusing, so a replay is never blocked.
import type { Channel } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import type { MerchantProfile } from "@/server/services/merchants/profile";
import type { CreationSignals } from "@/schemas/v3/signals";
import { baselineFor, usualFor } from "./baseline";
import { recordBlock } from "./block-log";
import { prefixSpike, signalVelocity } from "./detect";
import { getFraudStore } from "./detection-store";
import { geoAllows, geoClassOf } from "./geo";
import { THRESHOLDS, WINDOW_MINUTES } from "./levels";
import { countryCodeOf, prefixOf } from "./prefix";
import { signalKeys } from "./signals";

export type GuardedCreation = { channel: Channel; destination: string | null; signals: CreationSignals | null };

/** A refusal not yet made: refuse() starts the block if needed, logs it and gives the error to throw. */
export type Refusal = { refuse: () => Promise<AppError> };

const GEO_LOG_HOURS = 1;

export async function screenCreation(merchant: MerchantProfile, input: GuardedCreation, now = new Date()): Promise<Refusal | null> {
  if (!geoAllows(merchant.geoPermissions, input.channel, input.destination)) return geoRefusal(merchant.id, input, now);
  if (merchant.fraudGuard === "off" || !watched(input)) return null;
  const t = THRESHOLDS[merchant.fraudGuard];
  const destination = input.destination!;
  const prefix = prefixOf(destination);
  const signals = signalKeys(input.signals);
  const minute = Math.floor(now.getTime() / 60_000);
  const store = getFraudStore();
  const [observed, baseline] = await Promise.all([
    store.observe({ merchant: String(merchant.id), prefix, destination, signals, minute, windowMinutes: WINDOW_MINUTES, signalLimit: t.signalDestinations }),
    baselineFor(merchant.id),
  ]);
  const base = { merchantId: merchant.id, prefix, channel: input.channel, expiresAt: new Date(now.getTime() + t.cooldownMs) };

  if (observed.prefixState?.startsWith("block:")) return refusal({ ...base, reason: "prefix_spike", started: null });
  const blockedSignal = observed.signals.findIndex((s) => s.blocked);
  if (blockedSignal !== -1) return refusal({ ...base, reason: "signal_velocity", started: null });

  const fast = signalVelocity(observed, t);
  if (fast !== null) {
    const figures = { windowCreations: observed.signals[fast].distinct, windowVerified: 0, expected: 0 };
    return refusal({ ...base, reason: "signal_velocity", started: figures }, () => store.blockSignal(String(merchant.id), signals[fast], t.cooldownMs));
  }
  if (observed.prefixState === "trust" || baseline === null) return null;
  const spike = prefixSpike(observed, usualFor(baseline, prefix), t);
  if (spike) return refusal({ ...base, reason: "prefix_spike", started: spike }, () => store.blockPrefix(String(merchant.id), prefix, "prefix_spike", t.cooldownMs));
  return null;
}

/** Costly channels to a phone number; e-mail costs too little to pump and an unbound whatsapp_inbound sends nothing. */
function watched(input: GuardedCreation): boolean {
  return input.destination !== null && input.channel !== "email" && input.channel !== "whatsapp_inbound";
}

type Pending = Parameters<typeof recordBlock>[0] & { reason: "prefix_spike" | "signal_velocity" };

/** `start` sets the shared block; when another instance set it first, this attempt only counts on its row. */
function refusal(entry: Pending, start?: () => Promise<boolean>): Refusal {
  return {
    refuse: async () => {
      const startedHere = start ? await start() : false;
      await recordBlock({ ...entry, started: startedHere ? entry.started : null });
      return fraudBlocked(entry.reason, entry.prefix);
    },
  };
}

function geoRefusal(merchantId: number, input: GuardedCreation, now: Date): Refusal {
  const prefix = prefixOf(input.destination!);
  const country = countryCodeOf(input.destination!);
  const cls = geoClassOf(input.channel);
  return {
    refuse: async () => {
      const expiresAt = new Date(now.getTime() + GEO_LOG_HOURS * 3_600_000);
      await recordBlock({ merchantId, reason: "geo", prefix, channel: input.channel, started: null, expiresAt });
      return new AppError("GEO_NOT_ALLOWED", `Negara tujuan (kode ${country}) tidak diizinkan untuk channel ${cls} di akun ini. Ubah izin negara di dashboard, menu Keamanan.`, {
        details: { country_code: country, channel_class: cls },
      });
    },
  };
}

function fraudBlocked(reason: "prefix_spike" | "signal_velocity", prefix: string): AppError {
  const why =
    reason === "prefix_spike"
      ? `lonjakan permintaan ke nomor baru dengan prefix ${prefix} yang tidak diverifikasi`
      : "terlalu banyak nomor tujuan berbeda dari pengguna yang sama (signals) dalam waktu singkat";
  return new AppError("FRAUD_BLOCKED", `Permintaan diblokir sementara oleh fraud guard: ${why}. Lihat log blokir di dashboard, menu Keamanan.`, {
    details: { reason, prefix },
  });
}
