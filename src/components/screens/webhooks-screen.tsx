"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDraft } from "@/components/forms/use-draft";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { TestEventOutcome, WebhookEventLog } from "@/components/dashboard/webhook-event-log";
import { useCan } from "@/components/dashboard/use-permissions";
import { WebhookEventTypes } from "@/components/dashboard/webhook-event-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge, Button, Card, ErrorNotice, Field, inputClass, Loading, Notice, PageHeader } from "@/components/ui/primitives";

export function WebhooksScreen({ otpFilter }: { otpFilter?: string }) {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.webhooks.settings.queryOptions());
  const urlField = useDraft(settings.data?.url ?? "");
  const url = urlField.value;
  const [showSecret, setShowSecret] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const secret = useQuery({ ...trpc.webhooks.revealSecret.queryOptions(), enabled: showSecret, staleTime: 0, gcTime: 0 });
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });

  // A notice describes what the server did, so it is written when the call succeeds and cleared as soon as the field changes.
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation(
    trpc.webhooks.setUrl.mutationOptions({
      onMutate: () => setNotice(null),
      onSuccess: (saved) => {
        setNotice(saved.webhook_url ? "URL webhook disimpan." : "Webhook dimatikan.");
        return refreshAll().then(() => urlField.discard());
      },
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: () => {
        setConfirmRotate(false);
        setShowSecret(true);
        return refreshAll();
      },
    }),
  );
  // The test event's outcome is told from its delivery in the log, never assumed: a failed attempt is not "sent".
  const [testEventId, setTestEventId] = useState<string | null>(null);
  const sendTest = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onMutate: () => {
        setNotice(null);
        setTestEventId(null);
      },
      onSuccess: (sent) => {
        setTestEventId(sent.event_id);
        return refreshAll();
      },
    }),
  );

  function edit(value: string) {
    urlField.set(value);
    setNotice(null);
    setTestEventId(null);
    save.reset();
    sendTest.reset();
  }

  const configured = Boolean(settings.data?.url);
  const manage = can("webhooks.manage");

  return (
    <>
      <PageHeader title="Webhook" description="Kami mengirim event OTP yang Anda pilih (otp.verified bila belum memilih) ke URL Anda, ditandatangani dengan secret di bawah (Standard Webhooks)." />
      {settings.isPending ? <Loading /> : null}
      {settings.error ? <ErrorNotice message={errorMessage(settings.error)} onRetry={() => settings.refetch()} /> : null}
      {settings.data ? (
        <div className="flex flex-col gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Endpoint">
              <form
                className="flex flex-col gap-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  save.mutate({ url });
                }}
              >
                <Field label="URL webhook" hint="HTTPS disarankan. Kosongkan lalu simpan untuk berhenti menerima event.">
                  <input name="url" type="url" readOnly={!manage} value={url} onChange={(e) => edit(e.target.value)} placeholder="https://contoh.id/webhooks/sandi" className={inputClass} />
                </Field>
                {settings.data.url && !settings.data.enabled ? (
                  <Notice tone="warning">Endpoint dinonaktifkan{settings.data.disabled_reason ? `: ${settings.data.disabled_reason}` : ""}. Simpan URL lagi untuk mengaktifkan.</Notice>
                ) : null}
                {save.error ? <ErrorNotice message={errorMessage(save.error)} /> : null}
                <div className="flex flex-wrap items-center gap-2">
                  {manage ? (
                    <Button type="submit" busy={save.isPending}>
                      Simpan URL
                    </Button>
                  ) : null}
                  {configured && manage ? (
                    <Button type="button" variant="secondary" busy={sendTest.isPending} onClick={() => sendTest.mutate()}>
                      Kirim event uji
                    </Button>
                  ) : null}
                  {configured ? <Badge tone={settings.data.enabled ? "green" : "red"}>{settings.data.enabled ? "Aktif" : "Nonaktif"}</Badge> : null}
                </div>
                {sendTest.error ? <ErrorNotice message={errorMessage(sendTest.error)} /> : null}
                {testEventId ? <TestEventOutcome eventId={testEventId} /> : null}
                {notice ? (
                  <div role="status">
                    <Notice tone="success">{notice}</Notice>
                  </div>
                ) : null}
              </form>
            </Card>

            <Card title="Signing secret">
              {!manage ? (
                <p className="text-sm text-slate-600">Hanya pemilik dan developer yang dapat melihat atau merotasi secret.</p>
              ) : configured ? (
                <div className="flex flex-col gap-3">
                  <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
                    <code data-testid="webhook-secret" className="min-w-0 flex-1 break-all font-mono text-sm">
                      {showSecret ? (secret.data?.secret ?? "Memuat…") : "whsec_••••••••••••••••••••••••"}
                    </code>
                    {showSecret && secret.data ? <CopyButton value={secret.data.secret} /> : null}
                  </div>
                  {secret.error ? <ErrorNotice message={errorMessage(secret.error)} /> : null}
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setShowSecret(!showSecret)}>
                      {showSecret ? "Sembunyikan" : "Tampilkan"}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirmRotate(true)}>
                      Rotasi secret
                    </Button>
                  </div>
                  <p className="text-xs text-slate-500">
                    Verifikasi header <code>webhook-signature</code>: HMAC-SHA256 dari <code>{"<webhook-id>.<webhook-timestamp>.<body>"}</code> dengan secret (bagian setelah
                    whsec_, didekode base64), dikodekan base64, diawali <code>v1,</code>.
                  </p>
                </div>
              ) : (
                <p className="text-sm text-slate-600">Secret dibuat otomatis saat Anda menyimpan URL webhook pertama kali.</p>
              )}
            </Card>

            {manage ? <WebhookEventTypes saved={settings.data.event_types} configured={configured} /> : null}
          </div>

          {/* Keyed by the filter: switching between one OTP's events and the whole log starts again at the first page. */}
          <WebhookEventLog key={otpFilter ?? ""} otpId={otpFilter} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmRotate}
        title="Rotasi signing secret?"
        body={
          <>
            <p>Secret baru langsung dipakai untuk menandatangani event berikutnya. Perbarui secret di server Anda agar verifikasi tanda tangan tidak gagal.</p>
            {rotate.error ? <p className="mt-2 text-red-700">{errorMessage(rotate.error)}</p> : null}
          </>
        }
        confirmLabel="Rotasi secret"
        busy={rotate.isPending}
        onCancel={() => setConfirmRotate(false)}
        onConfirm={() => rotate.mutate()}
      />
    </>
  );
}
