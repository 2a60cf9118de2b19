// Parsers for the output of Kafka's perf tools, of bench/java/{RateLatency,TxnCommitLatency}.java and of the
// franz-go driver's txn-perf command. Pure functions: each throws ParseError (with the text it could not
// read) rather than guessing.

export class ParseError extends Error {
  constructor(
    readonly what: string,
    readonly text: string,
  ) {
    super(`could not parse ${what} from:\n${text.slice(-2_000)}`);
    this.name = "ParseError";
  }
}

export interface ProducerPerfResult {
  records: number;
  recordsPerSec: number;
  mbPerSec: number;
  avgLatencyMs: number;
  maxLatencyMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  p999Ms: number;
}

// The final summary line of ProducerPerformance (MB here is 1024*1024 bytes, as the tool prints it).
const PRODUCER_SUMMARY =
  /(\d+) records sent, ([\d.]+) records\/sec \(([\d.]+) MB\/sec\), ([\d.]+) ms avg latency, ([\d.]+) ms max latency, (\d+) ms 50th, (\d+) ms 95th, (\d+) ms 99th, (\d+) ms 99\.9th/g;

/** The last summary line of ProducerPerformance's stdout (progress lines have no percentiles). */
export function parseProducerPerf(stdout: string): ProducerPerfResult {
  const all = [...stdout.matchAll(PRODUCER_SUMMARY)];
  const m = all[all.length - 1];
  if (!m) throw new ParseError("ProducerPerformance summary", stdout);
  const n = m.slice(1).map(Number);
  return {
    records: n[0], recordsPerSec: n[1], mbPerSec: n[2], avgLatencyMs: n[3], maxLatencyMs: n[4],
    p50Ms: n[5], p95Ms: n[6], p99Ms: n[7], p999Ms: n[8],
  };
}

export interface ConsumerPerfResult {
  mbConsumed: number;
  mbPerSec: number;
  records: number;
  recordsPerSec: number;
  rebalanceMs: number;
  fetchMs: number;
  /** Throughput over the fetch time only (group join excluded). */
  fetchMbPerSec: number;
  fetchRecordsPerSec: number;
}

/**
 * ConsumerPerformance's result line: "start, end, MB, MB/s, nMsg, nMsg/s, rebalance ms, fetch ms,
 * fetch MB/s, fetch nMsg/s" (MB = 1024*1024 bytes).
 */
export function parseConsumerPerf(stdout: string): ConsumerPerfResult {
  const lines = stdout.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("start.time"));
  for (let i = lines.length - 1; i >= 0; i--) {
    const f = lines[i].split(",").map((s) => s.trim());
    if (f.length !== 10) continue;
    const n = f.slice(2).map(Number);
    if (n.some((x) => !Number.isFinite(x))) continue;
    return {
      mbConsumed: n[0], mbPerSec: n[1], records: n[2], recordsPerSec: n[3],
      rebalanceMs: n[4], fetchMs: n[5], fetchMbPerSec: n[6], fetchRecordsPerSec: n[7],
    };
  }
  throw new ParseError("ConsumerPerformance result line", stdout);
}

export interface RateLatencyResult {
  sent: number;
  received: number;
  counted: number;
  p50Us: number;
  p99Us: number;
  p999Us: number;
  maxUs: number;
  avgUs: number;
  rate: number;
}

export function parseRateLatency(stdout: string): RateLatencyResult {
  const line = stdout.split("\n").reverse().find((l) => l.trim().startsWith("{\"sent\""));
  if (!line) throw new ParseError("RateLatency JSON line", stdout);
  const j = JSON.parse(line) as RateLatencyResult;
  for (const k of ["sent", "received", "counted", "p50Us", "p99Us", "p999Us", "maxUs", "avgUs", "rate"] as const) {
    if (typeof j[k] !== "number") throw new ParseError(`RateLatency field ${k}`, stdout);
  }
  return j;
}

export interface TxnCommitLatencyResult {
  transactions: number;
  counted: number;
  commitP50Us: number;
  commitP99Us: number;
  commitMaxUs: number;
  commitAvgUs: number;
  txnP50Us: number;
  txnP99Us: number;
}

export function parseTxnCommitLatency(stdout: string): TxnCommitLatencyResult {
  const line = stdout.split("\n").reverse().find((l) => l.trim().startsWith("{\"transactions\""));
  if (!line) throw new ParseError("TxnCommitLatency JSON line", stdout);
  const j = JSON.parse(line) as TxnCommitLatencyResult;
  for (const k of ["transactions", "counted", "commitP50Us", "commitP99Us", "commitMaxUs", "commitAvgUs", "txnP50Us", "txnP99Us"] as const) {
    if (typeof j[k] !== "number") throw new ParseError(`TxnCommitLatency field ${k}`, stdout);
  }
  return j;
}

export interface FranzTxnPerfResult {
  records: number;
  bytes: number;
  elapsedMs: number;
  mibPerSec: number;
  recordsPerSec: number;
  commits: number;
  /** Flush + EndTransaction (what Java's commitTransaction does). */
  commitP50Ms: number;
  commitP99Ms: number;
  commitMaxMs: number;
  /** EndTransaction alone (the EndTxn round trip). */
  endTxnP50Ms: number;
  endTxnP99Ms: number;
}

/** The result line of the franz-go driver's txn-perf command (test/interop/go/txnperf.go). */
export function parseFranzTxnPerf(stdout: string): FranzTxnPerfResult {
  const line = stdout.split("\n").reverse().find((l) => l.trim().startsWith("{") && l.includes('"event":"txn-perf"'));
  if (!line) throw new ParseError("franz-go txn-perf JSON line", stdout);
  const j = JSON.parse(line) as Record<string, unknown>;
  const keys = ["records", "bytes", "elapsedMs", "mibPerSec", "recordsPerSec", "commits", "commitP50Ms", "commitP99Ms", "commitMaxMs", "endTxnP50Ms", "endTxnP99Ms"] as const;
  const out = {} as FranzTxnPerfResult;
  for (const k of keys) {
    const v = j[k];
    if (typeof v !== "number" || !Number.isFinite(v)) throw new ParseError(`franz-go txn-perf field ${k}`, stdout);
    out[k] = v;
  }
  return out;
}

/** dd's summary "N bytes (...) copied, S s, R unit/s" -> bytes per second. */
export function parseDd(stderr: string): number {
  const m = /(\d+) bytes .* copied, ([\d.,]+) s/.exec(stderr);
  if (!m) throw new ParseError("dd summary", stderr);
  const seconds = Number(m[2].replace(",", "."));
  if (!(seconds > 0)) throw new ParseError("dd duration", stderr);
  return Number(m[1]) / seconds;
}

export interface KeyedProduceResult {
  records: number;
  /** Distinct keys written. */
  keys: number;
  /** Key + value bytes sent. */
  bytes: number;
  elapsedMs: number;
  mibPerSec: number;
  recordsPerSec: number;
}

/** The result line of bench/java/KeyedProduce.java (the compaction workload's producer). */
export function parseKeyedProduce(stdout: string): KeyedProduceResult {
  const line = stdout.split("\n").reverse().find((l) => l.trim().startsWith("{") && l.includes('"event":"keyed-produce"'));
  if (!line) throw new ParseError("KeyedProduce JSON line", stdout);
  const j = JSON.parse(line) as Record<string, unknown>;
  const out = {} as KeyedProduceResult;
  for (const k of ["records", "keys", "bytes", "elapsedMs", "mibPerSec", "recordsPerSec"] as const) {
    const v = j[k];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) throw new ParseError(`KeyedProduce field ${k}`, stdout);
    out[k] = v;
  }
  return out;
}
