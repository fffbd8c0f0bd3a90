import { ROLE_LABELS, type Role } from "@/schemas/dashboard/members";
import { PageHeader } from "@/components/ui/primitives";

/** A page the member's role does not include (reached by a bookmark or a typed address). */
export function NoAccess({ role }: { role: Role }) {
  return (
    <>
      <PageHeader title="Tidak ada akses" />
      <p className="max-w-xl text-sm text-slate-700" data-testid="no-access">
        Peran Anda di akun ini ({ROLE_LABELS[role]}) tidak mencakup halaman ini. Minta pemilik akun mengubah peran Anda di halaman Tim bila Anda memerlukannya.
      </p>
    </>
  );
}
