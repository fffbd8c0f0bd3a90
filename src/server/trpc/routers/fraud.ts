import { fraudBlockRow, fraudSettingsOutput, securitySettingsInput, unblockPrefixInput, unblockPrefixOutput } from "@/schemas/fraud";
import { z } from "zod";
import { activePrefixBlocks, listBlocks } from "@/server/services/fraud/block-log";
import { fraudSettings, updateFraudSettings } from "@/server/services/fraud/settings";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { addListEntry, listEntries, removeListEntry } from "@/server/services/fraud/lists";
import { fraudListChange, fraudListEntryView, fraudListName, fraudListRemoval } from "@/schemas/fraud-lists";
import { memberProcedure, router } from "../init";

export const fraudRouter = router({
  settings: memberProcedure("read").output(fraudSettingsOutput).query(({ ctx }) => fraudSettings(ctx.merchant.id)),
  updateSettings: memberProcedure("security.manage").input(securitySettingsInput).output(fraudSettingsOutput).mutation(({ ctx, input }) => updateFraudSettings(ctx.merchant.id, input, ctx.changeBy)),
  blocks: memberProcedure("read").output(z.array(fraudBlockRow)).query(({ ctx }) => listBlocks(ctx.world.id, 50)),
  /** Prefixes blocked right now, for the overview's notice. */
  activeBlocks: memberProcedure("read").output(z.array(z.string())).query(({ ctx }) => activePrefixBlocks(ctx.world.id)),
  /** The safe list or block list of the world the dashboard shows. */
  list: memberProcedure("read").input(z.object({ list: fraudListName })).output(z.array(fraudListEntryView)).query(({ ctx, input }) => listEntries(ctx.world.id, input.list)),
  addListEntry: memberProcedure("security.manage").input(fraudListChange).output(fraudListEntryView).mutation(({ ctx, input }) => addListEntry(ctx.world.id, input, ctx.changeBy)),
  removeListEntry: memberProcedure("security.manage").input(fraudListChange).output(fraudListRemoval).mutation(({ ctx, input }) => removeListEntry(ctx.world.id, input, ctx.changeBy)),
  unblock: memberProcedure("security.manage").input(unblockPrefixInput).output(unblockPrefixOutput).mutation(({ ctx, input }) => unblockPrefix(ctx.world.id, input.prefix, ctx.changeBy)),
});
