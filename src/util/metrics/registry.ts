// The broker's metrics registry (one per broker: brokers in one process share nothing). Families are
// registered once at start-up and rendered in the Prometheus text format at scrape time:
// - counter(): a number the caller increments (cold paths);
// - counterFn() / gaugeFn(): read at scrape time from state the broker keeps anyway (the cheapest kind:
//   nothing on the hot path); one value, or samples with labels;
// - histogram() / histogramFn(): fixed-bucket histograms (histogram.ts); histogramFn reads a labelled set.
// A family whose callback throws is left out of that scrape (with a comment line) and counted in
// strand_metrics_collect_errors_total; the rest still render.

import { Histogram } from "./histogram.ts";
import { CONTENT_TYPE_0_0_4, escapeHelp, formatLabels, formatValue, isLabelName, isMetricName, type Labels } from "./exposition.ts";

export { CONTENT_TYPE_0_0_4, type Labels };

export type MetricType = "counter" | "gauge" | "histogram";

export interface Sample {
  readonly labels?: Labels;
  readonly value: number;
}

/** A labelled histogram of a histogramFn family. */
export interface HistogramSample {
  readonly labels?: Labels;
  readonly histogram: Histogram;
}

type ValueSource = () => number | Iterable<Sample>;

interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  readonly values?: ValueSource;
  readonly histograms?: () => Iterable<HistogramSample>;
}

/** More families than the broker registers; a registry past it is a bug (a family per request?). */
const MAX_FAMILIES = 1000;
/** Samples one family renders per scrape (per-partition and per-group families on big brokers). */
export const MAX_SAMPLES_PER_FAMILY = 200_000;

export class Counter {
  value = 0;
  inc(n = 1): void {
    this.value += n;
  }
}

export class MetricsRegistry {
  private readonly families: Family[] = [];
  private readonly names = new Set<string>();
  private collectErrors = 0;

  constructor() {
    this.counterFn("strand_metrics_collect_errors_total", "Metric families left out of a scrape because reading them failed.", () => this.collectErrors);
  }

  counter(name: string, help: string): Counter {
    const c = new Counter();
    this.add({ name, help, type: "counter", values: () => c.value });
    return c;
  }

  counterFn(name: string, help: string, read: ValueSource): void {
    this.add({ name, help, type: "counter", values: read });
  }

  gaugeFn(name: string, help: string, read: ValueSource): void {
    this.add({ name, help, type: "gauge", values: read });
  }

  histogram(name: string, help: string, bounds: readonly number[]): Histogram {
    const h = new Histogram(bounds);
    this.add({ name, help, type: "histogram", histograms: () => [{ histogram: h }] });
    return h;
  }

  histogramFn(name: string, help: string, read: () => Iterable<HistogramSample>): void {
    this.add({ name, help, type: "histogram", histograms: read });
  }

  private add(f: Family): void {
    if (!isMetricName(f.name)) throw new Error(`not a Prometheus metric name: ${f.name}`);
    if (this.names.has(f.name)) throw new Error(`metric ${f.name} registered twice`);
    if (this.families.length >= MAX_FAMILIES) throw new Error(`more than ${MAX_FAMILIES} metric families`);
    this.names.add(f.name);
    this.families.push(f);
  }

  /** Every family in the text format 0.0.4 (CONTENT_TYPE_0_0_4). */
  render(): string {
    const parts: string[] = [];
    // Bounded by MAX_FAMILIES.
    for (const f of this.families) {
      let body: string;
      try {
        body = f.histograms ? renderHistograms(f.name, f.histograms()) : renderValues(f.name, f.values!());
      } catch (e) {
        this.collectErrors++;
        parts.push(`# ${f.name} left out: ${escapeHelp(e instanceof Error ? e.message : String(e))}\n`);
        continue;
      }
      parts.push(`# HELP ${f.name} ${escapeHelp(f.help)}\n# TYPE ${f.name} ${f.type}\n${body}`);
    }
    return parts.join("");
  }
}

function checkLabels(labels: Labels | undefined): void {
  if (!labels) return;
  for (const k in labels) if (!isLabelName(k)) throw new Error(`not a Prometheus label name: ${k}`);
}

function renderValues(name: string, v: number | Iterable<Sample>): string {
  if (typeof v === "number") return `${name} ${formatValue(v)}\n`;
  let out = "";
  let n = 0;
  for (const s of v) {
    if (++n > MAX_SAMPLES_PER_FAMILY) {
      out += `# ${name}: more than ${MAX_SAMPLES_PER_FAMILY} samples, the rest left out\n`;
      break;
    }
    checkLabels(s.labels);
    out += `${name}${formatLabels(s.labels)} ${formatValue(s.value)}\n`;
  }
  return out;
}

function renderHistograms(name: string, hs: Iterable<HistogramSample>): string {
  let out = "";
  let n = 0;
  for (const { labels, histogram: h } of hs) {
    if (++n > MAX_SAMPLES_PER_FAMILY) break;
    checkLabels(labels);
    let cumulative = 0;
    // Bounded by the bucket count.
    for (let i = 0; i < h.bounds.length; i++) {
      cumulative += h.counts[i]!;
      out += `${name}_bucket${formatLabels(labels, "le", formatValue(h.bounds[i]!))} ${cumulative}\n`;
    }
    out += `${name}_bucket${formatLabels(labels, "le", "+Inf")} ${h.count}\n`;
    out += `${name}_sum${formatLabels(labels)} ${formatValue(h.sum)}\n`;
    out += `${name}_count${formatLabels(labels)} ${h.count}\n`;
  }
  return out;
}
