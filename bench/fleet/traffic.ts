// The fleet's traffic: creations through the load balancer, verified with the right
// code (some after a wrong one), creations on one instance verified on another,
// replays with the same external_id, reads, top-ups settled as a gateway would, and
// bursts against one merchant's shared rate limit. Every answer is recorded with
// the time it was sent, so the checks can say which fault it met.
import { randomInt } from "node:crypto";
import type pg from "pg";

export type FleetMerchant = { id: number; merchantId: string; key: string };
export type Answer = { at: number; kind: string; status: number; error?: string; instance?: string };
export type Creation = { externalId: string; otpId: string; merchant: number; body: Record<string, unknown> };

export type TrafficLog = {
  answers: Answer[];
  creations: Creation[];
  replays: { externalId: string; expected: string; got: string | null; status: number }[];
  rightCodes: { otpId: string; verified: boolean | null; status: number; createdOn?: string; verifiedOn?: string }[];
  topups: { topupId: string; merchant: number; amount: number; paid: boolean }[];
  bursts: { startedAt: number; endedAt: number; accepted: number; refused: number; other: number; redisUp: boolean }[];
};

export function emptyLog(): TrafficLog {
  return { answers: [], creations: [], replays: [], rightCodes: [], topups: [], bursts: [] };
}

type Call = { status: number; body: { success?: boolean; data?: Record<string, unknown> | null; error?: { code?: string } | null } | null; instance?: string };

export class Traffic {
  private seq = 0;
  constructor(
    readonly log: TrafficLog,
    private readonly direct: pg.Pool,
    private readonly settle: (topupId: string) => Promise<void>,
  ) {}

  async call(kind: string, base: string, key: string, method: string, path: string, body?: unknown): Promise<Call> {
    const at = Date.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      const instance = res.headers.get("x-fleet-instance") ?? undefined;
      this.log.answers.push({ at, kind, status: res.status, instance });
      let parsed: Call["body"] = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed, instance };
    } catch (err) {
      this.log.answers.push({ at, kind, status: 0, error: String((err as Error).cause ?? (err as Error).message) });
      return { status: 0, body: null };
    }
  }

  private destination(): string {
    // Never ends in 0000 (the sandbox's failing numbers): every creation here is charged.
    return `62812${String(randomInt(10_000_000, 99_999_999))}${randomInt(1, 9)}`;
  }

  /** The code the sandbox delivered (read from the database, as `otpctl sandbox messages` does). */
  private async codeOf(otpId: string): Promise<string | null> {
    for (let i = 0; i < 50; i++) {
      const { rows } = await this.direct.query<{ code: string }>("SELECT code FROM sandbox_messages WHERE otp_id = $1 LIMIT 1", [otpId]);
      if (rows[0]) return rows[0].code;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  }

  async create(base: string, m: FleetMerchant, kind = "create"): Promise<{ creation: Creation; instance?: string } | null> {
    const externalId = `fleet-${process.pid}-${++this.seq}`;
    const send = this.seq % 5 === 0;
    const body: Record<string, unknown> = { channel: "sms", destination: this.destination(), external_id: externalId };
    if (send) body.otp = String(randomInt(100_000, 999_999));
    const answer = await this.call(kind, base, m.key, "POST", send ? "/v3/send" : "/v3/request", body);
    const otpId = answer.body?.data?.otp_id;
    if (answer.status !== 200 || typeof otpId !== "string") return null;
    const creation = { externalId, otpId, merchant: m.id, body };
    this.log.creations.push(creation);
    return { creation, instance: answer.instance };
  }

  async verifyRight(base: string, m: FleetMerchant, creation: Creation, wrongFirst: boolean, createdOn?: string): Promise<void> {
    const code = typeof creation.body.otp === "string" ? creation.body.otp : await this.codeOf(creation.otpId);
    if (!code) return void this.log.rightCodes.push({ otpId: creation.otpId, verified: null, status: -1 });
    if (wrongFirst) await this.call("verify-wrong", base, m.key, "POST", "/v3/verify", { otp_id: creation.otpId, otp: code === "000000" ? "111111" : "000000" });
    const answer = await this.call("verify", base, m.key, "POST", "/v3/verify", { otp_id: creation.otpId, otp: code });
    const verified = answer.status === 200 ? answer.body?.data?.verified === true : null;
    this.log.rightCodes.push({ otpId: creation.otpId, verified, status: answer.status, createdOn, verifiedOn: answer.instance });
  }

  async replay(base: string, m: FleetMerchant, creation: Creation): Promise<void> {
    const path = typeof creation.body.otp === "string" ? "/v3/send" : "/v3/request";
    const answer = await this.call("replay", base, m.key, "POST", path, creation.body);
    const got = answer.body?.data?.otp_id;
    this.log.replays.push({ externalId: creation.externalId, expected: creation.otpId, got: typeof got === "string" ? got : null, status: answer.status });
  }

  async read(base: string, m: FleetMerchant, creation: Creation): Promise<void> {
    await this.call("read", base, m.key, "GET", `/v3/otp/${creation.otpId}`);
  }

  async topup(base: string, m: FleetMerchant): Promise<void> {
    const answer = await this.call("topup", base, m.key, "POST", "/v3/topups", { amount: 100000 });
    const topupId = answer.body?.data?.topup_id;
    if (answer.status !== 200 || typeof topupId !== "string") return;
    const entry = { topupId, merchant: m.id, amount: 100000, paid: false };
    this.log.topups.push(entry);
    await this.settle(topupId);
    entry.paid = true;
  }

  /** `size` parallel reads just after a second starts (the limit counts in one-second windows). */
  async burst(base: string, m: FleetMerchant, size: number, redisUp: () => boolean): Promise<void> {
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 50));
    const startedAt = Date.now();
    const up = redisUp();
    const answers = await Promise.all(Array.from({ length: size }, () => this.call("burst", base, m.key, "GET", "/v3/account")));
    const endedAt = Date.now();
    const count = (s: number) => answers.filter((a) => a.status === s).length;
    this.log.bursts.push({ startedAt, endedAt, accepted: count(200), refused: count(429), other: size - count(200) - count(429), redisUp: up && redisUp() });
  }
}
