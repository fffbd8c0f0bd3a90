const numberFormat = new Intl.NumberFormat("id-ID");

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

export function formatRupiah(n: number): string {
  return `Rp ${numberFormat.format(n)}`;
}

export function formatPercent(ratio: number | null): string {
  if (ratio === null) return "–";
  return `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format(ratio * 100)}%`;
}

export const CHANNEL_LABELS: Record<string, string> = {
  whatsapp: "WhatsApp",
  sms: "SMS",
  email: "E-mail",
  misscall: "Misscall",
  voice: "Panggilan suara",
  whatsapp_inbound: "WhatsApp masuk",
};

export const OTP_STATUS_LABELS: Record<string, string> = {
  pending: "Menunggu",
  sent: "Terkirim",
  success: "Diterima",
  failed: "Gagal",
  verified: "Terverifikasi",
};

/** "2026-11-23 23:31:05" (the API's WIB timestamps) → "23 Nov 2026 23.31 WIB", the one way screens show a moment. */
export { wibTextLong as formatWibText } from "@/server/lib/wib-time";
