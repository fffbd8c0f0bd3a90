"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc-provider";

/** "Hubungi dukungan" with a way to actually reach someone: the operator's e-mail and WhatsApp when configured. */
export function SupportContact() {
  const trpc = useTRPC();
  const contact = useQuery(trpc.account.support.queryOptions());
  const { email, whatsapp } = contact.data ?? { email: null, whatsapp: null };
  if (!email && !whatsapp) return <>hubungi operator Sandi yang memberi Anda akun ini</>;
  return (
    <span data-testid="support-contact">
      hubungi dukungan lewat{" "}
      {email ? (
        <a href={`mailto:${email}`} className="font-medium underline wrap-anywhere">
          {email}
        </a>
      ) : null}
      {email && whatsapp ? " atau " : null}
      {whatsapp ? (
        <a href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener" className="font-medium underline">
          WhatsApp +{whatsapp}
        </a>
      ) : null}
    </span>
  );
}
