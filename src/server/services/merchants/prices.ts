import { CHANNELS } from "@/schemas/channels";
import type { Channel } from "@/generated/prisma/enums";

/** Default prices in credits (IDR) per channel (docs/otp-rules.md); operators override them per merchant. */
export const DEFAULT_PRICES: Record<Channel, number> = {
  whatsapp: 350,
  sms: 450,
  email: 100,
  misscall: 250,
  voice: 800,
  whatsapp_inbound: 300,
};

export type PriceOverrides = Partial<Record<Channel, number>>;

export function effectivePrices(overrides: unknown): Record<Channel, number> {
  const o = (overrides ?? {}) as PriceOverrides;
  const out = { ...DEFAULT_PRICES };
  for (const channel of CHANNELS) {
    const value = o[channel];
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) out[channel] = value;
  }
  return out;
}

export function priceFor(overrides: unknown, channel: Channel): number {
  return effectivePrices(overrides)[channel];
}
