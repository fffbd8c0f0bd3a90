// What the fleet run must show, read from the database (directly, not through the
// pooler), the webhook receiver, the instances' logs and the recorded answers.
import { readFileSync } from "node:fs";
import type pg from "pg";
import type { FleetMerchant, TrafficLog } from "./traffic";

export type Check = { name: string; pass: boolean; detail: string };
export type Window = { name: string; from: number; to: number };

const failed = (status: number) => status === 0 || status >= 500;

export async function runChecks(input: {
  db: pg.Pool;
  merchants: FleetMerchant[];
  limited: FleetMerchant;
  rateLimit: number;
  log: TrafficLog;
  received: Map<string, number>;
  logFiles: string[];
  windows: Window[];
}): Promise<Check[]> {
  const { db, merchants, log } = input;
  const ids = merchants.map((m) => m.id);
  const checks: Check[] = [];
  const add = (name: string, pass: boolean, detail: string) => checks.push({ name, pass, detail });

  const ledger = await db.query<{ id: number; saldo: string; sum: string }>(
    "SELECT m.id, m.saldo::text AS saldo, COALESCE((SELECT SUM(amount) FROM ledger_entries l WHERE l.merchant_id = m.id), 0)::text AS sum FROM merchants m WHERE m.id = ANY($1)",
    [ids],
  );
  const off = ledger.rows.filter((r) => r.saldo !== r.sum);
  add("every merchant's ledger sums to its saldo", off.length === 0 && ledger.rows.length === ids.length, `${ledger.rows.length} merchants, ${off.length} off${off.length ? `: ${JSON.stringify(off)}` : ""}`);

  const accepted = log.creations.map((c) => c.otpId);
  const rows = await db.query<{ otp_id: string; n: number }>("SELECT otp_id, count(*)::int AS n FROM otp_transactions WHERE otp_id = ANY($1) GROUP BY otp_id", [accepted]);
  const rowCount = new Map(rows.rows.map((r) => [r.otp_id, r.n]));
  const charges = await db.query<{ reference: string; reason: string; n: number }>(
    "SELECT reference, reason::text, count(*)::int AS n FROM ledger_entries WHERE reason IN ('otp_charge', 'otp_refund') AND reference = ANY($1) GROUP BY 1, 2",
    [accepted],
  );
  const chargeCount = new Map<string, number>();
  const refundCount = new Map<string, number>();
  for (const r of charges.rows) (r.reason === "otp_charge" ? chargeCount : refundCount).set(r.reference, r.n);
  const badRows = accepted.filter((id) => rowCount.get(id) !== 1);
  const badCharges = accepted.filter((id) => chargeCount.get(id) !== 1 || (refundCount.get(id) ?? 0) > 1);
  add("every accepted creation has exactly one OTP row", badRows.length === 0, `${accepted.length} accepted, ${badRows.length} without exactly one row`);
  add("every accepted creation has one charge and at most one refund", badCharges.length === 0, `${badCharges.length} off (refunds: ${[...refundCount.values()].reduce((a, b) => a + b, 0)})`);

  const all = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM otp_transactions WHERE merchant_id = ANY($1)", [ids]);
  const unanswered = all.rows[0].n - accepted.length;
  const lostCreations = log.answers.filter((a) => (a.kind === "create" || a.kind === "create-direct") && failed(a.status)).length;
  add("no OTP exists that its creator was not told of (beyond creations that got no answer)", unanswered <= lostCreations, `${all.rows[0].n} OTP rows, ${accepted.length} answered, ${lostCreations} creations without an answer`);

  const wrongReplays = log.replays.filter((r) => r.status === 200 && r.got !== r.expected);
  const failedReplays = log.replays.filter((r) => r.status !== 200);
  add("replays got the same otp_id", wrongReplays.length === 0 && failedReplays.length === 0, `${log.replays.length} replays, ${wrongReplays.length} with another otp_id, ${failedReplays.length} not answered 200`);

  const notVerified = log.rightCodes.filter((r) => r.verified !== true);
  const crossed = log.rightCodes.filter((r) => r.createdOn && r.verifiedOn && r.createdOn !== r.verifiedOn).length;
  add("every right code verified, across instances", notVerified.length === 0, `${log.rightCodes.length} right codes (${crossed} verified on another instance than the one that created them), ${notVerified.length} not verified${notVerified.length ? `: ${JSON.stringify(notVerified.slice(0, 5))}` : ""}`);

  const events = await db.query<{ event_id: string }>("SELECT event_id FROM webhook_events WHERE type = 'otp.verified' AND merchant_id = ANY($1)", [ids]);
  const missing = events.rows.filter((e) => !input.received.has(e.event_id));
  const duplicates = [...input.received.values()].filter((n) => n > 1).length;
  add("every otp.verified webhook arrived at least once", missing.length === 0 && events.rows.length > 0, `${events.rows.length} events, ${missing.length} never arrived, ${duplicates} arrived more than once`);

  const paid = log.topups.filter((t) => t.paid).map((t) => t.topupId);
  const credited = await db.query<{ reference: string; n: number }>("SELECT reference, count(*)::int AS n FROM ledger_entries WHERE reason = 'topup' AND reference = ANY($1) GROUP BY 1", [paid]);
  const once = credited.rows.filter((r) => r.n === 1).length;
  add("every settled top-up credited exactly once", once === paid.length && paid.length > 0, `${paid.length} settled, ${once} credited once`);

  const preparedErrors = input.logFiles.flatMap((f) => readFileSync(f, "utf8").split("\n").filter((line) => /prepared statement/i.test(line)));
  add("no prepared-statement errors in any log", preparedErrors.length === 0, `${preparedErrors.length} lines${preparedErrors.length ? `: ${preparedErrors.slice(0, 3).join(" | ")}` : ""}`);

  for (const w of input.windows.filter((w) => w.name.startsWith("rolling restart"))) {
    const bad = log.answers.filter((a) => a.at >= w.from && a.at <= w.to && failed(a.status));
    const total = log.answers.filter((a) => a.at >= w.from && a.at <= w.to).length;
    add(`no 5xx or lost request during the ${w.name}`, bad.length === 0 && total > 0, `${total} requests, ${bad.length} failed`);
  }

  const shared = log.bursts.filter((b) => b.redisUp);
  const over = shared.filter((b) => b.accepted > input.rateLimit * (Math.floor(b.endedAt / 1000) - Math.floor(b.startedAt / 1000) + 1));
  add(
    "accepted requests within the shared rate limit",
    over.length === 0 && shared.length > 0 && shared.every((b) => b.refused > 0 || b.accepted <= input.rateLimit),
    `${shared.length} bursts of ${input.rateLimit * 3} against a limit of ${input.rateLimit}/s while Redis was up; accepted per burst ${Math.min(...shared.map((b) => b.accepted))}–${Math.max(...shared.map((b) => b.accepted))}; ${over.length} over`,
  );
  return checks;
}

/** Requests and failures (no answer or 5xx) per fault window and overall. */
export function failuresByWindow(log: TrafficLog, windows: Window[]): { name: string; requests: number; failed: number; statuses: string }[] {
  const summary = (name: string, from: number, to: number) => {
    const inWindow = log.answers.filter((a) => a.at >= from && a.at <= to);
    const bad = inWindow.filter((a) => failed(a.status));
    const statuses = [...new Set(bad.map((a) => (a.status ? String(a.status) : `no answer (${a.error})`)))].join(", ");
    return { name, requests: inWindow.length, failed: bad.length, statuses };
  };
  return [...windows.map((w) => summary(w.name, w.from, w.to)), summary("whole run", 0, Number.MAX_SAFE_INTEGER)];
}
