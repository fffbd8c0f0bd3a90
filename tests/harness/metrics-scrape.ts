// Reading the Prometheus text format in tests: one scrape becomes a map from
// `name{label="value",…}` (labels sorted) to its value, so two scrapes can be
// compared series by series.
import { GET as metricsRoute } from "@/app/metrics/route";

export type Samples = Map<string, number>;

export function parseExposition(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = "", value] = match;
    const labels = [...labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => `${k}="${v}"`).sort();
    samples.set(labels.length ? `${name}{${labels.join(",")}}` : name, Number(value));
  }
  return samples;
}

/** Scrapes the app's /metrics route handler with the given bearer token. */
export async function scrapeApp(token: string): Promise<Samples> {
  const response = await metricsRoute(new Request("http://localhost:3000/metrics", { headers: { authorization: `Bearer ${token}` } }));
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parseExposition(await response.text());
}

/** The series whose value changed between two scrapes, with the change (new series count from 0). */
export function moved(before: Samples, after: Samples, prefix: string): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [series, value] of after) {
    if (!series.startsWith(prefix)) continue;
    const delta = value - (before.get(series) ?? 0);
    if (delta !== 0) changes[series] = delta;
  }
  return changes;
}
