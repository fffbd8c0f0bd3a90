// The parts of the reference that apply to every endpoint: envelope, auth, IP
// allowlist, rate limit, error codes.
import { OTP_EVENT_TYPES } from "@/schemas/v3/events";
import { FALLBACK_AFTER_SECONDS, VOICE_CODE_LENGTH } from "@/schemas/v3/otp-limits";
import { ERROR_TABLE, V3_ERROR_CODES } from "@/server/error-table";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { CallExamples } from "./call-examples";
import { Code, CodeBlock, Prose } from "./prose";
import { testModeFlow } from "./sdk-calls";

const ERROR_COLUMNS = [{ label: "HTTP" }, { label: "error.code" }, { label: "Kapan" }];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2 text-slate-700">{children}</div>
    </section>
  );
}

export function EnvelopeSection() {
  return (
    <Section id="envelope" title="Format respons (envelope)">
      <p>
        Semua respons /v3 — termasuk error, path yang tidak ada (404 <Code>NOT_FOUND</Code>) dan metode yang salah (405 <Code>METHOD_NOT_ALLOWED</Code>) — memakai
        bentuk yang sama. Selalu cek <Code>success</Code> lalu <Code>error.code</Code>; <Code>error.message</Code> berbahasa Indonesia dan bisa berubah.
      </p>
      <CodeBlock value={{ success: true, data: { "…": "…" }, error: null }} />
      <CodeBlock value={{ success: false, data: null, error: { code: "UNAUTHORIZED", message: "API key tidak dikenal." } }} />
      <p>
        Setiap respons membawa header <Code>X-Request-Id</Code>; sertakan nilainya saat menghubungi support.
      </p>
    </Section>
  );
}

export function AuthSection() {
  return (
    <Section id="autentikasi" title="Autentikasi dan IP allowlist">
      <p>
        Kirim <Code>Authorization: Bearer &lt;API_KEY&gt;</Code> di setiap request, hanya dari server Anda (jangan di browser atau aplikasi mobile). Header yang tidak ada,
        kosong, salah format, atau key yang tidak dikenal/dicabut dijawab 401 <Code>UNAUTHORIZED</Code>; pesannya menyebut penyebabnya.
      </p>
      <p>
        Jika akun Anda memakai IP allowlist, request dari IP lain dijawab 403 <Code>IP_NOT_ALLOWED</Code> (diperiksa setelah API key). IP klien dibaca berurutan dari{" "}
        <Code>CF-Connecting-IP</Code>, <Code>X-Real-IP</Code>, alamat pertama <Code>X-Forwarded-For</Code>, lalu alamat koneksi. Daftar berisi alamat IPv4/IPv6 persis
        (tanpa CIDR), dipisah koma; daftar kosong mengizinkan semua IP.
      </p>
    </Section>
  );
}

/** How a merchant's CI tests its sign-in end to end with a test key. */
export function TestModeSection({ base }: { base: string }) {
  return (
    <Section id="mode-uji" title="Mode uji (test mode) untuk pengembangan dan CI">
      <p>
        Setiap akun punya API key live (<Code>sk_live_…</Code>) dan API key uji (<Code>sk_test_…</Code>). Kunci uji memanggil endpoint yang sama dengan validasi, kode
        error, rate limit, batas per tujuan dan aturan <Code>external_id</Code> yang sama, tetapi di dunia yang terpisah: pesan selalu lewat sandbox (tidak pernah ke
        vendor), biaya dipotong dari saldo uji (akun baru mendapat 1.000.000 kredit uji), top-up memakai gateway sandbox, dan webhook dikirim ke URL webhook mode uji
        dengan <Code>&quot;livemode&quot;: false</Code>. <Code>otp_id</Code> mode uji tidak dikenal oleh kunci live, dan sebaliknya. <Code>GET /v3/account</Code> menjawab{" "}
        <Code>livemode</Code>.
      </p>
      <p>
        Hanya untuk kunci uji: <Code>GET /v3/test/messages</Code> (pesan yang &ldquo;terkirim&rdquo;, dengan kodenya), <Code>POST /v3/test/inbound-whatsapp</Code> dan{" "}
        <Code>POST /v3/test/receipts</Code>. Dengan kunci live, path ini dijawab 404 <Code>NOT_FOUND</Code>. Contoh uji sign-in di CI:
      </p>
      <CallExamples title="curl atau SDK" example={testModeFlow(base)} />
    </Section>
  );
}

/** Channel fallback and the lifecycle events (docs/otp-lifecycle.md). */
export function FallbackSection() {
  return (
    <Section id="fallback" title="Fallback channel dan event siklus OTP">
      <p>
        Tambahkan <Code>fallback</Code> (daftar channel berurutan dari <Code>whatsapp</Code>, <Code>sms</Code> dan, di <Code>/v3/request</Code>, <Code>voice</Code>)
        dan <Code>fallback_after</Code> (detik, {FALLBACK_AFTER_SECONDS.min}–{FALLBACK_AFTER_SECONDS.max}, bawaan {FALLBACK_AFTER_SECONDS.default}) ke <Code>POST /v3/request</Code> atau <Code>POST /v3/send</Code>. Bila pengiriman gagal, atau belum
        terkonfirmasi sampai dalam <Code>fallback_after</Code> detik, kode yang sama dikirim lewat channel berikutnya: satu <Code>otp_id</Code>, satu kode, percobaan dan
        TTL bersama. Rantai yang memuat <Code>voice</Code> memakai kode {VOICE_CODE_LENGTH} digit. <Code>misscall</Code>, <Code>email</Code> dan <Code>whatsapp_inbound</Code> tidak
        menerima fallback.
      </p>
      <CodeBlock value={{ channel: "whatsapp", destination: "6281234567890", fallback: ["sms"], fallback_after: FALLBACK_AFTER_SECONDS.default }} />
      <p>
        Setiap pengiriman yang terkirim dipotong harga channelnya; yang gagal gratis; fallback yang tidak tertutup saldo dilewati (<Code>skipped</Code>) dan OTP berakhir{" "}
        <Code>failed</Code> tanpa biaya bila tidak ada yang terkirim. Fallback tidak dihitung sebagai pembuatan baru untuk batas per tujuan.{" "}
        <Code>GET /v3/otp/{"{otp_id}"}</Code> menambahkan <Code>deliveries</Code> (channel, status, price, sent_at, berurutan); <Code>channel</Code> adalah channel
        pengiriman terakhir.
      </p>
      <p>
        Sandbox: nomor berakhiran <Code>0001</Code> menerima WhatsApp tetapi tidak pernah terkonfirmasi, <Code>0002</Code> gagal WhatsApp seketika (channel lain tetap
        jalan), <Code>0000</Code> gagal di semua channel; pengiriman sandbox lain terkonfirmasi sendiri sekitar satu detik kemudian.
      </p>
      <p>
        Event webhook selain <Code>otp.verified</Code>: {EVENT_LIST.map((type, i) => (
          <span key={type}>
            {i > 0 ? ", " : ""}
            <Code>{type}</Code>
          </span>
        ))}
        . Amplop dan tanda tangan sama dengan <Code>otp.verified</Code>, at-least-once tanpa jaminan urutan, dan setiap event membawa status OTP saat itu. Pilih tipe
        event di dashboard (Webhook); endpoint lama hanya menerima <Code>otp.verified</Code>.
      </p>
    </Section>
  );
}

const EVENT_LIST = OTP_EVENT_TYPES.filter((t) => t !== "otp.verified");

export function RateLimitSection({ limit }: { limit: number }) {
  return (
    <Section id="rate-limit" title="Rate limit">
      <p>
        {limit} request per detik per API key (jendela tetap satu detik, semua endpoint /v3 dihitung bersama). Kelebihannya dijawab 429 <Code>RATE_LIMITED</Code> dengan
        header <Code>Retry-After</Code> (detik).
      </p>
      <p>
        Setiap respons yang lolos autentikasi membawa <Code>RateLimit-Limit</Code> (batas per detik), <Code>RateLimit-Remaining</Code> (sisa di detik ini) dan{" "}
        <Code>RateLimit-Reset</Code> (detik sampai jendela berikutnya).
      </p>
    </Section>
  );
}

export function ErrorTable() {
  const rows = [...V3_ERROR_CODES].sort((a, b) => ERROR_TABLE[a].status - ERROR_TABLE[b].status);
  return (
    <Section id="kode-error" title="Kode error">
      <StackedTable columns={ERROR_COLUMNS} caption="Kode error">
        {rows.map((code) => (
          <StackedRow key={code} className="align-top">
            <StackedCell label="HTTP" className="font-mono">
              {ERROR_TABLE[code].status}
            </StackedCell>
            <StackedCell label="error.code">
              <Code>{code}</Code>
            </StackedCell>
            <StackedCell label="Kapan" prose>
              <Prose text={ERROR_TABLE[code].when} />
            </StackedCell>
          </StackedRow>
        ))}
      </StackedTable>
      <p>
        Bukan error: kode salah pada verify (HTTP 200, <Code>verified: false</Code>) dan pengiriman gagal saat membuat OTP (HTTP 200, <Code>status: failed</Code>, tanpa
        biaya).
      </p>
    </Section>
  );
}
