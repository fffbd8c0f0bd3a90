-- The SQL one GET /v3/otp/{id} issues (get-otp.ts): one read of the OTP row. The app
-- finds it by otp_id (unique index) and merchant; this script by primary key, an
-- index probe of the same cost. Variables: :minid, :maxid.
\set oid random(:minid, :maxid)
SELECT * FROM otp_transactions WHERE id = :oid LIMIT 1;
