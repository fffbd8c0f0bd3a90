"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, ErrorNotice, Notice } from "@/components/ui/primitives";
import { NewPasswordFields, readNewPassword } from "./new-password-fields";

export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [mismatch, setMismatch] = useState(false);

  if (reset.data) {
    return (
      <div className="flex flex-col gap-4">
        <div role="status">
          <Notice tone="success">{reset.data.message}</Notice>
        </div>
        <Link href="/sign-in" className="text-center text-sm font-medium text-brand-600 hover:underline">
          Masuk ke dashboard
        </Link>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const { password, repeated } = readNewPassword(e.currentTarget);
        setMismatch(!repeated);
        if (repeated) reset.mutate({ token, password });
      }}
    >
      {reset.error ? <ErrorNotice message={errorMessage(reset.error)} /> : null}
      {reset.error?.message.startsWith("Tautan") ? (
        <Link href="/forgot-password" className="text-sm font-medium text-brand-600 hover:underline">
          Minta tautan baru
        </Link>
      ) : null}
      <NewPasswordFields hint="Minimal 8 karakter. Setelah disimpan, semua sesi dashboard akun ini diakhiri." mismatch={mismatch} />
      <Button type="submit" busy={reset.isPending}>
        Simpan kata sandi
      </Button>
    </form>
  );
}
