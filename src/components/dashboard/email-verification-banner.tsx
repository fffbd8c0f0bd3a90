"use client";
import { useCan } from "@/components/dashboard/use-permissions";
import { useMutation, useQuery } from "@tanstack/react-query";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Notice } from "@/components/ui/primitives";

/** Until the address is verified, every dashboard page says so and offers a new link. */
export function EmailVerificationBanner() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const resend = useMutation(trpc.account.resendVerification.mutationOptions());
  const can = useCan();
  // The account's own address: its owners' business, not every member's.
  if (!profile.data || profile.data.email_verified || !can("members.manage")) return null;
  return (
    <div className="mb-6 print:hidden" data-testid="email-verification-banner">
      <Notice tone="warning">
        <p>
          Verifikasi e-mail Anda: buka tautan yang kami kirim ke <strong className="break-all">{profile.data.email}</strong>. Tautan lupa kata sandi hanya berguna bila
          e-mail ini benar milik Anda.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()} className="font-medium underline disabled:opacity-50">
            Kirim ulang tautan
          </button>
          {resend.data ? <span role="status">{resend.data.message}</span> : null}
          {resend.error ? <span role="alert">{errorMessage(resend.error)}</span> : null}
        </div>
      </Notice>
    </div>
  );
}
