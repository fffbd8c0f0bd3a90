// The screens show a value a later release wrote (docs/migrations.md, "New values of a
// stored enumeration") as it is stored, in neutral grey, with no action that depends on
// its meaning, and never as "undefined" or a crash.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LedgerTable, type LedgerRow } from "@/components/balance/ledger-table";
import { TopupHistory, type TopupRow } from "@/components/balance/topup-history";
import { blockStatus, reasonText } from "@/components/dashboard/fraud-block-log";
import { NoAccess } from "@/components/dashboard/no-access";
import { actorLabel } from "@/components/screens/audit-screen";
import type { FraudBlockRow } from "@/schemas/fraud";

const SLATE = "bg-slate-100 text-slate-700";

describe("Catatan audit", () => {
  it("names each known actor type as before and an unknown one beside its actor", () => {
    expect(actorLabel({ actor: "dev@toko.test", actor_type: "member" })).toBe("dev@toko.test");
    expect(actorLabel({ actor: "operator", actor_type: "operator" })).toBe("Operator Sandi");
    expect(actorLabel({ actor: "sk_live_Ab12", actor_type: "api_key" })).toBe("API key sk_live_Ab12…");
    expect(actorLabel({ actor: "app_12", actor_type: "partner_app" })).toBe("app_12 (partner_app)");
  });
});

describe("Tidak ada akses", () => {
  it("names a role a later release added as stored", () => {
    expect(renderToStaticMarkup(createElement(NoAccess, { role: "viewer" }))).toContain("(Pemantau)");
    expect(renderToStaticMarkup(createElement(NoAccess, { role: "auditor" }))).toContain("(auditor)");
  });
});

describe("Catatan blokir", () => {
  const row = (reason: string, active: boolean): FraudBlockRow => ({
    id: "1", reason, prefix: "62813", channel: "sms", started_at: "2026-11-28 10:00:00", last_blocked_at: "2026-11-28 10:00:00", expires_at: "2026-11-28 11:00:00",
    blocked: 3, window_creations: 0, window_verified: 0, expected: 0, active, unblocked_at: null,
  });

  it("explains a known reason and names an unknown one as stored, with no explanation", () => {
    expect(reasonText(row("prefix_spike", true)).label).toBe("Lonjakan prefix");
    expect(reasonText(row("sim_swap", false))).toEqual({ label: "sim_swap", why: "" });
    expect(reasonText(row("constructor", false))).toEqual({ label: "constructor", why: "" });
  });

  it("shows an unknown reason's row as refused, in grey, never as a running or finished block", () => {
    const html = renderToStaticMarkup(blockStatus(row("sim_swap", false)));
    expect(html).toContain("Ditolak");
    expect(html).toContain(SLATE);
    expect(renderToStaticMarkup(blockStatus(row("prefix_spike", true)))).toContain("Aktif");
  });
});

describe("Saldo", () => {
  it("lists a ledger entry with an unknown reason by its stored name, the reference unlinked", () => {
    const items: LedgerRow[] = [
      { id: "2", amount: 5000, balance_after: 105000, reason: "promo_credit", reference: "PROMO-1", note: "Promo akhir tahun", created_at: "2026-11-28 10:00:00" },
      { id: "1", amount: 100000, balance_after: 100000, reason: "topup", reference: "T1", note: "", created_at: "2026-11-28 09:00:00" },
    ];
    const html = renderToStaticMarkup(createElement(LedgerTable, { items }));
    expect(html).toContain("promo_credit");
    expect(html).toContain("Promo akhir tahun");
    expect(html).toContain("Isi saldo");
    expect(html).not.toContain("undefined");
    expect(html).toMatch(/<span class="font-mono text-xs">PROMO-1<\/span>/);
    expect(html).toContain('href="/balance/receipts/T1"');
  });

  it("lists a top-up with an unknown status in grey, with neither receipt nor payment link", () => {
    const base = { created_at: "2026-11-28 10:00:00", payment_method: "QRIS", payment_method_code: "QRIS", amount: 100000, payment_total: 100700, payment_url: "https://pay.example/x" };
    const items: TopupRow[] = [{ ...base, topup_id: "T2", status: "Refunded" }];
    const html = renderToStaticMarkup(createElement(TopupHistory, { items }));
    expect(html).toContain("Refunded");
    expect(html).toContain(SLATE);
    expect(html).not.toContain("Kuitansi");
    expect(html).not.toContain("Bayar");
    expect(html).not.toContain("undefined");
  });
});
