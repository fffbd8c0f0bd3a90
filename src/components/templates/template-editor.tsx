"use client";
// One template's texts per channel and language, checked as they are typed with the
// same rules the API applies, and previewed live by the real message renderer.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { MessagePreviews } from "@/components/dashboard/message-previews";
import { CHANNEL_LABELS } from "@/components/format";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";
import { LOCALE_LABELS, LOCALE_VALUES, type Locale } from "@/schemas/v3/locale";
import { FRAGMENT_MAX_CHARACTERS, fragmentTextProblem, TEMPLATE_CHANNEL_VALUES, TEMPLATE_NAME_PATTERN, type TemplateChannel, type TemplateData } from "@/schemas/v3/templates";
import { TemplateTestSend } from "./template-test-send";

type Texts = Record<string, string>;
const keyOf = (channel: TemplateChannel, locale: Locale) => `${channel}/${locale}`;

function textsOf(template: TemplateData | null): Texts {
  return Object.fromEntries((template?.fragments ?? []).map((f) => [keyOf(f.channel, f.locale), f.text]));
}

export function TemplateEditor({ template, onSaved, onDeleted }: { template: TemplateData | null; onSaved: (name: string) => void; onDeleted: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const [name, setName] = useState(template?.name ?? "");
  const [locale, setLocale] = useState<Locale>("id");
  const [texts, setTexts] = useState<Texts>(() => textsOf(template));
  const [saved, setSaved] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.templates.list.queryKey() });
  const onSuccess = (data: TemplateData) => {
    setSaved(true);
    void refresh();
    onSaved(data.name);
  };
  const create = useMutation(trpc.templates.create.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.templates.update.mutationOptions({ onSuccess }));
  const remove = useMutation(trpc.templates.remove.mutationOptions({ onSuccess: () => void refresh().then(onDeleted) }));
  const save = template ? update : create;

  const fragments = TEMPLATE_CHANNEL_VALUES.flatMap((channel) => LOCALE_VALUES.map((l) => ({ channel, locale: l, text: texts[keyOf(channel, l)] ?? "" }))).filter((f) => f.text.trim() !== "");
  const problems = fragments.map((f) => ({ f, problem: fragmentTextProblem(f.channel, f.text) })).filter((p) => p.problem);
  const nameProblem = name && !TEMPLATE_NAME_PATTERN.test(name) ? "Nama memakai huruf kecil, angka, - atau _, diawali huruf atau angka." : undefined;
  const canSave = TEMPLATE_NAME_PATTERN.test(name) && fragments.length > 0 && problems.length === 0;
  const setText = (channel: TemplateChannel, value: string) => {
    setSaved(false);
    save.reset();
    setTexts((t) => ({ ...t, [keyOf(channel, locale)]: value }));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex flex-col gap-6">
        <Card title={template ? `Template ${template.name}` : "Template baru"}>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ name, fragments });
            }}
          >
            <Field label="Nama template" hint="Dipakai di API sebagai field template, mis. login." error={nameProblem}>
              <input value={name} onChange={(e) => setName(e.target.value)} disabled={template !== null} className={inputClass} />
            </Field>
            <div role="radiogroup" aria-label="Bahasa" className="flex gap-2">
              {LOCALE_VALUES.map((l) => (
                <button key={l} type="button" role="radio" aria-checked={locale === l} onClick={() => setLocale(l)} className={`rounded-md border px-3 py-1.5 text-sm ${locale === l ? "border-brand-600 bg-brand-50 font-medium text-brand-700" : "border-slate-300 text-slate-600"}`}>
                  {LOCALE_LABELS[l]}
                </button>
              ))}
            </div>
            <p className="text-xs text-slate-500">
              Placeholder: <code>{"{code}"}</code> (wajib), <code>{"{brand}"}</code>, <code>{"{minutes}"}</code> (masa berlaku), <code>{"{domain}"}</code> (domain baris isi-otomatis). Kosongkan sebuah kolom untuk memakai teks standar Sandi.
            </p>
            {TEMPLATE_CHANNEL_VALUES.map((channel) => {
              const text = texts[keyOf(channel, locale)] ?? "";
              const problem = text.trim() ? fragmentTextProblem(channel, text) : null;
              return (
                <Field key={channel} label={`${CHANNEL_LABELS[channel]} (${LOCALE_LABELS[locale]})`} hint={`${[...text].length}/${FRAGMENT_MAX_CHARACTERS[channel]} karakter`} error={problem ? `Teks ${problem}` : undefined}>
                  <textarea value={text} onChange={(e) => setText(channel, e.target.value)} rows={3} className={inputClass} />
                </Field>
              );
            })}
            {problems.length > 0 ? <Notice tone="warning">Perbaiki {problems.length} teks sebelum menyimpan (juga di bahasa lain).</Notice> : null}
            {save.error ? <ErrorNotice message={errorMessage(save.error)} /> : null}
            {saved ? (
              <div role="status" data-testid="template-saved">
                <Notice tone="success">Template {name} disimpan.</Notice>
              </div>
            ) : null}
            <div className="flex gap-3">
              <Button type="submit" busy={save.isPending} disabled={!canSave}>
                Simpan template
              </Button>
              {template ? (
                <Button type="button" variant="secondary" busy={remove.isPending} onClick={() => window.confirm(`Hapus template ${template.name}?`) && remove.mutate({ name: template.name })}>
                  Hapus
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
        {template ? <TemplateTestSend template={template.name} locale={locale} /> : null}
      </div>
      <MessagePreviews
        title={`Pratinjau (${LOCALE_LABELS[locale]})`}
        brand={profile.data?.brand_name ?? ""}
        brandEmail={profile.data?.brand_email ?? ""}
        draft={{ locale, fragments: TEMPLATE_CHANNEL_VALUES.map((channel) => ({ channel, text: texts[keyOf(channel, locale)] ?? "" })) }}
      />
    </div>
  );
}
