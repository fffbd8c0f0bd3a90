// Xendit when its secret key is configured, the sandbox otherwise. Read on every
// call so tests and operators can switch by changing the environment.
import { getEnv } from "@/env";
import type { PaymentGateway } from "./gateway";
import { sandboxGateway } from "./sandbox-gateway";
import { createXenditGateway } from "./xendit-gateway";

export function getPaymentGateway(): PaymentGateway {
  const env = getEnv();
  if (env.XENDIT_SECRET_KEY) return createXenditGateway({ secretKey: env.XENDIT_SECRET_KEY, baseUrl: env.XENDIT_API_BASE_URL, timeoutMs: env.VENDOR_TIMEOUT_MS });
  return sandboxGateway;
}

/** Test-mode top-ups always go to the sandbox gateway: test saldo is never bought with real money. */
export function getPaymentGatewayForMode(livemode: boolean): PaymentGateway {
  return livemode ? getPaymentGateway() : sandboxGateway;
}

export function isSandboxGateway(): boolean {
  return getPaymentGateway().name === "sandbox";
}
