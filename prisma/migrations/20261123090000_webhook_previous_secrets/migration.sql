-- Every rotated-out webhook secret keeps signing for 24 hours from its own
-- rotation, however often the merchant rotates (one previous_secret column
-- could only hold the latest).

-- CreateTable
CREATE TABLE "webhook_previous_secrets" (
    "id" SERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_previous_secrets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_previous_secrets_endpoint_id_expires_at_idx" ON "webhook_previous_secrets"("endpoint_id", "expires_at");

-- AddForeignKey
ALTER TABLE "webhook_previous_secrets" ADD CONSTRAINT "webhook_previous_secrets_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Keep the secret that is still valid today.
INSERT INTO "webhook_previous_secrets" ("endpoint_id", "secret", "expires_at")
SELECT "id", "previous_secret", "previous_secret_expires_at"
FROM "webhook_endpoints"
WHERE "previous_secret" IS NOT NULL AND "previous_secret_expires_at" > CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret",
DROP COLUMN "previous_secret_expires_at";
