// Gauges read when Prometheus scrapes, never on the request path: the database
// pool, Redis, the webhook queue, the vendors' circuits and the route figures. A source that
// cannot be read (database down) leaves its gauge empty for that scrape rather
// than failing the whole answer or repeating a stale value.
import { Gauge, type Registry } from "prom-client";
import { getEnv } from "@/env";
import { breakerStates } from "@/server/channels/vendors/circuit-breaker";
import { getPool } from "@/server/db/client";
import { getRateLimiter } from "@/server/http/rate-limit/rate-limiter";
import { currentFigures } from "@/server/services/routing/figures-snapshot";
import { severalRoutesOnAChannel } from "@/server/services/routing/select-routes";
import type { RouteFigures } from "@/server/services/routing/route-figures-query";
import { webhookQueueStats, type WebhookQueueStats } from "@/server/services/webhooks/queue-stats";

async function readOrEmpty<L extends string>(gauge: Gauge<L>, read: () => Promise<void> | void): Promise<void> {
  gauge.reset();
  try {
    await read();
  } catch {
    // Empty for this scrape; `up`, /readyz and the logs say why.
  }
}

export function addScrapeGauges(registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: "sandi_db_pool_connections",
    help: "Connections of this process's PostgreSQL pool, by state (in_use, idle).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      return readOrEmpty(this, async () => {
        const pool = await getPool();
        this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ state: "idle" }, pool.idleCount);
      });
    },
  });
  new Gauge({
    name: "sandi_db_pool_waiting_requests",
    help: "Queries waiting for a free connection of this process's pool.",
    registers,
    collect() {
      return readOrEmpty(this, async () => this.set((await getPool()).waitingCount));
    },
  });
  new Gauge({
    name: "sandi_db_pool_max_connections",
    help: "Size of this process's pool (DB_POOL_SIZE).",
    registers,
    collect() {
      this.set(getEnv().DB_POOL_SIZE);
    },
  });
  new Gauge({
    name: "sandi_redis_up",
    help: "1 when the Redis behind the shared rate limit is connected and answering, 0 when not or when a call failed in the last 2 s (the limit then counts per instance); absent without REDIS_URL.",
    registers,
    collect() {
      return readOrEmpty(this, () => {
        if (!getEnv().REDIS_URL) return;
        const available = getRateLimiter().sharedStoreAvailable;
        if (available !== null) this.set(available ? 1 : 0);
      });
    },
  });
  // Both queue gauges come from one query per scrape: the registry starts every collect in
  // one synchronous pass, so the read is shared until the next turn of the event loop, and
  // the next scrape reads afresh (a time-based cache showed the previous scrape's figures).
  let queueRead: Promise<WebhookQueueStats> | null = null;
  const readQueue = () => {
    if (!queueRead) {
      queueRead = webhookQueueStats();
      setImmediate(() => (queueRead = null));
    }
    return queueRead;
  };
  new Gauge({
    name: "sandi_webhook_queue_depth",
    help: "Pending webhook deliveries, by state (due: waiting for a worker; waiting_retry: scheduled for later).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      return readOrEmpty(this, async () => {
        const queue = await readQueue();
        this.set({ state: "due" }, queue.due);
        this.set({ state: "waiting_retry" }, queue.waitingRetry);
      });
    },
  });
  new Gauge({
    name: "sandi_webhook_oldest_due_age_seconds",
    help: "How long the oldest due webhook delivery has waited for a worker (0 when none is due).",
    registers,
    collect() {
      return readOrEmpty(this, async () => this.set((await readQueue()).oldestDueAgeSeconds));
    },
  });
  new Gauge({
    name: "sandi_vendor_circuit_open",
    help: "1 while this process's circuit breaker for a delivery vendor is open (sends refused at once), else 0.",
    labelNames: ["vendor"] as const,
    registers,
    collect() {
      return readOrEmpty(this, () => {
        for (const { vendor, open } of breakerStates()) this.set({ vendor }, open ? 1 : 0);
      });
    },
  });
  addRouteGauges(registers);
}

/**
 * Per route, over the routing window: this instance's copy of the route figures (the
 * one routing decides on, refreshed in the background every ROUTING_REFRESH_SECONDS),
 * so a scrape costs no query. Every instance reads the same database: combine with max.
 * Absent unless some channel has several routes: the figures' query is worth its cost only
 * where routing chooses (per channel counts are in the OTP metrics).
 */
function addRouteGauges(registers: Registry[]): void {
  const totals = async () => ((await severalRoutesOnAChannel()) ? (currentFigures()?.rows ?? []) : []).filter((f) => f.prefix === null);
  /** One gauge over the routes' totals: `setFor` sets its values for one route's figures. */
  const routeGauge = <L extends string>(name: string, help: string, labelNames: readonly L[], setFor: (f: RouteFigures, set: (labels: Record<L, string>, value: number) => void) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        return readOrEmpty(this, async () => {
          for (const f of await totals()) setFor(f, (labels, value) => this.set(labels, value));
        });
      },
    });
  const ratio = (name: string, help: string, of: (f: RouteFigures) => [number, number]) =>
    routeGauge(name, help, ["channel", "route"], (f, set) => {
      const [part, whole] = of(f);
      if (whole > 0) set({ channel: f.channel, route: f.route }, part / whole);
    });

  routeGauge(
    "sandi_route_window_sends",
    "Sends through each route in the routing window (ROUTING_WINDOW_SECONDS), by kind: sent (vendor accepted), failed, delivered (receipt), settled (outcome known), verified (its OTP verified within the TTL), failover (sent as a failover from another route).",
    ["channel", "route", "kind"],
    (f, set) => {
      const counts = { sent: f.sent, failed: f.failed, delivered: f.delivered, settled: f.settled, verified: f.verified, failover: f.failovers };
      for (const [kind, value] of Object.entries(counts)) set({ channel: f.channel, route: f.route, kind }, value);
    },
  );
  ratio("sandi_route_verification_ratio", "Share of each route's settled sends in the routing window whose OTP was verified within its TTL (absent before any settled send).", (f) => [f.verified, f.settled]);
  ratio("sandi_route_delivery_ratio", "Share of each route's sends in the routing window confirmed by a delivery receipt, of those whose receipt is in or overdue.", (f) => [f.delivered, f.receiptsSettled]);
  new Gauge({
    name: "sandi_route_figures_age_seconds",
    help: "How old this instance's route figures are (now minus the moment they describe): up to about two ROUTING_REFRESH_SECONDS normally, growing while no instance of the fleet manages to compute them.",
    registers,
    collect() {
      return readOrEmpty(this, async () => {
        const figures = (await severalRoutesOnAChannel()) ? currentFigures() : null;
        if (figures) this.set((Date.now() - figures.asOf.getTime()) / 1000);
      });
    },
  });
  routeGauge(
    "sandi_route_p50_seconds",
    "Median time from a route's send to its delivery receipt (to=delivered) or to the OTP's verification (to=verified), over the routing window.",
    ["channel", "route", "to"],
    (f, set) => {
      if (f.p50DeliveredSeconds !== null) set({ channel: f.channel, route: f.route, to: "delivered" }, f.p50DeliveredSeconds);
      if (f.p50VerifiedSeconds !== null) set({ channel: f.channel, route: f.route, to: "verified" }, f.p50VerifiedSeconds);
    },
  );
}
