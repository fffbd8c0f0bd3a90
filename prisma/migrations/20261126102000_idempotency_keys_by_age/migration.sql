-- sandi:no-transaction
-- Idempotency keys expire 24 hours after they were claimed; the worker deletes
-- expired ones oldest first (services/retention/purge-expired-rows.ts), which needs
-- them in age order. Built without blocking the hot path's inserts; an invalid index
-- left by a failed earlier run is dropped first.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'idempotency_keys_created_at_idx' AND NOT i.indisvalid) THEN
    DROP INDEX idempotency_keys_created_at_idx;
  END IF;
END $$;

CREATE INDEX CONCURRENTLY IF NOT EXISTS "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
