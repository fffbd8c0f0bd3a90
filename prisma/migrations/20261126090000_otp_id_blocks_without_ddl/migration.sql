-- A block of a WIB day's otp_id counter values, without DDL at run time (a new
-- sequence per day cannot be created through a transaction-mode pooler, and is DDL
-- on the request path): one INSERT … ON CONFLICT … RETURNING on the day's row of
-- otp_daily_counters takes a whole block, so the row is locked once per block
-- (one statement, autocommit), not once per OTP.
--
-- Expand step: instances of the previous release create a sequence otp_ids_YYYYMMDD
-- for the day and start it after this row's value. Where that sequence exists, its
-- values are the day's counter, so old and new instances running side by side in a
-- rolling upgrade keep drawing from one source.
CREATE FUNCTION sandi_otp_id_block(p_day date, p_count int) RETURNS SETOF bigint
LANGUAGE plpgsql AS $$
DECLARE
  legacy regclass := to_regclass('otp_ids_' || to_char(p_day, 'YYYYMMDD'));
  last_value bigint;
BEGIN
  IF legacy IS NOT NULL THEN
    RETURN QUERY SELECT nextval(legacy) FROM generate_series(1, p_count);
    RETURN;
  END IF;
  INSERT INTO otp_daily_counters AS c (day, value) VALUES (p_day, p_count)
  ON CONFLICT (day) DO UPDATE SET value = c.value + p_count
  RETURNING c.value INTO last_value;
  RETURN QUERY SELECT generate_series(last_value - p_count + 1, last_value);
END
$$;
