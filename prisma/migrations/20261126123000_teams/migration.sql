-- Teams (docs/teams.md): people (users) who sign in, their memberships of merchant
-- accounts with a role, invitations, and the append-only audit log.
--
-- Expand only: nothing of the previous release's is dropped or changed. The
-- merchants' own login columns (email, password_hash, two_step_*, sessions_valid_from)
-- stay; this release reads sign-in data from users and copies a merchant's login
-- into users the first time it is needed (services/members/adopt-login.ts), so an
-- account made by a previous-release instance during the rollout is adopted too.
CREATE TABLE "users" (
  "id" SERIAL PRIMARY KEY,
  "user_id" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "name" TEXT NOT NULL DEFAULT '',
  "password_hash" TEXT,
  "two_step_channel" TEXT,
  "two_step_destination" TEXT,
  "sessions_valid_from" TIMESTAMPTZ(3),
  "session_kept_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "users_user_id_key" ON "users"("user_id");
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "memberships" (
  "id" SERIAL PRIMARY KEY,
  "user_id" INTEGER NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "merchant_id" INTEGER NOT NULL REFERENCES "merchants"("id") ON DELETE CASCADE,
  "role" TEXT NOT NULL CHECK ("role" IN ('owner', 'developer', 'finance', 'viewer')),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "memberships_user_id_merchant_id_key" ON "memberships"("user_id", "merchant_id");
CREATE INDEX "memberships_merchant_id_idx" ON "memberships"("merchant_id");

CREATE TABLE "invitations" (
  "id" SERIAL PRIMARY KEY,
  "merchant_id" INTEGER NOT NULL REFERENCES "merchants"("id") ON DELETE CASCADE,
  "email" TEXT NOT NULL,
  "role" TEXT NOT NULL CHECK ("role" IN ('owner', 'developer', 'finance', 'viewer')),
  "token_hash" TEXT NOT NULL,
  "invited_by" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "revoked_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");
CREATE INDEX "invitations_merchant_id_idx" ON "invitations"("merchant_id");

-- No foreign key to merchants: the log outlives what it describes, and no cascade may delete it.
CREATE TABLE "audit_log" (
  "id" BIGSERIAL PRIMARY KEY,
  "merchant_id" INTEGER NOT NULL,
  "actor_type" TEXT NOT NULL CHECK ("actor_type" IN ('member', 'operator')),
  "actor" TEXT NOT NULL,
  "action" TEXT NOT NULL,
  "target" TEXT NOT NULL DEFAULT '',
  "before" JSONB,
  "after" JSONB,
  "ip" TEXT,
  "user_agent" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "audit_log_merchant_id_id_idx" ON "audit_log"("merchant_id", "id");

-- Append-only: rows are written, never changed or deleted (retention keeps them; see docs/teams.md).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
