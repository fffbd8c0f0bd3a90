import { pageSchema } from "@/schemas/dashboard/transactions";
import { createTopupInput } from "@/schemas/dashboard/topups";
import { createTopup } from "@/server/services/topups/create-topup";
import { listTopups } from "@/server/services/topups/list-topups";
import { merchantProcedure, router } from "../init";

export const topupsRouter = router({
  /** The same invoice as POST /v3/topups; the screen opens its hosted page. */
  create: merchantProcedure.input(createTopupInput).mutation(({ ctx, input }) => createTopup(ctx.merchant.id, { amount: input.amount, payment_method_id: input.paymentMethodId })),
  list: merchantProcedure.input(pageSchema).query(({ ctx, input }) => listTopups(ctx.merchant.id, input)),
});
