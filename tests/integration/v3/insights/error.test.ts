// GET /v3/insights/summary: bad parameters are 400 VALIDATION_ERROR naming the field, never a 500.
import { describe, expect, it } from "vitest";
import { POST as summaryPost } from "@/app/v3/insights/summary/route";
import { readEnvelope, v3Request } from "../../../harness/http";
import { newMerchant } from "../../../harness/v3-fixtures";
import { summary } from "../../../harness/insights-fixtures";

describe("GET /v3/insights/summary: invalid parameters", () => {
  const cases: [string, string, RegExp][] = [
    ["from missing", "to=2026-11-01", /^from /],
    ["to missing", "from=2026-11-01", /^to /],
    ["from not a date", "from=kemarin&to=2026-11-01", /^from harus tanggal/],
    ["a date that does not exist", "from=2026-02-30&to=2026-03-01", /^from harus tanggal/],
    ["to before from", "from=2026-11-02&to=2026-11-01", /^to tidak boleh sebelum from/],
    ["more than 366 days", "from=2025-01-01&to=2026-01-02", /^to paling jauh 366 hari/],
    ["an unknown group_by", "from=2026-11-01&to=2026-11-02&group_by=country", /^group_by harus salah satu dari: channel, operator, day, hour, fallback_step/],
  ];
  for (const [name, query, message] of cases) {
    it(`${name} is 400 VALIDATION_ERROR naming the field`, async () => {
      const m = await newMerchant();
      const res = await summary(m.key, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, error: { code: "VALIDATION_ERROR" } });
      expect(res.body.error!.message).toMatch(message);
    });
  }

  it("366 days is the longest range accepted", async () => {
    const m = await newMerchant();
    const res = await summary(m.key, "from=2024-01-01&to=2024-12-31");
    expect(res.status).toBe(200);
    expect(res.body.data!.totals.created).toBe(0);
  });

  it("without a key is 401 UNAUTHORIZED; POST is 405 METHOD_NOT_ALLOWED", async () => {
    expect((await summary("", "from=2026-11-01&to=2026-11-01")).status).toBe(401);
    const m = await newMerchant();
    const res = await readEnvelope(await summaryPost(v3Request("/v3/insights/summary", { key: m.key, body: {} })));
    expect(res.status).toBe(405);
    expect(res.body.error?.code).toBe("METHOD_NOT_ALLOWED");
  });
});
