import type { Metadata } from "next";
import { SecurityScreen } from "@/components/screens/security-screen";

export const metadata: Metadata = { title: "Keamanan" };

export default function Page() {
  return <SecurityScreen />;
}
