// GET /v3/insights/summary: a known mix of 100 OTPs read back through the API, totals
// and every breakdown, each bucket summing to the totals.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { newMerchant } from "../../../harness/v3-fixtures";
import { asApi, expectedBy, expectedFor, MIX_KEYS, seedMix, summary } from "../../../harness/insights-fixtures";

const FROM = "2026-09-08";
const TO = "2026-09-10";

describe("GET /v3/insights/summary: the mix's figures, in total and by every breakdown", () => {
  it("totals: 100 created, 90 delivered, 37 verified, 10 failed, 48 expired, 5 locked, conversion 0.37, spend net of refunds", async () => {
    const m = await newMerchant();
    const mix = await seedMix(m.id, TO);
    const res = await summary(m.key, `from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const spend = expectedFor(mix).spend;
    expect(res.body.data).toEqual({
      from: FROM,
      to: TO,
      totals: { created: 100, delivered: 90, verified: 37, failed: 10, expired: 48, locked: 5, spend, conversion_rate: 0.37 },
      groups: [],
    });
    // 6 fallbacks cost sms (450) instead of whatsapp; the 10 failures cost nothing.
    expect(spend).toBe(mix.filter((o) => o.outcome !== "failed").reduce((sum, o) => sum + (o.fallback ? 450 : { whatsapp: 350, sms: 450, voice: 800 }[o.channel]), 0));
  });

  for (const group of ["channel", "operator", "fallback_step"] as const) {
    it(`group_by=${group}: each bucket as counted from the mix, adding up to the totals`, async () => {
      const m = await newMerchant();
      const mix = await seedMix(m.id, TO);
      const { body } = await summary(m.key, `from=${FROM}&to=${TO}&group_by=${group}`);
      const expected = [...expectedBy(mix, MIX_KEYS[group])].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, e]) => ({ key, ...asApi(e) }));
      expect(body.data!.groups).toEqual(expected);
      for (const field of ["created", "delivered", "verified", "failed", "expired", "locked", "spend"] as const) {
        expect(body.data!.groups.reduce((sum, g) => sum + g[field], 0)).toBe(body.data!.totals[field]);
      }
    });
  }

  it("group_by=day lists every day of the range (empty ones as zeros) and group_by=hour all 24 hours", async () => {
    const m = await newMerchant();
    const mix = await seedMix(m.id, TO);
    const days = (await summary(m.key, `from=2026-09-07&to=${TO}&group_by=day`)).body.data!.groups;
    expect(days.map((g) => g.key)).toEqual(["2026-09-07", "2026-09-08", "2026-09-09", "2026-09-10"]);
    expect(days[0]).toEqual({ key: "2026-09-07", created: 0, delivered: 0, verified: 0, failed: 0, expired: 0, locked: 0, spend: 0, conversion_rate: 0 });
    for (const g of days.slice(1)) expect(g).toEqual({ key: g.key, ...asApi(expectedBy(mix, MIX_KEYS.day).get(g.key)!) });
    const hours = (await summary(m.key, `from=${FROM}&to=${TO}&group_by=hour`)).body.data!.groups;
    expect(hours).toHaveLength(24);
    const byHour = expectedBy(mix, MIX_KEYS.hour);
    for (const g of hours) expect(g.created).toBe(byHour.get(g.key)?.created ?? 0);
    expect(hours.reduce((s, g) => s + g.created, 0)).toBe(100);
  });

  it("counts by WIB day: an OTP at 00.10 WIB belongs to that day though it is the previous day in UTC", async () => {
    const m = await newMerchant();
    await seedMix(m.id, TO);
    const db = await getDb();
    await db.otpTransaction.update({ where: { otpId: "OTPMIX0099" }, data: { createdAt: new Date("2026-09-10T17:10:00Z") } });
    const days = (await summary(m.key, `from=${TO}&to=2026-09-11&group_by=day`)).body.data!.groups;
    expect(days.find((g) => g.key === "2026-09-11")!.created).toBe(1);
    expect(days.find((g) => g.key === TO)!.created).toBe(33);
  });
});
