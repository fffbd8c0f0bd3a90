import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { getSignedInMerchantId } from "@/server/auth/session";

export const metadata: Metadata = { title: "Daftar" };
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  if (await getSignedInMerchantId()) redirect("/overview");
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Daftar sebagai merchant</h1>
      <p className="mb-6 text-sm text-slate-600">Gratis. Anda langsung mendapat API key dan mode sandbox untuk mencoba.</p>
      <SignUpForm />
    </>
  );
}
