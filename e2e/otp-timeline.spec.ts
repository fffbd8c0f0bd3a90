// Fallback and lifecycle events as a merchant sees them: the webhook page chooses
// the event types (only once a URL is set, never none), and the detail of an OTP
// that fell back from WhatsApp to SMS shows both sends and the events sent for it,
// each linking to its entry in the webhook log.
import { expect, test } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { shotsAtThreeWidths } from "./support/layout";
import { operatorMerchant, signIn } from "./support/sign-in";

test("event types are chosen on the webhook page and a fallen-back OTP shows its sends and events", async ({ page, request }) => {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(JSON.parse(body).type);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    const m = operatorMerchant("Toko Cadangan", ["--saldo", "5000"]) as ReturnType<typeof operatorMerchant> & { api_key: string };
    await signIn(page, m.email, m.password);
    await page.goto("/webhooks");
    const types = page.getByRole("group", { name: /Pilih event yang dikirim/ });

    await test.step("the choice waits for a URL", async () => {
      await expect(page.getByText("Simpan URL webhook terlebih dahulu untuk memilih tipe event.")).toBeVisible();
      await expect(types.getByRole("checkbox", { name: /otp\.sent/ })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Simpan tipe event" })).toBeDisabled();
      await shotsAtThreeWidths(page, "webhook-event-types-no-url");
    });

    await test.step("with a URL, every type is chosen, never none, and the choice is saved", async () => {
      await page.getByLabel("URL webhook").fill(url);
      await page.getByRole("button", { name: "Simpan URL" }).click();
      await expect(page.getByText("URL webhook disimpan.")).toBeVisible();
      await expect(types.getByRole("checkbox", { name: /otp\.verified/ })).toBeChecked();
      await types.getByRole("checkbox", { name: /otp\.verified/ }).uncheck();
      await expect(page.getByText("Pilih minimal satu tipe event.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Simpan tipe event" })).toBeDisabled();
      for (const checkbox of await types.getByRole("checkbox").all()) await checkbox.check();
      await page.getByRole("button", { name: "Simpan tipe event" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Tipe event disimpan: endpoint menerima 7 tipe event." })).toBeVisible();
      await shotsAtThreeWidths(page, "webhook-event-types-saved");
      await page.reload();
      await expect(types.getByRole("checkbox")).toHaveCount(7);
      for (const checkbox of await types.getByRole("checkbox").all()) await expect(checkbox).toBeChecked();
    });

    const created = await request.post("/v3/request", {
      headers: { authorization: `Bearer ${m.api_key}` },
      data: { channel: "whatsapp", destination: "6281234560002", fallback: ["sms"] },
    });
    expect(created.status()).toBe(200);
    const otpId = (await created.json()).data.otp_id as string;

    await test.step("the detail shows the failed WhatsApp send, the SMS that reached the user, and the events", async () => {
      await page.goto(`/transactions/${otpId}`);
      const deliveries = page.getByTestId("delivery");
      await expect(deliveries).toHaveCount(2);
      await expect(deliveries.nth(0)).toContainText("1. WhatsApp");
      await expect(deliveries.nth(0)).toContainText("Gagal");
      await expect(deliveries.nth(0)).toContainText(/Gagal \d+ \w+ \d{4} \d{2}\.\d{2}\.\d{2} WIB · Gratis \(harga Rp 350 tidak dipotong\)/);
      await expect(deliveries.nth(0).getByTestId("delivery-reason")).toHaveText("Alasan gagal: Nomor tujuan tidak terdaftar di WhatsApp.");
      await expect(deliveries.nth(1)).toContainText("2. SMS");
      await expect(deliveries.nth(1)).toContainText(/Dikirim \d+ \w+ \d{4} \d{2}\.\d{2}\.\d{2} WIB · Rp 450/);
      // The sandbox confirms its own SMS about a second later; the page follows by itself.
      await expect(deliveries.nth(1)).toContainText("Sampai", { timeout: 20_000 });
      await expect(page.getByText("Cadangan", { exact: true })).toBeVisible();

      const events = page.getByTestId("otp-event");
      await expect(events).toHaveCount(3, { timeout: 20_000 });
      await expect(events.nth(0)).toContainText("otp.fallback");
      await expect(events.nth(1)).toContainText("otp.sent");
      await expect(events.nth(2)).toContainText("otp.delivered");
      for (let i = 0; i < 3; i++) await expect(events.nth(i)).toContainText("Berhasil", { timeout: 20_000 });
      expect(received.sort()).toEqual(["otp.delivered", "otp.fallback", "otp.sent"]);
      await shotsAtThreeWidths(page, "transaction-fallback-timeline");
    });

    await test.step("an event links to its entry in the webhook log", async () => {
      const first = page.getByTestId("otp-event").nth(0);
      const href = await first.getByTestId("otp-event-log-link").getAttribute("href");
      const eventId = href!.split("#")[1];
      const otpId = new URL(href!, "http://x").searchParams.get("otp")!;
      await first.getByTestId("otp-event-log-link").click();
      // The log opens on this OTP's events only, so the linked one is on the first page however long the log is.
      await expect(page).toHaveURL(new RegExp(`/webhooks\\?otp=${otpId}#${eventId}$`));
      await expect(page.getByTestId("webhook-log-filter")).toContainText(otpId);
      const entry = page.locator(`[id="${eventId}"]`);
      await expect(entry).toHaveAttribute("aria-current", "true");
      await expect(entry).toContainText("otp.fallback");
      await expect(entry).toBeInViewport();
      const logged = page.getByTestId("webhook-event");
      await expect(logged).toHaveCount(3);
      for (let i = 0; i < 3; i++) await expect(logged.nth(i).getByTestId("webhook-event-otp")).toHaveText(otpId);
      await shotsAtThreeWidths(page, "webhook-log-linked-event");
      await page.getByTestId("webhook-log-filter").getByRole("link", { name: "Tampilkan semua event" }).click();
      await expect(page).toHaveURL(/\/webhooks$/);
      await expect(page.getByTestId("webhook-log-filter")).toHaveCount(0);
    });
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
