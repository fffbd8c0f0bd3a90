"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Badge, Button, Card, ErrorNotice, Field, inputClass, Notice } from "@/components/ui/primitives";
import type { TwoStepChannel } from "@/schemas/dashboard/two-step";

/** Keamanan → Masuk dua langkah: switched on by proving a code arrives, off with the password. */
export function TwoStepCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.account.twoStepStatus.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.twoStepStatus.queryKey() });
  const start = useMutation(trpc.account.twoStepStart.mutationOptions());
  const confirm = useMutation(trpc.account.twoStepConfirm.mutationOptions({ onSuccess: () => { start.reset(); return refresh(); } }));
  const disable = useMutation(trpc.account.twoStepDisable.mutationOptions({ onSuccess: () => { confirm.reset(); return refresh(); } }));
  const [channel, setChannel] = useState<TwoStepChannel>("whatsapp");
  const notice = confirm.data?.message ?? disable.data?.message;

  return (
    <Card title="Masuk dua langkah" className="lg:col-span-2">
      <div id="dua-langkah" className="scroll-mt-20 flex flex-col gap-4 text-sm">
        <p className="text-slate-600">
          Setelah kata sandi, Sandi mengirim kode sekali pakai ke WhatsApp atau e-mail Anda lewat layanan OTP yang sama dengan yang Anda pakai. Kode ini tidak memotong saldo Anda.
        </p>
        {notice ? (
          <div role="status">
            <Notice tone="success">{notice}</Notice>
          </div>
        ) : null}
        {status.data?.enabled ? (
          <>
            <p className="flex flex-wrap items-center gap-2" data-testid="two-step-status">
              <Badge tone="green">Aktif</Badge> Kode dikirim ke {status.data.hint}.
            </p>
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                const form = e.currentTarget;
                disable.mutate({ password: String(new FormData(form).get("password") ?? "") }, { onSuccess: () => form.reset() });
              }}
            >
              <Field label="Kata sandi untuk mematikan">
                <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
              </Field>
              <Button type="submit" variant="danger" busy={disable.isPending}>
                Matikan masuk dua langkah
              </Button>
            </form>
            {disable.error ? <ErrorNotice message={errorMessage(disable.error)} /> : null}
          </>
        ) : null}
        {status.data && !status.data.enabled && !start.data ? (
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              start.mutate({ channel, phone: channel === "whatsapp" ? String(form.get("phone") ?? "") : undefined, password: String(form.get("password") ?? "") });
            }}
          >
            <p className="flex items-center gap-2 sm:col-span-2" data-testid="two-step-status">
              <Badge>Mati</Badge> Masuk hanya memerlukan kata sandi.
            </p>
            <Field label="Kirim kode lewat">
              <select value={channel} onChange={(e) => setChannel(e.target.value as TwoStepChannel)} className={inputClass}>
                <option value="whatsapp">WhatsApp</option>
                <option value="email">E-mail akun</option>
              </select>
            </Field>
            {channel === "whatsapp" ? (
              <Field label="Nomor WhatsApp">
                <input name="phone" inputMode="numeric" autoComplete="tel" placeholder="6281234567890" required className={inputClass} />
              </Field>
            ) : (
              <div />
            )}
            <Field label="Kata sandi">
              <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
            </Field>
            <div className="flex items-end">
              <Button type="submit" busy={start.isPending}>
                Kirim kode uji
              </Button>
            </div>
            {start.error ? (
              <div className="sm:col-span-2">
                <ErrorNotice message={errorMessage(start.error)} />
              </div>
            ) : null}
          </form>
        ) : null}
        {start.data && !status.data?.enabled ? (
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              confirm.mutate({ otpId: start.data.otp_id, code: String(new FormData(e.currentTarget).get("code") ?? "") });
            }}
          >
            <Notice tone="info">Kode dikirim ke {start.data.hint}. Masukkan kode itu untuk mengaktifkan masuk dua langkah.</Notice>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field label="Kode">
                <input name="code" inputMode="numeric" autoComplete="one-time-code" required className={`${inputClass} sm:w-40`} />
              </Field>
              <Button type="submit" busy={confirm.isPending}>
                Aktifkan
              </Button>
              <Button type="button" variant="ghost" onClick={() => { start.reset(); confirm.reset(); }}>
                Batal
              </Button>
            </div>
            {confirm.error ? <ErrorNotice message={errorMessage(confirm.error)} /> : null}
          </form>
        ) : null}
      </div>
    </Card>
  );
}
