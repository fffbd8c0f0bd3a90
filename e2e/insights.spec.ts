// The Insights page: a known mix of 100 OTPs (37 verified, 10 failed deliveries, 5
// locked, three channels, four operators, a fallback step) read off the page, and a
// breakdown downloaded as CSV. Screens saved to e2e/artifacts/ at 375, 1024 and 1280 px.
import { expect, test, type Download } from "@playwright/test";
import { readFileSync } from "node:fs";
import { expectedBy, expectedFor, type MixOtp } from "../tests/harness/insights-mix";
import { seedInsights } from "./support/insights-database";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

const rupiah = (n: number) => `Rp ${n.toLocaleString("id-ID")}`;
const percent = (verified: number, created: number) => `${new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 }).format((verified / created) * 100)}%`;
const yesterdayWib = () => new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

test("a merchant reads where OTPs convert and where credits go, and downloads a breakdown", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const m = operatorMerchant("Kopi Insights");
  const mix: MixOtp[] = await seedInsights(m.merchant_id, yesterdayWib());
  const all = expectedFor(mix);
  // The same figures through the production front's /v3 dispatch.
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  const days = [...new Set(mix.map((o) => o.day))].sort();
  const api = await (await request.get(`/v3/insights/summary?from=${days[0]}&to=${days[2]}&group_by=fallback_step`, { headers: { authorization: `Bearer ${key}` } })).json();
  expect(api.data.totals).toEqual({ created: 100, delivered: 90, verified: 37, failed: 10, expired: 48, locked: 5, spend: all.spend, conversion_rate: 0.37 });
  expect(api.data.groups.map((g: { key: string; verified: number }) => [g.key, g.verified])).toEqual([["0", 31], ["1", 6]]);
  await signIn(page, m.email, m.password);

  await page.getByRole("link", { name: "Analitik" }).first().click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole("heading", { name: "Analitik", level: 1 })).toBeVisible();
  await expect(page.getByTestId("total-created")).toHaveText("100");
  await expect(page.getByTestId("total-conversion")).toHaveText("37%");
  await expect(page.getByTestId("total-failed")).toHaveText("10");
  await expect(page.getByTestId("total-expired")).toHaveText("48");
  await expect(page.getByTestId("total-locked")).toHaveText("5");
  await expect(page.getByTestId("total-spend")).toHaveText(rupiah(all.spend));
  await expect(page.getByTestId("total-unverified-spend")).toHaveText(rupiah(all.unverifiedSpend));
  await expect(page.getByTestId("median-verify")).toHaveText("28 dtk");
  for (const [id, value] of [["created", "100"], ["delivered", "90"], ["verified", "37"]]) await expect(page.getByTestId(`funnel-${id}`).getByTestId("value")).toHaveText(value);

  const groups = [
    ["by-channel", (o: MixOtp) => o.channel],
    ["by-operator", (o: MixOtp) => o.operator],
    ["by-fallback", (o: MixOtp) => (o.fallback ? "1" : "0")],
  ] as const;
  for (const [testId, keyOf] of groups) {
    for (const [key, e] of expectedBy(mix, keyOf)) {
      const bar = page.getByTestId(`${testId}-${key}`);
      await expect(bar.getByTestId("created")).toHaveText(String(e.created));
      await expect(bar.getByTestId("verified")).toHaveText(String(e.verified));
      await expect(bar.getByTestId("rate")).toHaveText(percent(e.verified, e.created));
    }
  }
  // Credits spent on OTPs nobody verified, per channel and operator.
  for (const [key, e] of expectedBy(mix.filter((o) => o.outcome !== "verified" && o.spend > 0), (o) => `${o.channel}-${o.operator}`)) {
    await expect(page.getByTestId(`unverified-${key}`).getByTestId("spend")).toHaveText(rupiah(e.spend));
  }
  // The daily line's numbers, in its data table.
  const dayTable = page.getByTestId("table-day");
  await page.getByText("Tabel data").last().click();
  for (const [day, e] of expectedBy(mix, (o) => o.day)) {
    await expect(dayTable.locator(`tr[data-key="${day}"] td`).first()).toHaveText(String(e.created));
  }

  const download: Promise<Download> = page.waitForEvent("download");
  await page.getByRole("button", { name: "Per channel" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sandi-insights-channel-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync(await file.path(), "utf8").trimEnd().split("\r\n");
  expect(csv[0]).toBe("channel,dibuat,terkirim,terverifikasi,gagal,kedaluwarsa,terkunci,biaya,tingkat_konversi");
  for (const [channel, e] of expectedBy(mix, (o) => o.channel)) {
    expect(csv).toContain([channel, e.created, e.delivered, e.verified, e.failed, e.expired, e.locked, e.spend, Math.round((e.verified / e.created) * 10_000) / 10_000].join(","));
  }
  await page.getByText("Tabel data").last().click();
  await shotsAtThreeWidths(page, "insights-01-page");
});
