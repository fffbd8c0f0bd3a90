// Counters and histograms whose hot path is a few Map lookups and additions.
// prom-client's own Counter and Histogram hash and validate the label object on
// every inc/observe (even through .labels() children) and the histogram
// allocates per observation; here a label set is resolved to a plain cell once,
// kept, and turned into exposition text only when Prometheus scrapes.
// Each family still registers in a prom-client Registry, which formats it.
import type { Registry } from "prom-client";

type Label = string | number;
type Values = { value: number; labels: Record<string, Label>; metricName?: string }[];

/** Cells by up to four label values in nested maps: a lookup of a known set allocates nothing. */
class LabelTree<C> {
  private readonly root = new Map<Label, Map<Label, Map<Label, Map<Label, C>>>>();
  readonly all: { labels: Record<string, Label>; cell: C }[] = [];

  constructor(private readonly names: readonly string[], private readonly make: () => C) {}

  at(a: Label, b: Label = "", c: Label = "", d: Label = ""): C {
    let l1 = this.root.get(a);
    if (!l1) this.root.set(a, (l1 = new Map()));
    let l2 = l1.get(b);
    if (!l2) l1.set(b, (l2 = new Map()));
    let l3 = l2.get(c);
    if (!l3) l2.set(c, (l3 = new Map()));
    let cell = l3.get(d);
    if (!cell) {
      cell = this.make();
      l3.set(d, cell);
      const values = [a, b, c, d];
      this.all.push({ labels: Object.fromEntries(this.names.map((name, i) => [name, values[i]])), cell });
    }
    return cell;
  }
}

export type CounterCell = { value: number };

export class CounterFamily {
  private readonly tree: LabelTree<CounterCell>;

  constructor(registry: Registry, readonly name: string, readonly help: string, labelNames: readonly string[]) {
    this.tree = new LabelTree(labelNames, () => ({ value: 0 }));
    registry.registerMetric(this as never);
  }

  readonly type = "counter";

  /** The cell of one label set; keep it where the set is fixed. */
  at(a: Label, b?: Label, c?: Label, d?: Label): CounterCell {
    return this.tree.at(a, b, c, d);
  }

  inc(a: Label, b?: Label, c?: Label, d?: Label): void {
    this.tree.at(a, b, c, d).value += 1;
  }

  /** Called by the registry at scrape time. */
  async get() {
    const values: Values = this.tree.all.map(({ labels, cell }) => ({ value: cell.value, labels }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: "sum" };
  }
}

export class HistogramCell {
  /** Per bucket (not cumulative); the last slot is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]) i++;
    this.counts[i] += 1;
    this.sum += value;
    this.count += 1;
  }
}

export class HistogramFamily {
  private readonly tree: LabelTree<HistogramCell>;

  constructor(registry: Registry, readonly name: string, readonly help: string, labelNames: readonly string[], private readonly bounds: readonly number[]) {
    this.tree = new LabelTree(labelNames, () => new HistogramCell(bounds));
    registry.registerMetric(this as never);
  }

  readonly type = "histogram";

  at(a: Label, b?: Label, c?: Label, d?: Label): HistogramCell {
    return this.tree.at(a, b, c, d);
  }

  async get() {
    const values: Values = [];
    for (const { labels, cell } of this.tree.all) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += cell.counts[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: "sum" };
  }
}
