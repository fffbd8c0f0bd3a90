// `Authorization: Bearer <key>` for /v3: the header's form is checked here, the key
// is looked up by the API-keys service, and each failure becomes 401 UNAUTHORIZED
// with a message naming its cause.
import { AppError } from "@/server/errors";
import { lookUpApiKey, type AuthenticatedMerchant } from "@/server/services/api-keys/key-lookup";

export type { AuthenticatedMerchant };

// Keys look like sk_live_<40 base62>; the pattern is loose on purpose (older or
// future formats) but refuses whitespace, quotes and absurd lengths before any query.
const BEARER = /^Bearer +([A-Za-z0-9_-]{8,200})$/i;

export async function authenticateBearer(header: string | null, now = Date.now()): Promise<AuthenticatedMerchant> {
  if (header === null) throw new AppError("UNAUTHORIZED", "Header Authorization tidak ada. Kirim 'Authorization: Bearer <API_KEY>'.");
  if (header.trim() === "") throw new AppError("UNAUTHORIZED", "Header Authorization kosong. Kirim 'Authorization: Bearer <API_KEY>'.");
  const m = BEARER.exec(header.trim());
  if (!m) throw new AppError("UNAUTHORIZED", "Format header Authorization salah; gunakan 'Bearer <API_KEY>'.");

  const outcome = await lookUpApiKey(m[1], now);
  if (outcome === "unknown") throw new AppError("UNAUTHORIZED", "API key tidak dikenal.");
  if (outcome === "revoked") throw new AppError("UNAUTHORIZED", "API key sudah dicabut. Buat API key baru di dashboard.");
  return outcome;
}
