"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate({ email: String(new FormData(e.currentTarget).get("email") ?? "") });
      }}
    >
      {request.data ? (
        <div role="status">
          <Notice tone="success">{request.data.message}</Notice>
        </div>
      ) : null}
      {request.error ? <ErrorNotice message={errorMessage(request.error)} /> : null}
      <Field label="E-mail" hint="Alamat e-mail akun Sandi Anda.">
        <input name="email" type="email" autoComplete="email" required className={inputClass} />
      </Field>
      <Button type="submit" busy={request.isPending}>
        Kirim tautan
      </Button>
      <p className="text-center text-sm text-slate-600">
        Ingat kata sandi?{" "}
        <Link href="/sign-in" className="font-medium text-brand-600 hover:underline">
          Masuk
        </Link>
      </p>
    </form>
  );
}
