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
import { countSignUp, memberProcedure, publicProcedure, router } from "../init";

export const accountRouter = router({
  /** Public (throttled per address): creates the merchant and returns its first API key, shown once. */
  signUp: publicProcedure.input(signUpSchema).use(countSignUp).output(signUpOutputSchema).mutation(({ input }) => signUpMerchant(input)),
  /** Public: the same answer whether or not the address has an account (throttled in the service). */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestSchema)
    .output(accountNoticeSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(input, ctx.clientIp ?? "unknown")),
  /** Public: the e-mailed link is the credential. */
  resetPassword: publicProcedure.input(passwordResetSchema).output(accountNoticeSchema).mutation(({ ctx, input }) => resetPassword(input, new Date(), { ip: ctx.clientIp, userAgent: ctx.userAgent })),
  verifyEmail: publicProcedure.input(emailVerificationSchema).output(accountNoticeSchema).mutation(({ input }) => verifyEmail(input)),
  resendVerification: memberProcedure("members.manage").output(accountNoticeSchema).mutation(({ ctx }) => sendVerificationMail(ctx.merchant.id)),
  changePassword: memberProcedure("self")
    .input(passwordChangeSchema)
    .output(accountNoticeSchema)
    .mutation(({ ctx, input }) => changePassword({ ...ctx.person, sessionId: ctx.sessionId ?? null }, input)),
  /** Keamanan → Masuk dua langkah (the person's own): on (where the codes go, masked) or off. */
  twoStepStatus: memberProcedure("self").output(twoStepStatusOutput).query(({ ctx }) => twoStepStatus(ctx.person.id)),
  /** Password-confirmed; sends a code through Sandi's own OTP service to where sign-in codes will go. */
  twoStepStart: memberProcedure("self").input(twoStepStartInput).output(twoStepCodeSentOutput).mutation(({ ctx, input }) => startTwoStepSetup(ctx.person, input)),
  twoStepConfirm: memberProcedure("self").input(twoStepConfirmInput).output(accountNoticeSchema).mutation(({ ctx, input }) => confirmTwoStepSetup(ctx.person, input)),
  twoStepDisable: memberProcedure("self").input(twoStepDisableInput).output(accountNoticeSchema).mutation(({ ctx, input }) => disableTwoStep(ctx.person, input)),
  support: memberProcedure("read").output(supportContactOutputSchema).query(() => supportContact()),
  /** Profile, brand and the operator-set limits; never a key, password or webhook secret. */
  profile: memberProcedure("read").output(profileOutputSchema).query(({ ctx }) => showMerchant(ctx.merchant.id)),
  updateBrand: memberProcedure("brand.manage").input(brandUpdateSchema).output(profileOutputSchema).mutation(({ ctx, input }) =>
    updateMerchant(ctx.merchant.id, { brandName: input.brandName, brandEmail: input.brandEmail }, "live", ctx.changeBy),
  ),
  /** The messages users would receive with the brand being edited, rendered by the real templates. */
  messagePreviews: memberProcedure("brand.manage").input(messagePreviewInput).output(messagePreviewOutput).query(({ ctx, input }) => previewMessages(ctx.merchant.id, input)),
});
