// The webhook log as a merchant debugging an integration reads it: a failing
// test event says it failed (no "sent" notice) and is not retried, the request
// sent is shown with its headers and body, and a resend is labelled as one.
import { expect, test } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { shotsAtThreeWidths } from "./support/layout";
import { operatorMerchant, signIn } from "./support/sign-in";

test("a failing test event is reported as failed, shows the request sent, and a resend is labelled", async ({ page }) => {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(500).end("database down");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    const m = operatorMerchant("Toko Kait Gagal");
    await signIn(page, m.email, m.password);
    await page.goto("/webhooks");
    await page.getByLabel("URL webhook").fill(url);
    await page.getByRole("button", { name: "Simpan URL" }).click();
    await expect(page.getByText("URL webhook disimpan.")).toBeVisible();

    await page.getByRole("button", { name: "Kirim event uji" }).click();
    const outcome = page.getByTestId("webhook-test-outcome");
    await expect(outcome).toHaveText("Event uji gagal: HTTP 500. Event uji tidak dicoba ulang; perbaiki endpoint lalu kirim lagi.", { timeout: 30_000 });
    await expect(page.getByText("Event uji dikirim.", { exact: false })).toHaveCount(0);

    const event = page.getByTestId("webhook-event").first();
    await expect(event.getByText("Event uji", { exact: true })).toBeVisible();
    await expect(event.getByText("Gagal", { exact: true })).toBeVisible();
    await event.getByText("Permintaan yang dikirim").click();
    const request = event.getByTestId("webhook-request");
    await expect(request).toContainText("content-type: application/json");
    await expect(request).toContainText(/webhook-id: evt_\w+/);
    await expect(request).toContainText(bodies[0]);

    await event.getByRole("button", { name: "Kirim ulang" }).click();
    await expect(event.getByText("Kirim ulang", { exact: true }).and(page.locator("span"))).toBeVisible({ timeout: 30_000 });
    await shotsAtThreeWidths(page, "webhooks-log-failed-test");
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
