import {
  accountNoticeSchema,
  emailVerificationSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from "@/schemas/dashboard/account-security";
import { brandUpdateSchema, messagePreviewInput, messagePreviewOutput } from "@/schemas/dashboard/brand";
import { profileOutputSchema, supportContactOutputSchema } from "@/schemas/dashboard/profile";
import { signUpOutputSchema, signUpSchema } from "@/schemas/dashboard/sign-up";
import { twoStepCodeSentOutput, twoStepConfirmInput, twoStepDisableInput, twoStepStartInput, twoStepStatusOutput } from "@/schemas/dashboard/two-step";
import { confirmTwoStepSetup, disableTwoStep, startTwoStepSetup, twoStepStatus } from "@/server/services/accounts/two-step";
import { changePassword } from "@/server/services/accounts/change-password";
import { sendVerificationMail, verifyEmail } from "@/server/services/accounts/email-verification";
import { requestPasswordReset, resetPassword } from "@/server/services/accounts/password-reset";
import { previewMessages } from "@/server/services/merchants/message-previews";
import { showMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { signUpMerchant } from "@/server/services/merchants/signup";
import { supportContact } from "@/server/services/support/contact";
import { countSignUp, merchantProcedure, publicProcedure, router } from "../init";

export const accountRouter = router({
  /** Public (throttled per address): creates the merchant and returns its first API key, shown once. */
  signUp: publicProcedure.input(signUpSchema).use(countSignUp).output(signUpOutputSchema).mutation(({ input }) => signUpMerchant(input)),
  /** Public: the same answer whether or not the address has an account (throttled in the service). */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestSchema)
    .output(accountNoticeSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(input, ctx.clientIp ?? "unknown")),
  /** Public: the e-mailed link is the credential. */
  resetPassword: publicProcedure.input(passwordResetSchema).output(accountNoticeSchema).mutation(({ input }) => resetPassword(input)),
  verifyEmail: publicProcedure.input(emailVerificationSchema).output(accountNoticeSchema).mutation(({ input }) => verifyEmail(input)),
  resendVerification: merchantProcedure.output(accountNoticeSchema).mutation(({ ctx }) => sendVerificationMail(ctx.merchant.id)),
  changePassword: merchantProcedure
    .input(passwordChangeSchema)
    .output(accountNoticeSchema)
    .mutation(({ ctx, input }) => changePassword({ ...ctx.merchant, sessionId: ctx.sessionId ?? null }, input)),
  /** Keamanan → Masuk dua langkah: on (where the codes go, masked) or off. */
  twoStepStatus: merchantProcedure.output(twoStepStatusOutput).query(({ ctx }) => twoStepStatus(ctx.merchant.id)),
  /** Password-confirmed; sends a code through Sandi's own OTP service to where sign-in codes will go. */
  twoStepStart: merchantProcedure.input(twoStepStartInput).output(twoStepCodeSentOutput).mutation(({ ctx, input }) => startTwoStepSetup(ctx.merchant, input)),
  twoStepConfirm: merchantProcedure.input(twoStepConfirmInput).output(accountNoticeSchema).mutation(({ ctx, input }) => confirmTwoStepSetup(ctx.merchant, input)),
  twoStepDisable: merchantProcedure.input(twoStepDisableInput).output(accountNoticeSchema).mutation(({ ctx, input }) => disableTwoStep(ctx.merchant, input)),
  support: merchantProcedure.output(supportContactOutputSchema).query(() => supportContact()),
  /** Profile, brand and the operator-set limits; never a key, password or webhook secret. */
  profile: merchantProcedure.output(profileOutputSchema).query(({ ctx }) => showMerchant(ctx.merchant.id)),
  updateBrand: merchantProcedure.input(brandUpdateSchema).output(profileOutputSchema).mutation(({ ctx, input }) =>
    updateMerchant(ctx.merchant.id, { brandName: input.brandName, brandEmail: input.brandEmail, defaultLocale: input.defaultLocale, smsDomain: input.smsDomain }),
  ),
  /** The messages users would receive with the brand being edited, rendered by the real templates. */
  messagePreviews: merchantProcedure.input(messagePreviewInput).output(messagePreviewOutput).query(({ ctx, input }) => previewMessages(ctx.merchant.id, input)),
});
