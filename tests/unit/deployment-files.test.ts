// The deployment files (Dockerfile, deploy/compose.yaml, deploy/haproxy.cfg and the
// Helm chart) checked against the app itself, since no image can be built or cluster
// reached here: each parses, each command runs a file the repository has (otpctl
// subcommands are asked of otpctl), every variable a fleet requires (env.ts) is given
// to every app and worker, probes hit routes that exist, and the run stage and the
// pods are unprivileged with a read-only root file system.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { FLEET_REQUIRED_VARIABLES } from "@/env";
import { renderChart } from "../harness/helm-template";

const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const SECRETS = ["SESSION_SECRET", "PAYMENT_LINK_SECRET", "OTP_PEPPER", "DATABASE_URL", "REDIS_URL"];

/** A route of the app answers this path: src/app/<path>/route.ts. */
function routeExists(urlPath: string): boolean {
  return existsSync(path.join(root, "src", "app", ...urlPath.split("/").filter(Boolean), "route.ts"));
}

/** The command lines otpctl lists in its usage, asked of otpctl itself (once: a process start is slow on a loaded machine). */
let otpctlCommands: string[] = [];
beforeAll(() => {
  const usage = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["src/cli/otpctl.ts", "--help"], { cwd: root, encoding: "utf8" });
  expect(usage.status).toBe(0);
  otpctlCommands = usage.stderr.split("\n").filter((line) => line.startsWith("  ")).map((line) => line.trim());
}, 120_000);

/** A Sandi process's command: `node --import tsx <script> [otpctl words]`, with the script in the repository. */
function expectRunnable(command: string[]): void {
  expect(command.slice(0, 3)).toEqual(["node", "--import", "tsx"]);
  const [script, ...words] = command.slice(3);
  expect(existsSync(path.join(root, script)), `${script} exists`).toBe(true);
  if (script === "src/cli/otpctl.ts") expect(otpctlCommands.some((line) => line === words.join(" ") || line.startsWith(`${words.join(" ")} `))).toBe(true);
  else expect(words).toEqual([]);
}

const parseDuration = (text: string) => Number(/^(\d+)s$/.exec(text)?.[1] ?? NaN) * 1000;

describe("deploy/compose.yaml", () => {
  const document = YAML.parseDocument(read("deploy/compose.yaml"), { merge: true });
  const compose = document.toJS() as { services: Record<string, Record<string, unknown>> };
  const services = compose.services;
  const sandi = Object.entries(services).filter(([, s]) => String(s.image).includes("SANDI_IMAGE"));
  const env = (name: string) => services[name].environment as Record<string, string>;

  it("parses, and runs PostgreSQL, PgBouncer in transaction mode, Redis, the migration, two apps, a worker and a load balancer", () => {
    expect(document.errors).toEqual([]);
    expect(Object.keys(services).sort()).toEqual(["app-1", "app-2", "lb", "migrate", "pgbouncer", "postgres", "redis", "worker"]);
    expect((services.pgbouncer.environment as Record<string, string>).POOL_MODE).toBe("transaction");
    expect(sandi.map(([name]) => name).sort()).toEqual(["app-1", "app-2", "migrate", "worker"]);
  });

  it("runs only commands the app has: the server, the worker and otpctl migrate", () => {
    for (const [, service] of sandi) expectRunnable(service.command as string[]);
    expect((services.migrate.command as string[]).slice(-2)).toEqual(["src/cli/otpctl.ts", "migrate"]);
    expect(services.worker.command).toEqual(["node", "--import", "tsx", "src/cli/worker.ts"]);
  });

  it("gives every app and worker each variable a fleet requires, the apps without the in-app worker, the database through PgBouncer", () => {
    for (const name of ["app-1", "app-2", "worker", "migrate"]) {
      for (const variable of FLEET_REQUIRED_VARIABLES) expect(env(name)[variable], `${name} ${variable}`).toMatch(/\S/);
      expect(new URL(env(name).DATABASE_URL.replace(/\$\{[^}]+\}/g, "x")).host).toBe("pgbouncer:6432");
      expect(env(name).DB_POOLER).toBe("pgbouncer");
      expect(env(name).NODE_ENV).toBe("production");
    }
    for (const name of ["app-1", "app-2"]) expect(env(name).RUN_WORKER_IN_APP).toBe("0");
    // The migration lock is a session-level advisory lock: straight to PostgreSQL.
    expect(new URL(env("migrate").MIGRATION_DATABASE_URL.replace(/\$\{[^}]+\}/g, "x")).host).toBe("postgres:5432");
    expect(services["app-1"].depends_on).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
  });

  it("takes every secret from deploy/.env, each listed in deploy/.env.example, and refuses to start without it", () => {
    const example = read("deploy/.env.example");
    const required = [...read("deploy/compose.yaml").matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(["POSTGRES_PASSWORD", "SESSION_SECRET", "PAYMENT_LINK_SECRET", "OTP_PEPPER"]));
    for (const name of required) expect(example).toMatch(new RegExp(`^${name}=$`, "m"));
    for (const secret of ["SESSION_SECRET", "PAYMENT_LINK_SECRET", "OTP_PEPPER"]) expect(env("app-1")[secret]).toMatch(new RegExp(`^\\$\\{${secret}:\\?`));
    expect(read(".gitignore")).toMatch(/^\.env$/m);
  });

  it("runs Sandi read-only with /tmp and DATA_DIR in memory, and stops it after the drain, not before", () => {
    for (const [name, service] of sandi) {
      expect(service.read_only, name).toBe(true);
      expect(service.tmpfs).toEqual(expect.arrayContaining(["/tmp", "/var/lib/sandi"]));
    }
    for (const name of ["app-1", "app-2", "worker"]) expect(parseDuration(services[name].stop_grace_period as string)).toBeGreaterThan(Number(env(name).SHUTDOWN_DRAIN_MS));
  });

  it("balances over both apps, checking each on /readyz", () => {
    const haproxy = read("deploy/haproxy.cfg");
    const servers = [...haproxy.matchAll(/^\s*server\s+\S+\s+([\w-]+):(\d+)/gm)].map((m) => m[1]);
    expect(servers.sort()).toEqual(["app-1", "app-2"]);
    const check = /option httpchk GET (\S+)/.exec(haproxy)?.[1];
    expect(check).toBe("/readyz");
    expect(routeExists(check!)).toBe(true);
    expect((services.lb.volumes as string[]).some((v) => v.startsWith("./haproxy.cfg:"))).toBe(true);
  });
});

describe("Dockerfile", () => {
  const lines = read("Dockerfile").replace(/\\\n/g, " ").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  const stages: { name: string; lines: string[] }[] = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? String(stages.length), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  const run = stages.at(-1)!;

  it("builds in its own stage with `npm run build`, and copies from the build context only files the repository has", () => {
    expect(stages.map((s) => s.name)).toEqual(["build", "prod-deps", "run"]);
    expect(stages[0].lines).toContain("RUN npm run build && rm -rf .next/cache");
    for (const stage of stages) {
      for (const line of stage.lines.filter((l) => l.startsWith("COPY ") && !l.includes("--from="))) {
        const sources = line.split(/\s+/).slice(1, -1);
        for (const source of sources.filter((s) => s !== ".")) expect(existsSync(path.join(root, source)), source).toBe(true);
      }
      for (const line of stage.lines.filter((l) => l.includes("--from="))) expect(stages.map((s) => s.name)).toContain(/--from=(\S+)/.exec(line)![1]);
    }
  });

  it("runs as an unprivileged user in production mode and never builds in the run stage", () => {
    const user = run.lines.filter((l) => l.startsWith("USER ")).at(-1);
    expect(user).toMatch(/^USER [1-9]\d*:[1-9]\d*$/);
    expect(run.lines.filter((l) => l.startsWith("RUN ")).join("\n")).not.toMatch(/build|npm (ci|install)/);
    expect(run.lines.join("\n")).toMatch(/NODE_ENV=production/);
    expectRunnable(JSON.parse(run.lines.find((l) => l.startsWith("CMD "))!.slice(4)) as string[]);
  });

  it("checks its health on /healthz", () => {
    const check = run.lines.find((l) => l.startsWith("HEALTHCHECK "));
    const probed = /\/(\w+)'\)/.exec(check ?? "")?.[1];
    expect(probed).toBe("healthz");
    expect(routeExists(`/${probed}`)).toBe(true);
  });

  it("leaves local installs, builds, data and secrets out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", ".next", ".data", ".env", ".git", "src/generated"]) expect(ignored).toContain(entry);
  });
});

type Probe = { httpGet: { path: string } };
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } };
type Container = { command: string[]; env: EnvVar[]; securityContext: { readOnlyRootFilesystem?: boolean }; volumeMounts: { mountPath: string }[] } & Record<"startupProbe" | "livenessProbe" | "readinessProbe", Probe>;
type Pod = { containers: Container[]; securityContext: { runAsNonRoot?: boolean }; terminationGracePeriodSeconds?: number };
type Doc = {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  // One shape for the kinds the chart renders; each test reads the fields of its kind.
  spec: { replicas?: number; template: { metadata: { labels: Record<string, string> }; spec: Pod }; selector: Record<string, string> & { matchLabels: Record<string, string> }; scaleTargetRef: { kind: string; name: string } };
};

function renderDocs(overrides?: Record<string, unknown>): Doc[] {
  const docs: Doc[] = [];
  for (const [file, text] of renderChart(path.join(root, "deploy/helm/sandi"), { name: "rel", overrides })) {
    for (const doc of YAML.parseAllDocuments(text)) {
      expect(doc.errors, file).toEqual([]);
      const value = doc.toJS() as Doc | null;
      if (value) docs.push(value);
    }
  }
  return docs;
}

describe("the Helm chart", () => {
  const values = YAML.parse(read("deploy/helm/sandi/values.yaml"));
  const docs = renderDocs();
  const byName = (kind: string, suffix: string) => docs.find((d) => d.kind === kind && d.metadata.name === `rel-sandi${suffix}`)!;
  const app = byName("Deployment", "-app");
  const worker = byName("Deployment", "-worker");
  const job = byName("Job", "-migrate");
  const podOf = (d: Doc) => d.spec.template.spec;
  const envOf = (c: Container) => Object.fromEntries(c.env.map((e) => [e.name, e]));

  it("renders every template as YAML: the app and worker Deployments, the Service, the migration Job, a PodDisruptionBudget and an autoscaler", () => {
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`).sort()).toEqual(
      ["Deployment/rel-sandi-app", "Deployment/rel-sandi-worker", "HorizontalPodAutoscaler/rel-sandi-app", "Job/rel-sandi-migrate", "PodDisruptionBudget/rel-sandi-app", "Service/rel-sandi"].sort(),
    );
  });

  it("runs the migration before the release's pods, on every install and upgrade, straight to PostgreSQL", () => {
    expect(job.metadata.annotations?.["helm.sh/hook"]).toBe("pre-install,pre-upgrade");
    const [container] = podOf(job).containers;
    expectRunnable(container.command);
    expect(container.command.slice(-2)).toEqual(["src/cli/otpctl.ts", "migrate"]);
    expect(envOf(container).MIGRATION_DATABASE_URL.valueFrom?.secretKeyRef).toEqual({ name: values.existingSecret, key: "MIGRATION_DATABASE_URL" });
    expect(envOf(podOf(app).containers[0]).MIGRATION_DATABASE_URL).toBeUndefined();
  });

  it("gives the app and the worker every variable a fleet requires, secrets only by reference to the existing Secret", () => {
    for (const deployment of [app, worker, job]) {
      const [container] = podOf(deployment).containers;
      expectRunnable(container.command);
      const env = envOf(container);
      for (const variable of FLEET_REQUIRED_VARIABLES) expect(env[variable], `${deployment.metadata.name} ${variable}`).toBeDefined();
      for (const secret of SECRETS) {
        expect(env[secret].value).toBeUndefined();
        expect(env[secret].valueFrom?.secretKeyRef.name).toBe(values.existingSecret);
      }
      expect(env.NODE_ENV.value).toBe("production");
      expect(env.DB_POOLER.value).toBe("pgbouncer");
      expect(env.RUN_WORKER_IN_APP.value).toBe("0");
    }
  });

  it("probes routes the app has: /healthz for start-up and liveness, /readyz for readiness", () => {
    const [container] = podOf(app).containers;
    expect(container.startupProbe.httpGet.path).toBe("/healthz");
    expect(container.livenessProbe.httpGet.path).toBe("/healthz");
    expect(container.readinessProbe.httpGet.path).toBe("/readyz");
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) expect(routeExists(probe.httpGet.path)).toBe(true);
  });

  it("gives a stopping pod longer than its drain, and runs every pod unprivileged on a read-only root file system", () => {
    for (const deployment of [app, worker, job]) {
      const pod = podOf(deployment);
      const [container] = pod.containers;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(container.volumeMounts.map((m) => m.mountPath)).toEqual(expect.arrayContaining(["/tmp", "/var/lib/sandi"]));
      if (deployment.kind === "Deployment") expect(pod.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(Number(envOf(container).SHUTDOWN_DRAIN_MS.value));
    }
  });

  it("points the Service, the PodDisruptionBudget and the autoscaler at the app's pods", () => {
    const selects = (selector: Record<string, string>, d: Doc) => Object.entries(selector).every(([k, v]) => d.spec.template.metadata.labels[k] === v);
    const service = byName("Service", "").spec.selector;
    expect(selects(service, app)).toBe(true);
    expect(selects(service, worker)).toBe(false);
    expect(selects(byName("PodDisruptionBudget", "-app").spec.selector.matchLabels, app)).toBe(true);
    expect(byName("HorizontalPodAutoscaler", "-app").spec.scaleTargetRef).toMatchObject({ kind: "Deployment", name: app.metadata.name });
  });

  it("with api.enabled, adds API instances (SERVER_ROLE=api) with the app's environment, probes and pod security, their own Service, PodDisruptionBudget and autoscaler", () => {
    const withApi = renderDocs({ api: { ...values.api, enabled: true } });
    const find = (kind: string, name: string) => withApi.find((d) => d.kind === kind && d.metadata.name === name)!;
    expect(withApi.map((d) => `${d.kind}/${d.metadata.name}`).filter((n) => n.endsWith("-api")).sort()).toEqual(
      ["Deployment/rel-sandi-api", "HorizontalPodAutoscaler/rel-sandi-api", "PodDisruptionBudget/rel-sandi-api", "Service/rel-sandi-api"].sort(),
    );
    const api = find("Deployment", "rel-sandi-api");
    const [container] = podOf(api).containers;
    const [appContainer] = podOf(app).containers;
    expectRunnable(container.command);
    expect(container.command).toEqual(appContainer.command);
    expect(envOf(container).SERVER_ROLE.value).toBe("api");
    expect(envOf(appContainer).SERVER_ROLE).toBeUndefined();
    for (const variable of FLEET_REQUIRED_VARIABLES) expect(envOf(container)[variable], variable).toEqual(envOf(appContainer)[variable]);
    for (const probe of ["startupProbe", "livenessProbe", "readinessProbe"] as const) expect(container[probe]).toEqual(appContainer[probe]);
    expect(container.securityContext).toEqual(appContainer.securityContext);
    expect(podOf(api).terminationGracePeriodSeconds).toBe(podOf(app).terminationGracePeriodSeconds);
    const selects = (selector: Record<string, string>, d: Doc) => Object.entries(selector).every(([k, v]) => d.spec.template.metadata.labels[k] === v);
    expect(selects(find("Service", "rel-sandi-api").spec.selector, api)).toBe(true);
    expect(selects(find("Service", "rel-sandi-api").spec.selector, app)).toBe(false);
    // The app's Service and budget keep to the app's pods.
    expect(selects(find("Service", "rel-sandi").spec.selector, api)).toBe(false);
    expect(selects(find("PodDisruptionBudget", "rel-sandi-app").spec.selector.matchLabels, api)).toBe(false);
    expect(selects(find("PodDisruptionBudget", "rel-sandi-api").spec.selector.matchLabels, api)).toBe(true);
    expect(find("HorizontalPodAutoscaler", "rel-sandi-api").spec.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "rel-sandi-api" });
    const fixed = renderDocs({ api: { ...values.api, enabled: true, autoscaling: { ...values.api.autoscaling, enabled: false } } });
    expect(fixed.find((d) => d.kind === "HorizontalPodAutoscaler" && d.metadata.name === "rel-sandi-api")).toBeUndefined();
    expect(fixed.find((d) => d.kind === "Deployment" && d.metadata.name === "rel-sandi-api")!.spec.replicas).toBe(values.api.replicas);
  });

  it("sets a fixed replica count, and no autoscaler, when autoscaling is off", () => {
    const fixed = renderDocs({ app: { ...values.app, autoscaling: { ...values.app.autoscaling, enabled: false } } });
    expect(fixed.find((d) => d.kind === "HorizontalPodAutoscaler")).toBeUndefined();
    expect(fixed.find((d) => d.metadata.name === "rel-sandi-app" && d.kind === "Deployment")!.spec.replicas).toBe(values.app.replicas);
    expect(app.spec.replicas).toBeUndefined();
  });
});
