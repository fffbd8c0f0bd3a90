"use client";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";
import { TWO_STEP_PREFIX } from "@/lib/sign-in-errors";
import { safeCallback } from "@/lib/safe-callback";
import { PASSWORD_ATTEMPTS_THROTTLED } from "@/lib/throttle-window";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "E-mail atau kata sandi salah.",
  Throttled: PASSWORD_ATTEMPTS_THROTTLED,
  Unavailable: "Layanan sedang bermasalah. Silakan coba lagi sebentar lagi.",
  TwoStepWrong: "Kode salah atau sudah tidak berlaku. Periksa kodenya, atau kirim kode baru.",
  TwoStepNotSent: "Kode masuk tidak dapat dikirim sekarang. Tunggu beberapa menit lalu coba lagi.",
  TwoStepUnknownChannel: "Sandi sedang diperbarui dan belum dapat mengirim kode masuk untuk akun ini. Coba lagi dalam beberapa menit.",
};

/** "TwoStep:<otp_id>:<channel>:<hint>": the password was right and a code is on its way. */
function codeSent(error: string | null | undefined): { otpId: string; hint: string } | null {
  if (!error?.startsWith(TWO_STEP_PREFIX)) return null;
  const [otpId, , ...hint] = error.slice(TWO_STEP_PREFIX.length).split(":");
  return { otpId, hint: hint.join(":") };
}

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);
  const [challenge, setChallenge] = useState<{ otpId: string; hint: string } | null>(null);

  async function attempt(email: string, password: string, code?: { otpId: string; code: string }) {
    setBusy(true);
    setError(null);
    // next-auth fetches its CSRF token and posts it with the credentials (double-submit cookie).
    const result = await signIn("credentials", { email, password, ...(code ?? {}), redirect: false });
    setBusy(false);
    const sent = codeSent(result?.error);
    if (sent) {
      setCredentials({ email, password });
      setChallenge(sent);
      return;
    }
    if (!result || result.error || !result.ok) {
      setError(MESSAGES[result?.error ?? ""] ?? "Gagal masuk. Silakan coba lagi.");
      return;
    }
    router.replace(safeCallback(params.get("callbackUrl"), window.location.origin));
    router.refresh();
  }

  if (challenge && credentials) {
    return (
      // Its own key: React must not reuse the e-mail input (and its typed value) as the code input.
      <form
        key="code"
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(credentials.email, credentials.password, { otpId: challenge.otpId, code: String(new FormData(event.currentTarget).get("code")) });
        }}
        className="flex flex-col gap-4"
      >
        <Notice tone="info">Masuk dua langkah aktif. Kami mengirim kode ke {challenge.hint}.</Notice>
        {error ? <ErrorNotice message={error} /> : null}
        <Field label="Kode masuk">
          <input name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus className={inputClass} />
        </Field>
        <Button type="submit" busy={busy}>
          Masuk
        </Button>
        <button type="button" disabled={busy} onClick={() => void attempt(credentials.email, credentials.password)} className="text-sm font-medium text-brand-600 hover:underline">
          Kirim kode baru
        </button>
      </form>
    );
  }

  return (
    <form
      key="password"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        void attempt(String(form.get("email")), String(form.get("password")));
      }}
      className="flex flex-col gap-4"
    >
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
