// POST /v3/topups body → validated input.
import { createTopupBody, type TopupAmount } from "@/schemas/v3/topups";
import { parseV3Body } from "@/server/validation";

export type TopupRequest = { amount: TopupAmount; paymentMethodId: number | null };

export function parseTopupRequest(raw: unknown): TopupRequest {
  const body = parseV3Body(createTopupBody, raw);
  return { amount: body.amount, paymentMethodId: body.payment_method_id ?? null };
}
