import { getEnv } from "@/env";

/** Where the merchant's server sends /v3 calls ({base_url}), for the copyable example on the API key screen. */
export function apiBaseUrl(): { base_url: string } {
  return { base_url: getEnv().BASE_URL };
}
