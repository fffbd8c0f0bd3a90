import { UsageError } from "../args";
import type { Command } from "../command";
import { matchInboundWhatsapp } from "@/server/services/otp/inbound";
import { listSandboxMessages, MAX_MESSAGES } from "@/server/services/otp/sandbox-messages";

export const sandboxCommands: Command[] = [
  {
    name: "sandbox messages",
    usage: "sandbox messages [--destination D] [--otp-id ID] [--limit N]",
    flags: ["destination", "otp-id", "limit"],
    run: (a) => {
      const limit = a.int("limit");
      if (limit !== undefined && (limit < 1 || limit > MAX_MESSAGES)) throw new UsageError(`--limit must be between 1 and ${MAX_MESSAGES}`);
      return listSandboxMessages({ destination: a.string("destination"), otpId: a.string("otp-id"), limit });
    },
  },
  {
    name: "sandbox inbound-whatsapp",
    usage: "sandbox inbound-whatsapp --from NUMBER --text TEXT",
    flags: ["from", "text"],
    run: (a) => matchInboundWhatsapp({ from: a.required("from"), text: a.required("text") }),
  },
];
