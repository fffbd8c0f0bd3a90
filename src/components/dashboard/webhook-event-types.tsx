"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice, Notice } from "@/components/ui/primitives";
import { EVENT_TYPE_LABELS, OTP_EVENT_TYPES, type OtpEventType } from "@/schemas/v3/events";
import { isKnown, type StoredValue } from "@/schemas/stored-enum";

/**
 * Which events the endpoint receives. The ticks start from the saved choice and, once
 * changed, keep the merchant's until saved, so a refetch never undoes a click.
 *
 * A saved type this release does not know (a later release offers it, and during its
 * rollout this page may be served by the previous one) is listed as saved and locks the
 * form: saving without it would silently drop it, and this release could not accept it.
 */
export function WebhookEventTypes({ saved: stored, configured }: { saved: StoredValue<OtpEventType>[]; configured: boolean }) {
  const saved = stored.filter((t): t is OtpEventType => isKnown(OTP_EVENT_TYPES, t));
  const newer = stored.filter((t) => !isKnown(OTP_EVENT_TYPES, t));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OtpEventType[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const chosen = draft ?? saved;
  const changed = draft !== null && (draft.length !== saved.length || draft.some((t) => !saved.includes(t)));
  const noteId = useId();
  const save = useMutation(
    trpc.webhooks.setEventTypes.mutationOptions({
      onMutate: () => setNotice(null),
      onSuccess: (result) => {
        setNotice(`Tipe event disimpan: endpoint menerima ${result.event_types.length} tipe event.`);
        return queryClient.invalidateQueries({ queryKey: trpc.webhooks.settings.queryKey() }).then(() => setDraft(null));
      },
    }),
  );

  function toggle(type: OtpEventType, on: boolean) {
    setDraft(on ? [...chosen, type] : chosen.filter((t) => t !== type));
    setNotice(null);
    save.reset();
  }

  const none = chosen.length === 0;
  return (
    <Card title="Tipe event" className="lg:col-span-2">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ eventTypes: chosen });
        }}
      >
        {/* The reason the ticks are off comes first, before seven disabled boxes; a count or an error stays by the button. */}
        {!configured ? (
          <div id={noteId}>
            <Notice>Simpan URL webhook terlebih dahulu untuk memilih tipe event.</Notice>
          </div>
        ) : null}
        {newer.length > 0 ? (
          <Notice>
            Endpoint ini juga menerima {newer.join(", ")}, tipe event dari versi Sandi yang lebih baru. Muat ulang halaman ini beberapa menit lagi untuk mengubah pilihan.
          </Notice>
        ) : null}
        <fieldset disabled={!configured || save.isPending || newer.length > 0} aria-describedby={noteId}>
          <legend className="mb-1 text-sm text-slate-600">
            Pilih event yang dikirim ke endpoint Anda. Tipe yang tidak dipilih tidak dikirim dan tidak dicatat di log, kecuali otp.verified yang selalu dicatat.
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {OTP_EVENT_TYPES.map((type) => (
              <label key={type} className="flex gap-2 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                <input type="checkbox" name="eventTypes" value={type} checked={chosen.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                <span className="min-w-0">
                  <span className="block font-mono text-xs font-medium">{type}</span>
                  <span className="block text-slate-600">{EVENT_TYPE_LABELS[type]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {configured ? (
          <p id={noteId} className={`text-xs ${none ? "text-red-700" : "text-slate-600"}`}>
            {none ? "Pilih minimal satu tipe event." : `${chosen.length} dari ${OTP_EVENT_TYPES.length} tipe dipilih.`}
          </p>
        ) : null}
        {save.error ? <ErrorNotice message={errorMessage(save.error)} /> : null}
        {notice ? (
          <div role="status">
            <Notice tone="success">{notice}</Notice>
          </div>
        ) : null}
        <div>
          <Button type="submit" busy={save.isPending} disabled={!configured || none || !changed || newer.length > 0}>
            Simpan tipe event
          </Button>
        </div>
      </form>
    </Card>
  );
}
