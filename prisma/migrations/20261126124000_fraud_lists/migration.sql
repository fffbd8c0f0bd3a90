-- Fraud guard: the merchant's safe list and block list (per world: a test world has its
-- own), and two more reasons for the block log. Expand only: the previous release never
-- writes the new reasons and never reads the new table.

-- AlterEnum
ALTER TYPE "FraudBlockReason" ADD VALUE 'verified_nothing';
ALTER TYPE "FraudBlockReason" ADD VALUE 'blocklist';

-- CreateEnum
CREATE TYPE "FraudListKind" AS ENUM ('safe', 'block');

-- CreateTable
CREATE TABLE "fraud_list_entries" (
    "id" SERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "list" "FraudListKind" NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,

    CONSTRAINT "fraud_list_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "fraud_list_entries_merchant_id_list_value_key" ON "fraud_list_entries"("merchant_id", "list", "value");

-- AddForeignKey
ALTER TABLE "fraud_list_entries" ADD CONSTRAINT "fraud_list_entries_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
