// The wording of Sandi's account e-mails (plain text: they carry one link each).
import type { AccountMail } from "@/server/channels/account-mailer";
import { supportContactLine } from "@/server/services/support/contact";

export function verificationMail(to: string, name: string, link: string): AccountMail {
  return {
    to,
    subject: "Verifikasi e-mail akun Sandi Anda",
    text: [
      `Halo ${name},`,
      "",
      "Buka tautan berikut untuk memverifikasi alamat e-mail akun Sandi Anda:",
      link,
      "",
      "Tautan berlaku 24 jam dan hanya dapat dipakai sekali. Abaikan e-mail ini jika Anda tidak mendaftar di Sandi.",
    ].join("\n"),
  };
}

export function resetMail(to: string, name: string, link: string): AccountMail {
  return {
    to,
    subject: "Atur ulang kata sandi Sandi",
    text: [
      `Halo ${name},`,
      "",
      "Kami menerima permintaan untuk mengatur ulang kata sandi akun Sandi Anda. Buka tautan berikut untuk membuat kata sandi baru:",
      link,
      "",
      "Tautan berlaku 30 menit dan hanya dapat dipakai sekali. Jika Anda tidak meminta ini, abaikan e-mail ini: kata sandi Anda tidak berubah.",
    ].join("\n"),
  };
}

export function passwordChangedMail(to: string, name: string, signInLink: string): AccountMail {
  return {
    to,
    subject: "Kata sandi Sandi Anda telah diubah",
    text: [
      `Halo ${name},`,
      "",
      "Kata sandi akun Sandi Anda baru saja diubah, dan sesi lain di dashboard telah diakhiri.",
      `Jika bukan Anda yang mengubahnya, segera atur ulang kata sandi lewat "Lupa kata sandi?" di ${signInLink} dan hubungi dukungan.`,
      // The operator's contact, when configured: the owner of a taken-over account needs a person.
      ...(supportContactLine() ? [supportContactLine()] : []),
    ].join("\n"),
  };
}
