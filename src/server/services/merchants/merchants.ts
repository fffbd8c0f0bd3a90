import { getEnv } from "@/env";
import { hash } from "@node-rs/argon2";
import { getDb, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { parseIpAllowlist } from "@/server/lib/ip-allowlist";
import { randomBase62 } from "@/server/lib/random";
import { createApiKeyInTx, type CreatedKey } from "@/server/services/api-keys/api-keys";
import { applyLedgerChange } from "@/server/services/credits/ledger";
import { checkWebhookUrl, setWebhookEventTypes, setWebhookUrl } from "@/server/services/webhooks/endpoint";
import type { MerchantCreate, MerchantUpdate } from "@/schemas/merchant";
import { DEFAULT_RATE_LIMIT } from "@/schemas/v3/default-rate-limit";
import { effectivePrices } from "./prices";
import { createTestWorldInTx } from "./test-world";
import type { Mode } from "@/schemas/mode";
import { BRAND_MAX } from "@/schemas/v3/otp-limits";
import { effectiveGeoPermissions } from "@/server/services/fraud/geo";
import { newUserId } from "@/server/services/members/user-id";
import { auditSettingsChange } from "@/server/services/audit/merchant-changes";
import { OPERATOR, recordAudit, type ChangeBy } from "@/server/services/audit/record-audit";

export { DEFAULT_RATE_LIMIT };

export function hashPassword(password: string): Promise<string> {
  // argon2id with the library's defaults (19 MiB, t=2): slow enough for guessing, fast enough for sign-in.
  return hash(password);
}

function normalizeAllowlist(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const parsed = parseIpAllowlist(text);
  if (!parsed.ok) throw new AppError("VALIDATION_ERROR", `Entri daftar IP "${parsed.invalid}" bukan alamat IPv4 atau IPv6 yang tepat (rentang CIDR tidak diterima).`);
  return parsed.ips.join(", ");
}

export type CreatedMerchant = { merchant_id: string; id: number } & CreatedKey & { test_key_id: string; test_api_key: string; test_prefix: string };

/**
 * Creates a merchant with its first live API key and its test world with a test key
 * (both shown once) and optional opening saldo, in one transaction.
 * An operator vouches for the address it types; self-service sign-up passes `emailVerified: false`.
 */
export async function createMerchant(data: MerchantCreate, options: { emailVerified?: boolean; withLogin?: boolean } = {}): Promise<CreatedMerchant> {
  const { emailVerified = true, withLogin = true } = options;
  const ipAllowlist = normalizeAllowlist(data.ipAllowlist) ?? "";
  const passwordHash = data.password ? await hashPassword(data.password) : null;
  const db = await getDb();
  try {
    return await db.$transaction(async (tx) => {
      const merchant = await tx.merchant.create({
        data: {
          merchantId: `mch_${randomBase62(14)}`,
          name: data.name,
          email: data.email,
          passwordHash,
          brandName: data.brandName ?? data.name.slice(0, BRAND_MAX),
          brandEmail: data.brandEmail ?? "",
          rateLimit: data.rateLimit ?? null,
          ipAllowlist,
          emailVerifiedAt: emailVerified ? new Date() : null,
          fraudGuard: getEnv().FRAUD_GUARD_DEFAULT,
        },
      });
      // The login is a person who owns the account (docs/teams.md); an e-mail that already signs in elsewhere is taken.
      if (withLogin) {
        const owner = await tx.user.create({ data: { userId: newUserId(), email: data.email, name: data.name, passwordHash } });
        await tx.membership.create({ data: { userId: owner.id, merchantId: merchant.id, role: "owner" } });
      }
      if (data.saldo) await applyLedgerChange(tx, { merchantId: merchant.id, amount: data.saldo, reason: "manual_credit", note: "Saldo awal" });
      const key = await createApiKeyInTx(tx, merchant.id, "Default", "live");
      const testWorld = await createTestWorldInTx(tx, merchant);
      const testKey = await createApiKeyInTx(tx, testWorld, "Default", "test");
      return { merchant_id: merchant.merchantId, id: merchant.id, ...key, test_key_id: testKey.key_id, test_api_key: testKey.api_key, test_prefix: testKey.prefix };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", "E-mail ini sudah terdaftar. Silakan masuk.");
    throw err;
  }
}

/** The internal and public ids of a signed-in (live) merchant and its test world's id, or null when the account no longer exists. */
export async function findMerchantIds(merchantPublicId: string): Promise<{ id: number; merchantId: string; testWorldId: number | null } | null> {
  const db = await getDb();
  const row = await db.merchant.findFirst({
    where: { merchantId: merchantPublicId, liveMerchantId: null },
    select: { id: true, merchantId: true, testWorld: { select: { id: true } } },
  });
  return row ? { id: row.id, merchantId: row.merchantId, testWorldId: row.testWorld?.id ?? null } : null;
}

const merchantNotFound = () => new AppError("NOT_FOUND", "Merchant tidak ditemukan.");

/** A live merchant's account and settings, by its internal id. */
export async function showMerchant(merchantId: number) {
  const db = await getDb();
  const merchant = await db.merchant.findFirst({
    where: { id: merchantId, liveMerchantId: null },
    include: { webhookEndpoint: true, testWorld: { include: { webhookEndpoint: true } } },
  });
  if (!merchant) throw merchantNotFound();
  return {
    merchant_id: merchant.merchantId,
    name: merchant.name,
    brand_name: merchant.brandName,
    brand_email: merchant.brandEmail,
    default_locale: merchant.defaultLocale,
    sms_domain: merchant.smsDomain,
    email: merchant.email,
    email_verified: merchant.emailVerifiedAt !== null,
    saldo: Number(merchant.saldo),
    rate_limit: merchant.rateLimit ?? DEFAULT_RATE_LIMIT,
    ip_allowlist: merchant.ipAllowlist,
    prices: effectivePrices(merchant.prices),
    webhook_url: merchant.webhookEndpoint?.url ?? null,
    webhook_events: merchant.webhookEndpoint?.eventTypes ?? null,
    test_saldo: merchant.testWorld ? Number(merchant.testWorld.saldo) : null,
    test_webhook_url: merchant.testWorld?.webhookEndpoint?.url ?? null,
    test_webhook_events: merchant.testWorld?.webhookEndpoint?.eventTypes ?? null,
    geo_permissions: effectiveGeoPermissions(merchant.geoPermissions),
    fraud_guard: merchant.fraudGuard,
  };
}

/** Settings live on the live account (internal id); the webhook URL belongs to the world of `mode` (live unless given). */
export async function updateMerchant(merchantId: number, data: MerchantUpdate, mode: Mode = "live", by: ChangeBy = { actor: OPERATOR, merchantId }) {
  const ipAllowlist = normalizeAllowlist(data.ipAllowlist);
  const webhookUrl = data.webhookUrl === undefined ? undefined : await checkWebhookUrl(data.webhookUrl);
  const db = await getDb();
  const webhook = await db.$transaction(async (tx: Tx) => {
    const merchant = await tx.merchant.findFirst({ where: { id: merchantId, liveMerchantId: null }, include: { testWorld: { select: { id: true } } } });
    if (!merchant) throw merchantNotFound();
    // Every live merchant has a test world (sign-up, otpctl and the test-mode migration create it).
    const worldId = mode === "live" ? merchant.id : merchant.testWorld!.id;
    const prices = data.prices ? { ...(merchant.prices as object), ...data.prices } : undefined;
    const geoPermissions = data.geoPermissions ? { ...effectiveGeoPermissions(merchant.geoPermissions), ...data.geoPermissions } : undefined;
    const settings = { name: data.name, brandName: data.brandName, brandEmail: data.brandEmail, rateLimit: data.rateLimit, ipAllowlist, prices, smsAppHash: data.smsAppHash, defaultLocale: data.defaultLocale, smsDomain: data.smsDomain, geoPermissions, fraudGuard: data.fraudGuard };
    await tx.merchant.update({ where: { id: merchant.id }, data: settings });
    await auditSettingsChange(tx, by, { ...merchant, geoPermissions: effectiveGeoPermissions(merchant.geoPermissions) }, settings);
    const before = await tx.webhookEndpoint.findUnique({ where: { merchantId: worldId } });
    const endpoint = webhookUrl !== undefined ? await setWebhookUrl(tx, worldId, webhookUrl) : before;
    if (webhookUrl !== undefined && before?.url !== webhookUrl) await recordAudit(tx, { ...by, action: "webhook.url", target: mode, before: { url: before?.url ?? null }, after: { url: webhookUrl } });
    if (data.webhookEvents) {
      const types = await setWebhookEventTypes(tx, worldId, data.webhookEvents);
      await recordAudit(tx, { ...by, action: "webhook.events", target: mode, before: { events: before?.eventTypes ?? null }, after: { events: types } });
    }
    return endpoint;
  });
  const shown = await showMerchant(merchantId);
  return webhook ? { ...shown, webhook_secret: webhook.secret } : shown;
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "P2002";
}
