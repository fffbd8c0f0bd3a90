"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { PrintButton } from "@/components/receipt/print-button";
import { ReceiptDocument } from "@/components/receipt/receipt-document";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { ErrorNotice, Loading } from "@/components/ui/primitives";

/** A paid top-up's receipt, laid out to print on one page (the dashboard frame is hidden when printing). */
export function ReceiptScreen({ topupId }: { topupId: string }) {
  const trpc = useTRPC();
  const receipt = useQuery(trpc.topups.receipt.queryOptions({ topupId }));
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href="/balance" className="text-sm font-medium text-brand-600 hover:underline">
          ← Kembali ke Saldo
        </Link>
        {receipt.data ? <PrintButton /> : null}
      </div>
      {receipt.isPending ? <Loading /> : null}
      {receipt.error ? <ErrorNotice message={errorMessage(receipt.error)} /> : null}
      {receipt.data ? <ReceiptDocument receipt={receipt.data} /> : null}
    </>
  );
}
