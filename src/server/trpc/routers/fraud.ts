import { fraudBlockRow, fraudSettingsOutput, securitySettingsInput, unblockPrefixInput, unblockPrefixOutput } from "@/schemas/fraud";
import { z } from "zod";
import { activePrefixBlocks, listBlocks } from "@/server/services/fraud/block-log";
import { fraudSettings, updateFraudSettings } from "@/server/services/fraud/settings";
import { unblockPrefix } from "@/server/services/fraud/unblock";
import { merchantProcedure, router } from "../init";

export const fraudRouter = router({
  settings: merchantProcedure.output(fraudSettingsOutput).query(({ ctx }) => fraudSettings(ctx.merchant.id)),
  updateSettings: merchantProcedure.input(securitySettingsInput).output(fraudSettingsOutput).mutation(({ ctx, input }) => updateFraudSettings(ctx.merchant.id, input)),
  blocks: merchantProcedure.output(z.array(fraudBlockRow)).query(({ ctx }) => listBlocks(ctx.world.id, 50)),
  /** Prefixes blocked right now, for the overview's notice. */
  activeBlocks: merchantProcedure.output(z.array(z.string())).query(({ ctx }) => activePrefixBlocks(ctx.world.id)),
  unblock: merchantProcedure.input(unblockPrefixInput).output(unblockPrefixOutput).mutation(({ ctx, input }) => unblockPrefix(ctx.world.id, input.prefix, "merchant")),
});
