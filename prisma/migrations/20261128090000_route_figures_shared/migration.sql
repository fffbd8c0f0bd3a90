-- The route figures computed once for the whole fleet (docs/routing.md#cost-and-many-instances):
-- per refresh interval one instance claims the lease (computing_by, computing_until), runs
-- the aggregate over the window's sends and writes its result here; every other instance
-- reads this one row instead of running the aggregate itself. Expand only: a new table,
-- which the previous release never reads (its instances keep computing their own figures
-- during the rollout). One row at most (id 1); none until the first computation.
CREATE TABLE "route_figures_shared" (
    "id" INTEGER NOT NULL,
    -- The moment the figures describe, and the settings they were computed with: an
    -- instance configured otherwise does not adopt them.
    "as_of" TIMESTAMPTZ(3),
    "window_seconds" INTEGER,
    "maturity_seconds" INTEGER,
    -- RouteFigures[] (src/server/services/routing/route-figures-query.ts).
    "rows" JSONB,
    -- When (the database's clock) and by which instance they were computed.
    "computed_at" TIMESTAMPTZ(3),
    "computed_by" TEXT,
    -- The lease: the instance computing the next figures, and until when the others
    -- leave it to that instance (an instance that died is taken over after this).
    "computing_by" TEXT,
    "computing_until" TIMESTAMPTZ(3),

    CONSTRAINT "route_figures_shared_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "route_figures_shared_one_row" CHECK ("id" = 1)
);
