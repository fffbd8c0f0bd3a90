"use client";
import { Field, inputClass } from "@/components/ui/primitives";

/** The new password typed twice; `readNewPassword` says whether the two agree before anything is sent. */
export function NewPasswordFields({ hint, mismatch }: { hint: string; mismatch: boolean }) {
  return (
    <>
      <Field label="Kata sandi baru" hint={hint}>
        <input name="newPassword" type="password" autoComplete="new-password" minLength={8} maxLength={200} required className={inputClass} />
      </Field>
      <Field label="Ulangi kata sandi baru" error={mismatch ? "Kedua kata sandi tidak sama." : undefined}>
        <input name="repeat" type="password" autoComplete="new-password" required className={inputClass} />
      </Field>
    </>
  );
}

export function readNewPassword(form: HTMLFormElement): { password: string; repeated: boolean } {
  const data = new FormData(form);
  const password = String(data.get("newPassword") ?? "");
  return { password, repeated: password === String(data.get("repeat") ?? "") };
}
