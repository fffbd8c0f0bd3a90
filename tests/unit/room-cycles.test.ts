// Rooms import each other in one direction (docs/architecture.md): no cycle between
// the folders of src/server (auth and services, services and channels, …) nor
// between them and the other rooms of src.
// A room is src/server/<folder>, the files directly in src/server, or src/<folder>;
// type-only imports carry no code and do not count.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve("src");
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The room of a path relative to src ("server/auth/session" → "server/auth"). */
function roomOf(relative: string): string {
  const parts = relative.split("/");
  if (parts[0] === "server") return parts.length > 2 ? `server/${parts[1]}` : "server (top files)";
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.[a-z]+$/, "");
}

function roomGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join("/");
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (m[2]) continue;
      const spec = m[3] ?? m[4];
      let target: string;
      if (spec.startsWith("@/")) target = spec.slice(2);
      else if (spec.startsWith(".")) target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), spec));
      else continue;
      const [from, to] = [roomOf(relative), roomOf(target)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, relative);
    }
  }
  return graph;
}

/** Every cycle through two or more rooms, as "a → b (file) → … → a". */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[], seen: Set<string>) => {
    for (const [next, file] of graph.get(at) ?? []) {
      const step = [...trail, `→ ${next} (${file})`];
      if (next === start) found.add(`${start} ${step.join(" ")}`);
      else if (!seen.has(next) && next > start) walk(start, next, step, new Set([...seen, next]));
    }
  };
  for (const room of graph.keys()) walk(room, room, [], new Set([room]));
  return [...found];
}

describe("room imports", () => {
  it("have no cycle through auth and services", () => {
    expect(cycles(roomGraph()).filter((c) => c.includes("server/auth") && c.includes("server/services"))).toEqual([]);
  });

  it("have no cycle between any two rooms", () => {
    expect(cycles(roomGraph())).toEqual([]);
  });

  it("would catch one: services importing auth while auth imports services", () => {
    const graph = roomGraph();
    expect(graph.get("server/auth")?.has("server/services")).toBe(true);
    graph.get("server/services")!.set("server/auth", "server/services/x.ts");
    expect(cycles(graph).some((c) => c.startsWith("server/auth → server/services"))).toBe(true);
  });
});
