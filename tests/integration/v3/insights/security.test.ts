// GET /v3/insights/summary: a key reads only its own world (merchant, and live or test).
import { describe, expect, it } from "vitest";
import { newMerchant } from "../../../harness/v3-fixtures";
import { seedMix, summary } from "../../../harness/insights-fixtures";

const RANGE = "from=2026-08-01&to=2026-08-03";

describe("GET /v3/insights/summary: only the key's own world", () => {
  it("another merchant's OTPs are not counted", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await seedMix(a.id, "2026-08-03", "AAA");
    expect((await summary(a.key, RANGE)).body.data!.totals.created).toBe(100);
    expect((await summary(b.key, RANGE)).body.data!.totals.created).toBe(0);
  });

  it("a live key counts live OTPs only and a test key test OTPs only", async () => {
    const m = await newMerchant();
    await seedMix(m.testId, "2026-08-03", "TST");
    expect((await summary(m.key, RANGE)).body.data!.totals.created).toBe(0);
    expect((await summary(m.testKey, `${RANGE}&group_by=channel`)).body.data).toMatchObject({ totals: { created: 100, verified: 37 } });
  });
});
