import type { Metadata } from "next";
import { WebhooksScreen } from "@/components/screens/webhooks-screen";

export const metadata: Metadata = { title: "Webhook" };

export default function Page() {
  return <WebhooksScreen />;
}
