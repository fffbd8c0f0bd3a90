"use client";
// The link an owner's invitation e-mailed: a new person chooses a name and password;
// someone who already signs in to Sandi with this address confirms with that password.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, ErrorNotice, Field, inputClass, Loading, Notice } from "@/components/ui/primitives";
import { roleLabel } from "@/schemas/dashboard/members";
import { NewPasswordFields, readNewPassword } from "./new-password-fields";

export function AcceptInvitationForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.members.previewInvitation.queryOptions({ token }, { retry: false }));
  const accept = useMutation(trpc.members.acceptInvitation.mutationOptions());
  const [mismatch, setMismatch] = useState(false);

  if (preview.isPending) return <Loading />;
  if (preview.error) return <ErrorNotice message={errorMessage(preview.error)} />;
  if (accept.data) {
    return (
      <div className="flex flex-col gap-4">
        <div role="status">
          <Notice tone="success">{accept.data.message}</Notice>
        </div>
        <Link href="/sign-in" className="text-center text-sm font-medium text-brand-600 hover:underline">
          Masuk ke dashboard
        </Link>
      </div>
    );
  }
  const invitation = preview.data;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (invitation.has_login) return accept.mutate({ token, password: String(new FormData(e.currentTarget).get("password") ?? "") });
        const { password, repeated } = readNewPassword(e.currentTarget);
        setMismatch(!repeated);
        if (repeated) accept.mutate({ token, password, name: String(new FormData(e.currentTarget).get("name") ?? "") });
      }}
    >
      <p className="text-sm text-slate-600" data-testid="invitation-summary">
        Anda diundang bergabung dengan <strong>{invitation.merchant_name}</strong> sebagai <strong>{roleLabel(invitation.role)}</strong>, dengan e-mail {invitation.email}.
      </p>
      {accept.error ? <ErrorNotice message={errorMessage(accept.error)} /> : null}
      {invitation.has_login ? (
        <Field label="Kata sandi Sandi Anda" hint="E-mail ini sudah punya login Sandi: masukkan kata sandinya untuk menambahkan akun ini.">
          <input name="password" type="password" autoComplete="current-password" required maxLength={200} className={inputClass} />
        </Field>
      ) : (
        <>
          <Field label="Nama Anda">
            <input name="name" autoComplete="name" maxLength={100} className={inputClass} />
          </Field>
          <NewPasswordFields hint="Minimal 8 karakter. Kata sandi ini milik Anda sendiri, bukan kata sandi pemilik akun." mismatch={mismatch} />
        </>
      )}
      <Button type="submit" busy={accept.isPending}>
        Terima undangan
      </Button>
    </form>
  );
}
