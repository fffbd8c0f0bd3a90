-- Insights (docs/insights.md): a daily rollup of the OTP rows, maintained by the
-- worker for WIB days that can no longer change, so a summary over a year reads a
-- few thousand rollup rows instead of millions of OTPs. Days not rolled up yet
-- (today, and anything the worker has not reached) are computed from the OTP rows.
-- No foreign keys to merchants, like the other per-world tables written in bulk.

-- One row per world, WIB day and combination of the breakdowns.
CREATE TABLE "otp_insights_daily" (
    "merchant_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "channel" "Channel" NOT NULL,
    "operator" TEXT NOT NULL,
    "hour" SMALLINT NOT NULL,
    "fallback_step" SMALLINT NOT NULL,
    "created" INTEGER NOT NULL,
    "delivered" INTEGER NOT NULL,
    "verified" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "expired" INTEGER NOT NULL,
    "locked" INTEGER NOT NULL,
    "spend" BIGINT NOT NULL,
    "unverified_spend" BIGINT NOT NULL,

    CONSTRAINT "otp_insights_daily_pkey" PRIMARY KEY ("merchant_id","day","channel","operator","hour","fallback_step")
);

-- Seconds from creation to the first accepted send / to verification, in buckets.
CREATE TABLE "otp_insights_timings" (
    "merchant_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "otp_insights_timings_pkey" PRIMARY KEY ("merchant_id","day","kind","bucket")
);

-- The WIB days whose rollup is written (for every world at once, in the same transaction).
CREATE TABLE "otp_insights_days" (
    "day" DATE NOT NULL,
    "built_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otp_insights_days_pkey" PRIMARY KEY ("day")
);
