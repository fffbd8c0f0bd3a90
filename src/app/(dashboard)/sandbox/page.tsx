import type { Metadata } from "next";
import { SandboxScreen } from "@/components/screens/sandbox-screen";

export const metadata: Metadata = { title: "Kotak masuk sandbox" };

export default function Page() {
  return <SandboxScreen />;
}
