// Merchants and calls for /v3 integration tests: real route handlers, real database.
import { POST as requestRoute } from "@/app/v3/request/route";
import { POST as sendRoute } from "@/app/v3/send/route";
import { POST as verifyRoute } from "@/app/v3/verify/route";
import { GET as otpRoute } from "@/app/v3/otp/[otpId]/route";
import { GET as accountRoute } from "@/app/v3/account/route";
import { getDb } from "@/server/db/client";
import { createMerchant } from "@/server/services/merchants/merchants";
import { ledgerIsBalanced } from "@/server/services/credits/ledger";
import { listSandboxMessages } from "@/server/services/otp/sandbox-messages";
import type { MerchantCreateInput } from "@/schemas/merchant";
import { readEnvelope, routeParams, v3Request } from "./http";

/** The end user's phone number most OTP tests send to. */
export const PHONE = "6281234567890";

let counter = 0;

export async function newMerchant(overrides: Partial<MerchantCreateInput> = {}) {
  counter += 1;
  const created = await createMerchant({ name: `Toko ${counter}`, email: `m${counter}-${Date.now()}@toko.test`, brandName: "TokoKu", saldo: 100_000, ...overrides });
  const db = await getDb();
  const row = await db.merchant.findUniqueOrThrow({ where: { merchantId: created.merchant_id }, select: { id: true, testWorld: { select: { id: true } } } });
  return {
    id: row.id,
    merchantId: created.merchant_id,
    key: created.api_key,
    keyId: created.key_id,
    /** The test world (test mode): its own row, saldo and sk_test_ key. */
    testId: row.testWorld!.id,
    testKey: created.test_api_key,
  };
}

export type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const headersFor = (extra?: Record<string, string>) => ({ "x-forwarded-for": "203.0.113.10", ...(extra ?? {}) });

export async function requestOtp(key: string, body: unknown, headers?: Record<string, string>) {
  return readEnvelope(await requestRoute(v3Request("/v3/request", { key, body, headers: headersFor(headers) })));
}

export async function sendOtp(key: string, body: unknown) {
  return readEnvelope(await sendRoute(v3Request("/v3/send", { key, body, headers: headersFor() })));
}

export async function verify(key: string, body: unknown) {
  return readEnvelope(await verifyRoute(v3Request("/v3/verify", { key, body, headers: headersFor() })));
}

export async function getOtpDetail(key: string, otpId: string) {
  return readEnvelope(await otpRoute(v3Request(`/v3/otp/${otpId}`, { key, headers: headersFor() }), routeParams({ otpId })));
}

export async function account(key: string, headers?: Record<string, string>) {
  return readEnvelope(await accountRoute(v3Request("/v3/account", { key, headers: headersFor(headers) })));
}

/** A code that differs from `code` in its last digit only: the near miss a mismatch test submits. */
export function wrongCode(code: string): string {
  return code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
}

/** The code the sandbox delivered for an OTP (what the end user would read on their phone). */
export async function deliveredCode(otpId: string): Promise<string> {
  const [message] = await listSandboxMessages({ otpId });
  if (!message) throw new Error(`no sandbox message for ${otpId}`);
  return message.code;
}

export async function saldoOf(merchantId: number): Promise<number> {
  const db = await getDb();
  const m = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { saldo: true } });
  return Number(m.saldo);
}

export async function expectLedgerBalanced(merchantId: number): Promise<boolean> {
  return (await ledgerIsBalanced(await getDb(), merchantId)).balanced;
}
