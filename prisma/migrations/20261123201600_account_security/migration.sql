-- Account security for dashboard users: a verified e-mail address, single-use
-- links for e-mail verification and password reset (only their SHA-256 is
-- stored), a cut-off that ends every session signed in before a password change
-- except the one that made it, and the account e-mails an operator reads when
-- no SMTP server is configured.

-- AlterTable
ALTER TABLE "merchants" ADD COLUMN "email_verified_at" TIMESTAMPTZ(3),
ADD COLUMN "sessions_valid_from" TIMESTAMPTZ(3),
ADD COLUMN "session_kept_id" TEXT;

-- Accounts that exist already were made by an operator or before verification existed: they count as verified.
UPDATE "merchants" SET "email_verified_at" = "created_at";

-- CreateTable
CREATE TABLE "account_tokens" (
    "id" SERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_emails" (
    "id" SERIAL NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "account_tokens_merchant_id_purpose_idx" ON "account_tokens"("merchant_id", "purpose");

-- CreateIndex
CREATE INDEX "account_tokens_expires_at_idx" ON "account_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "account_emails_created_at_idx" ON "account_emails"("created_at");

-- CreateIndex
CREATE INDEX "account_emails_to_address_idx" ON "account_emails"("to_address");

-- AddForeignKey
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
