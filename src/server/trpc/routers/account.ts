import { brandUpdateSchema, messagePreviewInput, messagePreviewOutput } from "@/schemas/dashboard/brand";
import { profileOutputSchema } from "@/schemas/dashboard/profile";
import { signUpSchema } from "@/schemas/dashboard/sign-up";
import { previewMessages } from "@/server/services/merchants/message-previews";
import { showMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { signUpMerchant } from "@/server/services/merchants/signup";
import { countSignUp, merchantProcedure, publicProcedure, router } from "../init";

export const accountRouter = router({
  /** Public (throttled per address): creates the merchant and returns its first API key, shown once. */
  signUp: publicProcedure.input(signUpSchema).use(countSignUp).mutation(({ input }) => signUpMerchant(input)),
  /** Profile, brand and the operator-set limits; never a key, password or webhook secret. */
  profile: merchantProcedure.output(profileOutputSchema).query(({ ctx }) => showMerchant(ctx.merchant.merchantId)),
  updateBrand: merchantProcedure.input(brandUpdateSchema).output(profileOutputSchema).mutation(({ ctx, input }) =>
    updateMerchant(ctx.merchant.merchantId, { brandName: input.brandName, brandEmail: input.brandEmail }),
  ),
  /** The messages users would receive with the brand being edited, rendered by the real templates. */
  messagePreviews: merchantProcedure.input(messagePreviewInput).output(messagePreviewOutput).query(({ ctx, input }) => previewMessages(ctx.merchant.id, input)),
});
