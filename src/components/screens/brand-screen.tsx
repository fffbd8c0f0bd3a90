"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDraft } from "@/components/forms/use-draft";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { MessagePreviews } from "@/components/dashboard/message-previews";
import { Button, Card, ErrorNotice, Field, inputClass, Loading, Notice, PageHeader } from "@/components/ui/primitives";
import { BRAND_MAX } from "@/schemas/v3/otp-limits";
import { DEFAULT_LOCALE, isLocale, LOCALE_LABELS, LOCALE_VALUES } from "@/schemas/v3/locale";


export function BrandScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.account.profile.queryOptions());
  // Written when the save succeeds, from what was saved; cleared as soon as a field changes.
  const [savedNotice, setSavedNotice] = useState<string | null>(null);
  const save = useMutation(
    trpc.account.updateBrand.mutationOptions({
      onMutate: () => setSavedNotice(null),
      onSuccess: (data) => {
        setSavedNotice(`Brand “${data.brand_name}” disimpan. Pesan OTP berikutnya memakai brand ini.`);
        queryClient.setQueryData(trpc.account.profile.queryKey(), data);
        // The saved language and domain change every preview, the template editor's too.
        void queryClient.invalidateQueries({ queryKey: trpc.account.messagePreviews.queryKey() });
        name.discard();
        email.discard();
        locale.discard();
        domain.discard();
      },
    }),
  );
  const name = useDraft(profile.data?.brand_name ?? "");
  const email = useDraft(profile.data?.brand_email ?? "");
  const locale = useDraft(profile.data?.default_locale ?? DEFAULT_LOCALE);
  const domain = useDraft(profile.data?.sms_domain ?? "");
  const brandName = name.value;
  // Counted as the server counts it: trimmed, in characters (an emoji is one).
  const brandLength = [...brandName.trim()].length;
  const brandEmail = email.value;
  const edit = (field: { set: (value: string) => void }) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    field.set(e.target.value);
    setSavedNotice(null);
    save.reset();
  };

  return (
    <>
      <PageHeader title="Brand" description="Nama brand muncul di setiap pesan OTP (kecuali misscall) bila permintaan API tidak mengirim field brand. E-mail brand dipakai sebagai alamat pengirim e-mail OTP." />
      {profile.isPending ? <Loading /> : null}
      {profile.error ? <ErrorNotice message={errorMessage(profile.error)} onRetry={() => profile.refetch()} /> : null}
      {profile.data ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Card title="Pengaturan brand">
            <form
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                save.mutate({ brandName, brandEmail, defaultLocale: isLocale(locale.value) ? locale.value : DEFAULT_LOCALE, smsDomain: domain.value });
              }}
            >
              {/* No maxLength: a pasted name would be cut without a word. The count says it, and saving waits until it fits. */}
              <Field
                label="Nama brand"
                hint={`${brandLength}/${BRAND_MAX} karakter, mis. nama toko atau aplikasi Anda.`}
                error={brandLength > BRAND_MAX ? `Nama brand paling panjang ${BRAND_MAX} karakter; sekarang ${brandLength}. Hapus ${brandLength - BRAND_MAX} karakter.` : undefined}
              >
                <input name="brandName" value={brandName} onChange={edit(name)} required className={inputClass} />
              </Field>
              <Field label="E-mail brand (opsional)" hint="Alamat pengirim (From) e-mail OTP, mis. otp@tokoanda.id. Kosongkan untuk memakai alamat pengirim bawaan Sandi.">
                <input name="brandEmail" type="email" value={brandEmail} onChange={edit(email)} className={inputClass} />
              </Field>
              <Field label="Bahasa pesan bawaan" hint="Dipakai bila permintaan API tidak mengirim field locale.">
                <select name="defaultLocale" value={locale.value} onChange={edit(locale)} className={inputClass}>
                  {LOCALE_VALUES.map((l) => (
                    <option key={l} value={l}>
                      {LOCALE_LABELS[l]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label="Domain untuk isi-otomatis SMS (opsional)"
                hint="Mis. tokoanda.id. Bila diisi, setiap SMS diakhiri baris @tokoanda.id #kode agar browser (WebOTP) dan iPhone mengisi kode sendiri di situs itu."
              >
                <input name="smsDomain" value={domain.value} onChange={edit(domain)} placeholder="tokoanda.id" className={inputClass} />
              </Field>
              {save.error ? <ErrorNotice message={errorMessage(save.error)} /> : null}
              {savedNotice ? (
                <div role="status">
                  <Notice tone="success">{savedNotice}</Notice>
                </div>
              ) : null}
              <div>
                <Button type="submit" busy={save.isPending} disabled={brandLength > BRAND_MAX}>
                  Simpan brand
                </Button>
              </div>
            </form>
          </Card>
          <MessagePreviews brand={brandName} brandEmail={brandEmail} draft={{ locale: isLocale(locale.value) ? locale.value : DEFAULT_LOCALE, smsDomain: domain.value }} />
        </div>
      ) : null}
    </>
  );
}
