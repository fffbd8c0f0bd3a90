import type { Metadata } from "next";
import { ReceiptScreen } from "@/components/screens/receipt-screen";

export const metadata: Metadata = { title: "Kuitansi isi saldo" };

export default async function Page({ params }: { params: Promise<{ topupId: string }> }) {
  const { topupId } = await params;
  return <ReceiptScreen topupId={decodeURIComponent(topupId)} />;
}
