import { TOPUP_VALIDITY_HOURS } from "@/schemas/v3/topups";

export const TOPUP_VALIDITY_MS = TOPUP_VALIDITY_HOURS * 60 * 60 * 1000;
