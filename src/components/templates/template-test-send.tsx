"use client";
// Sends a real OTP with the template being edited, in the language shown; in test mode
// the sandbox delivers it and the message appears in the sandbox inbox.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { TestDestinationFields, type TestOtpChannel } from "@/components/forms/test-destination-fields";
import { errorMessage, useTRPC } from "@/components/trpc-provider";
import { Button, Card, ErrorNotice, Notice } from "@/components/ui/primitives";
import type { Locale } from "@/schemas/v3/locale";

export function TemplateTestSend({ template, locale }: { template: string; locale: Locale }) {
  const trpc = useTRPC();
  const [channel, setChannel] = useState<TestOtpChannel>("sms");
  const [destination, setDestination] = useState("");
  const send = useMutation(trpc.testOtp.send.mutationOptions());

  return (
    <Card title="Kirim OTP uji dengan template ini">
      <p className="mb-3 text-sm text-slate-600">
        OTP sungguhan dengan template <strong>{template}</strong> dalam bahasa yang sedang ditampilkan; saldo dipotong seperti OTP lain. Di mode uji pesannya muncul di Kotak masuk sandbox.
      </p>
      <form
        className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate({ channel, destination, template, locale });
        }}
      >
        <TestDestinationFields channel={channel} onChannel={setChannel} destination={destination} onDestination={setDestination} whose="any" />
        <Button type="submit" busy={send.isPending}>
          Kirim OTP uji
        </Button>
      </form>
      {send.error ? (
        <div className="mt-3">
          <ErrorNotice message={errorMessage(send.error)} />
        </div>
      ) : null}
      {send.data ? (
        <div className="mt-3" data-testid="template-test-sent">
          <Notice tone="success">
            OTP <span className="font-mono text-xs">{send.data.otp_id}</span> dikirim.{" "}
            <Link href="/sandbox" className="font-medium text-brand-600 hover:underline">
              Buka Kotak masuk sandbox
            </Link>
          </Notice>
        </div>
      ) : null}
    </Card>
  );
}
