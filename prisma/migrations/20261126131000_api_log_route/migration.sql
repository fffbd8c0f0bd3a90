-- The merchant's API log shows which vendor route a creation's send went through, and why
-- (docs/routing.md). Nullable columns on the partitioned parent (catalogue only; every
-- partition takes them); the previous release leaves them NULL.
ALTER TABLE "api_request_logs"
  ADD COLUMN "route" TEXT,
  ADD COLUMN "route_reason" TEXT;
