"use client";
// Sandbox mode: whatsapp_inbound OTPs wait for a WhatsApp message that no real
// user can send, so the merchant sends it from here (the same matching as the
// real webhook). Hidden when WhatsApp reaches real users.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatWibText } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice } from "@/components/ui/primitives";

export function PendingInbound() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery({ ...trpc.reports.pendingInbound.queryOptions(), refetchInterval: 5000 });
  const complete = useMutation(
    trpc.reports.completeInbound.mutationOptions({
      onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.reports.pendingInbound.queryKey() }), queryClient.invalidateQueries({ queryKey: trpc.reports.transaction.queryKey() })]),
    }),
  );

  if (!pending.data?.available || pending.data.items.length === 0) return null;
  return (
    <Card title="WhatsApp masuk yang menunggu" className="mb-4">
      <p className="mb-3 text-sm text-slate-600">
        Di sandbox tidak ada pengguna yang mengirim pesan WhatsApp. Tekan “Kirim pesan” untuk mengirim pesan verifikasinya seolah-olah dari pengguna (dari nomor tujuan,
        atau nomor sandbox bila OTP tidak terikat nomor).
      </p>
      {complete.error ? <ErrorNotice message={errorMessage(complete.error)} /> : null}
      <ul className="flex flex-col divide-y divide-slate-100">
        {pending.data.items.map((otp) => (
          <li key={otp.otp_id} data-testid="pending-inbound" className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-mono text-sm wrap-anywhere">{otp.message}</p>
              <p className="mt-1 text-xs text-slate-600">
                <Link href={`/transactions/${otp.otp_id}`} className="font-mono text-brand-600 hover:underline">
                  {otp.otp_id}
                </Link>{" "}
                · <span className="whitespace-nowrap">dari {otp.destination ?? "nomor mana pun"}</span> · <span className="whitespace-nowrap">berlaku s.d. {formatWibText(otp.expires_at)}</span>
              </p>
            </div>
            <Button variant="secondary" className="shrink-0" busy={complete.isPending && complete.variables?.otpId === otp.otp_id} onClick={() => complete.mutate({ otpId: otp.otp_id })}>
              Kirim pesan
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
