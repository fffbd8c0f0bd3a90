/** Error codes the sign-in page turns into sentences (next-auth passes the thrown message through). */
export const SIGN_IN_ERRORS = { throttled: "Throttled", unavailable: "Unavailable", wrongCode: "TwoStepWrong", codeNotSent: "TwoStepNotSent", unknownChannel: "TwoStepUnknownChannel" } as const;

/** Two-step sign-in: the password was right and a code is on its way; the form asks for it. */
export const TWO_STEP_PREFIX = "TwoStep:";
