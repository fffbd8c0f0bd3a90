-- Multi-vendor routing (docs/routing.md): a channel's vendor routes as data, and which
-- route carried each delivery attempt. Expand only: the previous release never reads the
-- new table and leaves the new otp_deliveries columns NULL (catalogue-only ADD COLUMNs).

-- CreateTable
CREATE TABLE "vendor_routes" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "channel" "Channel" NOT NULL,
    "adapter" TEXT NOT NULL,
    -- Non-secret settings and "<key>_env" references to environment variables.
    "config" JSONB NOT NULL DEFAULT '{}',
    -- Secrets stored encrypted (AES-256-GCM, docs/routing.md), NULL when there are none.
    "secret_config" TEXT,
    -- Lower is tried first (like MX); weight shares traffic among equal priorities.
    "priority" INTEGER NOT NULL DEFAULT 100,
    "weight" INTEGER NOT NULL DEFAULT 100,
    -- Destination prefixes (digits, country code first); empty = every destination.
    "prefixes" TEXT[] NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vendor_routes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "vendor_routes_name_key" ON "vendor_routes"("name");

-- The route (by name) of each attempt, why it was chosen, and when the vendor confirmed delivery.
ALTER TABLE "otp_deliveries"
  ADD COLUMN "route" TEXT,
  ADD COLUMN "route_reason" TEXT,
  ADD COLUMN "delivered_at" TIMESTAMPTZ(3);
