// The merchant's own say over destinations, per world: a safe list (always screened
// through: no geo permission check, no detection; rate limits and saldo still apply)
// and a block list (refused with FRAUD_BLOCKED, reason blocklist, before anything is
// charged or counted). Entries are numbers or prefixes ending in "*". When a
// destination matches entries of both lists, the longer (more specific) one decides; a
// value is on one list at most (adding it to one takes it off the other).
import type { FraudListKind } from "@/generated/prisma/enums";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatWib } from "@/lib/wib-time";
import { FRAUD_LIST_MAX, type FraudListChange, type FraudListEntryView } from "@/schemas/fraud-lists";
import { recordAudit, worldModeOf, type ChangeBy } from "@/server/services/audit/record-audit";
import { refreshingCache } from "./refreshing-cache";

export type ListVerdict = "safe" | "block" | null;
export type ListedBy = "merchant" | "api" | "operator";

type Entry = { list: FraudListKind; value: string };

/** A world's lists as the creation path reads them: re-read at most once a second per instance, like the profile. */
const LIST_REFRESH_MS = 1000;
const cache = refreshingCache<number, Entry[]>(LIST_REFRESH_MS, async (merchantId) => {
  const db = await getDb();
  return db.fraudListEntry.findMany({ where: { merchantId }, select: { list: true, value: true } });
});

/** Which list decides for a destination key (international digits), if any. */
export function verdictOf(entries: Entry[], destinationKey: string): ListVerdict {
  let best: Entry | null = null;
  let bestLength = -1;
  for (const e of entries) {
    const isPrefix = e.value.endsWith("*");
    const digits = isPrefix ? e.value.slice(0, -1) : e.value;
    const hit = isPrefix ? destinationKey.startsWith(digits) : destinationKey === digits;
    // An exact number beats any prefix of the same length.
    const length = digits.length + (isPrefix ? 0 : 0.5);
    if (hit && length > bestLength) {
      best = e;
      bestLength = length;
    }
  }
  return best?.list ?? null;
}

export async function listVerdict(merchantId: number, destinationKey: string): Promise<ListVerdict> {
  const entries = await cache.get(merchantId);
  return entries.length === 0 ? null : verdictOf(entries, destinationKey);
}

function present(row: { value: string; createdAt: Date; createdBy: string }): FraudListEntryView {
  return { value: row.value, created_at: formatWib(row.createdAt), created_by: row.createdBy };
}

export async function listEntries(merchantId: number, list: FraudListKind): Promise<FraudListEntryView[]> {
  const db = await getDb();
  const rows = await db.fraudListEntry.findMany({ where: { merchantId, list }, orderBy: { createdAt: "desc" } });
  return rows.map(present);
}

/** The entry's created_by: who put it there, as the dashboard's list shows it. */
function listedBy(by: ChangeBy): ListedBy {
  if (by.actor.kind === "api_key") return "api";
  return by.actor.kind === "operator" ? "operator" : "merchant";
}

/** Adds a normalized value (schemas/fraud-lists.ts); adding one already there answers the existing entry and changes nothing. */
export async function addListEntry(merchantId: number, { list, value }: FraudListChange, by: ChangeBy): Promise<FraudListEntryView> {
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const existing = await tx.fraudListEntry.findUnique({ where: { merchantId_list_value: { merchantId, list, value } } });
    if (existing) return existing;
    if ((await tx.fraudListEntry.count({ where: { merchantId, list } })) >= FRAUD_LIST_MAX) {
      throw new AppError("VALIDATION_ERROR", `Daftar ini sudah berisi ${FRAUD_LIST_MAX} entri; hapus yang tidak dipakai dulu.`, { field: "value" });
    }
    const other = list === "safe" ? "block" : "safe";
    const { count: moved } = await tx.fraudListEntry.deleteMany({ where: { merchantId, value, list: other } });
    const created = await tx.fraudListEntry.create({ data: { merchantId, list, value, createdBy: listedBy(by) } });
    await recordAudit(tx, { ...by, action: "fraud.list.add", target: value, before: { list: moved ? other : null }, after: { list, mode: worldModeOf(merchantId, by) } });
    return created;
  });
  cache.forget(merchantId);
  return present(row);
}

export async function removeListEntry(merchantId: number, { list, value }: FraudListChange, by: ChangeBy): Promise<{ value: string; removed: true }> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { count } = await tx.fraudListEntry.deleteMany({ where: { merchantId, list, value } });
    if (count === 0) throw new AppError("NOT_FOUND", `${value} tidak ada di daftar ${list === "safe" ? "aman" : "blokir"}.`);
    await recordAudit(tx, { ...by, action: "fraud.list.remove", target: value, before: { list, mode: worldModeOf(merchantId, by) }, after: { list: null } });
  });
  cache.forget(merchantId);
  return { value, removed: true };
}

/** Tests reuse merchant ids (every test empties the tables). */
export function forgetListsForTests(): void {
  cache.clear();
}
