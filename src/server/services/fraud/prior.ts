// What detection assumes before there is any history to learn from: a fresh
// installation, or a new merchant on a new platform. Blended out as real history grows
// (baseline.ts), so a merchant whose traffic differs from it is judged on its own soon.
//
// Indonesia: the mobile operators' number blocks (country code 62 plus the operator
// prefix without its leading 0) with an approximate share of OTP traffic, from the
// operators' published subscriber counts (Telkomsel about 45 %, Indosat about 19 %,
// Tri about 10 %, XL about 12 %, Axis about 5 %, Smartfren about 9 %), split over each
// operator's prefixes by how long they have been issued. Rounded on purpose: the
// prior only has to be right within a factor of two or so, the allowance formula
// takes care of the rest.
import type { PrefixUsual } from "./baseline";

/** Share of an Indonesian merchant's phone creations per operator prefix (sums to 1). */
export const INDONESIA_PREFIX_SHARES: Readonly<Record<string, number>> = {
  // Telkomsel (simPATI, Kartu As, Halo, by.U)
  "62811": 0.02, "62812": 0.1, "62813": 0.08, "62821": 0.06, "62822": 0.06, "62823": 0.03, "62851": 0.03, "62852": 0.05, "62853": 0.02,
  // Indosat (IM3, Mentari, Matrix)
  "62814": 0.01, "62815": 0.03, "62816": 0.02, "62855": 0.02, "62856": 0.04, "62857": 0.04, "62858": 0.03,
  // Tri
  "62895": 0.02, "62896": 0.03, "62897": 0.02, "62898": 0.02, "62899": 0.01,
  // XL
  "62817": 0.03, "62818": 0.02, "62819": 0.03, "62859": 0.02, "62877": 0.01, "62878": 0.01,
  // Axis
  "62831": 0.02, "62832": 0.01, "62833": 0.01, "62838": 0.01,
  // Smartfren
  "62881": 0.02, "62882": 0.02, "62883": 0.01, "62884": 0.01, "62885": 0.01, "62887": 0.01, "62888": 0.005, "62889": 0.005,
};

/** Share of OTPs that end verified in Indonesian sign-up flows (SMS, 2025–2026 industry figures: 70–85 %). */
export const INDONESIA_VERIFIED_RATE = 0.75;

/**
 * Any other country's prefix: the largest operator prefix of a typical country carries
 * 5–15 % of its traffic, most 1–5 %; 3 % assumes a middle one. Verification rates
 * abroad run lower (delivery is less reliable), 65 %.
 */
export const GENERIC_PREFIX_SHARE = 0.03;
export const GENERIC_VERIFIED_RATE = 0.65;

/** The prior's guess for one prefix. An Indonesian prefix not in the table is not a mobile block in use: no share. */
export function priorFor(prefix: string): PrefixUsual {
  if (prefix.startsWith("62")) return { share: INDONESIA_PREFIX_SHARES[prefix] ?? 0, verifiedRate: INDONESIA_VERIFIED_RATE };
  return { share: GENERIC_PREFIX_SHARE, verifiedRate: GENERIC_VERIFIED_RATE };
}
