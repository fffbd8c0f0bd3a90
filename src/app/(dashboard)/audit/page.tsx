import type { Metadata } from "next";
import { AuditScreen } from "@/components/screens/audit-screen";

export const metadata: Metadata = { title: "Log audit" };

export default function Page() {
  return <AuditScreen />;
}
