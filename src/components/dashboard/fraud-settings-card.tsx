"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice, Field, inputClass, Loading, Notice } from "@/components/ui/primitives";
import { ANY_COUNTRY, GEO_CLASSES, type GeoClass } from "@/schemas/fraud";

const CLASS_LABELS: Record<GeoClass, string> = { sms: "SMS", voice: "Panggilan suara", misscall: "Misscall", whatsapp: "WhatsApp" };

const LEVELS = [
  { value: "off", label: "Mati", hint: "Tidak ada deteksi; izin negara tetap berlaku." },
  { value: "standard", label: "Standar", hint: "Disarankan: memblokir lonjakan yang jelas, hampir tanpa salah blokir." },
  { value: "max", label: "Maksimal", hint: "Memblokir lebih cepat; sedikit lebih mungkin menahan lonjakan yang wajar." },
] as const;

function codesText(codes: string[]): string {
  return codes.includes(ANY_COUNTRY) ? "" : codes.join(", ");
}

/** One class's country codes; with "Semua negara" ticked the codes do not apply, so their field is off. */
function GeoField({ cls, codes }: { cls: GeoClass; codes: string[] }) {
  const [all, setAll] = useState(codes.includes(ANY_COUNTRY));
  return (
    <Field label={CLASS_LABELS[cls]}>
      <input name={`codes-${cls}`} defaultValue={codesText(codes)} placeholder={all ? "Semua negara" : "62"} disabled={all} inputMode="numeric" className={inputClass} data-testid={`geo-${cls}`} />
      <label className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        <input type="checkbox" name={`all-${cls}`} checked={all} onChange={(e) => setAll(e.target.checked)} data-testid={`geo-all-${cls}`} />
        Semua negara
      </label>
    </Field>
  );
}

/** Geo permissions per channel class and the fraud guard's level, as the merchant sets them. */
export function FraudSettingsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.fraud.settings.queryOptions());
  const save = useMutation(
    trpc.fraud.updateSettings.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(trpc.fraud.settings.queryKey(), data) }),
  );
  const [saved, setSaved] = useState(false);

  return (
    <Card title="Perlindungan penipuan dan izin negara" className="lg:col-span-2">
      {settings.isPending ? <Loading /> : null}
      {settings.error ? <ErrorNotice message={errorMessage(settings.error)} onRetry={() => settings.refetch()} /> : null}
      {settings.data ? (
        <form
          key={JSON.stringify(settings.data)}
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const geoPermissions: Record<string, string[]> = {};
            for (const cls of GEO_CLASSES) {
              const all = form.get(`all-${cls}`) === "on";
              const codes = String(form.get(`codes-${cls}`) ?? "").split(/[\s,]+/).filter(Boolean);
              geoPermissions[cls] = all ? [ANY_COUNTRY] : codes;
            }
            setSaved(false);
            save.mutate({ geoPermissions, fraudGuard: String(form.get("level")) as "off" | "standard" | "max" }, { onSuccess: () => setSaved(true) });
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Tingkat perlindungan penipuan</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {LEVELS.map((level) => (
                <label key={level.value} className="flex gap-2 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-slate-900">
                  <input type="radio" name="level" value={level.value} defaultChecked={settings.data.fraud_guard === level.value} data-testid={`fraud-level-${level.value}`} />
                  <span>
                    <span className="font-medium">{level.label}</span>
                    <span className="block text-slate-600">{level.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Negara tujuan yang diizinkan</legend>
            <p className="mb-3 text-sm text-slate-600">
              Kode negara tanpa &apos;+&apos;, dipisah koma (62 Indonesia, 60 Malaysia, 65 Singapura). Nomor ke negara lain ditolak dengan 403 GEO_NOT_ALLOWED dan tidak dipotong.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {GEO_CLASSES.map((cls) => (
                <GeoField key={cls} cls={cls} codes={settings.data.geo_permissions[cls] ?? []} />
              ))}
            </div>
          </fieldset>
          {save.error ? <ErrorNotice message={errorMessage(save.error)} /> : null}
          {saved ? (
            <div role="status">
              <Notice tone="success">Pengaturan keamanan disimpan dan berlaku dalam beberapa detik.</Notice>
            </div>
          ) : null}
          <div>
            <Button type="submit" busy={save.isPending}>
              Simpan pengaturan
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
