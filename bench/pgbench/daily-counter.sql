-- nextOtpId's statement alone: every creation of every merchant increments one
-- row, and its row lock is held until the commit is flushed, so this is the
-- platform-wide ceiling for creations per second. Variable: :day.
INSERT INTO otp_daily_counters (day, value) VALUES (:day, 1) ON CONFLICT (day) DO UPDATE SET value = otp_daily_counters.value + 1 RETURNING value;
