"use client";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";
import { safeCallback } from "./safe-callback";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "E-mail atau kata sandi salah.",
  Throttled: "Terlalu banyak percobaan masuk yang gagal. Tunggu 15 menit lalu coba lagi.",
  Unavailable: "Layanan sedang bermasalah. Silakan coba lagi sebentar lagi.",
};

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    // next-auth fetches its CSRF token and posts it with the credentials (double-submit cookie).
    const result = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
    setBusy(false);
    if (!result || result.error || !result.ok) {
      setError(MESSAGES[result?.error ?? ""] ?? "Gagal masuk. Silakan coba lagi.");
      return;
    }
    router.replace(safeCallback(params.get("callbackUrl"), window.location.origin));
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {params.get("expired") ? <Notice tone="warning">Sesi Anda sudah berakhir. Silakan masuk lagi.</Notice> : null}
      {error ? <ErrorNotice message={error} /> : null}
      <Field label="E-mail">
        <input name="email" type="email" autoComplete="email" required className={inputClass} />
      </Field>
      <Field label="Kata sandi">
        <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </Field>
      <Link href="/forgot-password" className="-mt-2 self-end text-sm font-medium text-brand-600 hover:underline">
        Lupa kata sandi?
      </Link>
      <Button type="submit" busy={busy}>
        Masuk
      </Button>
      <p className="text-center text-sm text-slate-600">
        Belum punya akun?{" "}
        <Link href="/sign-up" className="font-medium text-brand-600 hover:underline">
          Daftar gratis
        </Link>
      </p>
    </form>
  );
}
