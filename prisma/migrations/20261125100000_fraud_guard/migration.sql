-- Fraud guard (SMS pumping): per-merchant geo permissions and guard level, read with
-- the merchant's profile on every creation, and the log of blocked attempts. Detection
-- state itself lives in Redis (short windows); only blocks are written here (rare).

-- CreateEnum
CREATE TYPE "FraudGuardLevel" AS ENUM ('off', 'standard', 'max');

-- CreateEnum
CREATE TYPE "FraudBlockReason" AS ENUM ('geo', 'prefix_spike', 'signal_velocity');

-- AlterTable
ALTER TABLE "merchants" ADD COLUMN "geo_permissions" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN "fraud_guard" "FraudGuardLevel" NOT NULL DEFAULT 'standard';

-- CreateTable
CREATE TABLE "fraud_blocks" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "reason" "FraudBlockReason" NOT NULL,
    "prefix" TEXT NOT NULL,
    "channel" "Channel" NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_blocked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked" INTEGER NOT NULL DEFAULT 1,
    "window_creations" INTEGER NOT NULL DEFAULT 0,
    "window_verified" INTEGER NOT NULL DEFAULT 0,
    "expected" INTEGER NOT NULL DEFAULT 0,
    "unblocked_at" TIMESTAMPTZ(3),
    "unblocked_by" TEXT,

    CONSTRAINT "fraud_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fraud_blocks_merchant_id_started_at_idx" ON "fraud_blocks"("merchant_id", "started_at");

-- AddForeignKey
ALTER TABLE "fraud_blocks" ADD CONSTRAINT "fraud_blocks_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
