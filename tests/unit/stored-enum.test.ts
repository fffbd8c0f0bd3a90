// Stored enumerations (docs/migrations.md, "New values of a stored enumeration"): the
// dashboard's answers pass a value a later release wrote through as it is stored, while
// the inputs keep refusing values this release does not know.
import { describe, expect, expectTypeOf, it } from "vitest";
import { entryFor, isKnown, storedEnum, type StoredValue } from "@/schemas/stored-enum";
import { auditPageOutput, changeRoleInput, inviteMemberInput, membersOutput, roleLabel } from "@/schemas/dashboard/members";
import { fraudBlockRow, securitySettingsInput } from "@/schemas/fraud";
import { ledgerOutput, topupPageOutput } from "@/schemas/dashboard/reports";
import { transactionDeliveryOutput, transactionFilterSchema } from "@/schemas/dashboard/transactions";
import { webhookEventTypesSchema, webhookSettingsOutputSchema } from "@/schemas/dashboard/webhooks";

const COLOURS = ["red", "green"] as const;

describe("storedEnum", () => {
  const colour = storedEnum(COLOURS);

  it("accepts every known value and passes an unknown string through unchanged", () => {
    expect(colour.parse("red")).toBe("red");
    expect(colour.parse("green")).toBe("green");
    expect(colour.parse("ultraviolet")).toBe("ultraviolet");
    expect(colour.parse("")).toBe("");
  });

  it("still refuses what is not a string", () => {
    for (const value of [1, null, undefined, {}, ["red"], true]) expect(colour.safeParse(value).success).toBe(false);
  });

  it("keeps the known literals in its type", () => {
    expectTypeOf(colour.parse("red")).toEqualTypeOf<StoredValue<"red" | "green">>();
    // Known | (string & {}): the literals stay offered (and compared) as literals.
    expectTypeOf<"red">().toExtend<StoredValue<"red" | "green">>();
    expectTypeOf<string>().toExtend<StoredValue<"red" | "green">>();
  });
});

describe("isKnown and entryFor", () => {
  const LABELS: Record<(typeof COLOURS)[number], string> = { red: "Merah", green: "Hijau" };

  it("tells a known value from a later release's", () => {
    expect(isKnown(COLOURS, "red")).toBe(true);
    expect(isKnown(COLOURS, "blue")).toBe(false);
    const value: string = "green";
    if (isKnown(COLOURS, value)) expectTypeOf(value).toEqualTypeOf<"red" | "green">();
  });

  it("finds a known value's entry and nothing for an unknown one, not even Object's own properties", () => {
    expect(entryFor(LABELS, "red")).toBe("Merah");
    expect(entryFor(LABELS, "blue")).toBeNull();
    for (const inherited of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect(entryFor(LABELS, inherited)).toBeNull();
  });

  it("names a role a later release added as stored", () => {
    expect(roleLabel("finance")).toBe("Keuangan");
    expect(roleLabel("auditor")).toBe("auditor");
  });
});

describe("the dashboard's answers pass a later release's values through", () => {
  it("audit actor type", () => {
    const row = { id: 1, actor: "app_12", actor_type: "partner_app", action: "key.create", target: "", before: null, after: null, ip: null, user_agent: null, at: "2026-11-28T10:00:00.000Z" };
    expect(auditPageOutput.parse({ rows: [row], next_cursor: null }).rows[0].actor_type).toBe("partner_app");
  });

  it("fraud block reason", () => {
    const row = { id: "1", reason: "sim_swap", prefix: "62812", channel: "sms", started_at: "x", last_blocked_at: "x", expires_at: "x", blocked: 1, window_creations: 0, window_verified: 0, expected: 0, active: false, unblocked_at: null };
    expect(fraudBlockRow.parse(row).reason).toBe("sim_swap");
  });

  it("ledger reason and top-up status", () => {
    const entry = { id: "1", amount: 5000, balance_after: 5000, reason: "promo_credit", reference: null, note: "", created_at: "x" };
    expect(ledgerOutput.parse({ items: [entry], nextCursor: null, saldo: 5000 }).items[0].reason).toBe("promo_credit");
    const topup = { topup_id: "T1", created_at: "x", payment_method: "QRIS", payment_method_code: "QRIS", amount: 50_000, payment_total: 50_700, status: "Refunded", payment_url: "u" };
    expect(topupPageOutput.parse({ items: [topup], nextCursor: null }).items[0].status).toBe("Refunded");
  });

  it("member and invitation roles", () => {
    const parsed = membersOutput.parse({
      members: [{ user_id: "usr_1", email: "a@toko.test", name: "A", role: "auditor", two_step: false, joined_at: "x", you: false }],
      invitations: [{ id: 1, email: "b@toko.test", role: "auditor", expires_at: "x" }],
    });
    expect([parsed.members[0].role, parsed.invitations[0].role]).toEqual(["auditor", "auditor"]);
  });

  it("a send's delivery status and the endpoint's saved event types", () => {
    const delivery = { channel: "sms", status: "queued", price: 0, sent_at: "", route: null, route_reason: null, seq: 1, list_price: 500, charged: false, provider: "sandbox", failure_reason: null, started_at: "x" };
    expect(transactionDeliveryOutput.parse(delivery).status).toBe("queued");
    expect(webhookSettingsOutputSchema.parse({ url: null, enabled: false, disabled_reason: null, event_types: ["otp.verified", "otp.clicked"] }).event_types).toEqual(["otp.verified", "otp.clicked"]);
  });
});

describe("inputs keep refusing values this release does not know", () => {
  it.each([
    ["inviting with a role", () => inviteMemberInput.safeParse({ email: "a@toko.test", role: "auditor" })],
    ["changing to a role", () => changeRoleInput.safeParse({ userId: "usr_1", role: "auditor" })],
    ["filtering transactions by a status", () => transactionFilterSchema.safeParse({ status: "queued" })],
    ["choosing webhook event types", () => webhookEventTypesSchema.safeParse({ eventTypes: ["otp.clicked"] })],
    ["setting a fraud guard level", () => securitySettingsInput.safeParse({ fraudGuard: "paranoid" })],
  ])("%s", (_what, parse) => {
    expect(parse().success).toBe(false);
  });
});
