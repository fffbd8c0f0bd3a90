// A real SMTP server on a random port, standing in for the operator's mail relay:
// records every message as received. `refuseRecipient` answers RCPT TO with that
// SMTP code, for every recipient or for those the function picks (undefined accepts).
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

export async function startSmtpSimulator(options: { refuseRecipient?: number | ((address: string) => number | undefined) } = {}) {
  const received: ReceivedMail[] = [];
  const rcptTo: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      rcptTo.push(address.address);
      const { refuseRecipient } = options;
      const code = typeof refuseRecipient === "function" ? refuseRecipient(address.address) : refuseRecipient;
      if (!code) return callback();
      callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c) => (data += c));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? (session.envelope.mailFrom as { address: string }).address : "", to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { received, rcptTo, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
