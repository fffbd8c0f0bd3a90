import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getSignedInMerchantId } from "@/server/auth/session";

export const metadata: Metadata = { title: "Masuk" };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (await getSignedInMerchantId()) redirect("/overview");
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Masuk ke dashboard</h1>
      <p className="mb-6 text-sm text-slate-600">Kelola API key, saldo, webhook dan transaksi OTP Anda.</p>
      <Suspense>
        <SignInForm />
      </Suspense>
    </>
  );
}
