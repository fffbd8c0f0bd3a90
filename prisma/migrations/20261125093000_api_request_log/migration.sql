-- The merchant's API request log ("Log API" in the dashboard): one row per /v3
-- request that authenticated, written in batches off the request path, kept
-- API_LOG_RETENTION_DAYS (14 by default). Request bodies are stored with codes and
-- secrets masked. No foreign key to merchants: batched inserts must not lock the
-- merchant row a creation is about to debit; rows of a deleted merchant are purged
-- by age like the rest.

-- CreateTable
CREATE TABLE "api_request_logs" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "error_code" TEXT,
    "latency_ms" INTEGER NOT NULL,
    "request_id" TEXT NOT NULL,
    "key_prefix" TEXT NOT NULL,
    "client_ip" TEXT,
    "request_body" TEXT,

    CONSTRAINT "api_request_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "api_request_logs_merchant_id_id_idx" ON "api_request_logs"("merchant_id", "id");
CREATE INDEX "api_request_logs_created_at_idx" ON "api_request_logs"("created_at");
