// Reading the audit log: the dashboard's page (newest first, filters by action and
// actor), its CSV export, and otpctl's rows. Reads only: nothing here may change a row.
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/db/client";
import { toCsv } from "@/server/lib/csv";
import { formatWib } from "@/lib/wib-time";
import type { AuditFilter } from "@/schemas/dashboard/members";

/** The export's bound, as the other CSV exports: a file a browser tab can still build. */
const MAX_CSV_ROWS = 100_000;

function whereOf(merchantId: number, filter: AuditFilter): Prisma.AuditLogWhereInput {
  return {
    merchantId,
    ...(filter.action ? { action: { startsWith: filter.action } } : {}),
    // Case-blind: e-mails are stored lower-case, a key's prefix keeps its mixed case (sk_live_Ab12).
    ...(filter.actor ? { actor: { contains: filter.actor, mode: "insensitive" as const } } : {}),
    ...(filter.cursor ? { id: { lt: BigInt(filter.cursor) } } : {}),
  };
}

type Row = { id: bigint; actor: string; actorType: string; action: string; target: string; before: unknown; after: unknown; ip: string | null; userAgent: string | null; createdAt: Date };

const present = (r: Row) => ({
  id: Number(r.id),
  actor: r.actor,
  // As stored: a later release may have written a type this one does not know (auditRow).
  actor_type: r.actorType,
  action: r.action,
  target: r.target,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  user_agent: r.userAgent,
  at: r.createdAt.toISOString(),
});

export async function listAudit(merchantId: number, filter: AuditFilter = {}) {
  const db = await getDb();
  const limit = filter.limit ?? 50;
  const rows = await db.auditLog.findMany({ where: whereOf(merchantId, filter), orderBy: { id: "desc" }, take: limit + 1 });
  const page = rows.slice(0, limit).map(present);
  return { rows: page, next_cursor: rows.length > limit ? page[page.length - 1].id : null };
}

export async function exportAuditCsv(merchantId: number, filter: AuditFilter = {}) {
  const db = await getDb();
  const rows = await db.auditLog.findMany({ where: whereOf(merchantId, { ...filter, cursor: null }), orderBy: { id: "asc" }, take: MAX_CSV_ROWS });
  const csv = toCsv(
    ["waktu_wib", "pelaku", "jenis_pelaku", "tindakan", "sasaran", "sebelum", "sesudah", "ip", "user_agent"],
    rows.map((r) => [formatWib(r.createdAt), r.actor, r.actorType, r.action, r.target, r.before === null ? null : JSON.stringify(r.before), r.after === null ? null : JSON.stringify(r.after), r.ip, r.userAgent]),
  );
  return { filename: `sandi-audit-${new Date().toISOString().slice(0, 10)}.csv`, csv, rows: rows.length };
}
