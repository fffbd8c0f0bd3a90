// Xendit adapter. Shapes follow Xendit's public API reference as of 2024:
// - QRIS: POST /qr_codes with header `api-version: 2022-07-31`
//   body {reference_id, type: "DYNAMIC", currency: "IDR", amount, expires_at}
//   → {id: "qr_…", qr_string, status: "ACTIVE", …}.
// - Fixed virtual accounts: POST /callback_virtual_accounts
//   body {external_id, bank_code, name, is_closed: true, expected_amount, expiration_date, is_single_use: true}
//   → {id, account_number, bank_code, status: "PENDING", …}.
// Both use HTTP basic auth with the secret key as user and an empty password.
// Unverified against a live account: Xendit may reject `name` values with digits
// or punctuation for some banks (we send letters and spaces only), and the
// idempotency header names differ per product (sent as both products document them).
import { GatewayError, type Charge, type ChargeRequest, type PaymentGateway } from "./gateway";

export type XenditConfig = { secretKey: string; baseUrl: string; timeoutMs: number };

export const XENDIT_QR_API_VERSION = "2022-07-31";

type Json = Record<string, unknown>;

export function xenditAuthHeader(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
}

/** Letters and spaces only, as the banks behind fixed VAs require for the account name. */
export function xenditVaName(payeeName: string): string {
  const cleaned = payeeName.normalize("NFKD").replace(/[^A-Za-z ]/g, " ").replace(/\s+/g, " ").trim();
  return (cleaned.length >= 3 ? cleaned : `Sandi ${cleaned}`.trim()).slice(0, 50);
}

async function post(config: XenditConfig, path: string, body: Json, headers: Record<string, string>): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      headers: { authorization: xenditAuthHeader(config.secretKey), "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    throw new GatewayError(`Xendit ${path} unreachable: ${(err as Error).message}`);
  }
  const text = await response.text();
  let parsed: Json = {};
  try {
    parsed = text ? (JSON.parse(text) as Json) : {};
  } catch {
    // A proxy's HTML error page: keep the status, drop the body.
  }
  if (!response.ok) {
    const code = typeof parsed.error_code === "string" ? parsed.error_code : undefined;
    throw new GatewayError(`Xendit ${path} answered ${response.status}${code ? ` ${code}` : ""}`, code);
  }
  return parsed;
}

function requireString(body: Json, field: string, path: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") throw new GatewayError(`Xendit ${path} response lacks ${field}`);
  return value;
}

export function createXenditGateway(config: XenditConfig): PaymentGateway {
  return {
    name: "xendit",
    async createCharge(request: ChargeRequest): Promise<Charge> {
      if (request.method.type === "qr") {
        const body = await post(
          config,
          "/qr_codes",
          { reference_id: request.topupId, type: "DYNAMIC", currency: "IDR", amount: request.paymentTotal, expires_at: request.expiresAt.toISOString(), metadata: { topup_id: request.topupId } },
          { "api-version": XENDIT_QR_API_VERSION, "idempotency-key": request.topupId },
        );
        return { reference: requireString(body, "id", "/qr_codes"), qrString: requireString(body, "qr_string", "/qr_codes"), vaBank: null, vaNumber: null };
      }
      if (!request.method.bankCode) throw new GatewayError(`payment method ${request.method.code} has no bank code`);
      const body = await post(
        config,
        "/callback_virtual_accounts",
        {
          external_id: request.topupId,
          bank_code: request.method.bankCode,
          name: xenditVaName(request.payeeName),
          is_closed: true,
          expected_amount: request.paymentTotal,
          expiration_date: request.expiresAt.toISOString(),
          is_single_use: true,
        },
        { "x-idempotency-key": request.topupId },
      );
      const path = "/callback_virtual_accounts";
      return { reference: requireString(body, "id", path), qrString: null, vaBank: requireString(body, "bank_code", path), vaNumber: requireString(body, "account_number", path) };
    },
  };
}
