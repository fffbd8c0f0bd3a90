import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { TTL_SECONDS } from "@/schemas/v3/otp-limits";
import { otpMessageText } from "@/server/channels/message-text";
import { getSignedInMerchantId } from "@/server/auth/session";

export const metadata: Metadata = { title: "Daftar" };
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  if (await getSignedInMerchantId()) redirect("/overview");
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Daftar sebagai merchant</h1>
      <p className="mb-6 text-sm text-slate-600">
        Pendaftaran gratis dan Anda langsung mendapat API key. Setiap OTP memakai kredit, juga di mode sandbox, jadi isi saldo dulu sebelum mengirim OTP pertama.
      </p>
      <SignUpForm brandExample={otpMessageText("Toko Maju", "123456", TTL_SECONDS.default)} />
    </>
  );
}
