// What the benchmark reports: the metric catalogue (unit, which direction is better, issue 6's target
// ratio), the raw result shape written to bench/results/*.json, and the summary (medians, ratio
// candidate/baseline, target met or missed). Pure code, unit-tested in test/unit/bench/.

export type Slot = "a" | "b";

export interface Target {
  op: ">=" | "<=";
  ratio: number;
  text: string;
  /**
   * What the target bounds: the ratio candidate/baseline (default), or the candidate's own figure when
   * the figure is itself a ratio of two runs on the same broker (produce while cleaning / plain).
   */
  of?: "ratio" | "candidate";
}

export interface MetricDef {
  id: string;
  label: string;
  unit: string;
  better: "higher" | "lower";
  target?: Target;
  /** Which panel of the chart shows it. */
  chart?: "throughput" | "latency";
  /** How a system's samples become its figure: the median (default) or the largest (a p-max row). */
  aggregate?: "median" | "max";
}

const T15: Target = { op: ">=", ratio: 1.5, text: "≥ 1.5×" };
/** Issue 18's target with a native client (the franz-go rows). */
const T2: Target = { op: ">=", ratio: 2, text: "≥ 2×" };
/** The franz-go rows' labels say "N processes"; displayLabel puts the run's --franz-procs in. */
const FRANZ = "franz-go, N processes";

export const METRICS: readonly MetricDef[] = [
  // Each Java-tool row (ProducerPerformance, ConsumerPerformance) followed by the same workload driven by
  // the franz-go load generator (issue 18: a client that is not the limit; bench/lib/franz-perf.ts).
  { id: "produce.acks1.none", label: "produce acks=1, none", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "franz.produce.acks1.none", label: `produce acks=1, none — ${FRANZ}`, unit: "MiB/s", better: "higher", target: T2, chart: "throughput" },
  { id: "produce.acks1.lz4", label: "produce acks=1, lz4", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "franz.produce.acks1.lz4", label: `produce acks=1, lz4 — ${FRANZ}`, unit: "MiB/s", better: "higher", target: T2, chart: "throughput" },
  { id: "produce.acksall.none", label: "produce acks=all, none", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "franz.produce.acksall.none", label: `produce acks=all, none — ${FRANZ}`, unit: "MiB/s", better: "higher", target: T2, chart: "throughput" },
  { id: "produce.acksall.lz4", label: "produce acks=all, lz4", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "franz.produce.acksall.lz4", label: `produce acks=all, lz4 — ${FRANZ}`, unit: "MiB/s", better: "higher", target: T2, chart: "throughput" },
  { id: "consume", label: "consume (fetch phase)", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "franz.consume", label: `consume — ${FRANZ}`, unit: "MiB/s", better: "higher", target: T2, chart: "throughput" },
  { id: "txn.produce", label: "transactional produce (acks=all, none)", unit: "MiB/s", better: "higher", chart: "throughput" },
  { id: "txn.produce.franz", label: "transactional produce, franz-go client (acks=all, none)", unit: "MiB/s", better: "higher", chart: "throughput" },
  { id: "txn.commit.p50", label: "transaction commit (EndTxn round trip) p50", unit: "ms", better: "lower", chart: "latency" },
  { id: "txn.commit.p99", label: "transaction commit (EndTxn round trip) p99", unit: "ms", better: "lower", chart: "latency" },
  { id: "e2e.p50", label: "end-to-end p50", unit: "ms", better: "lower", chart: "latency" },
  { id: "e2e.p99", label: "end-to-end p99", unit: "ms", better: "lower", target: { op: "<=", ratio: 0.5, text: "≤ 0.5×" }, chart: "latency" },
  { id: "e2e.p999", label: "end-to-end p99.9", unit: "ms", better: "lower", chart: "latency" },
  { id: "startup", label: "start-up to first acked produce", unit: "ms", better: "lower", target: { op: "<=", ratio: 1 / 20, text: "≤ 1/20" } },
  { id: "rss.idle", label: "idle RSS", unit: "MiB", better: "lower", target: { op: "<=", ratio: 1 / 5, text: "≤ 1/5" } },
  { id: "rss.peakProduce", label: "peak RSS under produce load", unit: "MiB", better: "lower" },
  // Broker CPU seconds per GiB for every throughput workload (issue 18's efficiency figure), Java and
  // franz-go side by side; then the clients' own CPU for acks=1/none produce and consume.
  { id: "cpu.produce", label: "broker CPU per GiB produced (acks=1, none)", unit: "s", better: "lower" },
  { id: "cpu.franz.produce.acks1.none", label: `broker CPU per GiB produced (acks=1, none) — ${FRANZ}`, unit: "s", better: "lower" },
  { id: "cpu.produce.acks1.lz4", label: "broker CPU per GiB produced (acks=1, lz4)", unit: "s", better: "lower" },
  { id: "cpu.franz.produce.acks1.lz4", label: `broker CPU per GiB produced (acks=1, lz4) — ${FRANZ}`, unit: "s", better: "lower" },
  { id: "cpu.produce.acksall.none", label: "broker CPU per GiB produced (acks=all, none)", unit: "s", better: "lower" },
  { id: "cpu.franz.produce.acksall.none", label: `broker CPU per GiB produced (acks=all, none) — ${FRANZ}`, unit: "s", better: "lower" },
  { id: "cpu.produce.acksall.lz4", label: "broker CPU per GiB produced (acks=all, lz4)", unit: "s", better: "lower" },
  { id: "cpu.franz.produce.acksall.lz4", label: `broker CPU per GiB produced (acks=all, lz4) — ${FRANZ}`, unit: "s", better: "lower" },
  { id: "cpu.consume", label: "broker CPU per GiB consumed", unit: "s", better: "lower" },
  { id: "cpu.franz.consume", label: `broker CPU per GiB consumed — ${FRANZ}`, unit: "s", better: "lower" },
  { id: "cpu.txn.produce", label: "broker CPU per GiB, transactional produce", unit: "s", better: "lower" },
  { id: "cpu.txn.produce.franz", label: "broker CPU per GiB, transactional produce, franz-go client", unit: "s", better: "lower" },
  { id: "cpu.produce.client", label: "client CPU per GiB produced (acks=1, none)", unit: "s", better: "lower" },
  { id: "cpu.franz.produce.client", label: `client CPU per GiB produced (acks=1, none) — ${FRANZ}`, unit: "s", better: "lower" },
  { id: "cpu.consume.client", label: "client CPU per GiB consumed", unit: "s", better: "lower" },
  { id: "cpu.franz.consume.client", label: `client CPU per GiB consumed — ${FRANZ}`, unit: "s", better: "lower" },
  // The broker's garbage collections (bench/lib/gc-log.ts): over the four produce workloads together and
  // over consume, per client. Strand: JavaScriptCore's collections and pauses; Kafka: G1's.
  { id: "gc.produce.count", label: "broker GCs per GiB produced (4 produce workloads)", unit: "/GiB", better: "lower" },
  { id: "gc.produce.p99", label: "broker GC pause p99, produce", unit: "ms", better: "lower", chart: "latency" },
  { id: "gc.franz.produce.count", label: `broker GCs per GiB produced (4 produce workloads) — ${FRANZ}`, unit: "/GiB", better: "lower" },
  { id: "gc.franz.produce.p99", label: `broker GC pause p99, produce — ${FRANZ}`, unit: "ms", better: "lower", chart: "latency" },
  { id: "gc.consume.count", label: "broker GCs per GiB consumed", unit: "/GiB", better: "lower" },
  { id: "gc.consume.p99", label: "broker GC pause p99, consume", unit: "ms", better: "lower", chart: "latency" },
  { id: "gc.franz.consume.count", label: `broker GCs per GiB consumed — ${FRANZ}`, unit: "/GiB", better: "lower" },
  { id: "gc.franz.consume.p99", label: `broker GC pause p99, consume — ${FRANZ}`, unit: "ms", better: "lower", chart: "latency" },
  { id: "tls.produce", label: "produce over SSL (acks=1, none)", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "tls.consume", label: "consume over SSL (fetch phase)", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "cpu.tls.produce", label: "broker CPU per GiB produced over SSL", unit: "s", better: "lower" },
  { id: "cpu.tls.consume", label: "broker CPU per GiB consumed over SSL", unit: "s", better: "lower" },
  { id: "sasl_ssl.produce", label: "produce over SASL_SSL, SCRAM-SHA-512 (acks=1, none)", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "sasl_ssl.consume", label: "consume over SASL_SSL, SCRAM-SHA-512 (fetch phase)", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "cpu.sasl_ssl.produce", label: "broker CPU per GiB produced over SASL_SSL", unit: "s", better: "lower" },
  { id: "cpu.sasl_ssl.consume", label: "broker CPU per GiB consumed over SASL_SSL", unit: "s", better: "lower" },
  { id: "many.create", label: "create topic with many partitions", unit: "ms", better: "lower" },
  { id: "many.metadata", label: "Metadata latency, many partitions", unit: "ms", better: "lower", target: { op: "<=", ratio: 1, text: "≤ 1×" }, chart: "latency" },
  { id: "many.rss", label: "RSS with many partitions", unit: "MiB", better: "lower" },
  // Issue 15 (bench/lib/compaction.ts): the log cleaner. Rate = the workload's key + value MiB over the time
  // from the cleaner being allowed to run until its checkpoint reaches the active segment.
  { id: "compact.rate", label: "log cleaner: compact keyed log (MiB of key + value per s)", unit: "MiB/s", better: "higher", target: { op: ">=", ratio: 1, text: "≥ 1×" }, chart: "throughput" },
  { id: "compact.cpu", label: "log cleaner: broker CPU per GiB compacted", unit: "s", better: "lower" },
  { id: "compact.produce.plain", label: "keyed produce to a compacted topic, cleaner idle", unit: "MiB/s", better: "higher" },
  { id: "compact.produce.cleaning", label: "keyed produce to a compacted topic, cleaner running", unit: "MiB/s", better: "higher" },
  { id: "compact.produce.share", label: "produce while cleaning / produce with the cleaner idle", unit: "×", better: "higher", target: { op: ">=", ratio: 0.9, text: "≥ 0.9 (own figure)", of: "candidate" } },
  // Issue 17 (bench/lib/share.ts): share groups, KafkaShareConsumers on a 6-partition topic; MiB/s from the
  // first record to the last, implicit acknowledgement; the acknowledgement latency is commitSync's.
  { id: "share.consume.1", label: "share-group consume, 1 consumer", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "share.consume.4", label: "share-group consume, 4 consumers", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "share.consume.16", label: "share-group consume, 16 consumers", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  // The same with franz-go's share consumer (one process, a client per consumer): not the limit on 2 cores.
  { id: "share.consume.franz.1", label: "share-group consume, 1 consumer, franz-go", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "share.consume.franz.4", label: "share-group consume, 4 consumers, franz-go", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "share.consume.franz.16", label: "share-group consume, 16 consumers, franz-go", unit: "MiB/s", better: "higher", target: T15, chart: "throughput" },
  { id: "share.ack.p50", label: "share-group acknowledgement (commitSync, ShareAcknowledge) p50", unit: "ms", better: "lower", chart: "latency" },
  { id: "share.ack.p99", label: "share-group acknowledgement (commitSync, ShareAcknowledge) p99", unit: "ms", better: "lower", chart: "latency" },
  { id: "restart.sigkill", label: "restart after SIGKILL, 2,000 partitions (to first acked produce)", unit: "ms", better: "lower" },
  { id: "restart.sigterm", label: "restart after clean stop, 2,000 partitions", unit: "ms", better: "lower" },
  // Issue 12 (bench/lib/elections.ts): three broker+controller nodes, the active controller SIGKILLed;
  // every kill of every round is one sample.
  { id: "elections.leader", label: "3-node KRaft: SIGKILL of the active controller to a new leader (DescribeQuorum), median", unit: "ms", better: "lower", target: { op: "<=", ratio: 1, text: "≤ 1×" } },
  { id: "elections.leader.max", label: "3-node KRaft: SIGKILL of the active controller to a new leader, slowest", unit: "ms", better: "lower", aggregate: "max" },
  { id: "elections.create", label: "3-node KRaft: SIGKILL of the active controller to CreateTopics acked through a survivor, median", unit: "ms", better: "lower" },
  { id: "elections.create.max", label: "3-node KRaft: SIGKILL of the active controller to CreateTopics acked, slowest", unit: "ms", better: "lower", aggregate: "max" },
  { id: "elections.rejoin", label: "3-node KRaft: killed controller restarted, spawn to caught up, median", unit: "ms", better: "lower" },
  // Issue 13 (bench/lib/replicated.ts): three broker+controller nodes, a topic of RF 3, min.insync.replicas=2,
  // acks=all; issue 13's targets.
  { id: "replicated.produce", label: "3 nodes, RF 3: produce acks=all, none", unit: "MiB/s", better: "higher", chart: "throughput", target: { op: ">=", ratio: 1.5, text: "≥ 1.5×" } },
  { id: "replicated.e2e.p50", label: "3 nodes, RF 3: end-to-end p50 (acks=all)", unit: "ms", better: "lower", chart: "latency" },
  { id: "replicated.e2e.p99", label: "3 nodes, RF 3: end-to-end p99 (acks=all)", unit: "ms", better: "lower", chart: "latency", target: { op: "<=", ratio: 0.5, text: "≤ 0.5×" } },
];

export interface MachineInfo {
  nproc: number;
  memGiB: number;
  cpuModel: string;
  kernel: string;
  bun: string;
  java: string;
}

export interface RunError {
  slot: Slot;
  system: string;
  round: number;
  workload: string;
  message: string;
}

export interface BenchResult {
  version: 1;
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  machine: MachineInfo;
  options: Record<string, unknown>;
  /** Slot a is the baseline (Apache Kafka), b the candidate (Strand); ratios are b / a. */
  systems: Record<Slot, { system: string; label: string }>;
  ceilings: { loopbackTcpMiBps: number[]; pageCacheWriteMiBps: number[] };
  /** 1-minute load average at the start and end of every session: above nproc, other work shared the cores. */
  loadAvg1m?: number[];
  /** Sentences added afterwards by bench/report.ts --note (shown in the README section). */
  notes?: string[];
  /** Per metric id, the value of each round, per slot. */
  samples: Record<string, Record<Slot, number[]>>;
  errors: RunError[];
  /** Raw tool outputs (parsed) per round and slot, for later reading. */
  details: unknown[];
}

export function emptyResult(init: Omit<BenchResult, "version" | "finishedAt" | "ceilings" | "samples" | "errors" | "details">): BenchResult {
  return { version: 1, ...init, finishedAt: "", ceilings: { loopbackTcpMiBps: [], pageCacheWriteMiBps: [] }, loadAvg1m: [], samples: {}, errors: [], details: [] };
}

export function addSample(r: BenchResult, metricId: string, slot: Slot, value: number): void {
  if (!METRICS.some((m) => m.id === metricId)) throw new RangeError(`unknown metric ${metricId}`);
  if (!Number.isFinite(value)) throw new RangeError(`metric ${metricId}: value ${value} is not finite`);
  r.samples[metricId] ??= { a: [], b: [] };
  r.samples[metricId][slot].push(value);
}

/** The label shown for a metric: "many partitions" becomes the run's count (e.g. "10,000 partitions"). */
export function displayLabel(def: MetricDef, r: BenchResult): string {
  const n = Number(r.options.manyPartitions);
  const procs = Number(r.options.franzProcs);
  let label = Number.isInteger(n) && n > 0 ? def.label.replace("many partitions", `${n.toLocaleString("en-US")} partitions`) : def.label;
  if (Number.isInteger(procs) && procs > 0) label = label.replace(FRANZ, `franz-go, ${procs} process${procs === 1 ? "" : "es"}`);
  return label;
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function maxOf(xs: readonly number[]): number | null {
  return xs.length === 0 ? null : Math.max(...xs);
}

export type Status = "met" | "missed" | "n/a" | "";

export interface SummaryRow {
  def: MetricDef;
  a: number | null;
  b: number | null;
  /** b / a, null when either is missing or a is 0. */
  ratio: number | null;
  status: Status;
  rounds: { a: number; b: number };
}

export function ratioOf(a: number | null, b: number | null): number | null {
  if (a === null || b === null || a === 0) return null;
  return b / a;
}

export function targetStatus(target: Target | undefined, ratio: number | null): Status {
  if (!target) return "";
  if (ratio === null) return "n/a";
  return (target.op === ">=" ? ratio >= target.ratio : ratio <= target.ratio) ? "met" : "missed";
}

export function summarize(r: BenchResult): SummaryRow[] {
  return METRICS.map((def) => {
    const s = r.samples[def.id] ?? { a: [], b: [] };
    const figure = def.aggregate === "max" ? maxOf : median;
    const a = figure(s.a);
    const b = figure(s.b);
    const ratio = ratioOf(a, b);
    const status = targetStatus(def.target, def.target?.of === "candidate" ? b : ratio);
    return { def, a, b, ratio, status, rounds: { a: s.a.length, b: s.b.length } };
  });
}
