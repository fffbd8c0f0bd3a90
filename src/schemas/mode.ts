import { z } from "zod";

/** Live or test: which of a merchant's two worlds (keys, saldo, OTPs, webhooks) a request acts on. */
export const MODES = ["live", "test"] as const;
export const modeSchema = z.enum(MODES);
export type Mode = z.infer<typeof modeSchema>;

/** The dashboard's mode switch: a cookie holding "test" while the merchant looks at test mode. */
export const MODE_COOKIE = "sandi_mode";

/** The ledger note of a test world's opening credit: Sandi adds it at sign-up, no operator does. */
export const TEST_OPENING_NOTE = "Saldo uji awal";
