// How an SMTP failure is read. The circuit breaker exists for a server we cannot
// use at all; a reply about one message (a greylisted or over-quota recipient, a
// throttled sender) says the server is working, so counting it would let a single
// recipient domain close e-mail for every merchant.
export type SmtpFailure = Error & { responseCode?: number; code?: string; command?: string };

export type SmtpVerdict =
  /** Permanently refused for this message: a failed delivery, free. */
  | { kind: "refused"; reason: string }
  /** Temporarily refused for this message (4xx): 503 so the merchant may retry later; the circuit is left alone. */
  | { kind: "deferred"; reason: string }
  /** The server, or our account on it, is unusable: 503 and one failure towards the circuit. */
  | { kind: "unavailable"; reason: string };

/** Commands whose reply concerns this message rather than the session. */
const MESSAGE_COMMANDS = new Set(["MAIL FROM", "RCPT TO", "DATA"]);
/** Authentication required or failed: every message would be refused the same way. */
const ACCOUNT_REFUSED = new Set([530, 534, 535, 538]);
/** 421 closes the connection whatever command it answers: the server is going away for everyone. */
const SERVICE_CLOSING = 421;

/**
 * `reason` for deferred and unavailable goes to operators' logs, so it holds only
 * codes and the command, never the reply text (which may echo the recipient).
 */
export function classifySmtpFailure(err: SmtpFailure): SmtpVerdict {
  const status = err.responseCode;
  if (!status) {
    // nodemailer refused the envelope or message itself before a server saw it (e.g. a malformed sender).
    if (err.code === "EENVELOPE" || err.code === "EMESSAGE") return { kind: "refused", reason: `SMTP ${err.code}: ${err.message}` };
    return { kind: "unavailable", reason: `SMTP unavailable: ${err.code ?? err.message}` };
  }
  const command = err.command ?? "";
  if (ACCOUNT_REFUSED.has(status) || status === SERVICE_CLOSING || !MESSAGE_COMMANDS.has(command)) {
    return { kind: "unavailable", reason: `SMTP unavailable: ${status}${command ? ` on ${command}` : ""}` };
  }
  if (status >= 500) return { kind: "refused", reason: `SMTP ${status}: ${err.message}` };
  if (status >= 400) return { kind: "deferred", reason: `SMTP ${status} on ${command}` };
  return { kind: "unavailable", reason: `SMTP unavailable: unexpected ${status} on ${command}` };
}
