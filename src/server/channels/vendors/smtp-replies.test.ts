import { describe, expect, it } from "vitest";
import { classifySmtpFailure, type SmtpFailure } from "./smtp-replies";

/** Shaped like nodemailer's errors: the reply's code, nodemailer's code and the command it answered. */
function reply(responseCode: number | undefined, command: string | undefined, code = "EENVELOPE", message = "Recipient command failed"): SmtpFailure {
  return Object.assign(new Error(message), { responseCode, command, code });
}

const kind = (err: SmtpFailure) => classifySmtpFailure(err).kind;

describe("reading SMTP failures", () => {
  it("defers a 4xx about this message (greylisted recipient, throttled sender, data not accepted now)", () => {
    expect(kind(reply(450, "RCPT TO"))).toBe("deferred");
    expect(kind(reply(451, "RCPT TO"))).toBe("deferred");
    expect(kind(reply(452, "RCPT TO"))).toBe("deferred");
    expect(kind(reply(451, "MAIL FROM"))).toBe("deferred");
    expect(kind(reply(451, "DATA", "EMESSAGE"))).toBe("deferred");
  });

  it("refuses a 5xx about this message (a failed delivery)", () => {
    expect(kind(reply(550, "RCPT TO"))).toBe("refused");
    expect(kind(reply(553, "MAIL FROM"))).toBe("refused");
    expect(kind(reply(554, "DATA", "EMESSAGE"))).toBe("refused");
  });

  it("counts 421 as the server going away, whatever command it answers", () => {
    expect(kind(reply(421, "RCPT TO"))).toBe("unavailable");
    expect(kind(reply(421, "CONN", "ECONNECTION"))).toBe("unavailable");
  });

  it("counts authentication refusals as unavailable even when they answer a message command", () => {
    for (const status of [530, 534, 535, 538]) expect(kind(reply(status, "MAIL FROM"))).toBe("unavailable");
    expect(kind(reply(535, "AUTH PLAIN", "EAUTH"))).toBe("unavailable");
  });

  it("counts replies to the session itself (greeting, EHLO, STARTTLS) as unavailable, 4xx or 5xx", () => {
    expect(kind(reply(554, "CONN", "EPROTOCOL"))).toBe("unavailable");
    expect(kind(reply(450, "EHLO", "EPROTOCOL"))).toBe("unavailable");
    expect(kind(reply(454, "STARTTLS", "ETLS"))).toBe("unavailable");
  });

  it("counts failures without a reply (refused connection, timeout, TLS) as unavailable", () => {
    expect(kind(reply(undefined, "CONN", "ECONNECTION"))).toBe("unavailable");
    expect(kind(reply(undefined, undefined, "ETIMEDOUT"))).toBe("unavailable");
    expect(kind(reply(undefined, "CONN", "ESOCKET"))).toBe("unavailable");
  });

  it("refuses a message nodemailer would not send at all (malformed envelope) without counting it against the server", () => {
    expect(kind(reply(undefined, "API", "EENVELOPE", 'Invalid sender "x"'))).toBe("refused");
  });

  it("keeps the reply text (which may name the recipient) out of the reasons that are logged", () => {
    const err = reply(450, "RCPT TO", "EENVELOPE", "Recipient command failed: 450 4.2.0 <budi@example.id>: Recipient address rejected: Greylisted");
    expect(classifySmtpFailure(err).reason).not.toContain("budi@example.id");
    expect(classifySmtpFailure(reply(421, "RCPT TO", "EENVELOPE", "450 <budi@example.id>")).reason).not.toContain("budi@example.id");
  });
});
