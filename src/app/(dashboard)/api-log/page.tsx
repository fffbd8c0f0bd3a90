import type { Metadata } from "next";
import { ApiLogScreen } from "@/components/screens/api-log-screen";

export const metadata: Metadata = { title: "Catatan API" };

export default function Page() {
  return <ApiLogScreen />;
}
