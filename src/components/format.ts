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

/**
 * One vocabulary for an OTP's status, used by the list, its filter, the detail and
 * the delivery outcome alike: the label, and what it means for the message.
 */
export const OTP_STATUS: Record<string, { label: string; meaning: string }> = {
  pending: { label: "Menunggu", meaning: "Belum diserahkan ke penyedia." },
  sent: { label: "Terkirim", meaning: "Diserahkan ke penyedia; belum ada laporan sampai ke pengguna." },
  success: { label: "Sampai", meaning: "Penyedia melaporkan pesan sampai ke pengguna." },
  failed: { label: "Gagal", meaning: "Tidak terkirim; biayanya tidak dipotong." },
  verified: { label: "Terverifikasi", meaning: "Kode sudah diverifikasi, jadi pesannya sampai." },
};

/** One send of an OTP (an OTP with a fallback chain has several): its label, tone and meaning. */
export const DELIVERY_STATUS: Record<string, { label: string; tone: "slate" | "green" | "red" | "amber" | "blue"; meaning: string }> = {
  pending: { label: "Sedang dikirim", tone: "amber", meaning: "Sedang diserahkan ke penyedia." },
  sent: { label: "Terkirim", tone: "blue", meaning: "Diserahkan ke penyedia; belum ada laporan sampai." },
  success: { label: "Sampai", tone: "green", meaning: "Penyedia melaporkan pesan sampai ke pengguna." },
  failed: { label: "Gagal", tone: "red", meaning: "Tidak terkirim; biayanya tidak dipotong." },
  skipped: { label: "Dilewati", tone: "slate", meaning: "Tidak dicoba; biayanya tidak dipotong." },
};

export const OTP_STATUS_LABELS: Record<string, string> = Object.fromEntries(Object.entries(OTP_STATUS).map(([status, s]) => [status, s.label]));

/** "2026-11-23 23:31:05" (the API's WIB timestamps) → "23 Nov 2026 23.31 WIB", the one way screens show a moment. */
export { wibTextLong as formatWibText } from "@/lib/wib-time";
