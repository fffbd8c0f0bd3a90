// The secrets a vendor's callbacks are checked with, per route: Twilio signs with the
// route's auth token, the HTTP SMS aggregator with the route's webhook secret, Meta with
// the app secret of the app the number belongs to. A route disabled since its send still
// answers for its receipts, so these read every route, enabled or not.
import { getEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { adapterKind, type Settings } from "./adapter-kinds";
import { resolveSettings, storedSettings } from "./route-settings";

async function settingsOf(name: string, adapter: string): Promise<Settings | null> {
  const db = await getDb();
  const row = await db.vendorRoute.findUnique({ where: { name } });
  const kind = adapterKind(adapter);
  if (!row || row.adapter !== adapter || !kind) return null;
  const stored = storedSettings(row);
  return stored.sealedOpen ? resolveSettings(kind, stored).settings : null;
}

/** The auth token a Twilio status callback is signed with: the named route's, else the environment's. */
export async function twilioAuthToken(route: string | null): Promise<string | null> {
  if (!route) return getEnv().TWILIO_AUTH_TOKEN ?? null;
  return (await settingsOf(route, "twilio"))?.auth_token ?? null;
}

/** The HMAC key of an HTTP SMS aggregator route's receipts; null when there is no such route. */
export async function httpSmsWebhookSecret(route: string): Promise<string | null> {
  return (await settingsOf(route, "http_sms"))?.webhook_secret ?? null;
}

/** Every app secret a WhatsApp webhook post may be signed with: the environment's and the routes' own. */
export async function whatsappAppSecrets(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.vendorRoute.findMany({ where: { adapter: "whatsapp_cloud" } });
  const kind = adapterKind("whatsapp_cloud")!;
  const fromRoutes = rows.map((row) => {
    const stored = storedSettings(row);
    return stored.sealedOpen ? resolveSettings(kind, stored).settings.app_secret : undefined;
  });
  return [...new Set([getEnv().WHATSAPP_APP_SECRET, ...fromRoutes].filter((s): s is string => !!s))];
}
