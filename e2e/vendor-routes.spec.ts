// Vendor routes as a merchant sees them (docs/routing.md): an OTP whose first SMS route
// could not be reached and went out through the next one shows both sends in the
// timeline, each with its route's name and why it was used (never its credentials),
// and the API log names the route of the creation. The routes serve only 62899… so the
// other specs' OTPs keep the sandbox, and are disabled at the end.
import { expect, test } from "@playwright/test";
import { shotsAtThreeWidths } from "./support/layout";
import { otpctl } from "./support/otpctl";
import { operatorMerchant, signIn } from "./support/sign-in";

const DESTINATION = "6289912345678";

test("an OTP that failed over between SMS routes shows each route in its timeline and the API log", async ({ page, request }) => {
  const m = operatorMerchant("Toko Rute", ["--saldo", "20000"]) as ReturnType<typeof operatorMerchant> & { api_key: string };
  // A route whose aggregator refuses connections (nothing listens on port 9), then one that records like the sandbox.
  otpctl("route", "add", "e2e-sms-down", "--channel", "sms", "--adapter", "http_sms", "--config", "api_base_url=http://127.0.0.1:9", "--config", "api_key=rahasia-kunci-e2e", "--config", "webhook_secret=rahasia-hook-e2e", "--priority", "10", "--prefixes", "62899");
  otpctl("route", "add", "e2e-sms-backup", "--channel", "sms", "--adapter", "sandbox", "--priority", "20", "--prefixes", "62899");
  try {
    // The server takes a route change within about 5 s (its in-process copy refreshes in the background).
    let otpId = "";
    await expect
      .poll(
        async () => {
          const created = await request.post("/v3/request", { headers: { authorization: `Bearer ${m.api_key}` }, data: { channel: "sms", destination: DESTINATION } });
          const data = (await created.json()).data as { otp_id: string; deliveries: { route: string }[] };
          otpId = data.otp_id;
          return data.deliveries.map((d) => d.route);
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toEqual(["e2e-sms-down", "e2e-sms-backup"]);

    await signIn(page, m.email, m.password);
    await test.step("the timeline shows the route of each send and why, never a credential", async () => {
      await page.goto(`/transactions/${otpId}`);
      const deliveries = page.getByTestId("delivery");
      await expect(deliveries).toHaveCount(2);
      await expect(deliveries.nth(0)).toContainText("Gagal");
      await expect(deliveries.nth(0).getByTestId("delivery-route")).toHaveText("Rute: e2e-sms-down (prioritas)");
      await expect(deliveries.nth(1).getByTestId("delivery-route")).toHaveText("Rute: e2e-sms-backup (rute sebelumnya gagal dihubungi)");
      await expect(deliveries.nth(1)).toContainText("rute cadangan");
      await expect(page.locator("body")).not.toContainText("rahasia-");
      await shotsAtThreeWidths(page, "transaction-route-failover");
    });

    await test.step("the API log names the creation's route", async () => {
      await page.goto("/api-log");
      await expect(page.getByTestId("api-log-route").first()).toHaveText("Rute e2e-sms-backup · failover");
    });
  } finally {
    otpctl("route", "disable", "e2e-sms-down");
    otpctl("route", "disable", "e2e-sms-backup");
  }
});
