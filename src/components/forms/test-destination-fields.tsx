"use client";
// The channel and destination of a test OTP sent from the dashboard (the overview's
// test form and a template's test send): the destination field follows the channel.
import { CHANNEL_LABELS } from "@/components/format";
import { Field, inputClass } from "@/components/ui/primitives";
import { TEST_OTP_CHANNELS } from "@/schemas/dashboard/test-otp";

export type TestOtpChannel = (typeof TEST_OTP_CHANNELS)[number];

export function TestDestinationFields(props: {
  channel: TestOtpChannel;
  onChannel: (channel: TestOtpChannel) => void;
  destination: string;
  onDestination: (destination: string) => void;
  /** Whose destination it is: "own" labels it as the merchant's own number or address. */
  whose: "own" | "any";
}) {
  const email = props.channel === "email";
  const label = props.whose === "own" ? (email ? "E-mail Anda" : "Nomor Anda") : email ? "E-mail tujuan" : "Nomor tujuan";
  return (
    <>
      <Field label="Channel">
        <select value={props.channel} onChange={(e) => props.onChannel(e.target.value as TestOtpChannel)} className={inputClass}>
          {TEST_OTP_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={label}>
        <input
          value={props.destination}
          onChange={(e) => props.onDestination(e.target.value)}
          inputMode={email ? "email" : "numeric"}
          autoComplete={props.whose === "own" ? (email ? "email" : "tel") : "off"}
          placeholder={email ? "anda@contoh.id" : "6281234567890"}
          className={inputClass}
        />
      </Field>
    </>
  );
}
