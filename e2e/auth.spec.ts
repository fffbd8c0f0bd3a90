// Dashboard sessions against the real server: next-auth's CSRF check on the
// credentials sign-in, and a session that has expired sending the merchant back
// to sign-in. Sessions are next-auth JWTs sealed with SESSION_SECRET, which the
// server generated into the e2e DATA_DIR on its first start.
import { expect, test } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { otpctl } from "./support/otpctl";

const SESSION_COOKIE = "next-auth.session-token";

function sessionSecret(): string {
  const file = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "secrets.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { SESSION_SECRET: string }).SESSION_SECRET;
}

function newMerchant() {
  const email = `auth-${Date.now()}@toko.test`;
  const password = "rahasia-toko-123";
  const created = otpctl<{ merchant_id: string }>("merchant", "create", "--name", "Toko Sesi", "--email", email, "--password", password);
  return { ...created, email, password };
}

const sessionCookieIn = (setCookie: string | undefined) => (setCookie ?? "").includes(`${SESSION_COOKIE}=`);

test("a credentials sign-in without next-auth's CSRF token is refused and starts no session; with it, it does", async ({ request }) => {
  const m = newMerchant();
  const forged = await request.post("/api/auth/callback/credentials", { form: { email: m.email, password: m.password }, maxRedirects: 0 });
  expect(forged.status()).toBe(302);
  expect(forged.headers()["location"]).toContain("csrf=true");
  expect(sessionCookieIn(forged.headers()["set-cookie"])).toBe(false);

  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const genuine = await request.post("/api/auth/callback/credentials", { form: { email: m.email, password: m.password, csrfToken }, maxRedirects: 0 });
  expect(sessionCookieIn(genuine.headers()["set-cookie"])).toBe(true);
});

test("next-auth's endpoints take a JSON object body, refuse a broken one with 400, and the credentials callback only takes POST", async ({ request }) => {
  for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers", "/api/auth/callback/credentials"]) {
    const broken = await request.post(path, { headers: { "content-type": "application/json" }, data: "{bad json", maxRedirects: 0 });
    expect(broken.status(), path).toBe(400);
    const object = await request.post(path, { headers: { "content-type": "application/json" }, data: "{}", maxRedirects: 0 });
    expect(object.status(), path).toBeLessThan(500);
  }
  expect((await request.get("/api/auth/callback/credentials/x", { maxRedirects: 0 })).status()).toBe(405);
});

test("a valid session opens the dashboard; an expired one sends the merchant back to sign-in", async ({ page, context, baseURL }) => {
  const m = newMerchant();
  const token = { sub: m.merchant_id, merchantId: m.merchant_id, name: "Toko Sesi", email: m.email, sid: randomUUID(), signedInAt: Math.floor(Date.now() / 1000) };

  await context.addCookies([{ name: SESSION_COOKIE, value: await encode({ token, secret: sessionSecret(), maxAge: 3600 }), url: baseURL! }]);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("overview-saldo")).toHaveText("Rp 0");

  await context.clearCookies();
  await context.addCookies([{ name: SESSION_COOKIE, value: await encode({ token, secret: sessionSecret(), maxAge: -60 }), url: baseURL! }]);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole("button", { name: "Masuk" })).toBeVisible();
});

test("after sign-out, a copy of the session cookie no longer opens the dashboard", async ({ page, context, request }) => {
  const m = newMerchant();
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await request.post("/api/auth/callback/credentials", { form: { email: m.email, password: m.password, csrfToken }, maxRedirects: 0 });
  const copied = (await request.storageState()).cookies.find((c) => c.name === SESSION_COOKIE);
  expect(copied).toBeTruthy();

  await context.addCookies([copied!]);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/sign-in|\/$/);

  await context.clearCookies();
  await context.addCookies([copied!]);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/sign-in/);
  // Nor does next-auth's own session endpoint describe the merchant to the copy's holder.
  const described = await page.request.get("/api/auth/session");
  expect(await described.json()).toEqual({});
});

test("a signed-in browser cannot be made to run a dashboard mutation by another site's form or script", async ({ context, baseURL }) => {
  const m = newMerchant();
  const token = { sub: m.merchant_id, merchantId: m.merchant_id, name: "Toko Sesi", email: m.email, sid: randomUUID(), signedInAt: Math.floor(Date.now() / 1000) };
  await context.addCookies([{ name: SESSION_COOKIE, value: await encode({ token, secret: sessionSecret(), maxAge: 3600 }), url: baseURL! }]);
  const keysNow = async () => ((await (await context.request.get("/api/trpc/apiKeys.list")).json()) as { result: { data: unknown[] } }).result.data.length;
  const before = await keysNow();

  const form = await context.request.post("/api/trpc/apiKeys.create", { multipart: { name: "dari-situs-lain" } });
  expect(form.status()).toBe(415);
  const foreign = await context.request.post("/api/trpc/apiKeys.create", { data: { name: "dari-situs-lain" }, headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" } });
  expect(foreign.status()).toBe(403);
  expect(await keysNow()).toBe(before);

  const own = await context.request.post("/api/trpc/apiKeys.create", { data: { name: "sah" }, headers: { origin: new URL(baseURL!).origin } });
  expect(own.status()).toBe(200);
  expect(await keysNow()).toBe(before + 1);
});
