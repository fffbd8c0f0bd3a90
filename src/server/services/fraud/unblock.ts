// Lifting a prefix block (the merchant in the dashboard, or an operator): the log rows
// are marked, the shared block is dropped, the prefix's window is forgotten and the
// prefix is trusted for a while, so the surge that was real is not blocked again at once.
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordAudit, type ChangeBy } from "@/server/services/audit/record-audit";
import { markUnblocked } from "./block-log";
import { getFraudStore } from "./fraud-store";
import { TRUST_AFTER_UNBLOCK_MS, WINDOW_MINUTES } from "./levels";
import { PREFIX_PATTERN } from "./prefix";

export async function unblockPrefix(merchantId: number, prefix: string, changeBy: ChangeBy, now = new Date()): Promise<{ prefix: string; lifted_blocks: number }> {
  if (!PREFIX_PATTERN.test(prefix)) throw new AppError("VALIDATION_ERROR", "Prefix harus 2–8 digit.", { field: "prefix" });
  const by = changeBy.actor.kind === "operator" ? "operator" : "merchant";
  const db = await getDb();
  const lifted = await db.$transaction(async (tx) => {
    const count = await markUnblocked(merchantId, prefix, by, now, tx);
    await recordAudit(tx, { ...changeBy, action: "fraud.unblock", target: prefix, after: { lifted_blocks: count } });
    return count;
  });
  await getFraudStore().trustPrefix(String(merchantId), prefix, TRUST_AFTER_UNBLOCK_MS, Math.floor(now.getTime() / 60_000), WINDOW_MINUTES);
  return { prefix, lifted_blocks: lifted };
}
