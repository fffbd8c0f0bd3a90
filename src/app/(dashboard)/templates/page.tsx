import type { Metadata } from "next";
import { TemplatesScreen } from "@/components/screens/templates-screen";

export const metadata: Metadata = { title: "Template pesan" };

export default function Page() {
  return <TemplatesScreen />;
}
