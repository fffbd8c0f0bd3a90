// The second step of signing in, between a right password and a session. next-auth's
// authorize() can only return a user or throw a message, so "a code was sent" is a
// thrown message the form reads: TwoStep:<otp_id>:<channel>:<hint>.
import { isAppError } from "@/server/errors";
import { signInGate } from "@/server/services/accounts/two-step";
import { SIGN_IN_ERRORS, TWO_STEP_PREFIX } from "@/lib/sign-in-errors";

/** Returns when the person may have a session; throws the form's message otherwise. */
export async function passTwoStep(userPublicId: string, otpId: unknown, code: unknown): Promise<void> {
  let gate;
  try {
    gate = await signInGate(userPublicId, { otpId: typeof otpId === "string" ? otpId.slice(0, 64) : undefined, code: typeof code === "string" ? code.trim().slice(0, 16) : undefined });
  } catch (err) {
    // The code could not go out (destination limit, vendor down): say so rather than "wrong password".
    if (isAppError(err)) throw new Error(SIGN_IN_ERRORS.codeNotSent);
    throw err;
  }
  if (gate.state === "open") return;
  if (gate.state === "wrong_code") throw new Error(SIGN_IN_ERRORS.wrongCode);
  if (gate.state === "unknown_channel") throw new Error(SIGN_IN_ERRORS.unknownChannel);
  throw new Error(`${TWO_STEP_PREFIX}${gate.sent.otp_id}:${gate.sent.channel}:${gate.sent.hint}`);
}
