-- sandi:no-transaction
-- webhook_events, webhook_deliveries and webhook_attempts had 32-bit SERIAL ids:
-- at 1,000 OTP/s with every otp.verified recorded they run out in about five
-- weeks. ALTER COLUMN … TYPE bigint would rewrite each table under an ACCESS
-- EXCLUSIVE lock for as long as the copy takes, so instead (docs/data-retention.md,
-- "bigint ids without a long lock"):
--   1. the sequences go bigint (catalog only);
--   2. each 32-bit column gets a bigint twin that a trigger fills on every write;
--   3. a procedure copies the existing rows in batches of 5,000, committing each;
--   4. the twins' indexes are built CONCURRENTLY and their NOT NULL is proven by a
--      CHECK validated without blocking writes;
--   5. one short transaction swaps the columns (catalog changes only) and the
--      foreign keys come back NOT VALID, validated afterwards without blocking.
-- Runs outside a transaction, statement by statement; every statement is
-- idempotent, so a run that failed (e.g. on lock_timeout) is simply run again.

ALTER SEQUENCE webhook_events_id_seq AS bigint;
ALTER SEQUENCE webhook_deliveries_id_seq AS bigint;
ALTER SEQUENCE webhook_attempts_id_seq AS bigint;

-- 2. Twins and the triggers that keep them equal. Nothing to do once swapped (the
--    32-bit column is gone then), which the guards below check.
CREATE OR REPLACE FUNCTION sandi_widening_pending(tbl regclass, col text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = tbl AND attname = col AND atttypid = 'int4'::regtype AND NOT attisdropped)
$$;

CREATE OR REPLACE FUNCTION sandi_webhook_events_id_big() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.id_big := NEW.id; RETURN NEW; END $$;
CREATE OR REPLACE FUNCTION sandi_webhook_deliveries_id_big() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.id_big := NEW.id; NEW.event_id_big := NEW.event_id; RETURN NEW; END $$;
CREATE OR REPLACE FUNCTION sandi_webhook_attempts_id_big() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.id_big := NEW.id; NEW.delivery_id_big := NEW.delivery_id; RETURN NEW; END $$;

DO $$
BEGIN
  IF sandi_widening_pending('webhook_events', 'id') THEN
    ALTER TABLE webhook_events ADD COLUMN IF NOT EXISTS id_big bigint;
    CREATE OR REPLACE TRIGGER sandi_id_big BEFORE INSERT OR UPDATE ON webhook_events FOR EACH ROW EXECUTE FUNCTION sandi_webhook_events_id_big();
  END IF;
END $$;
DO $$
BEGIN
  IF sandi_widening_pending('webhook_deliveries', 'id') THEN
    ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS id_big bigint, ADD COLUMN IF NOT EXISTS event_id_big bigint;
    CREATE OR REPLACE TRIGGER sandi_id_big BEFORE INSERT OR UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION sandi_webhook_deliveries_id_big();
  END IF;
END $$;
DO $$
BEGIN
  IF sandi_widening_pending('webhook_attempts', 'id') THEN
    ALTER TABLE webhook_attempts ADD COLUMN IF NOT EXISTS id_big bigint, ADD COLUMN IF NOT EXISTS delivery_id_big bigint;
    CREATE OR REPLACE TRIGGER sandi_id_big BEFORE INSERT OR UPDATE ON webhook_attempts FOR EACH ROW EXECUTE FUNCTION sandi_webhook_attempts_id_big();
  END IF;
END $$;

-- 3. Copy the rows written before the trigger, 5,000 ids per committed batch.
CREATE OR REPLACE PROCEDURE sandi_backfill_twins(tbl regclass, cols text[]) LANGUAGE plpgsql AS $$
DECLARE
  sets text;
  missing text;
  lo bigint;
  top bigint;
BEGIN
  IF NOT sandi_widening_pending(tbl, 'id') THEN RETURN; END IF;
  SELECT string_agg(format('%I = %I', c || '_big', c), ', '), string_agg(format('%I IS NULL', c || '_big'), ' OR ')
    INTO sets, missing FROM unnest(cols) AS c;
  EXECUTE format('SELECT min(id), max(id) FROM %s', tbl) INTO lo, top;
  WHILE lo <= top LOOP
    EXECUTE format('UPDATE %s SET %s WHERE id >= $1 AND id < $2 AND (%s)', tbl, sets, missing) USING lo, lo + 5000;
    COMMIT;
    lo := lo + 5000;
  END LOOP;
END $$;

CALL sandi_backfill_twins('webhook_events', ARRAY['id']);
CALL sandi_backfill_twins('webhook_deliveries', ARRAY['id', 'event_id']);
CALL sandi_backfill_twins('webhook_attempts', ARRAY['id', 'delivery_id']);

-- 4. Indexes without blocking writes. A CONCURRENTLY build that failed leaves an
--    invalid index behind, which IF NOT EXISTS would keep: drop those first.
DO $$
DECLARE idx text;
BEGIN
  FOR idx IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE NOT i.indisvalid AND c.relname LIKE 'webhook\_%\_big\_%' LOOP
    EXECUTE format('DROP INDEX %I', idx);
  END LOOP;
END $$;

CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_events_id_big_key ON webhook_events (id_big);
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_deliveries_id_big_key ON webhook_deliveries (id_big);
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_deliveries_event_id_big_idx ON webhook_deliveries (event_id_big);
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_attempts_id_big_key ON webhook_attempts (id_big);
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_attempts_delivery_id_big_idx ON webhook_attempts (delivery_id_big);

-- NOT NULL proven by CHECKs validated under SHARE UPDATE EXCLUSIVE (writes go on);
-- SET NOT NULL then trusts them instead of scanning under its exclusive lock.
CREATE OR REPLACE PROCEDURE sandi_prove_not_null(tbl regclass, cols text[]) LANGUAGE plpgsql AS $$
DECLARE
  c text;
  name text;
BEGIN
  IF NOT sandi_widening_pending(tbl, 'id') THEN RETURN; END IF;
  FOREACH c IN ARRAY cols LOOP
    name := c || '_big_not_null';
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = tbl AND conname = name) THEN
      EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I CHECK (%I IS NOT NULL) NOT VALID', tbl, name, c || '_big');
      COMMIT;
    END IF;
    EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', tbl, name);
    COMMIT;
  END LOOP;
END $$;

CALL sandi_prove_not_null('webhook_events', ARRAY['id']);
CALL sandi_prove_not_null('webhook_deliveries', ARRAY['id', 'event_id']);
CALL sandi_prove_not_null('webhook_attempts', ARRAY['id', 'delivery_id']);

-- 5. The swap: catalog changes only, under one short lock of the three tables.
DO $$
BEGIN
  IF NOT sandi_widening_pending('webhook_events', 'id') THEN RETURN; END IF;
  LOCK TABLE webhook_events, webhook_deliveries, webhook_attempts IN ACCESS EXCLUSIVE MODE;
  DROP TRIGGER sandi_id_big ON webhook_events;
  DROP TRIGGER sandi_id_big ON webhook_deliveries;
  DROP TRIGGER sandi_id_big ON webhook_attempts;
  ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_fkey;
  ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_id_fkey;
  -- The sequences belong to the old columns: move them before those are dropped.
  ALTER SEQUENCE webhook_events_id_seq OWNED BY NONE;
  ALTER SEQUENCE webhook_deliveries_id_seq OWNED BY NONE;
  ALTER SEQUENCE webhook_attempts_id_seq OWNED BY NONE;

  ALTER TABLE webhook_events ALTER COLUMN id_big SET NOT NULL, DROP CONSTRAINT id_big_not_null, DROP COLUMN id;
  ALTER TABLE webhook_events RENAME COLUMN id_big TO id;
  ALTER INDEX webhook_events_id_big_key RENAME TO webhook_events_pkey;
  ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_pkey PRIMARY KEY USING INDEX webhook_events_pkey,
    ALTER COLUMN id SET DEFAULT nextval('webhook_events_id_seq');

  ALTER TABLE webhook_deliveries ALTER COLUMN id_big SET NOT NULL, ALTER COLUMN event_id_big SET NOT NULL,
    DROP CONSTRAINT id_big_not_null, DROP CONSTRAINT event_id_big_not_null, DROP COLUMN id, DROP COLUMN event_id;
  ALTER TABLE webhook_deliveries RENAME COLUMN id_big TO id;
  ALTER TABLE webhook_deliveries RENAME COLUMN event_id_big TO event_id;
  ALTER INDEX webhook_deliveries_id_big_key RENAME TO webhook_deliveries_pkey;
  ALTER INDEX webhook_deliveries_event_id_big_idx RENAME TO webhook_deliveries_event_id_idx;
  ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY USING INDEX webhook_deliveries_pkey,
    ALTER COLUMN id SET DEFAULT nextval('webhook_deliveries_id_seq');

  ALTER TABLE webhook_attempts ALTER COLUMN id_big SET NOT NULL, ALTER COLUMN delivery_id_big SET NOT NULL,
    DROP CONSTRAINT id_big_not_null, DROP CONSTRAINT delivery_id_big_not_null, DROP COLUMN id, DROP COLUMN delivery_id;
  ALTER TABLE webhook_attempts RENAME COLUMN id_big TO id;
  ALTER TABLE webhook_attempts RENAME COLUMN delivery_id_big TO delivery_id;
  ALTER INDEX webhook_attempts_id_big_key RENAME TO webhook_attempts_pkey;
  ALTER INDEX webhook_attempts_delivery_id_big_idx RENAME TO webhook_attempts_delivery_id_idx;
  ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY USING INDEX webhook_attempts_pkey,
    ALTER COLUMN id SET DEFAULT nextval('webhook_attempts_id_seq');

  ALTER SEQUENCE webhook_events_id_seq OWNED BY webhook_events.id;
  ALTER SEQUENCE webhook_deliveries_id_seq OWNED BY webhook_deliveries.id;
  ALTER SEQUENCE webhook_attempts_id_seq OWNED BY webhook_attempts.id;

  ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (event_id)
    REFERENCES webhook_events (id) ON DELETE CASCADE ON UPDATE CASCADE NOT VALID;
  ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_fkey FOREIGN KEY (delivery_id)
    REFERENCES webhook_deliveries (id) ON DELETE CASCADE ON UPDATE CASCADE NOT VALID;
END $$;

-- Validating a foreign key takes SHARE UPDATE EXCLUSIVE: writes go on meanwhile.
ALTER TABLE webhook_deliveries VALIDATE CONSTRAINT webhook_deliveries_event_id_fkey;
ALTER TABLE webhook_attempts VALIDATE CONSTRAINT webhook_attempts_delivery_id_fkey;

DROP PROCEDURE IF EXISTS sandi_backfill_twins(regclass, text[]);
DROP PROCEDURE IF EXISTS sandi_prove_not_null(regclass, text[]);
DROP FUNCTION IF EXISTS sandi_webhook_events_id_big();
DROP FUNCTION IF EXISTS sandi_webhook_deliveries_id_big();
DROP FUNCTION IF EXISTS sandi_webhook_attempts_id_big();
DROP FUNCTION IF EXISTS sandi_widening_pending(regclass, text);
