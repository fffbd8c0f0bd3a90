// A new merchant's first hour, through the browser: sign up, create a key, set
// the brand, point a webhook at a local receiver and send a test event, top up
// in the sandbox, send an OTP through /v3 and find it in Transactions and the
// sandbox inbox. Every screen is saved to e2e/artifacts/ for a human to look at.
import { expect, test, type Page } from "@playwright/test";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const artifacts = path.resolve("e2e/artifacts");
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `dashboard-${name}.png`), fullPage: true });

type Received = { headers: IncomingHttpHeaders; body: string };

function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/sandi-webhook`, received, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

test("a new merchant signs up, configures the account, tops up and sees its first OTP", async ({ page, request }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  const email = `toko-${Date.now()}@contoh.id`;
  const password = "rahasia-toko-123";

  try {
    await test.step("home page explains the service and links to sign-up and the API reference", async () => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Sandi");
      await expect(page.getByRole("link", { name: "Referensi API" }).first()).toHaveAttribute("href", "/docs");
      await shot(page, "01-home");
    });

    await test.step("sign-up creates the account and shows the first key once", async () => {
      await page.getByRole("link", { name: "Daftar gratis" }).click();
      await page.getByLabel("Nama Anda atau perusahaan").fill("Toko Contoh");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Kata sandi").fill(password);
      await page.getByLabel("Nama brand").fill("Toko Contoh");
      await shot(page, "02-sign-up");
      await page.getByRole("button", { name: "Buat akun" }).click();
      await expect(page.getByTestId("new-api-key")).toHaveText(/^sk_live_/);
      await shot(page, "03-sign-up-key");
      await page.getByRole("button", { name: /lanjut ke dashboard/ }).click();
      await expect(page).toHaveURL(/\/overview$/);
      await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 0");
      await shot(page, "04-overview-empty");
    });

    let apiKey = "";
    await test.step("creates a second API key, shown once with a copy button", async () => {
      await page.getByRole("link", { name: "API key" }).first().click();
      await page.getByLabel("Nama (opsional)").fill("Server e2e");
      await page.getByRole("button", { name: "Buat API key" }).click();
      apiKey = (await page.getByTestId("created-api-key").textContent()) ?? "";
      expect(apiKey).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
      await expect(page.getByRole("cell", { name: "Server e2e" })).toBeVisible();
      await shot(page, "05-api-keys");
    });

    await test.step("revoking the first key asks for confirmation", async () => {
      await page.getByRole("row", { name: /Default/ }).getByRole("button", { name: "Cabut" }).click();
      await expect(page.getByRole("dialog")).toContainText("Cabut API key?");
      await shot(page, "06-api-keys-revoke-confirm");
      await page.getByRole("dialog").getByRole("button", { name: "Cabut kunci" }).click();
      await expect(page.getByRole("row", { name: /Default/ })).toContainText("Dicabut");
    });

    await test.step("sets the brand and sees it in the message previews", async () => {
      await page.getByRole("link", { name: "Brand" }).first().click();
      await page.getByLabel("Nama brand").fill("Kopi Senja");
      await page.getByLabel("E-mail brand (opsional)").fill("otp@kopisenja.id");
      await expect(page.getByTestId("preview-sms")).toContainText("Kopi Senja");
      await expect(page.frameLocator('[data-testid="preview-email"]').getByRole("heading")).toHaveText("Kopi Senja");
      await page.getByRole("button", { name: "Simpan brand" }).click();
      await expect(page.getByText("Brand disimpan.")).toBeVisible();
      await shot(page, "07-brand");
    });

    await test.step("sets a webhook URL and a test event reaches the local receiver, logged with its attempt", async () => {
      await page.getByRole("link", { name: "Webhook" }).first().click();
      await page.getByLabel("URL webhook").fill(receiver.url);
      await page.getByRole("button", { name: "Simpan URL" }).click();
      await expect(page.getByText("URL webhook disimpan.")).toBeVisible();
      await page.getByRole("button", { name: "Tampilkan" }).click();
      await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
      await page.getByRole("button", { name: "Kirim event uji" }).click();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(receiver.received[0].headers["webhook-signature"]).toMatch(/^v1,/);
      await expect(page.getByTestId("webhook-event").first().getByTestId("webhook-attempt-status").first()).toHaveText("200", { timeout: 30_000 });
      await shot(page, "08-webhooks");
    });

    await test.step("tops up 10.000 in the sandbox and sees the saldo rise", async () => {
      await page.getByRole("link", { name: "Saldo" }).first().click();
      await expect(page.getByTestId("balance-saldo")).toHaveText("Rp 0");
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: /Rp 10\.000/ }).click();
      const hosted = await popup;
      // The tab opens blank within the click (pop-up blockers) and then moves to the invoice.
      await hosted.waitForURL(/\/topup\/TC[^?]+\?hash=/);
      await hosted.waitForLoadState();
      expect(hosted.url()).toMatch(/\/topup\/TC[^?]+\?hash=/);
      await hosted.screenshot({ path: path.join(artifacts, "dashboard-09-hosted-topup.png"), fullPage: true });
      const topupId = new URL(hosted.url()).pathname.split("/").pop()!;
      // The payer pays on the hosted page (the sandbox's simulated payment); the dashboard tab follows by itself.
      await hosted.getByRole("button", { name: "Simulasikan pembayaran" }).click();
      await expect(hosted.getByText("Pembayaran berhasil")).toBeVisible();
      await hosted.close();
      await expect(page.getByTestId("topup-row").first()).toContainText("Lunas", { timeout: 30_000 });
      await expect(page.getByTestId("balance-saldo")).toHaveText("Rp 10.000", { timeout: 30_000 });
      await expect(page.getByTestId("ledger-row").first()).toContainText(topupId);
      await shot(page, "10-balance");
    });

    let otpId = "";
    await test.step("an OTP sent through /v3 with the new key appears in Transactions without its code", async () => {
      const response = await request.post("/v3/request", {
        headers: { authorization: `Bearer ${apiKey}` },
        data: { channel: "whatsapp", destination: "6281234567890" },
      });
      const body = await response.json();
      expect(body).toMatchObject({ success: true, data: { status: expect.stringMatching(/sent|success/) } });
      otpId = body.data.otp_id;
      await page.getByRole("link", { name: "Transaksi" }).first().click();
      await expect(page.getByRole("link", { name: otpId })).toBeVisible();
      await shot(page, "11-transactions");
      await page.getByRole("link", { name: otpId }).click();
      await expect(page.getByTestId("attempts")).toContainText("0");
      await shot(page, "12-transaction-detail");
    });

    await test.step("the sandbox inbox shows the message with its code", async () => {
      await page.getByRole("link", { name: "Kotak masuk sandbox" }).first().click();
      const message = page.getByTestId("sandbox-message").filter({ hasText: otpId });
      await expect(message).toBeVisible();
      await expect(message.getByTestId("sandbox-code")).toHaveText(/^\d{4,8}$/);
      await expect(message).toContainText("Kopi Senja");
      await shot(page, "13-sandbox");
      // The code in the inbox verifies the OTP: the sandbox is a faithful stand-in for the user's phone.
      const code = (await message.getByTestId("sandbox-code").textContent())!.trim();
      const verify = await request.post("/v3/verify", { headers: { authorization: `Bearer ${apiKey}` }, data: { otp_id: otpId, otp: code } });
      expect((await verify.json()).data).toMatchObject({ verified: true });
    });

    await test.step("security settings are shown read-only and the overview counts the OTP", async () => {
      await page.getByRole("link", { name: "Keamanan" }).first().click();
      await expect(page.getByTestId("rate-limit")).toContainText("20");
      await expect(page.getByTestId("ip-allowlist-empty")).toBeVisible();
      await shot(page, "14-security");
      await page.getByRole("link", { name: "Ringkasan" }).first().click();
      await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 9.650");
      await expect(page.getByTestId("overview-today")).toHaveText("1");
      await shot(page, "15-overview");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByTestId("overview-saldo")).toBeVisible();
      await shot(page, "16-overview-mobile");
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step("signing out ends the session; a wrong password is refused in plain words", async () => {
      await page.getByRole("button", { name: "Keluar" }).click();
      await expect(page).toHaveURL(/\/sign-in/);
      await page.goto("/overview");
      await expect(page).toHaveURL(/\/sign-in/);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Kata sandi").fill("bukan-sandinya");
      await page.getByRole("button", { name: "Masuk" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "E-mail atau kata sandi salah." })).toBeVisible();
      await shot(page, "17-sign-in-error");
      await page.getByLabel("Kata sandi").fill(password);
      await page.getByRole("button", { name: "Masuk" }).click();
      await expect(page).toHaveURL(/\/overview$/);
    });
  } finally {
    await receiver.close();
  }
});
