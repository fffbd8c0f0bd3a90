import { fraudBlockRow, fraudSettingsOutput, securitySettingsInput, unblockPrefixInput, unblockPrefixOutput } from "@/schemas/fraud";
import { z } from "zod";
import { activePrefixBlocks, listBlocks } from "@/server/services/fraud/block-log";
import { fraudSettings, updateFraudSettings } from "@/server/services/fraud/settings";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { memberProcedure, router } from "../init";

export const fraudRouter = router({
  settings: memberProcedure("read").output(fraudSettingsOutput).query(({ ctx }) => fraudSettings(ctx.merchant.id)),
  updateSettings: memberProcedure("security.manage").input(securitySettingsInput).output(fraudSettingsOutput).mutation(({ ctx, input }) => updateFraudSettings(ctx.merchant.id, input, ctx.changeBy)),
  blocks: memberProcedure("read").output(z.array(fraudBlockRow)).query(({ ctx }) => listBlocks(ctx.world.id, 50)),
  /** Prefixes blocked right now, for the overview's notice. */
  activeBlocks: memberProcedure("read").output(z.array(z.string())).query(({ ctx }) => activePrefixBlocks(ctx.world.id)),
  unblock: memberProcedure("security.manage").input(unblockPrefixInput).output(unblockPrefixOutput).mutation(({ ctx, input }) => unblockPrefix(ctx.world.id, input.prefix, ctx.changeBy)),
});
