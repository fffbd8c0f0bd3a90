import { z } from "zod";
import { storedEnum } from "../stored-enum";

export const TWO_STEP_CHANNELS = ["whatsapp", "email"] as const;
export type TwoStepChannel = (typeof TWO_STEP_CHANNELS)[number];

const password = z.string().min(1, "Isi kata sandi Anda.").max(200);
const code = z.string().trim().min(1, "Isi kode yang Anda terima.").max(16, "Kode terlalu panjang.");
const otpId = z.string().trim().min(1).max(64);

/** Keamanan → Masuk dua langkah: where the codes go (WhatsApp needs a number; e-mail goes to the account's address), confirmed by the password. */
export const twoStepStartInput = z.object({
  channel: z.enum(TWO_STEP_CHANNELS, "Pilih WhatsApp atau e-mail."),
  phone: z.string().trim().max(32).optional(),
  password,
});
export type TwoStepStart = z.output<typeof twoStepStartInput>;

export const twoStepConfirmInput = z.object({ otpId, code });
export type TwoStepConfirm = z.output<typeof twoStepConfirmInput>;

export const twoStepDisableInput = z.object({ password });
export type TwoStepDisable = z.output<typeof twoStepDisableInput>;

// The channel is read back from users.two_step_channel, which a later release may fill with a channel this one does not know.
export const twoStepStatusOutput = z.object({ enabled: z.boolean(), channel: storedEnum(TWO_STEP_CHANNELS).nullable(), hint: z.string().nullable() });
export const twoStepCodeSentOutput = z.object({ otp_id: z.string(), channel: z.enum(TWO_STEP_CHANNELS), hint: z.string() });
