// Calls for top-up integration tests: the real route handlers, real database.
import { POST as topupsRoute } from "@/app/v3/topups/route";
import { POST as xenditHook } from "@/app/api/hooks/xendit/route";
import { GET as statusRoute } from "@/app/topup/[id]/status/route";
import { POST as simulateRoute } from "@/app/topup/[id]/simulate/route";
import { getDb } from "@/server/db/client";
import type { TopupInvoiceData } from "@/schemas/v3/topups";
import { afterEach, beforeEach } from "vitest";
import { startXenditSimulator, type XenditSimulator } from "../simulators/xendit-simulator";
import { overrideEnv } from "./env-override";
import { readEnvelope, routeParams, v3Request } from "./http";

export async function createTopupCall(key: string, body: unknown) {
  return readEnvelope<TopupInvoiceData>(await topupsRoute(v3Request("/v3/topups", { key, body, headers: { "x-forwarded-for": "203.0.113.10" } })));
}

/** Creates an invoice over the route and fails loudly when it is refused. */
export async function createTopupOk(key: string, body: unknown): Promise<TopupInvoiceData> {
  const { status, body: envelope } = await createTopupCall(key, body);
  if (status !== 200 || !envelope.data) throw new Error(`top-up refused: ${status} ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

export async function postXenditCallback(body: unknown, token: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== null) headers["x-callback-token"] = token;
  const response = await xenditHook(new Request("http://localhost:3000/api/hooks/xendit", { method: "POST", headers, body: JSON.stringify(body) }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function pageStatus(topupId: string, hash: string | null) {
  const url = `http://localhost:3000/topup/${topupId}/status${hash === null ? "" : `?hash=${hash}`}`;
  const response = await statusRoute(new Request(url), routeParams({ id: topupId }) as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function simulatePayment(topupId: string, hash: string | null) {
  const url = `http://localhost:3000/topup/${topupId}/simulate${hash === null ? "" : `?hash=${hash}`}`;
  const response = await simulateRoute(new Request(url, { method: "POST" }), routeParams({ id: topupId }) as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function topupRow(topupId: string) {
  const db = await getDb();
  return db.topup.findUniqueOrThrow({ where: { topupId } });
}

export async function topupLedgerEntries(topupId: string) {
  const db = await getDb();
  return db.ledgerEntry.findMany({ where: { reason: "topup", reference: topupId } });
}

/** Moves an invoice's expiry into the past, as if 3 hours had gone by. */
export async function makeOverdue(topupId: string) {
  const db = await getDb();
  await db.topup.update({ where: { topupId }, data: { expiresAt: new Date(Date.now() - 1000) } });
}

/** Changes a seeded payment method (each test starts from the seeded ones again). */
export async function setMethod(code: string, data: { active?: boolean; minAmount?: number; maxAmount?: number | null; feeFlat?: number; feeBps?: number; sortOrder?: number }) {
  const db = await getDb();
  return db.paymentMethod.update({ where: { code }, data });
}

/** The id of the payment method with this code (QRIS, BCA_VA, …). */
export async function methodId(code: string) {
  const db = await getDb();
  return (await db.paymentMethod.findUniqueOrThrow({ where: { code } })).id;
}

export const XENDIT_TEST_SECRET = "xnd_development_0123456789abcdef";
export const XENDIT_TEST_TOKEN = "cb_token_0123456789abcdef0123456789abcdef";

/**
 * Xendit, as its local simulator, is the payment gateway for every test of the calling
 * describe block, invoices included, as in production. `env` layers more variables for
 * one test; everything is restored after it.
 */
export function useXenditGateway() {
  let sim: XenditSimulator | undefined;
  const restores: (() => void)[] = [];
  beforeEach(async () => {
    sim = await startXenditSimulator(XENDIT_TEST_SECRET);
    restores.push(overrideEnv({ XENDIT_SECRET_KEY: XENDIT_TEST_SECRET, XENDIT_API_BASE_URL: sim.baseUrl, XENDIT_CALLBACK_TOKEN: XENDIT_TEST_TOKEN }));
  });
  afterEach(async () => {
    while (restores.length) restores.pop()!();
    await sim?.close();
  });
  return { env: (vars: Record<string, string | undefined>) => void restores.push(overrideEnv(vars)) };
}
