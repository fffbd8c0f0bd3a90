// The operator's contact, shown wherever the dashboard sends a merchant to
// support: "Hubungi dukungan" with no way to reach anyone helps nobody.
import { getEnv } from "@/env";

export type SupportContact = { email: string | null; whatsapp: string | null };

export function supportContact(): SupportContact {
  const env = getEnv();
  return { email: env.SUPPORT_EMAIL ?? null, whatsapp: env.SUPPORT_WHATSAPP ?? null };
}

/** One line for plain-text e-mails; empty when the operator configured no contact. */
export function supportContactLine(): string {
  const { email, whatsapp } = supportContact();
  const ways = [email ? `e-mail ${email}` : null, whatsapp ? `WhatsApp +${whatsapp}` : null].filter(Boolean);
  return ways.length ? `Dukungan Sandi: ${ways.join(" atau ")}.` : "";
}
