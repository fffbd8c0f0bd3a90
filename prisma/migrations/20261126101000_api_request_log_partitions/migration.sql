-- sandi:no-transaction
-- api_request_logs becomes a table partitioned by day on created_at (UTC days), so
-- retention drops a whole day at once instead of deleting row by row (at 1,000
-- OTP/s the log takes ~2,000 rows a second). The worker creates the coming days'
-- partitions ahead and drops the days past API_LOG_RETENTION_DAYS
-- (services/partitions). The table as it was becomes the partition of everything
-- before the first day partition; it is dropped like the others once all of it is
-- past retention. Nothing is copied and nothing is locked for longer than a catalog
-- change (docs/data-retention.md).
-- Runs outside a transaction, statement by statement; every statement is idempotent.

-- The partitioned table's primary key must hold the partition key: (id, created_at).
-- The old table needs a matching unique constraint before it can be attached; its
-- index is built without blocking the log's inserts. An invalid index left by a
-- failed earlier run is dropped first.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname = 'api_request_logs_before_partitions_key' AND NOT i.indisvalid) THEN
    DROP INDEX api_request_logs_before_partitions_key;
  END IF;
END $$;

CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS api_request_logs_before_partitions_key ON api_request_logs (id, created_at);

-- The old table's rows all end before `bound` (two UTC midnights ahead, so rows
-- written while this runs still fit). A CHECK validated without blocking writes
-- lets ATTACH skip its scan under the lock.
CREATE OR REPLACE PROCEDURE sandi_partition_api_request_logs() LANGUAGE plpgsql AS $$
DECLARE
  bound timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '2 days';
  day timestamptz;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'api_request_logs'::regclass) = 'p' THEN RETURN; END IF;
  ALTER TABLE api_request_logs DROP CONSTRAINT IF EXISTS api_request_logs_before_partitions_range;
  EXECUTE format('ALTER TABLE api_request_logs ADD CONSTRAINT api_request_logs_before_partitions_range CHECK (created_at < %L) NOT VALID', bound);
  COMMIT;
  ALTER TABLE api_request_logs VALIDATE CONSTRAINT api_request_logs_before_partitions_range;
  COMMIT;

  -- The swap: catalog changes only.
  LOCK TABLE api_request_logs IN ACCESS EXCLUSIVE MODE;
  -- The old key (id alone) gives way to (id, created_at), the partitioned table's.
  ALTER TABLE api_request_logs DROP CONSTRAINT api_request_logs_pkey,
    ADD CONSTRAINT api_request_logs_before_partitions_key UNIQUE USING INDEX api_request_logs_before_partitions_key;
  ALTER TABLE api_request_logs RENAME TO api_request_logs_before_partitions;
  ALTER INDEX api_request_logs_merchant_id_id_idx RENAME TO api_request_logs_before_partitions_merchant_id_id_idx;
  ALTER INDEX api_request_logs_created_at_idx RENAME TO api_request_logs_before_partitions_created_at_idx;
  -- The same columns and defaults (the id sequence), keyed by (id, created_at).
  CREATE TABLE api_request_logs (
    LIKE api_request_logs_before_partitions INCLUDING DEFAULTS,
    CONSTRAINT api_request_logs_pkey PRIMARY KEY (id, created_at)
  ) PARTITION BY RANGE (created_at);
  CREATE INDEX "api_request_logs_merchant_id_id_idx" ON api_request_logs ("merchant_id", "id");
  CREATE INDEX "api_request_logs_created_at_idx" ON api_request_logs ("created_at");
  ALTER SEQUENCE api_request_logs_id_seq OWNED BY api_request_logs.id;
  EXECUTE format('ALTER TABLE api_request_logs ATTACH PARTITION api_request_logs_before_partitions FOR VALUES FROM (MINVALUE) TO (%L)', bound);
  ALTER TABLE api_request_logs_before_partitions DROP CONSTRAINT api_request_logs_before_partitions_range;
  -- Three days from `bound` on; the worker keeps creating them ahead from here.
  day := bound;
  WHILE day < bound + interval '3 days' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF api_request_logs FOR VALUES FROM (%L) TO (%L)',
      'api_request_logs_' || to_char(day AT TIME ZONE 'UTC', 'YYYYMMDD'), day, day + interval '1 day');
    day := day + interval '1 day';
  END LOOP;
  COMMIT;
END $$;

CALL sandi_partition_api_request_logs();
DROP PROCEDURE IF EXISTS sandi_partition_api_request_logs();
