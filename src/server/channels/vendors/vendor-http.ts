// HTTP towards delivery vendors: one timeout budget per call, the route's circuit
// breaker, and one classification — unreachable (timeout, connection error, 5xx)
// or refusing our account (401, 403, 429) throws VendorUnavailableError; any
// other answer is returned for the adapter to read as sent or failed.
// A POST is retried only when the connection was refused, i.e. before a single
// byte left: once the request may have reached the vendor, a retry could deliver twice.
import { getEnv } from "@/env";
import { VendorUnavailableError } from "../channel";
import { recordVendorCall } from "@/server/metrics/record";
import { breakerFor, vendorFailed } from "./circuit-breaker";

export type VendorResponse = { status: number; json: Record<string, unknown> };

/** Errors raised before the connection existed, so the vendor cannot have seen the request. */
const NOT_SENT = new Set(["ECONNREFUSED", "EAI_AGAIN"]);
/** Answers about our account, not about the recipient: every other send would fail the same way. */
const ACCOUNT_REFUSED = new Set([401, 403, 429]);
const RETRY_DELAY_MS = 100;

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

export function failedBeforeSending(err: unknown): boolean {
  const code = errorCode(err);
  return !!code && NOT_SENT.has(code);
}

async function fetchOnce(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  return fetch(url, { ...init, redirect: "error", signal });
}

async function fetchRetryingRefused(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  try {
    return await fetchOnce(url, init, signal);
  } catch (err) {
    if (!failedBeforeSending(err) || signal.aborted) throw err;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS).unref());
    return fetchOnce(url, init, signal);
  }
}

/** How one call is made, beyond the URL and the request itself. */
export type VendorCallOptions = {
  /**
   * Names answers that, whatever their HTTP status, refuse our account rather than this
   * recipient (e.g. a WhatsApp template that does not exist): they are treated like a 401,
   * as unavailability that counts towards the circuit.
   */
  accountRefusal?: (res: VendorResponse) => string | null;
  /** The circuit breaker this call counts towards: the route's name, or the vendor's for the environment's route. */
  circuit?: string;
  /** Epoch ms by which the answer must have come (what is left of the creation's budget); VENDOR_TIMEOUT_MS caps it. */
  deadline?: number;
  /** The /v3 request the send is part of, for the line an unreachable vendor logs. */
  requestId?: string;
};

export async function vendorRequest(vendor: string, url: string, init: RequestInit, options: VendorCallOptions = {}): Promise<VendorResponse> {
  const circuit = options.circuit ?? vendor;
  const left = options.deadline === undefined ? Infinity : options.deadline - Date.now();
  // Nothing left of the budget: not the vendor's fault, so the circuit does not count it.
  if (left <= 0) throw new VendorUnavailableError(vendor, `${vendor} timed out: no time left in the send's budget`);
  const breaker = breakerFor(circuit);
  if (!breaker.allow()) throw new VendorUnavailableError(vendor, `${circuit} circuit open after repeated failures`);
  const signal = AbortSignal.timeout(Math.max(1, Math.floor(Math.min(getEnv().VENDOR_TIMEOUT_MS, left))));
  const started = performance.now();
  let response: Response;
  let json: Record<string, unknown>;
  try {
    response = await fetchRetryingRefused(url, init, signal);
    // The body counts against the same budget: a vendor that stalls mid-answer is unreachable too.
    const text = await response.text();
    json = parseObject(text);
  } catch (err) {
    const e = err as Error;
    const timedOut = e.name === "TimeoutError" || signal.aborted;
    const reason = timedOut ? `${vendor} timed out` : `${vendor} unreachable: ${errorCode(err) ?? e.message}`;
    recordVendorCall(vendor, false, started);
    vendorFailed(circuit, reason, options.requestId);
    throw new VendorUnavailableError(vendor, reason);
  }
  const refusal = response.status >= 500 || ACCOUNT_REFUSED.has(response.status) ? `${vendor} answered ${response.status}` : (options.accountRefusal?.({ status: response.status, json }) ?? null);
  recordVendorCall(vendor, !refusal, started);
  if (refusal) {
    vendorFailed(circuit, refusal, options.requestId);
    throw new VendorUnavailableError(vendor, refusal);
  }
  breaker.success();
  return { status: response.status, json };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
