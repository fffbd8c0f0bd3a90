// The fraud guard in the dashboard: a merchant sets its level and geo permissions
// (Keamanan), sees a prefix block on the overview, reads why in the block log and
// lifts it with "Buka blokir prefix ini"; keeps a safe list and a block list, and puts a
// blocked prefix on the safe list from the log; a viewer reads the lists but changes
// nothing. Screens saved at 375 and 1280 px (and 1024).
import { expect, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { seedHistory } from "../bench/fraud/history";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { acceptAsNewPerson, invitationLink, invite } from "./support/members";
import { operatorMerchant, signIn } from "./support/sign-in";
import { embeddedDatabaseUrl } from "./support/topup-database";

async function internalId(merchantId: string): Promise<number> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<{ id: number }>("SELECT id FROM merchants WHERE merchant_id = $1", [merchantId])).rows[0].id;
  } finally {
    await client.end();
  }
}

let serial = 0;
async function create(request: APIRequestContext, key: string, destination: string) {
  const res = await request.post("/v3/request", { headers: { Authorization: `Bearer ${key}` }, data: { channel: "sms", destination } });
  return { status: res.status(), body: (await res.json()) as { error: { code: string } | null } };
}

test("a merchant sets its fraud guard, sees a prefix block on the overview, reads it in the log and lifts it", async ({ page, request }) => {
  const m = operatorMerchant("Toko Fraud", ["--saldo", "100000"]);
  otpctl("merchant", "update", m.merchant_id, "--rate-limit", "1000", "--fraud-guard", "standard");
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  // A week of ordinary traffic, so the guard knows what this merchant usually sends.
  await seedHistory(embeddedDatabaseUrl(), { merchantId: await internalId(m.merchant_id), count: 600, prefixes: { "62812": 4, "62857": 2, "62878": 1 }, verifiedRate: 0.8, days: 7 });

  await signIn(page, m.email, m.password);
  await page.goto("/security");
  await expect(page.getByTestId("fraud-level-standard")).toBeChecked();
  await expect(page.getByTestId("geo-sms")).toHaveValue("62");
  await expect(page.getByTestId("geo-all-whatsapp")).toBeChecked();
  await expect(page.getByTestId("geo-whatsapp")).toBeDisabled();
  await expect(page.getByTestId("fraud-blocks-empty")).toBeVisible();
  await page.getByTestId("fraud-level-max").check();
  await page.getByTestId("geo-sms").fill("62, 60");
  await page.getByRole("button", { name: "Simpan pengaturan" }).click();
  await expect(page.getByRole("status")).toContainText("Pengaturan keamanan disimpan");
  const shown = otpctl<{ fraud_guard: string; geo_permissions: Record<string, string[]> }>("merchant", "show", m.merchant_id);
  expect(shown.fraud_guard).toBe("max");
  expect(shown.geo_permissions.sms).toEqual(["62", "60"]);

  // The /v3 profile cache holds a second; then a number outside the permissions is refused.
  await expect.poll(async () => (await create(request, key, "447700900123")).body.error?.code).toBe("GEO_NOT_ALLOWED");
  // Pumping one prefix with fresh numbers nobody verifies: max lets 8 through.
  let passed = 0;
  for (;;) {
    const res = await create(request, key, `62899${String(10_000_000 + ++serial)}`);
    if (res.status !== 200) {
      expect(res.body.error?.code).toBe("FRAUD_BLOCKED");
      break;
    }
    passed++;
  }
  expect(passed).toBe(8);

  await page.goto("/overview");
  await expect(page.getByTestId("fraud-block-notice")).toContainText("62899");
  await shotsAtThreeWidths(page, "fraud-overview");

  await page.goto("/security");
  const rows = page.getByTestId("fraud-block-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Lonjakan prefix");
  await expect(rows.nth(1)).toContainText("Negara tidak diizinkan");
  // One date format on every screen, and a geo refusal reads as a refusal, not as a block that ended.
  await expect(rows.first()).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}\.\d{2} WIB/);
  await expect(rows.first()).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(rows.nth(1)).toContainText("Ditolak izin negara");
  await expect(rows.nth(1)).not.toContainText("Selesai");
  await shotsAtThreeWidths(page, "fraud-security");
  // From 1024 px (sidebar shown) the log fits its card: the unblock button is not behind a sideways scroll.
  await page.setViewportSize({ width: 1024, height: 900 });
  const scrolling = await page.evaluate(() => [...document.querySelectorAll("main table")].filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1).length);
  expect(scrolling).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId("unblock-62899").click();
  await page.getByRole("dialog").getByRole("button", { name: "Buka blokir" }).click();
  await expect(rows.first()).toContainText("Dibuka");
  await expect(page.getByTestId("unblock-62899")).toHaveCount(0);
  expect(otpctl<{ blocks: { reason: string; unblocked_at: string | null }[] }>("fraud", "blocks", "--merchant", m.merchant_id).blocks[0].unblocked_at).not.toBeNull();
  expect((await create(request, key, `62899${String(10_000_000 + ++serial)}`)).status).toBe(200);

  await page.goto("/overview");
  await expect(page.getByRole("heading", { name: "Ringkasan" })).toBeVisible();
  await expect(page.getByTestId("fraud-block-notice")).toHaveCount(0);
});

test("a merchant keeps a safe list and a block list, and puts a blocked prefix on the safe list from the log", async ({ page, request, browser }) => {
  const m = operatorMerchant("Toko Daftar", ["--saldo", "100000"]);
  otpctl("merchant", "update", m.merchant_id, "--rate-limit", "1000", "--fraud-guard", "standard");
  const { api_key: key } = otpctl<{ api_key: string }>("key", "create", m.merchant_id);
  await signIn(page, m.email, m.password);
  await page.goto("/security");

  const block = page.getByTestId("fraud-list-block");
  await page.getByTestId("fraud-list-block-input").fill("0812 5555");
  await page.getByTestId("fraud-list-block-add").click();
  await expect(block.getByRole("alert")).toContainText("prefix diakhiri *");
  await page.getByTestId("fraud-list-block-input").fill("0812555*");
  await page.getByTestId("fraud-list-block-add").click();
  await expect(page.getByTestId("fraud-list-block-entry")).toContainText("62812555*");
  await page.getByTestId("fraud-list-safe-input").fill("6281255550001");
  await page.getByTestId("fraud-list-safe-add").click();
  await expect(page.getByTestId("fraud-list-safe-entry")).toContainText("6281255550001");

  // The lists apply to /v3 within a second: the blocked prefix is refused, the safe number inside it goes through.
  await expect.poll(async () => (await create(request, key, "6281255550002")).body.error?.code).toBe("FRAUD_BLOCKED");
  expect((await create(request, key, "6281255550001")).status).toBe(200);
  // A geo refusal lands in the log; "Tambahkan ke daftar aman" lets that prefix through.
  expect((await create(request, key, "447700900123")).body.error?.code).toBe("GEO_NOT_ALLOWED");
  expect(otpctl<{ entries: { value: string }[] }>("fraud", "block", "list", "--merchant", m.merchant_id).entries.map((e) => e.value)).toEqual(["62812555*"]);
  await page.reload();
  const rows = page.getByTestId("fraud-block-row");
  await expect(rows).toHaveCount(2);
  // A block-list refusal is a rule like a geo refusal: it reads as refused, never as a block that ended.
  await expect(rows.filter({ hasText: "Daftar blokir" })).toContainText("Ditolak daftar blokir");
  await expect(rows.filter({ hasText: "Daftar blokir" })).not.toContainText("Selesai");
  await shotsAtThreeWidths(page, "fraud-lists");
  const geoRow = rows.filter({ hasText: "Negara tidak diizinkan" });
  await geoRow.getByRole("button", { name: "Tambahkan ke daftar aman" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Tambahkan" }).click();
  await expect(page.getByTestId("fraud-list-safe")).toContainText("44770*");
  await expect.poll(async () => (await create(request, key, "447700900123")).status).toBe(200);

  // Removing the block entry lets the prefix through again.
  await block.getByRole("button", { name: "Hapus 62812555* dari daftar blokir" }).click();
  await expect(page.getByTestId("fraud-list-block-entry")).toHaveCount(0);
  await expect.poll(async () => (await create(request, key, "6281255550003")).status).toBe(200);

  // A viewer (Pemantau) reads the lists and the log but changes neither: no add, no remove, no "Tambahkan ke daftar aman".
  const viewerEmail = `pemantau-${Date.now()}@toko.test`;
  await invite(page, viewerEmail, "Pemantau");
  const viewer = await browser.newPage();
  await viewer.goto(await invitationLink(viewerEmail));
  await acceptAsNewPerson(viewer, "Pak Pemantau", "sandi-pemantau-1", "Toko Daftar");
  await signIn(viewer, viewerEmail, "sandi-pemantau-1");
  await viewer.goto("/security");
  await expect(viewer.getByTestId("fraud-list-safe-entry")).toHaveCount(2);
  await expect(viewer.getByTestId("fraud-block-row")).toHaveCount(2);
  await expect(viewer.getByTestId("fraud-list-safe-input")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Hapus / })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Tambahkan ke daftar aman" })).toHaveCount(0);
  await shotsAtThreeWidths(viewer, "fraud-lists-viewer");
});
