import type { Metadata } from "next";
import { ApiKeysScreen } from "@/components/screens/api-keys-screen";

export const metadata: Metadata = { title: "API key" };

export default function Page() {
  return <ApiKeysScreen />;
}
