import type { Metadata } from "next";
import { TransactionsScreen } from "@/components/screens/transactions-screen";

export const metadata: Metadata = { title: "Transaksi" };

export default function Page() {
  return <TransactionsScreen />;
}
