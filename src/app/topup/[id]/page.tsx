// Hosted payment page: opened from the signed payment_url without logging in.
// A wrong, missing or foreign hash renders the same 404 as an unknown invoice.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getHostedTopup } from "@/server/services/topups/hosted-page";
import { TopupInvoice } from "./topup-invoice";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Pembayaran top-up saldo",
  // The link carries its signature in the query; keep it out of search engines and Referer headers.
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TopupPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { hash } = await searchParams;
  const topup = await getHostedTopup(id, typeof hash === "string" ? hash : null);
  if (!topup) notFound();
  return <TopupInvoice initial={topup} hash={hash as string} />;
}
