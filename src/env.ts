// The only reader of process.env. Validated once, lazily, so a CLI, a test or the
// server can set variables before the first read. A value that is given but
// malformed stops start-up with a message naming the variable.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseProxyRanges } from "./server/lib/proxy-ranges";
import { parseRedisUrl } from "./server/lib/redis-url";

const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
/** A number where an empty value, like an absent one, means the default (PORT= is not "port 0"). */
const integer = (min: number, max: number, fallback: number) => z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).max(max).default(fallback));
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${protocols.join(" or ")}//`)
      .optional(),
  );
const flag = z.preprocess((v) => (v === "" || v === undefined ? "0" : v), z.enum(["0", "1", "true", "false"])).transform((v) => v === "1" || v === "true");
const secret = z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  DATA_DIR: z.string().min(1).default("./.data"),
  /** One server, a Sentinel group or a Cluster (the forms: src/server/lib/redis-url.ts, docs/configuration.md). */
  REDIS_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .superRefine((v, ctx) => {
        const parsed = parseRedisUrl(v);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.problem });
      })
      .optional(),
  ),
  PORT: integer(1, 65535, 3000),
  BASE_URL: optionalUrl(["http:", "https:"]),
  APP_URL: optionalUrl(["http:", "https:"]),
  SESSION_SECRET: secret,
  PAYMENT_LINK_SECRET: secret,
  OTP_PEPPER: secret,
  NEXT_DIST_DIR: z.string().min(1).default(".next"),
  DB_POOL_SIZE: integer(1, 500, 10),
  /** How long a query waits for one of the pool's connections (or for a new one to connect) before it fails. */
  DB_POOL_WAIT_MS: integer(100, 120_000, 10_000),
  LOG_REQUESTS: flag.default(true),
  /** Proxies whose client-address headers are believed (see src/server/http/client-ip.ts); unset = loopback and private ranges. */
  TRUSTED_PROXIES: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .superRefine((v, ctx) => {
        const parsed = parseProxyRanges(v);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: `"${parsed.invalid}" is not an IP address or CIDR range (use a comma-separated list, or none)` });
      })
      .optional(),
  ),
  WEBHOOK_ALLOW_PRIVATE_URLS: flag,
  SERVER_ROLE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["all", "api"]).default("all")),
  RUN_WORKER_IN_APP: z.preprocess((v) => (v === "" || v === undefined ? "1" : v), z.enum(["0", "1", "true", "false"])).transform((v) => v === "1" || v === "true"),
  SANDBOX_MISSCALL_POOL: optionalString,
  VENDOR_TIMEOUT_MS: integer(100, 60000, 5000),
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_NUMBER: z.string().regex(/^\d{10,15}$/, "must be digits only, 10 to 15 of them").default("6281100000000"),
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_TEMPLATE: z.string().min(1).default("sandi_otp"),
  WHATSAPP_API_BASE_URL: optionalUrl(["http:", "https:"]).default("https://graph.facebook.com/v21.0"),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_API_BASE_URL: optionalUrl(["http:", "https:"]).default("https://api.twilio.com"),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  SMTP_FROM: optionalString,
  MISSCALL_API_URL: optionalUrl(["http:", "https:"]),
  MISSCALL_API_KEY: optionalString,
  /** How much of a creation's time the first send may take across its vendor routes, failovers included (docs/routing.md). */
  ROUTE_SEND_BUDGET_MS: integer(100, 120_000, 8000),
  /** Who otpctl's route changes are recorded as (route_changes); unset: the OS user and host otpctl runs as. */
  SANDI_OPERATOR: optionalString,
  XENDIT_SECRET_KEY: optionalString,
  XENDIT_CALLBACK_TOKEN: optionalString,
  XENDIT_API_BASE_URL: optionalUrl(["http:", "https:"]).default("https://api.xendit.co"),
  // Operations (docs/operations): /metrics stays closed unless one of these two is given.
  METRICS_TOKEN: secret,
  /** Counting on the /v3 path; off only to measure its cost with the bench. */
  METRICS_HOT_PATH: flag.default(true),
  METRICS_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  OTP_RETENTION_DAYS: integer(1, 3650, 90),
  /** Days the merchant's API request log ("Log API") is kept. */
  API_LOG_RETENTION_DAYS: integer(1, 365, 14),
  /** Days webhook events are kept, with their deliveries and attempts (docs/data-retention.md). */
  WEBHOOK_RETENTION_DAYS: integer(1, 3650, 7),
  /** Writes the API request log (batched, off the request path); off only to measure its cost. */
  API_LOG: flag.default(true),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(["http:", "https:"]),
  OTEL_SERVICE_NAME: z.string().min(1).default("sandi"),
  /**
   * The fraud guard level new merchants (and their test worlds) start with; each merchant
   * changes its own later. `off` for a bench or a test suite that is not about fraud.
   */
  FRAUD_GUARD_DEFAULT: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["off", "standard", "max"], "must be off, standard or max").default("standard")),
  // Routing by measured conversion (docs/routing.md#routing-by-measured-conversion).
  /** How far back each instance's route figures look; a recovered route is judged on new sends within this. */
  ROUTING_WINDOW_SECONDS: integer(60, 86_400, 600),
  /** A send not verified this long after it went out (or by its expiry, if sooner) counts as not verified. */
  ROUTING_MATURITY_SECONDS: integer(5, 900, 120),
  /** How often each instance reloads its route figures (in the background, never on a request). */
  ROUTING_REFRESH_SECONDS: integer(1, 300, 15),
  /** Share of a prefix's creations still sent to a route measured well below another, to see it recover. */
  ROUTING_EXPLORATION_PERCENT: integer(0, 50, 5),
  /** Where the dashboard sends merchants who need the operator (raising limits, a lost account). */
  SUPPORT_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.string().email("must be an e-mail address").optional()),
  /** The service's name as payers and users see it: the payee of top-ups (QRIS tag 59, VA account name, receipts). */
  SERVICE_NAME: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(2, "must be 2 to 50 characters").max(50, "must be 2 to 50 characters").default("Sandi")),
  SUPPORT_WHATSAPP: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{10,15}$/, "must be digits only, 10 to 15 of them").optional()),
  // Running behind a pooler and migrating as a separate step (docs/migrations.md, docs/configuration.md#pgbouncer).
  /** Direct connection (never a pooler) for `otpctl migrate` and run-time DDL such as partition maintenance; unset = DATABASE_URL. */
  MIGRATION_DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  /** `pgbouncer`: DATABASE_URL goes through a transaction-mode pooler, so statements are sent unnamed. */
  DB_POOLER: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["none", "pgbouncer"], "must be none or pgbouncer").default("none")),
  /** With DATABASE_URL: apply pending migrations at start-up instead of only checking (one instance only). */
  MIGRATE_AT_START: flag,
  // Running as one of many instances (docs/configuration.md, "Graceful shutdown").
  /** After SIGTERM, how long /readyz answers 503 while requests are still served, so a load balancer stops sending them first. */
  SHUTDOWN_DRAIN_MS: integer(0, 600_000, 10_000),
  /** How long an idle keep-alive connection stays open: above the load balancer's own idle timeout (read by serve-front.mjs). */
  HTTP_KEEP_ALIVE_SECONDS: integer(1, 3600, 65),
});

/**
 * What every app and worker process of a deployment with several instances must be
 * given (optional for one machine, where the defaults stand in): the shared database
 * and Redis, the secrets every instance must agree on, and the public addresses.
 * The deployment files (Dockerfile, deploy/) are checked against this list.
 */
export const FLEET_REQUIRED_VARIABLES = ["DATABASE_URL", "REDIS_URL", "SESSION_SECRET", "PAYMENT_LINK_SECRET", "OTP_PEPPER", "BASE_URL", "APP_URL"] as const satisfies readonly (keyof typeof schema.shape)[];

/**
 * A vendor is switched on by its credentials, so a vendor given only some of them
 * would silently stay on the sandbox (OTPs charged, "sent", never delivered) or
 * half work (payments never confirmed). Such a configuration stops start-up.
 */
const VENDOR_GROUPS: { name: string; together: (keyof typeof schema.shape)[]; alsoNeeds?: (keyof typeof schema.shape)[] }[] = [
  { name: "WhatsApp Cloud API (sending)", together: ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"] },
  // Inbound: users are told to message WHATSAPP_NUMBER, so the built-in placeholder will not do.
  { name: "WhatsApp Cloud API (inbound webhook)", together: ["WHATSAPP_APP_SECRET"], alsoNeeds: ["WHATSAPP_NUMBER"] },
  { name: "Twilio", together: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"] },
  { name: "the flash-call vendor", together: ["MISSCALL_API_URL", "MISSCALL_API_KEY"] },
  // Without the callback token no payment could ever be confirmed.
  { name: "Xendit", together: ["XENDIT_SECRET_KEY"], alsoNeeds: ["XENDIT_CALLBACK_TOKEN"] },
];

/** One "NAME: message" line per missing variable of a vendor that was partly configured. */
function incompleteVendors(source: NodeJS.ProcessEnv): string[] {
  const given = (name: string) => (source[name] ?? "") !== "";
  return VENDOR_GROUPS.flatMap((group) => {
    const present = group.together.filter(given);
    if (present.length === 0) return [];
    const needed = [...group.together, ...(group.alsoNeeds ?? [])];
    return needed
      .filter((name) => !given(name))
      .map((name) => `${name}: required when ${present.join(" and ")} ${present.length > 1 ? "are" : "is"} set (${group.name} needs ${needed.join(", ")})`);
  });
}

export type Env = z.infer<typeof schema> & {
  DATA_DIR: string;
  BASE_URL: string;
  APP_URL: string;
  SESSION_SECRET: string;
  PAYMENT_LINK_SECRET: string;
  OTP_PEPPER: string;
};

export class EnvError extends Error {}

/** A variable's name as a vendor route's "<key>_env" setting may give it (docs/routing.md). */
export const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,127}$/;

/**
 * The value of a variable a vendor route names (its "<key>_env" settings), read when the
 * route is built; undefined when unset or empty. Kept here so this stays the one reader.
 */
export function namedVariable(name: string): string | undefined {
  if (!ENV_NAME.test(name)) return undefined;
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)), ...incompleteVendors(process.env)];
  if (!parsed.success || problems.length) throw new EnvError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const missing = SHARED_SECRETS.filter((name) => !raw[name]);
  // On the embedded default, secrets not given are generated into DATA_DIR; with DATABASE_URL they are not (see fleetSecretProblems).
  const stored = missing.length && !raw.DATABASE_URL ? loadOrCreateSecrets(dataDir) : undefined;
  const defaultUrl = `http://localhost:${raw.PORT}`;
  const env = {
    ...raw,
    DATA_DIR: dataDir,
    BASE_URL: stripSlash(raw.BASE_URL ?? defaultUrl),
    APP_URL: stripSlash(raw.APP_URL ?? raw.BASE_URL ?? defaultUrl),
    SESSION_SECRET: raw.SESSION_SECRET ?? stored?.SESSION_SECRET,
    PAYMENT_LINK_SECRET: raw.PAYMENT_LINK_SECRET ?? stored?.PAYMENT_LINK_SECRET,
    OTP_PEPPER: raw.OTP_PEPPER ?? stored?.OTP_PEPPER,
  };
  // A process that never uses a missing secret (`otpctl migrate`) still runs; one that reads it stops, naming it.
  unsharedSecrets = stored ? [] : missing;
  for (const name of unsharedSecrets) Object.defineProperty(env, name, { enumerable: true, get: () => failMissingSecret(name) });
  cached = env as Env;
  return cached;
}

/**
 * With DATABASE_URL set, Sandi may run as many instances, and a secret generated per
 * instance into its own DATA_DIR would differ between them: an OTP created on one
 * would fail to verify on another, sessions and payment links likewise, with no
 * error anywhere. So there each secret must come from the environment. The server
 * and the worker call this at start-up and stop on its message; otpctl stops only
 * when a command reads a missing secret (getEnv's getters).
 */
export function requireSharedSecrets(): void {
  getEnv();
  if (unsharedSecrets.length) throw new EnvError(`Invalid configuration:\n${unsharedSecrets.map((name) => `  ${missingSecretLine(name)}`).join("\n")}`);
}

const SHARED_SECRETS = ["SESSION_SECRET", "PAYMENT_LINK_SECRET", "OTP_PEPPER"] as const;
/** The secrets this configuration lacks and may not generate (DATABASE_URL is set). */
let unsharedSecrets: readonly string[] = [];

function missingSecretLine(name: string): string {
  return `${name}: required when DATABASE_URL is set (every instance must use the same value; generate one with \`openssl rand -base64 32\`)`;
}

function failMissingSecret(name: string): never {
  throw new EnvError(`Invalid configuration:\n  ${missingSecretLine(name)}`);
}

/** For tests and the CLI: forget the parsed environment after changing process.env. */
export function resetEnvForTests(): void {
  cached = undefined;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

type StoredSecrets = { SESSION_SECRET: string; PAYMENT_LINK_SECRET: string; OTP_PEPPER: string };

// Secrets not given in the environment are generated once and kept in DATA_DIR
// (mode 0600) so restarts keep sessions, payment links and stored code hashes valid.
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    return readSecrets(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const fresh: StoredSecrets = {
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    PAYMENT_LINK_SECRET: randomBytes(32).toString("base64url"),
    OTP_PEPPER: randomBytes(32).toString("base64url"),
  };
  // Write aside, then link into place: readers never see a half-written file, and
  // when two processes race the first link wins and both use its secrets.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(tmp, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return readSecrets(file);
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

const storedSecrets = z.object({ SESSION_SECRET: z.string().min(32), PAYMENT_LINK_SECRET: z.string().min(32), OTP_PEPPER: z.string().min(32) });

/** A damaged secrets file must stop start-up by name: silently regenerating would void every session, link and code. */
function readSecrets(file: string): StoredSecrets {
  const text = readFileSync(file, "utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new EnvError(`Invalid configuration:\n  ${file}: not valid JSON; restore it from a backup, or give SESSION_SECRET, PAYMENT_LINK_SECRET and OTP_PEPPER in the environment`);
  }
  const checked = storedSecrets.safeParse(parsed);
  if (!checked.success) {
    const fields = checked.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new EnvError(`Invalid configuration:\n  ${file}: ${fields} missing or shorter than 32 characters; restore it from a backup, or give them in the environment`);
  }
  return checked.data;
}
