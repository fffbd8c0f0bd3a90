export const TOPUP_VALIDITY_MS = 3 * 60 * 60 * 1000;
