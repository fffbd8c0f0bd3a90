import type { Metadata } from "next";
import { AuditScreen } from "@/components/screens/audit-screen";

export const metadata: Metadata = { title: "Catatan audit" };

export default function Page() {
  return <AuditScreen />;
}
