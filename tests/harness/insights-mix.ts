// A known mix of OTPs for the insights tests (API, dashboard, CSV, otpctl): 100 OTPs
// over three WIB days, three channels (whatsapp, sms, voice) and four operators
// (Telkomsel, Indosat, XL/Axis, Tri): 37 verified (6 of them after a fallback from
// whatsapp to sms), 10 failed deliveries, 5 locked, 48 expired unverified. Written
// straight into the tables (plain SQL, no app imports) so the browser tests can
// seed the e2e server's database the same way.
export type MixOtp = {
  otpId: string;
  day: string;
  hour: number;
  channel: "whatsapp" | "sms" | "voice";
  operator: "telkomsel" | "indosat" | "xl_axis" | "tri";
  destination: string;
  outcome: "verified" | "failed" | "locked" | "expired";
  fallback: boolean;
  /** Seconds from creation to verification (verified only). */
  toVerify: number | null;
  /** Credits the OTP cost, net of refunds. */
  spend: number;
};

const PRICES = { whatsapp: 350, sms: 450, voice: 800 } as const;
const CHANNELS = ["whatsapp", "sms", "voice"] as const;
const OPERATORS = [
  ["telkomsel", "62812"],
  ["indosat", "62857"],
  ["xl_axis", "62878"],
  ["tri", "62896"],
] as const;
/** Verified after a whatsapp send failed and sms took over. */
const FALLBACK = new Set([0, 6, 12, 18, 24, 30]);

/** The three days end on `lastDay` (YYYY-MM-DD, WIB). */
export function insightsMix(lastDay: string, tag = "MIX"): MixOtp[] {
  const days = [2, 1, 0].map((back) => new Date(Date.parse(`${lastDay}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10));
  return Array.from({ length: 100 }, (_, i) => {
    const channel = CHANNELS[i % 3];
    const [operator, prefix] = OPERATORS[i % 4];
    const outcome = i < 37 ? "verified" : i < 47 ? "failed" : i < 52 ? "locked" : "expired";
    const fallback = FALLBACK.has(i);
    const spend = outcome === "failed" ? 0 : fallback ? PRICES.sms : PRICES[channel];
    return {
      otpId: `OTP${tag}${String(i).padStart(4, "0")}`,
      day: days[i % 3],
      hour: 8 + (i % 5),
      channel,
      operator,
      destination: `${prefix}${String(10_000_000 + i)}`,
      outcome,
      fallback,
      toVerify: outcome === "verified" ? 10 + i : null,
      spend,
    };
  });
}

const SQL_OTPS = `
INSERT INTO otp_transactions (otp_id, merchant_id, channel, first_channel, destination, destination_key, status, otp_length, attempts, max_attempts,
  expires_at, verified_at, price, charged, fingerprint, provider, fallback_channels, fallback_index, created_at, updated_at)
SELECT m.otp_id, $1::int, m.channel::"Channel", m.first_channel::"Channel", m.destination, m.destination, m.status::"OtpStatus", 6, m.attempts, 5,
  m.created_at + interval '5 minutes', m.verified_at, m.price, m.charged, 'mix', 'sandbox', m.fallback_channels::"Channel"[], m.fallback_index, m.created_at, m.created_at
FROM json_to_recordset($2::json) AS m(otp_id text, channel text, first_channel text, destination text, status text, attempts int, created_at timestamptz,
  verified_at timestamptz, price int, charged boolean, fallback_channels text[], fallback_index int)`;

const SQL_DELIVERIES = `
INSERT INTO otp_deliveries (otp_transaction_id, seq, channel, status, price, charged, provider, sent_at, created_at)
SELECT o.id, d.seq, d.channel::"Channel", d.status, d.price, d.charged, 'sandbox', d.sent_at, o.created_at
FROM json_to_recordset($1::json) AS d(otp_id text, seq int, channel text, status text, price int, charged boolean, sent_at timestamptz)
JOIN otp_transactions o ON o.otp_id = d.otp_id`;

type Exec = (sql: string, params: unknown[]) => Promise<unknown>;

const at = (otp: MixOtp, seconds: number) => new Date(Date.parse(`${otp.day}T${String(otp.hour).padStart(2, "0")}:15:00+07:00`) + seconds * 1000).toISOString();

/** Inserts the mix for one world (merchants.id). */
export async function seedInsightsMix(exec: Exec, worldId: number, mix: MixOtp[]): Promise<void> {
  const otps = mix.map((o) => ({
    otp_id: o.otpId,
    channel: o.fallback ? "sms" : o.channel,
    first_channel: o.fallback ? "whatsapp" : null,
    destination: o.destination,
    status: o.outcome === "verified" ? "verified" : o.outcome === "failed" ? "failed" : "success",
    attempts: o.outcome === "locked" ? 5 : o.outcome === "verified" ? 1 : 0,
    created_at: at(o, 0),
    verified_at: o.toVerify === null ? null : at(o, o.toVerify),
    price: o.fallback ? 350 : PRICES[o.channel],
    charged: o.spend > 0,
    fallback_channels: o.fallback ? ["sms"] : [],
    fallback_index: o.fallback ? 1 : 0,
  }));
  const deliveries = mix.flatMap((o) => {
    if (o.fallback) {
      return [
        { otp_id: o.otpId, seq: 1, channel: "whatsapp", status: "failed", price: 350, charged: false, sent_at: null },
        { otp_id: o.otpId, seq: 2, channel: "sms", status: "success", price: 450, charged: true, sent_at: at(o, 22) },
      ];
    }
    const failed = o.outcome === "failed";
    return [{ otp_id: o.otpId, seq: 1, channel: o.channel, status: failed ? "failed" : "success", price: PRICES[o.channel], charged: !failed, sent_at: failed ? null : at(o, 2) }];
  });
  await exec(SQL_OTPS, [worldId, JSON.stringify(otps)]);
  await exec(SQL_DELIVERIES, [JSON.stringify(deliveries)]);
}

export type Expected = { created: number; delivered: number; verified: number; failed: number; expired: number; locked: number; spend: number; unverifiedSpend: number };

/** The figures the mix must produce, counted here from the mix itself (not through any SQL). */
export function expectedFor(mix: MixOtp[]): Expected {
  const e: Expected = { created: 0, delivered: 0, verified: 0, failed: 0, expired: 0, locked: 0, spend: 0, unverifiedSpend: 0 };
  for (const o of mix) {
    e.created += 1;
    if (o.outcome !== "failed") e.delivered += 1;
    e[o.outcome] += 1;
    e.spend += o.spend;
    if (o.outcome !== "verified") e.unverifiedSpend += o.spend;
  }
  return e;
}

/** expectedFor, per key. */
export function expectedBy(mix: MixOtp[], keyOf: (o: MixOtp) => string): Map<string, Expected> {
  const groups = new Map<string, MixOtp[]>();
  for (const o of mix) groups.set(keyOf(o), [...(groups.get(keyOf(o)) ?? []), o]);
  return new Map([...groups].map(([k, list]) => [k, expectedFor(list)]));
}
