"use client";
// How the brand appears in each channel, rendered on the server by the same
// templates that build the real messages (with a sample code), so what the
// merchant sees here is what their users get.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { smsLength } from "@/components/sms-length";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Card, ErrorNotice, Loading } from "@/components/ui/primitives";
import { formatRupiah } from "@/components/format";
import { BRAND_MAX } from "@/schemas/v3/otp-limits";
import type { Locale } from "@/schemas/v3/locale";
import type { TemplateChannel } from "@/schemas/v3/templates";

const TYPING_PAUSE_MS = 300;

/** The value once it has stopped changing for a moment, so typing does not fire a request per key. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function Label({ children }: { children: React.ReactNode }) {
  return <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</p>;
}

function SmsLengthNote({ text, price }: { text: string; price: number }) {
  const { characters, parts, encoding } = smsLength(text);
  return (
    <div className="mt-1.5 text-xs">
      <p data-testid="preview-sms-length" className={parts > 1 ? "text-amber-800" : "text-slate-500"}>
        {characters} karakter {encoding === "UCS-2" ? "(UCS-2: ada karakter di luar GSM-7)" : "(GSM-7)"} = {parts} segmen SMS
        {parts > 1 ? "; pesan dikirim dalam beberapa bagian dan operator seluler menagih setiap bagian." : "."}
      </p>
      <p data-testid="preview-sms-price" className="text-slate-500">
        Dampak harga: {formatRupiah(price)} per OTP SMS, berapa pun jumlah segmennya{parts > 1 ? `; pesan sepanjang ini tidak menambah tagihan Anda, tetapi tiba sebagai ${parts} bagian yang disatukan ponsel.` : "."}
      </p>
    </div>
  );
}

type Draft = { locale?: Locale; fragments?: { channel: TemplateChannel; text: string }[]; smsDomain?: string };

export function MessagePreviews({ brand, brandEmail, draft, title = "Pratinjau pesan" }: { brand: string; brandEmail: string; draft?: Draft; title?: string }) {
  const trpc = useTRPC();
  const input = useSettled({ brandName: brand.trim().slice(0, BRAND_MAX), brandEmail: brandEmail.trim().slice(0, 254), ...(draft ?? {}) });
  const previews = useQuery({ ...trpc.account.messagePreviews.queryOptions(input), placeholderData: keepPreviousData });

  return (
    <Card title={title}>
      {previews.isPending ? <Loading label="Menyiapkan pratinjau…" /> : null}
      {previews.error ? <ErrorNotice message={errorMessage(previews.error)} onRetry={() => previews.refetch()} /> : null}
      {previews.data ? (
        <div className={`flex flex-col gap-5 text-sm transition-opacity ${previews.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={previews.isFetching}>
          <p className="text-xs text-slate-500">Contoh dengan kode 482913 dan masa berlaku bawaan 5 menit.</p>
          <div>
            <Label>WhatsApp</Label>
            <div className="rounded-lg bg-[#e7fbe6] p-3 shadow-sm">
              <p data-testid="preview-whatsapp" className="whitespace-pre-line [overflow-wrap:anywhere]">
                {previews.data.whatsapp.text}
              </p>
            </div>
            {previews.data.whatsapp.via === "whatsapp_cloud" ? (
              <p className="mt-1.5 text-xs text-slate-500">Teks template autentikasi WhatsApp ditulis oleh Meta; brand Anda tampil sebagai nama pengirim.</p>
            ) : null}
          </div>
          <div>
            <Label>SMS</Label>
            <div className="max-w-xs rounded-2xl bg-slate-100 px-3 py-2">
              <p data-testid="preview-sms" className="whitespace-pre-line [overflow-wrap:anywhere]">
                {previews.data.sms}
              </p>
            </div>
            <SmsLengthNote text={previews.data.sms} price={previews.data.smsPrice} />
          </div>
          <div>
            <Label>E-mail</Label>
            <div className="overflow-hidden rounded-lg border border-slate-200">
              <div className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-600">
                <p>
                  Dari: <span className="font-medium">{previews.data.email.from}</span>
                </p>
                <p>Subjek: {previews.data.email.subject}</p>
              </div>
              {/* The real HTML body, isolated: no scripts, no access to this page. */}
              <iframe data-testid="preview-email" title="Pratinjau isi e-mail" sandbox="" srcDoc={previews.data.email.html} className="h-72 w-full bg-white" />
            </div>
          </div>
          <div>
            <Label>Panggilan suara</Label>
            <p data-testid="preview-voice" className="[overflow-wrap:anywhere] rounded-lg border border-slate-200 px-3 py-2 italic text-slate-700">
              “{previews.data.voice}”
            </p>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
