import type { Metadata } from "next";
import { InsightsScreen } from "@/components/screens/insights-screen";

export const metadata: Metadata = { title: "Analitik" };

export default function Page() {
  return <InsightsScreen />;
}
