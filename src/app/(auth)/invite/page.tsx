import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";

export const metadata: Metadata = { title: "Terima undangan" };
export const dynamic = "force-dynamic";

export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Terima undangan</h1>
      {typeof token === "string" && token ? (
        <AcceptInvitationForm token={token} />
      ) : (
        <p className="text-sm text-slate-600">Tautan ini tidak lengkap. Buka tautan dari e-mail undangan, atau minta undangan baru kepada pemilik akun.</p>
      )}
    </>
  );
}
