import type { Command } from "../command";
import type { Args } from "../args";
import { UsageError } from "../args";
import { listBlocks } from "@/server/services/fraud/block-log";
import { addListEntry, listEntries, removeListEntry } from "@/server/services/fraud/lists";
import { parseListValue } from "@/server/services/fraud/list-requests";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { findWorldOf } from "@/server/services/merchants/test-world";
import type { FraudListName } from "@/schemas/fraud-lists";

/** The world (live unless --mode test) of --merchant. */
async function worldId(a: Args): Promise<number> {
  return (await findWorldOf(a.required("merchant"), a.mode())).id;
}

function listCommand(list: FraudListName, what: string): Command {
  return {
    name: `fraud ${list}`,
    usage: `fraud ${list} list|add|remove [VALUE] --merchant <merchant_id> [--mode live|test]   (the ${what}: numbers 6281234567890 and prefixes 62812345*)`,
    flags: ["merchant", "mode"],
    run: async (a) => {
      const action = a.positional(0, "list, add or remove");
      if (!["list", "add", "remove"].includes(action)) throw new UsageError(`fraud ${list}: the action must be list, add or remove, got "${action}"`);
      const id = await worldId(a);
      if (action === "list") return { list, entries: await listEntries(id, list) };
      const value = parseListValue(a.positional(1, "the number or prefix"));
      return action === "add" ? addListEntry(id, list, value, "operator") : removeListEntry(id, list, value);
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
    run: async (a) => unblockPrefix(await worldId(a), a.required("prefix"), "operator"),
  },
  listCommand("safe", "safe list: never screened by detection or geo permissions"),
  listCommand("block", "block list: always refused with FRAUD_BLOCKED, reason blocklist"),
];
