import { testOtpSendInput, testOtpSentOutput, testOtpVerifiedOutput, testOtpVerifyInput } from "@/schemas/dashboard/test-otp";
import { sendTestOtp, verifyTestOtp } from "@/server/services/otp/test-otp";
import { memberProcedure, router } from "../init";

/** "Kirim OTP uji": the /v3 creation and verification, for the signed-in merchant, charged like any OTP. */
export const testOtpRouter = router({
  send: memberProcedure("sandbox.use").input(testOtpSendInput).output(testOtpSentOutput).mutation(({ ctx, input }) => sendTestOtp(ctx.world.id, input)),
  verify: memberProcedure("sandbox.use").input(testOtpVerifyInput).output(testOtpVerifiedOutput).mutation(({ ctx, input }) => verifyTestOtp(ctx.world.id, input)),
});
