/** Requests per second per API key when the operator set no other limit for the merchant. */
export const DEFAULT_RATE_LIMIT = 20;
