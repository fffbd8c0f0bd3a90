-- Message languages and templates (docs/templates.md). Expand only: every new column
-- is nullable or has a default, so the previous release keeps creating OTPs as before
-- (its rows read as locale 'id' without a template).

-- The merchant's default message language and the domain of the origin-bound SMS line.
ALTER TABLE "merchants" ADD COLUMN "default_locale" TEXT NOT NULL DEFAULT 'id';
ALTER TABLE "merchants" ADD COLUMN "sms_domain" TEXT;

-- What an OTP's messages were written in, for its fallback sends; null reads as 'id'.
ALTER TABLE "otp_transactions" ADD COLUMN "locale" TEXT;
ALTER TABLE "otp_transactions" ADD COLUMN "template_name" TEXT;

-- A merchant's named templates, per world (the test world has its own).
CREATE TABLE "message_templates" (
    "id" SERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "fragments" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "message_templates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "message_templates_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "message_templates_merchant_id_name_key" ON "message_templates"("merchant_id", "name");
