// The wording of the team e-mails: an invitation, and the notices every owner gets
// when something about who controls the account changes.
import type { AccountMail } from "@/server/channels/account-mailer";
import { ROLE_LABELS, roleLabel, type Role, type StoredRole } from "@/schemas/dashboard/members";
import { supportContactLine } from "@/server/services/support/contact";

export function invitationMail(to: string, merchantName: string, inviter: string, role: Role, link: string): AccountMail {
  return {
    to,
    subject: `Undangan bergabung dengan ${merchantName} di Sandi`,
    text: [
      "Halo,",
      "",
      `${inviter} mengundang Anda bergabung dengan akun ${merchantName} di Sandi sebagai ${ROLE_LABELS[role]}. Buka tautan berikut untuk menerima undangan:`,
      link,
      "",
      "Tautan berlaku 7 hari dan hanya dapat dipakai sekali. Abaikan e-mail ini jika Anda tidak mengenal pengundangnya.",
    ].join("\n"),
  };
}

export type OwnerNotice = { kind: "member_added"; email: string; role: StoredRole } | { kind: "ownership_moved"; email: string } | { kind: "two_step_cleared"; email: string };

function noticeSentence(n: OwnerNotice): string {
  if (n.kind === "member_added") return `${n.email} kini anggota akun ini sebagai ${roleLabel(n.role)}.`;
  if (n.kind === "ownership_moved") return `${n.email} kini pemilik akun ini.`;
  return `Masuk dua langkah untuk ${n.email} dimatikan oleh operator Sandi atas permintaan pemiliknya.`;
}

export function ownerNoticeMail(to: string, merchantName: string, notice: OwnerNotice): AccountMail {
  return {
    to,
    subject: `Perubahan pada tim ${merchantName} di Sandi`,
    text: [
      "Halo,",
      "",
      noticeSentence(notice),
      "Jika Anda tidak mengenali perubahan ini, periksa Tim dan Catatan audit di dashboard lalu hubungi dukungan.",
      ...(supportContactLine() ? [supportContactLine()] : []),
    ].join("\n"),
  };
}
