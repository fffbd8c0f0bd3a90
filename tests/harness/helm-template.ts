// Renders the Helm chart under deploy/helm/sandi without Helm (not installable on
// these machines): the subset of Go templates the chart uses, and nothing more.
// Anything outside the subset — an unknown function, `else if`, `with`, a missing
// value — throws, so a template the subset cannot read fails the test instead of
// rendering into something Helm would not produce.
// Supported: text and {{ }} actions with {{- -}} trimming and {{/* comments */}};
// if/else/end, range (over a map, sorted by key, or a list, with `$k, $v :=`),
// define/include; operands ., $, .A.B, $.A.B, $var, $var.A, "strings", numbers;
// pipelines with quote, default, required, not, toYaml, indent, nindent.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import YAML from "yaml";

type Node = { kind: "text"; text: string } | { kind: "action"; pipeline: string } | { kind: "if"; pipeline: string; then: Node[]; else: Node[] } | { kind: "range"; vars: string[]; pipeline: string; body: Node[] };
type Scope = { dot: unknown; root: unknown; vars: Record<string, unknown>; defines: Map<string, Node[]> };

/** Splits a template into text and the insides of its actions, applying the trim markers. */
function lex(source: string): ({ text: string } | { action: string })[] {
  const tokens: ({ text: string } | { action: string })[] = [];
  let rest = source;
  let trimNext = false;
  while (rest.length) {
    const open = rest.indexOf("{{");
    let text = open < 0 ? rest : rest.slice(0, open);
    if (trimNext) text = text.replace(/^\s+/, "");
    if (open < 0) {
      tokens.push({ text });
      break;
    }
    const close = rest.indexOf("}}", open);
    if (close < 0) throw new Error("unclosed {{");
    let inside = rest.slice(open + 2, close);
    if (/^-\s/.test(inside)) {
      text = text.replace(/\s+$/, "");
      inside = inside.slice(1);
    }
    trimNext = /\s-$/.test(inside);
    if (trimNext) inside = inside.slice(0, -1);
    tokens.push({ text }, { action: inside.trim() });
    rest = rest.slice(close + 2);
  }
  return tokens.filter((t) => !("text" in t) || t.text !== "");
}

/** Builds the node tree; `define` blocks go into `defines`. */
function parse(source: string, defines: Map<string, Node[]>): Node[] {
  const stack: { nodes: Node[]; open?: Node & { kind: "if" | "range" }; inElse?: boolean; define?: string }[] = [{ nodes: [] }];
  const top = () => stack[stack.length - 1];
  for (const token of lex(source)) {
    if ("text" in token) {
      top().nodes.push({ kind: "text", text: token.text });
      continue;
    }
    const action = token.action;
    const [word] = action.split(/\s+/, 1);
    if (action.startsWith("/*")) continue;
    if (word === "if") stack.push({ nodes: [], open: { kind: "if", pipeline: action.slice(2).trim(), then: [], else: [] } });
    else if (word === "range") {
      const m = /^range\s+(?:(\$\w+)\s*(?:,\s*(\$\w+))?\s*:=\s*)?(.+)$/.exec(action);
      if (!m) throw new Error(`cannot read "${action}"`);
      stack.push({ nodes: [], open: { kind: "range", vars: [m[1], m[2]].filter(Boolean) as string[], pipeline: m[3], body: [] } });
    } else if (word === "define") stack.push({ nodes: [], define: JSON.parse(action.slice(6).trim()) as string });
    else if (action === "else") {
      if (top().open?.kind !== "if" || top().inElse) throw new Error("else outside if");
      (top().open as Node & { kind: "if" }).then = top().nodes;
      top().nodes = [];
      top().inElse = true;
    } else if (action === "end") {
      const frame = stack.pop();
      if (!frame || stack.length === 0) throw new Error("end without a block");
      if (frame.define) defines.set(frame.define, frame.nodes);
      else if (frame.open?.kind === "if") top().nodes.push(frame.inElse ? { ...frame.open, else: frame.nodes } : { ...frame.open, then: frame.nodes });
      else if (frame.open?.kind === "range") top().nodes.push({ ...frame.open, body: frame.nodes });
    } else if (["with", "block", "template", "else if"].includes(word) || action.startsWith("else ")) throw new Error(`"${action}" is outside the supported subset`);
    else top().nodes.push({ kind: "action", pipeline: action });
  }
  if (stack.length !== 1) throw new Error("a block is not closed with end");
  return stack[0].nodes;
}

function field(value: unknown, names: string[], what: string): unknown {
  let current = value;
  for (const name of names) {
    if (current === null || typeof current !== "object" || !(name in current)) throw new Error(`${what}: no value at "${name}"`);
    current = (current as Record<string, unknown>)[name];
  }
  return current;
}

function operand(token: string, scope: Scope): unknown {
  if (token.startsWith('"')) return JSON.parse(token);
  if (/^-?\d+$/.test(token)) return Number(token);
  if (token === "true" || token === "false") return token === "true";
  if (token === ".") return scope.dot;
  if (token.startsWith(".")) return field(scope.dot, token.slice(1).split("."), token);
  if (token.startsWith("$")) {
    const [name, ...names] = token.split(".");
    const base = name === "$" ? scope.root : scope.vars[name];
    if (base === undefined) throw new Error(`${token}: unknown variable`);
    return field(base, names, token);
  }
  throw new Error(`"${token}" is not an operand of the supported subset`);
}

const empty = (v: unknown) => v === undefined || v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && Object.keys(v).length === 0);
const indent = (n: number, s: string) => s.split("\n").map((line) => " ".repeat(n) + line).join("\n");

function call(name: string, args: unknown[], scope: Scope): unknown {
  switch (name) {
    case "include": {
      const body = scope.defines.get(args[0] as string);
      if (!body) throw new Error(`include: no template "${String(args[0])}"`);
      return renderNodes(body, { ...scope, dot: args[1], vars: {} });
    }
    case "quote":
      return JSON.stringify(String(args[0]));
    case "default":
      return empty(args[1]) ? args[0] : args[1];
    case "required":
      if (empty(args[1])) throw new Error(String(args[0]));
      return args[1];
    case "not":
      return empty(args[0]);
    case "toYaml":
      return YAML.stringify(args[0]).trimEnd();
    case "indent":
      return indent(args[0] as number, String(args[1]));
    case "nindent":
      return `\n${indent(args[0] as number, String(args[1]))}`;
    default:
      throw new Error(`function "${name}" is outside the supported subset`);
  }
}

function evaluate(pipeline: string, scope: Scope): unknown {
  let piped: unknown[] = [];
  for (const command of pipeline.split("|").map((c) => c.trim())) {
    const words = command.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
    const [head, ...rest] = words;
    if (head === undefined) throw new Error(`"${pipeline}": an empty command`);
    const value = /^[a-zA-Z]\w*$/.test(head) && !["true", "false"].includes(head) ? call(head, [...rest.map((w) => operand(w, scope)), ...piped], scope) : operand(head, scope);
    if (!/^[a-zA-Z]/.test(head) && rest.length) throw new Error(`"${command}": an operand takes no arguments`);
    piped = [value];
  }
  return piped[0];
}

function renderNodes(nodes: Node[], scope: Scope): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") out += node.text;
    else if (node.kind === "action") {
      const value = evaluate(node.pipeline, scope);
      if (value === undefined || value === null || typeof value === "object") throw new Error(`{{ ${node.pipeline} }} renders ${JSON.stringify(value)}, not text`);
      out += String(value);
    } else if (node.kind === "if") out += renderNodes(empty(evaluate(node.pipeline, scope)) ? node.else : node.then, scope);
    else {
      const over = evaluate(node.pipeline, scope);
      const entries: [unknown, unknown][] = Array.isArray(over) ? over.map((v, i) => [i, v]) : Object.entries((over ?? {}) as object).sort(([a], [b]) => (a < b ? -1 : 1));
      for (const [key, value] of entries) {
        const vars = node.vars.length === 2 ? { [node.vars[0]]: key, [node.vars[1]]: value } : node.vars.length === 1 ? { [node.vars[0]]: value } : {};
        out += renderNodes(node.body, { ...scope, dot: value, vars: { ...scope.vars, ...vars } });
      }
    }
  }
  return out;
}

/** Every template of the chart rendered with its values.yaml (merged with `overrides`), by file name. */
export function renderChart(chartDir: string, release: { name: string; overrides?: Record<string, unknown> }): Map<string, string> {
  const chart = YAML.parse(readFileSync(path.join(chartDir, "Chart.yaml"), "utf8")) as Record<string, unknown>;
  const values = { ...(YAML.parse(readFileSync(path.join(chartDir, "values.yaml"), "utf8")) as Record<string, unknown>), ...release.overrides };
  const root = {
    Values: values,
    Release: { Name: release.name, Namespace: "default", Service: "Helm" },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
  };
  const dir = path.join(chartDir, "templates");
  const defines = new Map<string, Node[]>();
  const files = readdirSync(dir).sort();
  const parsed = files.map((file) => [file, parse(readFileSync(path.join(dir, file), "utf8"), defines)] as const);
  const rendered = new Map<string, string>();
  for (const [file, nodes] of parsed) {
    if (file.startsWith("_")) continue;
    rendered.set(file, renderNodes(nodes, { dot: root, root, vars: {}, defines }));
  }
  return rendered;
}
