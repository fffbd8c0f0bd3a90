import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Lupa kata sandi" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Lupa kata sandi</h1>
      <p className="mb-6 text-sm text-slate-600">Masukkan e-mail akun Anda. Kami mengirim tautan untuk membuat kata sandi baru, berlaku 30 menit dan hanya sekali pakai.</p>
      <ForgotPasswordForm />
    </>
  );
}
