-- CreateEnum
CREATE TYPE "Channel" AS ENUM ('whatsapp', 'sms', 'email', 'misscall', 'voice', 'whatsapp_inbound');

-- CreateEnum
CREATE TYPE "OtpStatus" AS ENUM ('pending', 'sent', 'success', 'failed', 'verified');

-- CreateEnum
CREATE TYPE "TopupStatus" AS ENUM ('Pending', 'Paid', 'Expired', 'Failed');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('qr', 'va');

-- CreateEnum
CREATE TYPE "LedgerReason" AS ENUM ('otp_charge', 'otp_refund', 'topup', 'manual_credit', 'manual_debit');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "merchants" (
    "id" SERIAL NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "brand_name" TEXT NOT NULL DEFAULT '',
    "brand_email" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "saldo" BIGINT NOT NULL DEFAULT 0,
    "rate_limit" INTEGER,
    "ip_allowlist" TEXT NOT NULL DEFAULT '',
    "prices" JSONB NOT NULL DEFAULT '{}',
    "sms_app_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchants_pkey" PRIMARY KEY ("id"),
    -- The ledger guarantees this too; the database refuses an overdraft whatever the caller does.
    CONSTRAINT "merchants_saldo_non_negative" CHECK ("saldo" >= 0)
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "key_id" TEXT NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "key_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otp_transactions" (
    "id" BIGSERIAL NOT NULL,
    "otp_id" TEXT NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "channel" "Channel" NOT NULL,
    "destination" TEXT,
    "status" "OtpStatus" NOT NULL,
    "code_hash" TEXT,
    "otp_length" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "price" INTEGER NOT NULL,
    "charged" BOOLEAN NOT NULL DEFAULT false,
    "brand" TEXT,
    "external_id" TEXT,
    "fingerprint" TEXT NOT NULL,
    "misscall_prefix" TEXT,
    "inbound_token" TEXT,
    "inbound_message" TEXT,
    "verified_from" TEXT,
    "provider" TEXT NOT NULL DEFAULT 'sandbox',
    "provider_message_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otp_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "merchant_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "otp_id" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("merchant_id","external_id")
);

-- CreateTable
CREATE TABLE "otp_daily_counters" (
    "day" DATE NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "otp_daily_counters_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,
    "reason" "LedgerReason" NOT NULL,
    "reference" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "PaymentType" NOT NULL,
    "bank_code" TEXT,
    "fee_flat" INTEGER NOT NULL DEFAULT 0,
    "fee_bps" INTEGER NOT NULL DEFAULT 0,
    "min_amount" INTEGER NOT NULL DEFAULT 0,
    "max_amount" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "topups" (
    "id" SERIAL NOT NULL,
    "topup_id" TEXT NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "payment_method_id" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "admin_fee" INTEGER NOT NULL,
    "payment_total" INTEGER NOT NULL,
    "payment_type" "PaymentType" NOT NULL,
    "status" "TopupStatus" NOT NULL DEFAULT 'Pending',
    "gateway" TEXT NOT NULL DEFAULT 'sandbox',
    "gateway_reference" TEXT,
    "qr_string" TEXT,
    "va_bank" TEXT,
    "va_number" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "topups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" SERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "endpoint_id" INTEGER,
    "url" TEXT NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "latency_ms" INTEGER,
    "response_body" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "channel_settings" (
    "channel" "Channel" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "channel_settings_pkey" PRIMARY KEY ("channel")
);

-- CreateTable
CREATE TABLE "sandbox_messages" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "otp_id" TEXT NOT NULL,
    "channel" "Channel" NOT NULL,
    "destination" TEXT,
    "text" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "caller" TEXT,
    "delivered" BOOLEAN NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "merchants_merchant_id_key" ON "merchants"("merchant_id");

-- CreateIndex
CREATE UNIQUE INDEX "merchants_email_key" ON "merchants"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_id_key" ON "api_keys"("key_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_merchant_id_idx" ON "api_keys"("merchant_id");

-- CreateIndex
CREATE UNIQUE INDEX "otp_transactions_otp_id_key" ON "otp_transactions"("otp_id");

-- CreateIndex
CREATE UNIQUE INDEX "otp_transactions_inbound_token_key" ON "otp_transactions"("inbound_token");

-- CreateIndex
CREATE INDEX "otp_transactions_merchant_id_created_at_idx" ON "otp_transactions"("merchant_id", "created_at");

-- CreateIndex
CREATE INDEX "otp_transactions_merchant_id_destination_created_at_idx" ON "otp_transactions"("merchant_id", "destination", "created_at");

-- CreateIndex
CREATE INDEX "otp_transactions_provider_message_id_idx" ON "otp_transactions"("provider_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_reason_reference_key" ON "ledger_entries"("reason", "reference");

-- CreateIndex
CREATE INDEX "ledger_entries_merchant_id_created_at_idx" ON "ledger_entries"("merchant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_methods_code_key" ON "payment_methods"("code");

-- CreateIndex
CREATE UNIQUE INDEX "topups_topup_id_key" ON "topups"("topup_id");

-- CreateIndex
CREATE INDEX "topups_merchant_id_created_at_idx" ON "topups"("merchant_id", "created_at");

-- CreateIndex
CREATE INDEX "topups_status_expires_at_idx" ON "topups"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoints_merchant_id_key" ON "webhook_endpoints"("merchant_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_events_event_id_key" ON "webhook_events"("event_id");

-- CreateIndex
CREATE INDEX "webhook_events_merchant_id_created_at_idx" ON "webhook_events"("merchant_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- CreateIndex
CREATE INDEX "sandbox_messages_merchant_id_sent_at_idx" ON "sandbox_messages"("merchant_id", "sent_at");

-- CreateIndex
CREATE INDEX "sandbox_messages_otp_id_idx" ON "sandbox_messages"("otp_id");

-- CreateIndex
CREATE INDEX "sandbox_messages_destination_idx" ON "sandbox_messages"("destination");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "otp_transactions" ADD CONSTRAINT "otp_transactions_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "topups" ADD CONSTRAINT "topups_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "topups" ADD CONSTRAINT "topups_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seed reference data every deployment needs: channel switches and payment methods.
INSERT INTO "channel_settings" ("channel", "enabled") VALUES
    ('whatsapp', true), ('sms', true), ('email', true), ('misscall', true), ('voice', true), ('whatsapp_inbound', true);

INSERT INTO "payment_methods" ("code", "name", "type", "bank_code", "fee_flat", "fee_bps", "min_amount", "max_amount", "active", "sort_order") VALUES
    ('QRIS', 'QRIS', 'qr', NULL, 0, 70, 10000, 2000000, true, 1),
    ('BCA_VA', 'BCA Virtual Account', 'va', 'BCA', 4000, 0, 10000, NULL, true, 2),
    ('BNI_VA', 'BNI Virtual Account', 'va', 'BNI', 4000, 0, 10000, NULL, true, 3),
    ('MANDIRI_VA', 'Mandiri Virtual Account', 'va', 'MANDIRI', 4000, 0, 10000, NULL, true, 4),
    ('BRI_VA', 'BRI Virtual Account', 'va', 'BRI', 4000, 0, 10000, NULL, true, 5);
