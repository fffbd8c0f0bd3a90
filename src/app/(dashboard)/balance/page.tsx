import type { Metadata } from "next";
import { BalanceScreen } from "@/components/screens/balance-screen";

export const metadata: Metadata = { title: "Saldo" };

export default function Page() {
  return <BalanceScreen />;
}
