// Operator actions on top-ups (otpctl). Authenticated by having the database.
import { presentForOperator } from "./present";
import { settleTopup } from "./settle";

/** `otpctl topup pay`: the same settlement as a gateway callback; paying a Paid top-up again changes nothing. */
export async function payTopupAsOperator(topupId: string) {
  const { topup } = await settleTopup(topupId, { source: "operator" });
  return presentForOperator(topup);
}
