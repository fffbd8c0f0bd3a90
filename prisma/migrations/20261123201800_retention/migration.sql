-- Personal-data retention (docs/operations/retention.md): the worker masks old
-- OTP destinations (and the number in old webhook events) in id order and remembers how far it got, and records every
-- pass that purged something so operators can see what went.

-- CreateTable
CREATE TABLE "retention_progress" (
    "name" TEXT NOT NULL,
    "last_id" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "retention_progress_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "retention_runs" (
    "id" SERIAL NOT NULL,
    "trigger" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "otp_cutoff" TIMESTAMPTZ(3) NOT NULL,
    "sandbox_cutoff" TIMESTAMPTZ(3) NOT NULL,
    "otps_masked" INTEGER NOT NULL,
    "webhook_events_masked" INTEGER NOT NULL,
    "sandbox_messages_deleted" INTEGER NOT NULL,

    CONSTRAINT "retention_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "retention_runs_started_at_idx" ON "retention_runs"("started_at");
