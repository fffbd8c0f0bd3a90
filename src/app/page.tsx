import Link from "next/link";
import { getEnv } from "@/env";
import { formatRupiah } from "@/components/format";
import { getSignedInMerchantId } from "@/server/auth/session";
import { DEFAULT_PRICES } from "@/server/services/merchants/prices";
import type { Channel } from "@/generated/prisma/enums";

export const dynamic = "force-dynamic";

const CHANNELS: { key: Channel; name: string; text: string }[] = [
  { key: "whatsapp", name: "WhatsApp", text: "Kode dikirim lewat template autentikasi WhatsApp." },
  { key: "sms", name: "SMS", text: "Untuk nomor tanpa WhatsApp; mendukung hash SMS Retriever Android." },
  { key: "email", name: "E-mail", text: "Kode dikirim atas nama brand Anda." },
  { key: "misscall", name: "Misscall", text: "Pengguna memasukkan digit terakhir nomor yang menelepon." },
  { key: "voice", name: "Panggilan suara", text: "Kode empat digit dibacakan satu per satu." },
  { key: "whatsapp_inbound", name: "WhatsApp masuk", text: "Pengguna mengirim pesan ke kami; terverifikasi otomatis." },
];

const STEPS = [
  { title: "Daftar dan isi saldo", text: "Buat akun dan dapatkan API key, lalu isi saldo di Saldo → Isi saldo. Setiap OTP memakai kredit, juga di mode sandbox; di server sandbox pembayarannya bisa disimulasikan." },
  { title: "Kirim OTP", text: "POST /v3/request dengan channel dan nomor tujuan. Kode tidak pernah dikembalikan dalam respons." },
  { title: "Verifikasi", text: "POST /v3/verify dengan kode yang dimasukkan pengguna, atau terima webhook otp.verified." },
];

export default async function HomePage() {
  const signedIn = Boolean(await getSignedInMerchantId().catch(() => null));
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-6 py-4">
          <span className="text-xl font-bold tracking-tight text-brand-700">Sandi</span>
          <nav className="flex items-center gap-4 text-sm font-medium">
            <Link href="/docs" className="text-slate-700 hover:text-brand-700">
              Referensi API
            </Link>
            {signedIn ? (
              <Link href="/overview" className="rounded-md bg-brand-600 px-3 py-2 text-white hover:bg-brand-700">
                Buka dashboard
              </Link>
            ) : (
              <>
                <Link href="/sign-in" className="text-slate-700 hover:text-brand-700">
                  Masuk
                </Link>
                <Link href="/sign-up" className="rounded-md bg-brand-600 px-3 py-2 text-white hover:bg-brand-700">
                  Daftar
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>

      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto flex max-w-5xl flex-col gap-6 px-6 py-16 sm:py-24">
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Sandi: OTP untuk merchant Indonesia</h1>
            <p className="max-w-2xl text-lg text-slate-700">
              Kirim kode sekali pakai lewat WhatsApp, SMS, e-mail, misscall atau panggilan suara, lalu verifikasi dengan satu panggilan API. Bayar
              per OTP yang terkirim; pengiriman yang gagal tidak dipotong.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link href={signedIn ? "/overview" : "/sign-up"} className="rounded-md bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
                {signedIn ? "Buka dashboard" : "Daftar gratis"}
              </Link>
              <Link href="/docs" className="rounded-md border border-slate-300 bg-white px-5 py-3 font-medium text-slate-800 hover:bg-slate-50">
                Lihat referensi API
              </Link>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-5xl px-6 py-14">
          <h2 className="text-2xl font-semibold">Cara kerjanya</h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-5">
                <span className="text-sm font-semibold text-brand-600">Langkah {i + 1}</span>
                <h3 className="mt-1 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
          <pre className="mt-8 overflow-x-auto rounded-xl bg-slate-900 p-5 text-sm leading-relaxed text-slate-100">
            {`curl -X POST ${getEnv().BASE_URL}/v3/request \\
  -H "Authorization: Bearer $SANDI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"channel": "whatsapp", "destination": "6281234567890"}'`}
          </pre>
        </section>

        <section className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-5xl px-6 py-14">
            <h2 className="text-2xl font-semibold">Enam channel, satu API, harga per OTP</h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {CHANNELS.map((c) => (
                <li key={c.key} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5" data-testid={`price-${c.key}`}>
                  <h3 className="font-semibold">{c.name}</h3>
                  <p className="mt-1 text-sm text-slate-600">{c.text}</p>
                  <p className="mt-auto pt-3 text-lg font-semibold text-slate-900 tabular-nums">
                    {formatRupiah(DEFAULT_PRICES[c.key])} <span className="text-sm font-normal text-slate-500">per OTP terkirim</span>
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-600">
              Harga dalam rupiah, dipotong dari saldo prabayar (1 kredit = Rp 1) hanya untuk OTP yang terkirim; pengiriman yang gagal tidak dipotong. Tanpa biaya
              bulanan. Harga akun Anda tampil di dashboard → Saldo.
            </p>
          </div>
        </section>

        <section className="mx-auto grid max-w-5xl gap-6 px-6 py-14 sm:grid-cols-3">
          <div>
            <h3 className="font-semibold">Sandbox bawaan</h3>
            <p className="mt-1 text-sm text-slate-600">Tanpa kredensial vendor, pesan tercatat di kotak masuk sandbox dashboard lengkap dengan kodenya. OTP sandbox tetap memakai kredit.</p>
          </div>
          <div>
            <h3 className="font-semibold">Webhook bertanda tangan</h3>
            <p className="mt-1 text-sm text-slate-600">Event otp.verified dengan tanda tangan Standard Webhooks, dicoba ulang otomatis, bisa dikirim ulang.</p>
          </div>
          <div>
            <h3 className="font-semibold">Saldo prabayar</h3>
            <p className="mt-1 text-sm text-slate-600">Isi saldo lewat QRIS atau virtual account mulai Rp 10.000. Setiap debit dan kredit tercatat.</p>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-5xl flex-wrap justify-between gap-2 px-6 py-6 text-sm text-slate-500">
          <span>© Sandi</span>
          <Link href="/docs" className="hover:text-brand-700">
            Referensi API
          </Link>
        </div>
      </footer>
    </div>
  );
}
