// Step 1 of a creation, in one write (pipelined) and one transaction: the destination's
// advisory lock, one statement that claims the external_id, checks the destination limits
// (and, refused by them, says when the counted creations were made, for Retry-After),
// inserts the OTP and its first attempt and charges the price last; the Sync commits.
// Concurrent requests can never deliver a message that cannot be paid for.
import type { Channel } from "@/generated/prisma/enums";
import { pipelinedTransaction, namedQuery, type BoundQuery } from "@/server/db/sql";
import { advisoryLockKey } from "@/server/lib/hashing";
import { firstAttemptCtes } from "@/server/services/delivery/delivery-recorder";
import { DESTINATION_LIMITS, IDEMPOTENCY_WINDOW_HOURS, limitClassOf, VENDOR_UNAVAILABLE_REASON } from "./otp-rules";

// The destination's lock is taken first, before the limits are counted, so
// the counting statement's snapshot sees every creation that held the lock before.
const lockDestination = namedQuery("otp-destination-lock", "SELECT pg_advisory_xact_lock($1::bigint)");

const reserve = namedQuery(
  "otp-reserve",
  `WITH claim AS (
     INSERT INTO idempotency_keys (merchant_id, external_id, otp_id, fingerprint, created_at)
     SELECT $1::int, $2::text, $3::text, $4::text, now() WHERE $2::text IS NOT NULL
     ON CONFLICT (merchant_id, external_id) DO UPDATE
       SET otp_id = EXCLUDED.otp_id, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at
       WHERE idempotency_keys.created_at <= now() - make_interval(hours => $19::int)
     RETURNING 1
   ), counted AS (
     SELECT created_at FROM otp_transactions
     WHERE merchant_id = $1::int AND destination_key = $21::text AND COALESCE(first_channel, channel) = ANY($7::"Channel"[])
       AND created_at > now() - interval '1 hour' AND failure_reason IS DISTINCT FROM $20::text
   ), gate AS (
     SELECT ($2::text IS NULL OR EXISTS (SELECT 1 FROM claim)) AS claimed,
            ($5::text IS NULL OR (
              SELECT count(*) FILTER (WHERE created_at > now() - interval '10 minutes') < $8::int AND count(*) < $9::int FROM counted)) AS within_limits
   ), otp AS (
     INSERT INTO otp_transactions (otp_id, merchant_id, channel, destination, destination_key, status, code_hash, otp_length, max_attempts,
       expires_at, price, charged, brand, external_id, fingerprint, inbound_token, inbound_message, provider, fallback_channels, fallback_after, fallback_code,
       locale, template_name)
     SELECT $3::text, $1::int, $10::"Channel", $5::text, $21::text, 'pending', $11::text, $12::int, $13::int, $14::timestamptz, $6::int, true,
       $15::text, $2::text, $4::text, $16::text, $17::text, $18::text, $22::"Channel"[], $23::int, $24::text, $25::text, $26::text
     FROM gate WHERE claimed AND within_limits
     RETURNING id
   ), ${firstAttemptCtes({ merchantId: "$1", otpId: "$3", channel: "$10", price: "$6", provider: "$18", route: "$27", routeReason: "$28" })}
   SELECT CASE WHEN NOT gate.claimed THEN sandi_refuse('claimed')
               WHEN NOT gate.within_limits THEN sandi_refuse('limits:' ||
                 COALESCE((SELECT string_agg(floor(extract(epoch FROM created_at) * 1000)::bigint::text, ',' ORDER BY created_at) FROM counted), ''))
               WHEN NOT EXISTS (SELECT 1 FROM debit) THEN sandi_refuse('balance')
               ELSE true END AS reserved,
          (SELECT saldo::text FROM debit) AS saldo, (SELECT id::text FROM otp) AS id
   FROM gate`,
);

/** Everything the reservation writes about the new OTP. */
export type Reservation = {
  merchantId: number;
  otpId: string;
  channel: Channel;
  /** The destination as given, and its normalised key (limits and the lock); null for unbound whatsapp_inbound. */
  destination: string | null;
  destinationKey: string | null;
  externalId: string | null;
  fingerprint: string;
  price: number;
  codeHash: string | null;
  otpLength: number;
  maxAttempts: number;
  expiresAt: Date;
  brand: string;
  inboundToken: string | null;
  inboundMessage: string | null;
  provider: string;
  /** The vendor route the first attempt goes through, and why (docs/routing.md). */
  route: string;
  routeReason: string;
  fallback: Channel[];
  fallbackAfter: number | null;
  /** The code sealed for the fallback chain's later sends. */
  sealedCode: string | null;
  /** The messages' language and the merchant template they use (templates.md). */
  locale: string;
  templateName: string | null;
};

/** Why the reservation was refused; nothing was written. */
export class Refused {
  /** `counted`: for "limits", when the creations the limits counted were made, oldest first (what Retry-After needs). */
  constructor(
    readonly reason: "claimed" | "limits" | "balance",
    readonly counted: Date[] = [],
  ) {}
}

/**
 * The reserve statement refuses by raising 'sandi:<reason>' (sandi_refuse), rolling
 * everything back. A refusal by the limits carries the counted creations' times
 * ('sandi:limits:<epoch ms>,…'), read in the same statement from the rows it counted, so
 * Retry-After needs no second query; the rows are read only on that refusal.
 */
function refusalOf(err: unknown): Refused | null {
  const e = err as { code?: string; message?: string };
  const m = e.code === "P0001" ? /^sandi:(claimed|limits|balance)(?::([\d,]*))?$/.exec(e.message ?? "") : null;
  if (!m) return null;
  const counted = m[2] ? m[2].split(",").map((ms) => new Date(Number(ms))) : [];
  return new Refused(m[1] as Refused["reason"], counted);
}

function destinationLock(r: Reservation): BoundQuery | undefined {
  return r.destinationKey === null ? undefined : { sql: lockDestination, values: [advisoryLockKey(`otp-destination:${r.merchantId}:${r.destinationKey}`).toString()] };
}

/**
 * Reserves the OTP and charges its first send; throws Refused. The otp_id is known
 * beforehand (otp-id.ts), so the whole transaction leaves in one write. The charge comes
 * last and the commit does not wait for the WAL flush unless `durable` (an OTP answered
 * straight after, with no later durable commit): the merchant's saldo row is locked for
 * microseconds, not a disk flush, so one busy merchant's creations do not queue on it.
 */
export async function reserveCreation(r: Reservation, options: { durable: boolean }): Promise<{ rowId: string; balance: bigint }> {
  const limits = DESTINATION_LIMITS[limitClassOf(r.channel)];
  const values = [
    r.merchantId,
    r.externalId,
    r.otpId,
    r.fingerprint,
    r.destination,
    r.price,
    limits.channels,
    limits.per10Minutes,
    limits.perHour,
    r.channel,
    r.codeHash,
    r.otpLength,
    r.maxAttempts,
    r.expiresAt,
    r.brand,
    r.inboundToken,
    r.inboundMessage,
    r.provider,
    IDEMPOTENCY_WINDOW_HOURS,
    VENDOR_UNAVAILABLE_REASON,
    r.destinationKey,
    r.fallback,
    r.fallbackAfter,
    r.sealedCode,
    r.locale,
    r.templateName,
    r.route,
    r.routeReason,
  ];
  const [row] = await pipelinedTransaction<{ saldo: string; id: string }>({ sql: reserve, values }, { asyncCommit: !options.durable, lockFirst: destinationLock(r) }).catch(
    (err: unknown) => {
      throw refusalOf(err) ?? err;
    },
  );
  return { rowId: row.id, balance: BigInt(row.saldo) };
}
