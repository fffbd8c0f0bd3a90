// Saturation phases run several times, alternately with whatever they are compared
// with (A B A B …), so one slow slot on a drifting machine moves a median, not the
// claim. Each phase's runs are kept figure by figure; the report reads their medians
// and their spread.
import type { PhaseResult } from "./plan";

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const FIGURES = ["reqPerSec", "appCpuMsPerRequest", "postgresCpuMsPerRequest", "machineCpuMsPerRequest", "p50", "p99", "walFlushesPerSec", "walFlushMeanMs"] as const;
export type RepeatFigure = (typeof FIGURES)[number];

/** One phase's runs in the order they ran, figure by figure (null: not measured in that run). */
export type PhaseRepeats = Record<RepeatFigure, (number | null)[]> & {
  /** Median of each figure over the runs that measured it. */
  median: Record<RepeatFigure, number | null>;
  /** (max − min) ÷ median, in per cent: how far the runs lay apart. */
  spreadPercent: Record<RepeatFigure, number | null>;
};

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

function figuresOf(p: PhaseResult): Record<RepeatFigure, number | null> {
  const first = p.parts[0];
  return {
    reqPerSec: first?.requestsPerSec ?? null,
    appCpuMsPerRequest: p.serverCpuMsPerRequest,
    postgresCpuMsPerRequest: p.postgresCpuMsPerRequest ?? null,
    machineCpuMsPerRequest: p.machineCpuMsPerRequest ?? null,
    p50: first?.latencyMs.p50 ?? null,
    p99: first?.latencyMs.p99 ?? null,
    walFlushesPerSec: p.walFlushes?.perSecond ?? null,
    walFlushMeanMs: p.walFlushes?.meanMs ?? null,
  };
}

/** The median of the measured values and their spread, or nulls when none was measured. */
export function summarise(values: (number | null)[]): { median: number | null; spreadPercent: number | null } {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (!xs.length) return { median: null, spreadPercent: null };
  const m = median(xs);
  return { median: round(m), spreadPercent: m ? round(((Math.max(...xs) - Math.min(...xs)) / m) * 100, 1) : null };
}

/**
 * Every run of each phase, in the order they ran, reduced to one entry per phase name: the run
 * whose requests/s is the median (a real run, so its latencies and counts belong together), and
 * for phases that ran more than once, their figures run by run with medians and spread.
 */
export function collapseRepeats(runs: PhaseResult[]): { phases: PhaseResult[]; repeats: Record<string, PhaseRepeats> } {
  const byName = new Map<string, PhaseResult[]>();
  for (const run of runs) byName.set(run.name, [...(byName.get(run.name) ?? []), run]);
  const phases: PhaseResult[] = [];
  const repeats: Record<string, PhaseRepeats> = {};
  for (const [name, list] of byName) {
    const rps = list.map((p) => p.parts[0]?.requestsPerSec ?? 0);
    const mid = [...rps].sort((a, b) => a - b)[Math.floor((rps.length - 1) / 2)];
    phases.push(list[rps.indexOf(mid)]);
    if (list.length < 2) continue;
    const figures = list.map(figuresOf);
    const entry = { median: {}, spreadPercent: {} } as PhaseRepeats;
    for (const f of FIGURES) {
      entry[f] = figures.map((x) => x[f]);
      const s = summarise(entry[f]);
      entry.median[f] = s.median;
      entry.spreadPercent[f] = s.spreadPercent;
    }
    repeats[name] = entry;
  }
  return { phases, repeats };
}

/** Run i of `a` over run i of `b` (the two sides of pair i), then the median and spread of those ratios. */
export function pairedRatio(a: (number | null)[] | undefined, b: (number | null)[] | undefined): { median: number | null; spreadPercent: number | null; pairs: number } {
  if (!a || !b) return { median: null, spreadPercent: null, pairs: 0 };
  const ratios = a.map((x, i) => (x && b[i] ? x / b[i]! : null));
  return { ...summarise(ratios), pairs: ratios.filter((r) => r !== null).length };
}
