import type { Metadata } from "next";
import { DEFAULT_RATE_LIMIT } from "@/server/http/rate-limit/rate-limiter";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { CallExamples } from "./call-examples";
import { Operation } from "./operation";
import { Code, Paragraphs, anchor, type Json } from "./prose";
import { quickStart, sdkSetup } from "./sdk-calls";
import { AuthSection, EnvelopeSection, ErrorTable, FallbackSection, RateLimitSection, TestModeSection } from "./reference-sections";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Referensi API" };

/** The API reference, rendered on the server from the same OpenAPI document as /v3/openapi.json. */
export default function DocsPage() {
  const doc = buildOpenApiDocument() as Json;
  const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })));
  const base = doc.servers[0].url as string;
  const guides = [
    ["envelope", "Format respons"],
    ["autentikasi", "Autentikasi dan IP allowlist"],
    ["rate-limit", "Rate limit"],
    ["mode-uji", "Mode uji untuk CI"],
    ["fallback", "Fallback channel dan event"],
    ["kode-error", "Kode error"],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold sm:text-3xl">Referensi API Sandi v3</h1>
      <Paragraphs text={doc.info.description} />
      <p className="mt-3 text-slate-700">
        Alamat dasar: <code className="rounded bg-slate-100 px-1 wrap-anywhere">{base}</code>. Dokumen OpenAPI 3.1 (tanpa API key):{" "}
        <a className="text-brand-600 underline" href="/v3/openapi.json">
          /v3/openapi.json
        </a>
        .
      </p>
      <nav aria-label="Daftar isi" className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <ul className="grid gap-1 text-sm">
          {guides.map(([id, title]) => (
            <li key={id}>
              <a className="text-brand-700 underline" href={`#${id}`}>
                {title}
              </a>
            </li>
          ))}
        </ul>
        <ul className="grid gap-1 font-mono text-sm">
          {operations.map(({ path, method }) => (
            <li key={`${method}${path}`}>
              <a className="text-brand-700 underline" href={`#${anchor(method, path)}`}>
                {method.toUpperCase()} {path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-xl font-semibold">Mulai cepat</h2>
        <p className="mt-2 text-slate-700">
          Dengan curl, atau dengan SDK resmi untuk TypeScript/Node.js (<Code>@sandi/node</Code>), PHP 7.4+ (<Code>sandi/sandi-php</Code>) dan Python 3.8+ (
          <Code>sandi</Code>): error bertipe per kode, retry yang aman dan verifikasi webhook. Setiap endpoint di bawah menampilkan panggilan yang sama dalam keempatnya.
        </p>
        <CallExamples title="Klien" example={sdkSetup(base)} />
        <CallExamples title="Kirim dan verifikasi" example={quickStart(base)} />
      </section>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6">
        <EnvelopeSection />
        <AuthSection />
        <RateLimitSection limit={DEFAULT_RATE_LIMIT} />
        <TestModeSection base={base} />
        <FallbackSection />
        <ErrorTable />
        {operations.map(({ path, method, op }) => (
          <Operation key={`${method}${path}`} doc={doc} base={base} method={method} path={path} op={op} />
        ))}
      </div>
    </div>
  );
}
