"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { NewPasswordFields, readNewPassword } from "@/components/auth/new-password-fields";
import { Button, Card, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";

export function ChangePasswordCard() {
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const [mismatch, setMismatch] = useState(false);
  return (
    <Card title="Ubah kata sandi">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const { password: newPassword, repeated } = readNewPassword(form);
          setMismatch(!repeated);
          if (!repeated) return;
          change.mutate({ currentPassword: String(new FormData(form).get("currentPassword") ?? ""), newPassword }, { onSuccess: () => form.reset() });
        }}
      >
        <Field label="Kata sandi saat ini">
          <input name="currentPassword" type="password" autoComplete="current-password" required className={inputClass} />
        </Field>
        <NewPasswordFields hint="Minimal 8 karakter. Sesi di perangkat lain akan diakhiri; sesi ini tetap masuk." mismatch={mismatch} />
        {change.error ? <ErrorNotice message={errorMessage(change.error)} /> : null}
        {change.data ? (
          <div role="status">
            <Notice tone="success">{change.data.message}</Notice>
          </div>
        ) : null}
        <div>
          <Button type="submit" busy={change.isPending}>
            Ubah kata sandi
          </Button>
        </div>
      </form>
    </Card>
  );
}
