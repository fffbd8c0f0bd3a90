// The payer's admin fee: a flat part plus a percentage in basis points, rounded
// up to whole rupiah so the gateway's own fee is never under-collected.
export type FeeRule = { feeFlat: number; feeBps: number };

export function adminFee(amount: number, rule: FeeRule): number {
  // Integer arithmetic: ceil(amount * bps / 10000) without floating-point error.
  const percent = Math.floor((amount * rule.feeBps + 9999) / 10000);
  return rule.feeFlat + percent;
}
