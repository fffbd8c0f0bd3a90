import type { Metadata } from "next";
import { TransactionDetailScreen } from "@/components/screens/transaction-detail-screen";

export const metadata: Metadata = { title: "Rincian transaksi" };

export default async function Page({ params }: { params: Promise<{ otpId: string }> }) {
  const { otpId } = await params;
  return <TransactionDetailScreen otpId={decodeURIComponent(otpId)} />;
}
