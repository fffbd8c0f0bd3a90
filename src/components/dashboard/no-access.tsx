import { roleLabel, type StoredRole } from "@/schemas/dashboard/members";
import { PageHeader } from "@/components/ui/primitives";

/** A page the member's role does not include (reached by a bookmark or a typed address). */
export function NoAccess({ role }: { role: StoredRole }) {
  return (
    <>
      <PageHeader title="Tidak ada akses" />
      <p className="max-w-xl text-sm text-slate-700" data-testid="no-access">
        Peran Anda di akun ini ({roleLabel(role)}) tidak mencakup halaman ini. Minta pemilik akun mengubah peran Anda di halaman Tim bila Anda memerlukannya.
      </p>
    </>
  );
}
