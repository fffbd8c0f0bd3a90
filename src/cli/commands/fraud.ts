import type { Command } from "../command";
import { listBlocks } from "@/server/services/fraud/block-log";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { findWorldOf } from "@/server/services/merchants/test-world";
import { operatorOn } from "@/server/services/audit/record-audit";

async function internalId(merchantPublicId: string): Promise<number> {
  return (await findWorldOf(merchantPublicId, "live")).id;
}

export const fraudCommands: Command[] = [
  {
    name: "fraud blocks",
    usage: "fraud blocks --merchant <merchant_id>               (the fraud guard's block log, newest first)",
    flags: ["merchant"],
    run: async (a) => ({ blocks: await listBlocks(await internalId(a.required("merchant"))) }),
  },
  {
    name: "fraud unblock",
    usage: "fraud unblock --merchant <merchant_id> --prefix P   (lift a prefix block; the prefix is trusted for an hour)",
    flags: ["merchant", "prefix"],
    run: async (a) => {
      const merchantId = await internalId(a.required("merchant"));
      return unblockPrefix(merchantId, a.required("prefix"), operatorOn(merchantId));
    },
  },
];
