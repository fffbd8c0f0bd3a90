// A new merchant's first hour, through the browser: sign up, create a key, set
// the brand, point a webhook at a local receiver and send a test event, top up
// in the sandbox (QRIS, then a virtual account picked in the method picker),
// send an OTP through /v3 and find it in Transactions and the sandbox inbox,
// finish a whatsapp_inbound OTP from the inbox, and come back to a deep link
// after signing in. Every screen is saved to e2e/artifacts/ for a human to look
// at, at 1280 px and at a 375 px phone, where nothing may stick out sideways.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expectNothingSticksOut } from "./support/layout";

const artifacts = path.resolve("e2e/artifacts");
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifacts, `dashboard-${name}.png`), fullPage: true });
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** At lg (1024 px, sidebar shown) every list table fits its card: no column behind a sideways scroll. */
async function expectTablesFitAt1024(page: Page, name: string) {
  await page.setViewportSize({ width: 1024, height: 800 });
  const scrolling = await page.evaluate(() =>
    [...document.querySelectorAll("main table")].map((t) => t.parentElement!).filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => (box.querySelector("caption")?.textContent ?? "table")),
  );
  expect(scrolling).toEqual([]);
  await expectNothingSticksOut(page);
  await shot(page, `${name}-1024`);
  await page.setViewportSize(DESKTOP);
}

/** Picks a radio the way a user does, by its label (the package radios themselves are visually hidden). */
async function pick(page: Page, name: string | RegExp) {
  const radio = page.getByRole("radio", { name });
  await page.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** Shown within the phone's width: not pushed off to the side or into a sideways scroll. */
async function expectWithinPhoneWidth(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

/** The current screen at phone width: nothing sticks out sideways; saved as dashboard-<name>-375.png. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNothingSticksOut(page);
  await shot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

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
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  const receiver = await startReceiver();
  const email = `toko-${Date.now()}@contoh.id`;
  const password = "rahasia-toko-123";

  try {
    await test.step("home page explains the service and links to sign-up and the API reference", async () => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Sandi");
      await expect(page.getByRole("link", { name: "Referensi API" }).first()).toHaveAttribute("href", "/docs");
      await expect(page.getByText(/juga di mode sandbox/)).toBeVisible();
      await shot(page, "01-home");
      await phoneShot(page, "01-home");
    });

    await test.step("sign-up creates the account and shows the first key once", async () => {
      await page.getByRole("link", { name: "Daftar gratis" }).click();
      await page.getByLabel("Nama Anda atau perusahaan").fill("Toko Contoh");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Kata sandi").fill(password);
      await page.getByLabel("Nama brand").fill("Toko Contoh");
      // The example is the real template, and the hint is the field's description.
      await expect(page.getByLabel("Nama brand")).toHaveAccessibleDescription(/123456 adalah kode verifikasi Toko Maju Anda/);
      await shot(page, "02-sign-up");
      await phoneShot(page, "02-sign-up");
      await page.getByRole("button", { name: "Buat akun" }).click();
      await expect(page.getByTestId("new-api-key")).toHaveText(/^sk_live_/);
      // Sandbox OTPs cost credits too, and a new account has none: say so before the first 402.
      await expect(page.getByText(/Isi saldo lewat/)).toContainText("Saldo → Isi saldo");
      await shot(page, "03-sign-up-key");
      await page.getByRole("button", { name: /lanjut ke dashboard/ }).click();
      await expect(page).toHaveURL(/\/overview$/);
      await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 0");
      await expect(page.getByText(/Isi saldo lewat/).getByRole("link", { name: "Saldo → Isi saldo" })).toHaveAttribute("href", "/balance");
      await shot(page, "04-overview-empty");
      await phoneShot(page, "04-overview-empty");
      await page.getByRole("link", { name: "Transaksi" }).first().click();
      await expect(page.getByText("Belum ada transaksi")).toBeVisible();
      await expect(page.getByText(/Isi saldo lewat/)).toBeVisible();
      await shot(page, "04-transactions-empty");
    });

    let apiKey = "";
    await test.step("creates a second API key, shown once with a copy button", async () => {
      await page.getByRole("link", { name: "API key" }).first().click();
      await page.getByLabel("Nama (opsional)").fill("Server e2e");
      await page.getByRole("button", { name: "Buat API key" }).click();
      apiKey = (await page.getByTestId("created-api-key").textContent()) ?? "";
      expect(apiKey).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
      await expect(page.getByRole("cell", { name: "Server e2e" })).toBeVisible();
      await expect(page.getByLabel("Nama (opsional)")).toHaveValue("");
      await shot(page, "05-api-keys");
    });

    await test.step("revoking the first key asks for confirmation", async () => {
      await page.getByRole("row", { name: /Default/ }).getByRole("button", { name: "Cabut" }).click();
      await expect(page.getByRole("dialog")).toContainText("Cabut API key?");
      await shot(page, "06-api-keys-revoke-confirm");
      await page.getByRole("dialog").getByRole("button", { name: "Cabut kunci" }).click();
      await expect(page.getByRole("row", { name: /Default/ })).toContainText("Dicabut");
      await phoneShot(page, "06-api-keys");
      await expectTablesFitAt1024(page, "06-api-keys");
    });

    await test.step("sets the brand and sees it in the message previews", async () => {
      await page.getByRole("link", { name: "Brand" }).first().click();
      await page.getByLabel("Nama brand").fill("Kopi Senja");
      await page.getByLabel("E-mail brand (opsional)").fill("otp@kopisenja.id");
      await expect(page.getByTestId("preview-sms")).toContainText("Kopi Senja");
      await expect(page.frameLocator('[data-testid="preview-email"]').getByRole("heading")).toHaveText("Kopi Senja");
      await expect(page.getByLabel("E-mail brand (opsional)")).toHaveAccessibleDescription(/Alamat pengirim \(From\)/);
      await page.getByRole("button", { name: "Simpan brand" }).click();
      await expect(page.getByText("Brand “Kopi Senja” disimpan.")).toBeVisible();
      await shot(page, "07-brand");
      await phoneShot(page, "07-brand");
      // The notice is about what was saved: typing something else takes it away.
      await page.getByLabel("Nama brand").fill("Kopi Senja Baru");
      await expect(page.getByText(/disimpan\./)).toHaveCount(0);
      await page.getByLabel("Nama brand").fill("Kopi Senja");
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
      await expect(page.getByText("Event uji dikirim.", { exact: false })).toBeVisible();
      await shot(page, "08-webhooks");
      await phoneShot(page, "08-webhooks");
      await expectTablesFitAt1024(page, "08-webhooks");
      // Clearing the field without saving changes nothing yet: no stale "sent" or "turned off" notice, the endpoint stays active.
      await page.getByLabel("URL webhook").fill("");
      await expect(page.getByText("Event uji dikirim.", { exact: false })).toHaveCount(0);
      await expect(page.getByText("Webhook dimatikan.")).toHaveCount(0);
      await expect(page.getByText("Aktif", { exact: true })).toBeVisible();
      await page.getByLabel("URL webhook").fill(receiver.url);
    });

    await test.step("tops up 10.000 in the sandbox and sees the saldo rise", async () => {
      await page.getByRole("link", { name: "Saldo" }).first().click();
      await expect(page.getByTestId("balance-saldo")).toHaveText("Rp 0");
      await pick(page, "Rp 10.000");
      await pick(page, /QRIS/);
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Bayar Rp 10.070" }).click();
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

    await test.step("picks a virtual account in the method picker, with its admin fee and total, and gets a VA invoice", async () => {
      await pick(page, "Rp 100.000");
      const bca = page.getByRole("radio", { name: /BCA Virtual Account/ });
      await expect(page.locator("label").filter({ has: bca })).toContainText("Biaya admin Rp 4.000");
      await expect(page.locator("label").filter({ has: bca })).toContainText("Total Rp 104.000");
      await pick(page, /BCA Virtual Account/);
      await shot(page, "10-balance-method-picker");
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Bayar Rp 104.000" }).click();
      const hosted = await popup;
      await hosted.waitForURL(/\/topup\/TC[^?]+\?hash=/);
      await expect(hosted.getByText("BCA Virtual Account").first()).toBeVisible();
      await expect(hosted.getByTestId("payment-total")).toHaveText("Rp 104.000");
      await hosted.close();
      const row = page.getByTestId("topup-row").first();
      await expect(row).toContainText("BCA Virtual Account");
      await expect(row).toContainText("total Rp 104.000");
      await expect(row).toContainText("Menunggu pembayaran");
      await expect(row.getByRole("link", { name: "Bayar" })).toBeVisible();
      await expectTablesFitAt1024(page, "10-balance");
      await phoneShot(page, "10-balance");
      await page.setViewportSize(PHONE);
      // On a phone the status and "Bayar" are on screen, not behind a sideways scroll.
      await expectWithinPhoneWidth(row.getByText("Menunggu pembayaran"));
      await expectWithinPhoneWidth(row.getByRole("link", { name: "Bayar" }));
      await page.setViewportSize(DESKTOP);
    });

    let otpId = "";
    await test.step("an OTP sent through /v3 with the new key appears in Transactions without its code", async () => {
      const response = await request.post("/v3/request", {
        headers: { authorization: `Bearer ${apiKey}` },
        // …0001: the sandbox accepts the WhatsApp message and never confirms it, so the list keeps saying "Terkirim".
        data: { channel: "whatsapp", destination: "6281234560001" },
      });
      const body = await response.json();
      expect(body).toMatchObject({ success: true, data: { status: expect.stringMatching(/sent|success/) } });
      otpId = body.data.otp_id;
      await page.getByRole("link", { name: "Transaksi" }).first().click();
      await expect(page.getByRole("link", { name: otpId })).toBeVisible();
      await shot(page, "11-transactions");
      await phoneShot(page, "11-transactions");
      await page.setViewportSize(PHONE);
      await expectWithinPhoneWidth(page.getByRole("row", { name: new RegExp(otpId) }).getByText("Terkirim"));
      await page.setViewportSize(DESKTOP);
      // At lg (1024 px, sidebar shown) the filter bar keeps its dates readable and Reset inside the card.
      await page.getByLabel("Channel").selectOption("whatsapp");
      await page.getByRole("button", { name: "Terapkan" }).click();
      await expect(page.getByRole("button", { name: "Reset" })).toBeVisible();
      await expectTablesFitAt1024(page, "11-transactions");
      await page.getByRole("button", { name: "Reset" }).click();
      await page.getByLabel("Dari tanggal").fill("2031-03-16");
      await page.getByLabel("Sampai tanggal").fill("2031-03-15");
      await expect(page.getByLabel("Sampai tanggal")).toHaveAccessibleDescription("Tanggal “dari” tidak boleh setelah tanggal “sampai”.");
      await expect(page.getByRole("button", { name: "Terapkan" })).toBeDisabled();
      await shot(page, "11-transactions-date-order");
      await page.getByLabel("Dari tanggal").fill("");
      await page.getByLabel("Sampai tanggal").fill("");
      await page.getByRole("link", { name: otpId }).click();
      await expect(page.getByTestId("attempts")).toContainText("0");
      await expect(page.getByText("Panjang kode")).toBeVisible();
      await shot(page, "12-transaction-detail");
      await phoneShot(page, "12-transaction-detail");
    });

    await test.step("the sandbox inbox shows the message with its code", async () => {
      await page.getByRole("link", { name: "Kotak masuk sandbox" }).first().click();
      const message = page.getByTestId("sandbox-message").filter({ hasText: otpId });
      await expect(message).toBeVisible();
      await expect(message.getByTestId("sandbox-code")).toHaveText(/^\d{4,8}$/);
      await expect(message).toContainText("Kopi Senja");
      await shot(page, "13-sandbox");
      await phoneShot(page, "13-sandbox");
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
      await phoneShot(page, "14-security");
      await page.getByRole("link", { name: "Ringkasan" }).first().click();
      await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 9.650");
      await expect(page.getByTestId("overview-today")).toHaveText("1");
      await shot(page, "15-overview");
      await phoneShot(page, "15-overview");
    });

    await test.step("a whatsapp_inbound OTP is finished from the sandbox inbox, as if the user had sent the message", async () => {
      const created = await request.post("/v3/request", { headers: { authorization: `Bearer ${apiKey}` }, data: { channel: "whatsapp_inbound", destination: "6281234567891" } });
      const inboundId = (await created.json()).data.otp_id as string;
      await page.getByRole("link", { name: "Kotak masuk sandbox" }).first().click();
      const pending = page.getByTestId("pending-inbound").filter({ hasText: inboundId });
      await expect(pending).toContainText("Verifikasi Kopi Senja:");
      await shot(page, "16-sandbox-inbound");
      await pending.getByRole("button", { name: "Kirim pesan" }).click();
      await expect(pending).toHaveCount(0);
      const detail = await request.get(`/v3/otp/${inboundId}`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect((await detail.json()).data).toMatchObject({ status: "verified", number: "6281234567891" });
      await page.goto(`/transactions/${inboundId}`);
      await expect(page.getByTestId("attempts")).toBeVisible();
      // There is no code for the user to type, so no code length either.
      await expect(page.getByText("Panjang kode")).toHaveCount(0);
      await shot(page, "16-transaction-inbound");
    });

    await test.step("an OTP whose failed attempts reached the limit is marked Terkunci", async () => {
      const headers = { authorization: `Bearer ${apiKey}` };
      const created = await request.post("/v3/request", { headers, data: { channel: "sms", destination: "6281234567892" } });
      const lockedId = (await created.json()).data.otp_id as string;
      for (let i = 0; i < 5; i++) await request.post("/v3/verify", { headers, data: { otp_id: lockedId, otp: "000000" } });
      await page.goto("/transactions");
      await expect(page.getByRole("row", { name: new RegExp(lockedId) })).toContainText("Terkunci");
    });

    await test.step("the API reference fits a phone and a desktop; long examples scroll inside their own box", async () => {
      await page.goto("/docs");
      await expectNothingSticksOut(page);
      await shot(page, "18-docs");
      await phoneShot(page, "18-docs");
      await page.goto("/overview");
    });

    await test.step("signing out ends the session; a wrong password is refused in plain words; the deep link survives sign-in", async () => {
      await page.getByRole("button", { name: "Keluar" }).click();
      await expect(page).toHaveURL(/\/sign-in/);
      await page.goto(`/transactions/${otpId}`);
      await expect(page).toHaveURL(new RegExp(`/sign-in\\?callbackUrl=%2Ftransactions%2F${otpId}$`));
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Kata sandi").fill("bukan-sandinya");
      await page.getByRole("button", { name: "Masuk" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "E-mail atau kata sandi salah." })).toBeVisible();
      await shot(page, "17-sign-in-error");
      await page.getByLabel("Kata sandi").fill(password);
      await page.getByRole("button", { name: "Masuk" }).click();
      await expect(page).toHaveURL(new RegExp(`/transactions/${otpId}$`));
      await expect(page.getByRole("heading", { name: otpId })).toBeVisible();
      // The first Tab offers a way past the navigation.
      await page.reload();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Langsung ke isi" })).toBeFocused();
    });
  } finally {
    await receiver.close();
  }
});
