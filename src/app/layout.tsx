import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Sandi — OTP untuk merchant Indonesia", template: "%s · Sandi" },
  description: "Kirim dan verifikasi OTP lewat WhatsApp, SMS, e-mail, misscall dan panggilan suara.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="id">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
