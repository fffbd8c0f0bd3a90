-- nextOtpId's statement alone: every creation of every merchant increments this one
-- row. The app runs it on sessions opened with synchronous_commit = off
-- (src/server/db/async-commit-pool.ts), so its row lock is released without waiting
-- for the WAL flush; bench/run.ts runs this script that way (PGOPTIONS, the bench-run lines) and, for
-- comparison, with a normal commit, which holds the lock until the flush.
-- Variable: :day.
-- bench-run: | -c synchronous_commit=off
-- bench-run: normal commit |
INSERT INTO otp_daily_counters (day, value) VALUES (:day, 1) ON CONFLICT (day) DO UPDATE SET value = otp_daily_counters.value + 1 RETURNING value;
