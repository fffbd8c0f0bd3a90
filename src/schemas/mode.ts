import { z } from "zod";

/** Live or test: which of a merchant's two worlds (keys, saldo, OTPs, webhooks) a request acts on. */
export const MODES = ["live", "test"] as const;
export const modeSchema = z.enum(MODES);
export type Mode = z.infer<typeof modeSchema>;
