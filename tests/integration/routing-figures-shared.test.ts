// The route figures shared by the fleet (docs/routing.md#cost-and-many-instances): per
// refresh interval one instance runs the aggregate and stores its result in
// route_figures_shared; the others adopt it with one single-row read. Separate copies of the
// figures (newFiguresCopy) play the instances of one fleet against the real database; each
// counts the aggregates it runs (the real loadRouteFigures, wrapped). "Later" is the
// instance's next refresh interval, passed as its clock; the database's clock is moved by
// ageing the stored row.
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { namedQuery, runAutocommit } from "@/server/db/sql";
import { metricsText } from "@/server/metrics-scrape/exposition";
import { forgetRouteFigures, newFiguresCopy, refreshRouteFigures, refreshWhenDue, type FiguresCopy } from "@/server/services/routing/figures-snapshot";
import { forgetRoutes } from "@/server/services/routing/route-cache";
import { loadRouteFigures } from "@/server/services/routing/route-figures-query";
import { addRoute } from "@/server/services/routing/route-store";
import { routingSettings } from "@/server/services/routing/routing-settings";
import { claimComputing } from "@/server/services/routing/shared-figures";
import { overrideEnv } from "../harness/env-override";
import { captureLog } from "../harness/log-lines";
import { databaseUrl } from "../harness/per-file-database";
import { insertSyntheticSends } from "../harness/synthetic-sends";

type Instance = { copy: FiguresCopy; aggregates: number };

/** An instance of the fleet whose aggregate is `load` (by default the real one), counted. */
function instance(tag: string, load = loadRouteFigures): Instance {
  const counted = { aggregates: 0 } as Instance;
  counted.copy = newFiguresCopy({
    tag,
    load: (...args) => {
      counted.aggregates += 1;
      return load(...args);
    },
  });
  return counted;
}

const sql = async (text: string, ...params: unknown[]) => (await getDb()).$executeRawUnsafe(text, ...params);
const seedSends = (count: number) => insertSyntheticSends((text, params) => sql(text, ...params), count);
const shared = async () => (await getDb()).routeFiguresShared.findUnique({ where: { id: 1 } });
/** An instance's clock at its next refresh interval. */
const nextInterval = () => Date.now() + routingSettings().refreshMs;
/** The stored figures as if computed `seconds` earlier than they were. */
const ageStored = (seconds: number) => sql("UPDATE route_figures_shared SET computed_at = computed_at - make_interval(secs => $1::float8)", seconds);

let restoreEnv: () => void;
beforeEach(() => {
  // Long enough that nothing the test stores goes stale by itself while it runs.
  restoreEnv = overrideEnv({ ROUTING_REFRESH_SECONDS: "60" });
});
afterEach(() => restoreEnv());

describe("route figures shared by the fleet", () => {
  it.each([
    // No row yet: the claims race to create it.
    ["the first figures", async () => undefined],
    // The steady state: the row is there and its figures are an interval old.
    ["stale figures", async () => {
      await refreshWhenDue(instance("instance-z").copy);
      await ageStored(routingSettings().refreshMs / 1000);
    }],
  ])("runs the aggregate once when two instances are due together (%s); the other instance, and a third, adopt the same figures", async (_, before) => {
    await seedSends(2_000);
    await before();
    const [a, b] = [instance("instance-a"), instance("instance-b")];
    await Promise.all([refreshWhenDue(a.copy), refreshWhenDue(b.copy)]);
    expect(a.aggregates + b.aggregates).toBe(1);
    const [computer, other] = a.aggregates === 1 ? [a, b] : [b, a];

    // The other adopted them at once, or (when it looked while they were being computed) at its next interval.
    await refreshWhenDue(other.copy, nextInterval());
    const c = instance("instance-c");
    await refreshWhenDue(c.copy);
    expect([a.aggregates + b.aggregates, c.aggregates]).toEqual([1, 0]);

    const figures = computer.copy.snapshot!;
    expect(figures.rows.filter((r) => r.prefix !== null).length).toBeGreaterThanOrEqual(40);
    for (const adopted of [other.copy.snapshot!, c.copy.snapshot!]) {
      expect(adopted.asOf).toEqual(figures.asOf);
      expect(adopted.rows).toEqual(figures.rows);
      expect(adopted.byPrefix.get("sms:62811")).toEqual(figures.byPrefix.get("sms:62811"));
    }
    expect(await shared()).toMatchObject({ asOf: figures.asOf, computedBy: computer.copy.tag, windowSeconds: 600, maturitySeconds: 120, computingBy: null, computingUntil: null });
  });

  it("claims no lease while the stored figures are fresh: another instance may have stored them between this one's read and its claim", async () => {
    await seedSends(200);
    await refreshWhenDue(instance("instance-a").copy);
    expect(await claimComputing("instance-b", routingSettings())).toBe(false);
    await ageStored(routingSettings().refreshMs / 1000);
    expect(await claimComputing("instance-b", routingSettings())).toBe(true);
    expect(await shared()).toMatchObject({ computedBy: "instance-a", computingBy: "instance-b" });
  });

  it("an explicit refresh (a moved clock) computes for its own instance and stores nothing", async () => {
    await seedSends(200);
    const a = instance("instance-a");
    const later = new Date(Date.now() + 3_600_000);
    expect((await refreshRouteFigures(later, a.copy)).asOf).toEqual(later);
    expect(a.aggregates).toBe(1);
    expect(await shared()).toBeNull();
  });

  it("leaves a live lease to its holder, and takes over one whose instance died once it expires", async () => {
    await seedSends(200);
    // An instance claimed the lease on the first figures and has not stored them.
    await sql("INSERT INTO route_figures_shared (id, computing_by, computing_until) VALUES (1, 'instance-dead', now() + interval '1 minute')");
    const a = instance("instance-a");
    await refreshWhenDue(a.copy);
    expect(a.aggregates).toBe(0);
    expect(a.copy.snapshot).toBeNull();

    // It died: its lease runs out.
    await sql("UPDATE route_figures_shared SET computing_until = now() - interval '1 second'");
    await refreshWhenDue(a.copy, nextInterval());
    expect(a.aggregates).toBe(1);
    expect(await shared()).toMatchObject({ asOf: a.copy.snapshot!.asOf, computedBy: "instance-a", computingBy: null, computingUntil: null });
  });

  it("while another instance computes, an instance takes the last interval's figures but not older ones", async () => {
    await seedSends(200);
    const a = instance("instance-a");
    await refreshWhenDue(a.copy);
    const refreshSeconds = routingSettings().refreshMs / 1000;
    const computing = () => sql("UPDATE route_figures_shared SET computing_by = 'instance-z', computing_until = now() + interval '1 minute'");

    await ageStored(1.5 * refreshSeconds);
    await computing();
    const b = instance("instance-b");
    await refreshWhenDue(b.copy);
    expect(b.aggregates).toBe(0);
    expect(b.copy.snapshot?.asOf).toEqual(a.copy.snapshot!.asOf);

    await ageStored(refreshSeconds);
    const c = instance("instance-c");
    await refreshWhenDue(c.copy);
    expect(c.aggregates).toBe(0);
    expect(c.copy.snapshot).toBeNull();
  });

  it("a failed computation leaves the stored figures and the instance's copy, and the fleet tries again only after an interval", async () => {
    await seedSends(500);
    const a = instance("instance-a");
    await refreshWhenDue(a.copy);
    const broken = instance("instance-b", async () => {
      await runAutocommit(namedQuery("route-figures-broken", "SELECT 1 / 0 AS figures"), []);
      return [];
    });
    await refreshWhenDue(broken.copy);
    expect(broken.aggregates).toBe(0);
    expect(broken.copy.snapshot?.asOf).toEqual(a.copy.snapshot!.asOf);
    const before = await shared();

    // The stored figures are an hour old, so instance-b computes, and the statement fails.
    await ageStored(3600);
    const log = captureLog();
    try {
      await refreshWhenDue(broken.copy, nextInterval());
    } finally {
      log.restore();
    }
    expect(broken.aggregates).toBe(1);
    expect(log.lines.find((l) => l.msg.startsWith("route figures not refreshed"))).toMatchObject({ level: "warn", error: expect.stringContaining("division by zero") });
    expect(broken.copy.snapshot?.asOf).toEqual(a.copy.snapshot!.asOf);
    expect(broken.copy.snapshot?.rows).toEqual(a.copy.snapshot!.rows);
    const after = await shared();
    expect(after).toMatchObject({ asOf: before!.asOf, rows: before!.rows, computedBy: "instance-a", computingBy: "instance-b" });
    // Held for one more interval (60 s here), not the whole lease (240 s).
    expect(after!.computingUntil!.getTime() - Date.now()).toBeGreaterThan(routingSettings().refreshMs / 2);
    expect(after!.computingUntil!.getTime() - Date.now()).toBeLessThan(routingSettings().refreshMs * 1.5);

    // Instance-a is due too, but the failed computation holds the lease for this interval.
    await refreshWhenDue(a.copy, nextInterval());
    expect(a.aggregates).toBe(1);
  });

  it("cancels the fleet's aggregate before its lease lapses, so a second instance never starts the same one beside it", async () => {
    // The lease is max(60 s, 4 intervals): 240 s with the 60 s interval here; the aggregate gets 5 s less.
    const timeouts: (number | undefined)[] = [];
    const a = instance("instance-a", async (...args) => {
      timeouts.push(args[3]);
      return loadRouteFigures(...args);
    });
    await refreshWhenDue(a.copy);
    expect(a.aggregates).toBe(1);
    expect(timeouts).toEqual([235_000]);
    // An explicit refresh (tests, the simulation) is not limited.
    await refreshRouteFigures(new Date(), a.copy);
    expect(timeouts).toEqual([235_000, undefined]);
  });

  it("a timed-out aggregate fails with the database's cancellation, and the limit ends with its statement", async () => {
    await seedSends(200);
    const { windowMs, maturityMs } = routingSettings();
    // Another session holds the sends' table, so the aggregate waits out its limit however fast
    // the machine is (time spent waiting for a lock counts toward statement_timeout). A slow
    // aggregate over many sends would make the test's length depend on the machine's disk.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE otp_deliveries IN ACCESS EXCLUSIVE MODE");
      await expect(loadRouteFigures(new Date(), windowMs, maturityMs, 200)).rejects.toThrow(/statement timeout/);
      await holder.query("ROLLBACK");
    } finally {
      await holder.end();
    }
    // The limit was local to that transaction: the pool's connections are as before.
    for (let i = 0; i < 12; i++) {
      const [row] = await runAutocommit<{ limit: string }>(namedQuery("statement-timeout-now", "SELECT current_setting('statement_timeout') AS limit"), []);
      expect(row.limit).toBe("0");
    }
    expect((await loadRouteFigures(new Date(), windowMs, maturityMs, 60_000)).length).toBeGreaterThan(0);
  });

  it("does not adopt figures computed with another window or maturity, however fresh", async () => {
    await seedSends(500);
    const a = instance("instance-a");
    await refreshWhenDue(a.copy);
    for (const [variable, value, stored] of [
      ["ROUTING_WINDOW_SECONDS", "300", { windowSeconds: 300, maturitySeconds: 120 }],
      ["ROUTING_MATURITY_SECONDS", "60", { windowSeconds: 600, maturitySeconds: 60 }],
    ] as const) {
      const undo = overrideEnv({ [variable]: value });
      try {
        const b = instance(`instance-${variable}`);
        await refreshWhenDue(b.copy);
        expect(b.aggregates).toBe(1);
        expect(b.copy.snapshot!.rows).not.toEqual(a.copy.snapshot!.rows);
        expect(await shared()).toMatchObject({ ...stored, computedBy: b.copy.tag });
      } finally {
        undo();
      }
    }
    // Nor, back on the defaults, does an instance adopt the last of those.
    await refreshWhenDue(a.copy, nextInterval());
    expect(a.aggregates).toBe(2);
    expect(await shared()).toMatchObject({ windowSeconds: 600, maturitySeconds: 120, computedBy: "instance-a" });
  });

  it("tells Prometheus how old the process's figures are", async () => {
    for (const name of ["agg-a", "agg-b"]) await addRoute({ name, channel: "sms", adapter: "sandbox", config: {} });
    forgetRoutes();
    forgetRouteFigures();
    try {
      await refreshRouteFigures(new Date(Date.now() - 90_000));
      const age = Number(/^sandi_route_figures_age_seconds ([\d.]+)$/m.exec((await metricsText()).body)?.[1]);
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(120);
    } finally {
      forgetRouteFigures();
    }
  });
});
