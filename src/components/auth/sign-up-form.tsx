"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { CreditsHint } from "@/components/dashboard/credits-hint";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { SecretWithCopy } from "@/components/ui/copy-button";
import { Button, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";
import { BRAND_MAX } from "@/schemas/v3/otp-limits";

/** `brandExample` is the real message template filled with a sample brand, rendered on the server. */
export function SignUpForm({ brandExample }: { brandExample: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);
  const [signInError, setSignInError] = useState<string | null>(null);
  const [continuing, setContinuing] = useState(false);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      brandName: String(form.get("brandName") ?? ""),
    };
    setCredentials({ email: input.email, password: input.password });
    signUp.mutate(input);
  }

  async function continueToDashboard(next = "/overview") {
    if (!credentials) return;
    setContinuing(true);
    const result = await signIn("credentials", { ...credentials, redirect: false });
    setContinuing(false);
    if (!result?.ok || result.error) {
      setSignInError("Akun sudah dibuat, tetapi gagal masuk otomatis. Silakan masuk dari halaman Masuk.");
      return;
    }
    setCredentials(null);
    router.replace(next);
    router.refresh();
  }

  if (signUp.data) {
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="success">Akun Anda sudah dibuat dengan saldo Rp 0.</Notice>
        <Notice tone="warning">
          <CreditsHint linked={false} />
        </Notice>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">API key live Anda</p>
          <SecretWithCopy value={signUp.data.api_key} testId="new-api-key" />
          <p className="text-sm font-medium">API key uji (untuk pengembangan dan CI)</p>
          <SecretWithCopy value={signUp.data.test_api_key} testId="new-test-api-key" />
          <p className="text-xs text-slate-600">
            Kunci uji memakai endpoint yang sama, tetapi hanya mengirim lewat sandbox dan memakai saldo uji (Rp 1.000.000 kredit uji): tidak ada pesan atau uang sungguhan.
          </p>
          <p className="text-xs text-amber-900">Simpan keduanya sekarang: kunci hanya ditampilkan sekali. Simpan di server Anda, jangan di aplikasi atau browser.</p>
        </div>
        {signInError ? <ErrorNotice message={signInError} /> : null}
        <Button onClick={() => continueToDashboard()} busy={continuing}>
          Saya sudah menyimpannya, lanjut ke dashboard
        </Button>
        {/* Offered now, while the owner is here: the account will hold money. */}
        <div className="rounded-lg border border-slate-200 p-4 text-sm" data-testid="two-step-offer">
          <p className="font-medium text-slate-900">Lindungi saldo Anda dengan masuk dua langkah</p>
          <p className="mt-1 text-slate-600">Setelah kata sandi, Sandi mengirim kode ke WhatsApp atau e-mail Anda. Bisa dimatikan kapan saja di Keamanan.</p>
          <Button variant="secondary" className="mt-3" disabled={continuing} onClick={() => continueToDashboard("/security#dua-langkah")}>
            Simpan kunci dan aktifkan masuk dua langkah
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {signUp.error ? <ErrorNotice message={errorMessage(signUp.error)} /> : null}
      <Field label="Nama Anda atau perusahaan">
        <input name="name" required maxLength={100} autoComplete="organization" className={inputClass} />
      </Field>
      <Field label="E-mail" hint="Dipakai untuk masuk ke dashboard.">
        <input name="email" type="email" required autoComplete="email" className={inputClass} />
      </Field>
      <Field label="Kata sandi" hint="Minimal 8 karakter.">
        <input name="password" type="password" required minLength={8} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label="Nama brand" hint={`Muncul di pesan OTP, mis. “${brandExample}”`}>
        <input name="brandName" required maxLength={BRAND_MAX} className={inputClass} />
      </Field>
      <Button type="submit" busy={signUp.isPending}>
        Buat akun
      </Button>
      <p className="text-center text-sm text-slate-600">
        Sudah punya akun?{" "}
        <Link href="/sign-in" className="font-medium text-brand-600 hover:underline">
          Masuk
        </Link>
      </p>
    </form>
  );
}
