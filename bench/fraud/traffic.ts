// The simulated end users: ordinary sign-ups that mostly verify, and the two attacks of
// the fraud-guard issue. Every request goes over HTTP to the real server.

/** Indonesian operator prefixes weighted like ordinary traffic; the attacked one carries a small share. */
export const ORDINARY_PREFIXES: Record<string, number> = {
  "62812": 36, "62813": 24, "62811": 8, "62821": 16, "62822": 12, "62852": 10, "62853": 10, "62857": 18, "62856": 12,
  "62858": 6, "62815": 6, "62817": 8, "62818": 6, "62819": 6, "62877": 8, "62878": 8, "62859": 4, "62895": 6,
  "62896": 4, "62897": 4, "62898": 2, "62881": 2, "62882": 2, "62831": 1,
};
export const ATTACKED_PREFIX = "62831";
/** What the second attack sprays over: every prefix above and a few more. */
const SPRAY_PREFIXES = [...Object.keys(ORDINARY_PREFIXES), "62814", "62816", "62823", "62851", "62855", "62832", "62833", "62838", "62883", "62887"];

const weighted = Object.entries(ORDINARY_PREFIXES).flatMap(([p, w]) => Array<string>(w).fill(p));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

let serial = 0;
/** A number nobody used before (per run: the serial is random-started). */
const start = Math.floor(Math.random() * 1e6) * 100;
export function freshNumber(prefix: string): string {
  serial += 1;
  return `${prefix}${String(start + serial).padStart(8, "0")}`.slice(0, prefix.length + 8);
}

export const randomIp = () => `${10 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export type Outcome = { status: number; code: string | null; details?: { reason?: string; prefix?: string; country_code?: string } };
export type Tally = { sent: number; charged: number; blocked: number; other: Record<string, number>; firstBlockAt: number | null; chargedBeforeBlock: number; chargedAfterBlock: number; verified: number; blockedBy: Record<string, number> };

export const newTally = (): Tally => ({ sent: 0, charged: 0, blocked: 0, other: {}, firstBlockAt: null, chargedBeforeBlock: 0, chargedAfterBlock: 0, verified: 0, blockedBy: {} });

function count(t: Tally, o: Outcome, at: number): void {
  t.sent += 1;
  if (o.status === 200) {
    t.charged += 1;
    if (t.firstBlockAt === null) t.chargedBeforeBlock += 1;
    else t.chargedAfterBlock += 1;
  } else if (o.code === "FRAUD_BLOCKED" || o.code === "GEO_NOT_ALLOWED") {
    t.blocked += 1;
    t.firstBlockAt ??= at;
    const why = `${o.details?.reason ?? "geo"} ${o.details?.prefix ?? o.details?.country_code ?? ""}`.trim();
    t.blockedBy[why] = (t.blockedBy[why] ?? 0) + 1;
  } else {
    const key = o.code ?? String(o.status);
    t.other[key] = (t.other[key] ?? 0) + 1;
  }
}

export type Client = { baseUrl: string; key: string };

async function post(c: Client, path: string, body: unknown): Promise<{ status: number; body: { data?: Record<string, unknown>; error?: { code: string; details?: Outcome["details"] } } }> {
  const res = await fetch(`${c.baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${c.key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; error?: { code: string; details?: Outcome["details"] } } };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `one` every `intervalMs` (jittered ±50 %) until `until`; waits for what is in flight. */
export async function steady(intervalMs: number, until: number, one: () => Promise<void>): Promise<void> {
  const inflight: Promise<void>[] = [];
  while (Date.now() < until) {
    inflight.push(one().catch((err) => console.error(String(err))));
    await sleep(intervalMs * (0.5 + Math.random()));
  }
  await Promise.all(inflight);
}

/** An ordinary user: signs up with a fresh number, and verifies (with probability verifyRate) 5–40 s later. */
export async function ordinaryUser(c: Client, t: Tally, verifyRate: number, pending: Promise<void>[]): Promise<void> {
  const code = String(100000 + Math.floor(Math.random() * 900000));
  const signals = { ip: randomIp(), device_id: `dev-${Math.random().toString(36).slice(2)}`, user_agent: "Mozilla/5.0 (Linux; Android 14)" };
  const res = await post(c, "/v3/send", { channel: "sms", destination: freshNumber(pick(weighted)), otp: code, signals });
  count(t, { status: res.status, code: res.body.error?.code ?? null, details: res.body.error?.details }, Date.now());
  if (res.status !== 200 || Math.random() >= verifyRate) return;
  const otpId = res.body.data!.otp_id as string;
  pending.push(
    sleep(5000 + Math.random() * 35_000).then(async () => {
      const v = await post(c, "/v3/verify", { otp_id: otpId, otp: code });
      if (v.body.data?.verified) t.verified += 1;
    }),
  );
}

/** Attack 1: fresh numbers under one operator prefix, from rotating IPs (or with no signals at all), never verified. */
export async function prefixPump(c: Client, t: Tally, withSignals = true): Promise<void> {
  const res = await post(c, "/v3/request", { channel: "sms", destination: freshNumber(ATTACKED_PREFIX), ...(withSignals ? { signals: { ip: randomIp() } } : {}) });
  count(t, { status: res.status, code: res.body.error?.code ?? null, details: res.body.error?.details }, Date.now());
}

/** Attack 2: one IP across many prefixes, never verified. */
export async function signalSpray(c: Client, t: Tally, ip: string): Promise<void> {
  const res = await post(c, "/v3/request", { channel: "sms", destination: freshNumber(pick(SPRAY_PREFIXES)), signals: { ip } });
  count(t, { status: res.status, code: res.body.error?.code ?? null, details: res.body.error?.details }, Date.now());
}
