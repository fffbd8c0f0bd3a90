import { describe, expectTypeOf, it } from "vitest";
import type { DeliveryResult } from "./channel";

describe("delivery adapter contract", () => {
  // Checked by `tsc --noEmit` (part of `npm test`): a `pending` outcome would be stored
  // as is, then receipts would wait on it forever and the abandoned-creation sweep refund it.
  it("lets an adapter report only sent, success or failed, never pending", () => {
    expectTypeOf<DeliveryResult["outcome"]>().toEqualTypeOf<"sent" | "success" | "failed">();
  });
});
