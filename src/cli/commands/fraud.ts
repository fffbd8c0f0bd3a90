import type { Command } from "../command";
import { AppError } from "@/server/errors";
import { listBlocks } from "@/server/services/fraud/block-log";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { findMerchantIds } from "@/server/services/merchants/merchants";

async function internalId(merchantPublicId: string): Promise<number> {
  const ids = await findMerchantIds(merchantPublicId);
  if (!ids) throw new AppError("NOT_FOUND", `Merchant ${merchantPublicId} tidak ditemukan.`);
  return ids.id;
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
    run: async (a) => unblockPrefix(await internalId(a.required("merchant")), a.required("prefix"), "operator"),
  },
];
