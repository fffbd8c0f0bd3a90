import type { Command } from "../command";
import { listAccountMails } from "@/server/services/accounts/account-mail";

// Without SMTP_URL, verification and password-reset e-mails stop here: the operator reads the link out to the merchant.
export const mailCommands: Command[] = [
  {
    name: "mail list",
    usage: "mail list [--to E] [--limit N]   (account e-mails kept because no SMTP server took them; newest first)",
    flags: ["to", "limit"],
    run: async (a) => ({ mails: await listAccountMails({ to: a.string("to"), limit: a.int("limit") }) }),
  },
];
