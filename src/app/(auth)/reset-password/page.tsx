import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Atur ulang kata sandi" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Buat kata sandi baru</h1>
      {typeof token === "string" && token ? (
        <>
          <p className="mb-6 text-sm text-slate-600">Kata sandi baru berlaku segera; semua sesi dashboard akun ini diakhiri.</p>
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <p className="text-sm text-slate-600">
          Tautan ini tidak lengkap. Buka tautan dari e-mail kami, atau{" "}
          <Link href="/forgot-password" className="font-medium text-brand-600 hover:underline">
            minta tautan baru
          </Link>
          .
        </p>
      )}
    </>
  );
}
