import type { Metadata } from "next";
import { VerifyEmailForm } from "@/components/auth/verify-email-form";

export const metadata: Metadata = { title: "Verifikasi e-mail" };
export const dynamic = "force-dynamic";

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Verifikasi e-mail</h1>
      <p className="mb-6 text-sm text-slate-600">Konfirmasi bahwa alamat ini milik Anda, agar tautan lupa kata sandi dapat sampai ke Anda.</p>
      <VerifyEmailForm token={typeof token === "string" ? token : ""} />
    </>
  );
}
