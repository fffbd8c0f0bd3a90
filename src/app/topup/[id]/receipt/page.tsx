// The receipt of a paid invoice, reached from the hosted page's paid state through
// the same signed link: the payer may not be the merchant and may hold no login.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PrintButton } from "@/components/receipt/print-button";
import { ReceiptDocument } from "@/components/receipt/receipt-document";
import { getTopupReceiptByLink } from "@/server/services/topups/receipt";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Kuitansi isi saldo", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HostedReceiptPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { hash } = await searchParams;
  const receipt = await getTopupReceiptByLink(id, typeof hash === "string" ? hash : null);
  if (!receipt) notFound();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a href={`/topup/${encodeURIComponent(id)}?hash=${encodeURIComponent(hash as string)}`} className="text-sm font-medium text-brand-600 hover:underline">
          ← Kembali ke tagihan
        </a>
        <PrintButton />
      </div>
      <ReceiptDocument receipt={receipt} />
    </main>
  );
}
