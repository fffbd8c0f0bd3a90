import type { Metadata } from "next";
import { WebhooksScreen } from "@/components/screens/webhooks-screen";

export const metadata: Metadata = { title: "Webhook" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?otp=<otp_id>` (a transaction's link to its events) shows that OTP's events only. */
export default async function Page({ searchParams }: Props) {
  const { otp } = await searchParams;
  return <WebhooksScreen otpFilter={typeof otp === "string" && otp.trim() !== "" ? otp.trim().slice(0, 64) : undefined} />;
}
