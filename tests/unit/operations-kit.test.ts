// The operations kit in docs/operations stays usable: the Grafana dashboard
// type-checks against Grafana's published dashboard schema and lays out cleanly,
// every PromQL expression parses, every metric it names is one Sandi exports,
// and every alert has a runbook section. The README links the kit. Prometheus's own
// promtool loads the rules and runs their unit tests (alerts.test.yml): which alert fires,
// when, with which labels and text.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parser } from "@prometheus-io/lezer-promql";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { exportedSeriesNames } from "@/server/metrics-scrape/exposition";

const root = path.resolve(import.meta.dirname, "../..");
const kit = (file: string) => readFileSync(path.join(root, "docs/operations", file), "utf8");

type Target = { refId?: string; expr?: string; datasource?: { uid?: string } };
type Panel = { id: number; type: string; title: string; gridPos: { x: number; y: number; w: number; h: number }; targets?: Target[]; datasource?: { uid?: string } };
const dashboardText = kit("grafana-dashboard.json");
const dashboard = JSON.parse(dashboardText) as { uid: string; title: string; panels: Panel[]; templating: { list: { name: string }[] } };

type Rule = { alert: string; expr: string; for: string; labels: { severity: string }; annotations: Record<string, string> };
const rules = (parseYaml(kit("alerts.yml")) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

/** Syntax errors in a PromQL expression, and the metric names it selects. */
function readPromQL(expr: string): { errors: string[]; metrics: string[] } {
  const errors: string[] = [];
  const metrics: string[] = [];
  // Grafana's interval variables are not PromQL; substitute what Grafana would.
  const plain = expr.replaceAll("$__rate_interval", "1m").replaceAll("$instance", ".*");
  parser.parse(plain).iterate({
    enter(node) {
      if (node.type.isError) errors.push(`at ${node.from}: ${plain.slice(Math.max(0, node.from - 20), node.to + 20)}`);
      if (node.name === "VectorSelector") {
        const name = node.node.getChild("Identifier");
        if (name) metrics.push(plain.slice(name.from, name.to));
      }
    },
  });
  return { errors, metrics };
}

const exported = new Set([...exportedSeriesNames(), "up"]);

describe("the Grafana dashboard", () => {
  // Compiling with TypeScript takes seconds on a busy machine.
  it("type-checks against Grafana's dashboard schema (@grafana/schema)", { timeout: 120_000 }, () => {
    const file = path.join(root, "tests/unit/__grafana-dashboard-check.ts");
    // JSON has no enum members: AsJson turns each string enum into the union of its values ("absolute", …).
    const source = [
      `import type { Dashboard } from "@grafana/schema/dist/esm/raw/dashboard/x/Dashboard_types.gen";`,
      "type AsJson<T> = T extends string ? `${T}` : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T;",
      `export const dashboard: AsJson<Dashboard> = ${dashboardText};`,
    ].join("\n");
    const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (name) => name === file || ts.sys.fileExists(name);
    host.readFile = (name) => (name === file ? source : readFile(name));
    host.getSourceFile = (name, version, ...rest) => (name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest));
    const program = ts.createProgram([file], options, host);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
  });

  it("has unique panel ids and panels that fit the 24-column grid without overlapping", () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const taken = new Set<string>();
    for (const { title, gridPos: g } of dashboard.panels) {
      expect(g.x + g.w, title).toBeLessThanOrEqual(24);
      for (let x = g.x; x < g.x + g.w; x++) {
        for (let y = g.y; y < g.y + g.h; y++) {
          expect(taken.has(`${x},${y}`), `${title} overlaps at ${x},${y}`).toBe(false);
          taken.add(`${x},${y}`);
        }
      }
    }
  });

  it("queries only Sandi's metrics, with valid PromQL, through the dashboard's data source variable", () => {
    const variables = new Set(dashboard.templating.list.map((v) => `\${${v.name}}`));
    const graphs = dashboard.panels.filter((p) => p.type !== "row");
    expect(graphs.length).toBeGreaterThan(10);
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(variables.has(panel.datasource?.uid ?? ""), panel.title).toBe(true);
      for (const target of panel.targets ?? []) {
        const { errors, metrics } = readPromQL(target.expr ?? "");
        expect(errors, `${panel.title}: ${target.expr}`).toEqual([]);
        expect(metrics.length, panel.title).toBeGreaterThan(0);
        for (const metric of metrics) expect(exported.has(metric), `${panel.title} uses ${metric}`).toBe(true);
      }
    }
  });
});

describe("the alert rules", () => {
  it("cover vendor failures, open circuits, webhook backlog, p99 latency, 5xx rate and database pool saturation", () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(["SandiVendorFailureRate", "SandiVendorCircuitOpen", "SandiWebhookBacklog", "SandiHighLatencyP99", "SandiHigh5xxRate", "SandiDatabasePoolSaturated"]),
    );
  });

  it("parse as PromQL and select only metrics Sandi exports", () => {
    for (const rule of rules) {
      const { errors, metrics } = readPromQL(rule.expr);
      expect(errors, rule.alert).toEqual([]);
      for (const metric of metrics) expect(exported.has(metric), `${rule.alert} uses ${metric}`).toBe(true);
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(["page", "ticket"], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
    }
  });

  it("each link to their own section of the runbook", () => {
    const anchors = new Set([...kit("runbook.md").matchAll(/^## (\S+)$/gm)].map(([, heading]) => heading.toLowerCase()));
    for (const rule of rules) {
      expect(rule.annotations.runbook_url).toBe(`docs/operations/runbook.md#${rule.alert.toLowerCase()}`);
      expect(anchors.has(rule.alert.toLowerCase()), rule.alert).toBe(true);
    }
  });
});

describe("the README", () => {
  it("links the operations kit", () => {
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain("](docs/operations/README.md)");
  });
});

const promtool = spawnSync("promtool", ["--version"], { encoding: "utf8" });
const noPromtool = promtool.error ? "promtool is not installed (apt-get install -y prometheus)" : null;
if (noPromtool) console.warn(`SKIPPED: promtool's checks of docs/operations/alerts.yml: ${noPromtool}`);

describe.skipIf(noPromtool !== null)("the alerting rules, by Prometheus's promtool", () => {
  const run = (...args: string[]) => spawnSync("promtool", args, { cwd: path.join(root, "docs/operations"), encoding: "utf8" });

  it("load as Prometheus loads them (promtool check rules)", () => {
    const checked = run("check", "rules", "alerts.yml");
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it("fire, stay quiet and read as alerts.test.yml expects (promtool test rules)", () => {
    const tested = run("test", "rules", "alerts.test.yml");
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    expect(tested.stdout).toContain("SUCCESS");
  });
});
