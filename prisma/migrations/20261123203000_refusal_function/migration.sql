-- Lets a statement refuse by failing: the creation's reserve statement calls it when the
-- external_id is taken, a destination limit is reached or the saldo is short, so the
-- whole statement (and the transaction around it) rolls back, and the COMMIT the app
-- sends right behind it becomes a rollback (create-otp.ts).
CREATE FUNCTION sandi_refuse(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'sandi:' || reason;
END
$$;
