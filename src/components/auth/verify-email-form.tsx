"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, ErrorNotice, Notice } from "@/components/ui/primitives";

/** A button rather than verifying on load: mail scanners open links, and only the merchant should spend this one. */
export function VerifyEmailForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const verify = useMutation(trpc.account.verifyEmail.mutationOptions());
  return (
    <div className="flex flex-col gap-4">
      {verify.data ? (
        <div role="status">
          <Notice tone="success">{verify.data.message}</Notice>
        </div>
      ) : null}
      {verify.error ? <ErrorNotice message={errorMessage(verify.error)} /> : null}
      {verify.data ? (
        <Link href="/overview" className="text-center text-sm font-medium text-brand-600 hover:underline">
          Ke dashboard
        </Link>
      ) : (
        <Button busy={verify.isPending} onClick={() => verify.mutate({ token })}>
          Verifikasi e-mail
        </Button>
      )}
    </div>
  );
}
