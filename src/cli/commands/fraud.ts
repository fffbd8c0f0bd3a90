import type { Command } from "../command";
import type { Args } from "../args";
import { UsageError } from "../args";
import { listBlocks } from "@/server/services/fraud/block-log";
import { addListEntry, listEntries, removeListEntry } from "@/server/services/fraud/lists";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { findWorldOf } from "@/server/services/merchants/test-world";
import { fraudListValue, type FraudListName } from "@/schemas/fraud-lists";
import { operatorOn } from "@/server/services/audit/record-audit";
import { parseInput } from "@/server/validation";

/** The world (live unless --mode test) of --merchant. */
async function worldId(a: Args): Promise<number> {
  return (await findWorldOf(a.required("merchant"), a.mode())).id;
}

/** The world of --merchant, and who changes it: the operator, filed under the live account (docs/teams.md). */
async function changedWorld(a: Args) {
  const world = await findWorldOf(a.required("merchant"), a.mode());
  return { id: world.id, by: operatorOn(world.liveId) };
}

function listCommand(list: FraudListName, what: string): Command {
  return {
    name: `fraud ${list}`,
    usage: `fraud ${list} list|add|remove [VALUE] --merchant <merchant_id> [--mode live|test]   (the ${what}: numbers 6281234567890 and prefixes 62812345*)`,
    flags: ["merchant", "mode"],
    run: async (a) => {
      const action = a.positional(0, "list, add or remove");
      if (!["list", "add", "remove"].includes(action)) throw new UsageError(`fraud ${list}: the action must be list, add or remove, got "${action}"`);
      if (action === "list") return { list, entries: await listEntries(await worldId(a), list) };
      const value = parseInput(fraudListValue, a.positional(1, "the number or prefix"));
      const { id, by } = await changedWorld(a);
      return action === "add" ? addListEntry(id, { list, value }, by) : removeListEntry(id, { list, value }, by);
    },
  };
}

export const fraudCommands: Command[] = [
  {
    name: "fraud blocks",
    usage: "fraud blocks --merchant <merchant_id> [--mode live|test]               (the fraud guard's block log, newest first)",
    flags: ["merchant", "mode"],
    run: async (a) => ({ blocks: await listBlocks(await worldId(a)) }),
  },
  {
    name: "fraud unblock",
    usage: "fraud unblock --merchant <merchant_id> --prefix P [--mode live|test]   (lift a prefix block; the prefix is trusted for an hour)",
    flags: ["merchant", "prefix", "mode"],
    run: async (a) => {
      const { id, by } = await changedWorld(a);
      return unblockPrefix(id, a.required("prefix"), by);
    },
  },
  listCommand("safe", "safe list: never screened by detection or geo permissions"),
  listCommand("block", "block list: always refused with FRAUD_BLOCKED, reason blocklist"),
];
