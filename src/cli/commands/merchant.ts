import { UsageError, type Args } from "../args";
import type { Command } from "../command";
import { createMerchant, showMerchant, updateMerchant } from "@/server/services/merchants/merchants";
import { adjustBalance } from "@/server/services/credits/manual-adjustment";
import { findWorldOf } from "@/server/services/merchants/test-world";
import { CHANNELS } from "@/schemas/channels";
import type { Channel } from "@/generated/prisma/enums";
import { isAppError } from "@/server/errors";
import { parseInput } from "@/server/validation";
import { merchantCreateSchema, merchantUpdateSchema } from "@/schemas/merchant";

/** The service names its input fields; the operator typed flags. */
const FLAG_OF: Record<string, string> = {
  name: "--name",
  email: "--email",
  password: "--password",
  brandName: "--brand",
  brandEmail: "--brand-email",
  saldo: "--saldo",
  rateLimit: "--rate-limit",
  ipAllowlist: "--ip-allowlist",
  prices: "--price",
  webhookUrl: "--webhook-url",
  webhookEvents: "--webhook-events",
  smsAppHash: "--sms-app-hash",
  defaultLocale: "--locale",
  smsDomain: "--sms-domain",
  geoPermissions: "--geo",
  fraudGuard: "--fraud-guard",
};

/** The internal id of the live merchant the command names (services take internal ids). */
const liveIdOf = async (a: Args) => (await findWorldOf(a.positional(0, "merchant_id"), "live")).id;

/** A value the service refuses for a field a flag filled is a usage error (exit 2) naming that flag. */
async function withFlagNames<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isAppError(err) || err.code !== "VALIDATION_ERROR" || !err.field || !FLAG_OF[err.field]) throw err;
    throw new UsageError(`${FLAG_OF[err.field]}: ${err.message.slice(err.message.indexOf(":") + 1).trim()}`);
  }
}

function parsePrices(entries: string[]): Partial<Record<Channel, number>> | undefined {
  if (entries.length === 0) return undefined;
  const prices: Partial<Record<Channel, number>> = {};
  for (const entry of entries) {
    const m = /^([a-z_]+)=(\d+)$/.exec(entry.trim());
    if (!m || !(CHANNELS as readonly string[]).includes(m[1])) throw new UsageError(`--price must be CHANNEL=N with CHANNEL one of ${CHANNELS.join(", ")}; got "${entry}"`);
    prices[m[1] as Channel] = Number(m[2]);
  }
  return prices;
}

/** --geo sms=62,60,65 (repeatable, one channel class each); the service validates the codes. */
function parseGeo(entries: string[]): Record<string, string[]> | undefined {
  if (entries.length === 0) return undefined;
  const geo: Record<string, string[]> = {};
  for (const entry of entries) {
    const m = /^([a-z]+)=(.+)$/.exec(entry.trim());
    if (!m) throw new UsageError(`--geo must be CLASS=CODE[,CODE...] (class sms, voice, misscall or whatsapp; * for every country); got "${entry}"`);
    geo[m[1]] = m[2].split(",").map((c) => c.trim());
  }
  return geo;
}

export const merchantCommands: Command[] = [
  {
    name: "merchant create",
    usage: 'merchant create --name N --email E [--password P] [--brand B] [--brand-email BE] [--saldo N] [--rate-limit N] [--ip-allowlist "ip, ip"]',
    flags: ["name", "email", "password", "brand", "brand-email", "saldo", "rate-limit", "ip-allowlist"],
    run: async (a) => {
      const { merchant_id, key_id, api_key, test_api_key } = await withFlagNames(() => createMerchant(parseInput(merchantCreateSchema, {
        name: a.required("name"),
        email: a.required("email"),
        password: a.string("password"),
        brandName: a.string("brand"),
        brandEmail: a.string("brand-email"),
        saldo: a.int("saldo"),
        rateLimit: a.int("rate-limit"),
        ipAllowlist: a.string("ip-allowlist"),
      })));
      return { merchant_id, key_id, api_key, test_api_key };
    },
  },
  {
    name: "merchant show",
    usage: "merchant show <merchant_id>",
    flags: [],
    run: async (a) => showMerchant(await liveIdOf(a)),
  },
  {
    name: "merchant update",
    usage: 'merchant update <merchant_id> [--rate-limit N] [--ip-allowlist "..."] [--brand B] [--brand-email BE] [--price CHANNEL=N]... [--webhook-url URL] [--webhook-events TYPE,TYPE] [--mode live|test] [--sms-app-hash H] [--locale id|en] [--sms-domain DOMAIN] [--geo CLASS=CC,CC]... [--fraud-guard off|standard|max]',
    flags: ["rate-limit", "ip-allowlist", "brand", "brand-email", "price", "webhook-url", "webhook-events", "name", "sms-app-hash", "locale", "sms-domain", "mode", "geo", "fraud-guard"],
    run: (a) =>
      withFlagNames(async () => updateMerchant(await liveIdOf(a), parseInput(merchantUpdateSchema, {
        name: a.string("name"),
        rateLimit: a.int("rate-limit"),
        ipAllowlist: a.string("ip-allowlist"),
        brandName: a.string("brand"),
        brandEmail: a.string("brand-email"),
        prices: parsePrices(a.all("price")),
        webhookUrl: a.string("webhook-url"),
        webhookEvents: a.string("webhook-events")?.split(",").map((t) => t.trim()),
        smsAppHash: a.string("sms-app-hash"),
        defaultLocale: a.string("locale"),
        smsDomain: a.string("sms-domain"),
        geoPermissions: parseGeo(a.all("geo")),
        fraudGuard: a.string("fraud-guard"),
      }), a.mode())),
  },
  {
    name: "merchant credit",
    usage: "merchant credit <merchant_id> --amount N --reason R [--mode live|test]   (negative N debits; test adjusts the test saldo)",
    flags: ["amount", "reason", "mode"],
    run: async (a) => {
      const amount = a.int("amount");
      if (amount === undefined) throw new UsageError("--amount is required");
      return adjustBalance((await findWorldOf(a.positional(0, "merchant_id"), a.mode())).id, amount, a.required("reason"));
    },
  },
];
