// The metrics' own cost per request, in one process (robust where an end-to-end run on a shared machine
// is not): what the dispatcher adds to each request (two performance.now() calls and a TotalTimeMs
// histogram observation), what the produce path adds per partition (two number fields), what a
// consumer fetch answer adds (countBytesOut over six partitions), and one /metrics render of a
// registry holding 10,000 per-partition samples in three families. Prints ns per operation (median of
// `--rounds` rounds), to set against the broker's CPU per produce request (bench/metrics-overhead.ts).
//
//   bun bench/metrics-micro.ts [--ops N] [--rounds N]
import { RequestMetrics } from "../src/server/metrics/request-metrics.ts";
import { countBytesOut } from "../src/replication/local-read.ts";
import type { FetchResults, PartitionReadResult } from "../src/replication/fetch-read.ts";
import { MetricsRegistry, type Sample } from "../src/util/metrics/index.ts";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const OPS = opt("ops", 2_000_000);
const ROUNDS = opt("rounds", 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function nsPerOp(run: () => void): number {
  const xs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    run();
    xs.push(((performance.now() - t0) * 1e6) / OPS);
  }
  return Number(median(xs).toFixed(1));
}

const rm = new RequestMetrics();
let sink = 0;
const dispatcher = nsPerOp(() => {
  for (let i = 0; i < OPS; i++) {
    const start = performance.now();
    sink += i;
    rm.observe(i & 1, false, performance.now() - start);
  }
});

const partition = { bytesIn: 0, messagesIn: 0, bytesOut: 0, replicationBytesOut: 0 };
const produceCounters = nsPerOp(() => {
  for (let i = 0; i < OPS; i++) {
    partition.bytesIn += 65_536;
    partition.messagesIn += 63;
  }
});

const results = new Map<string, PartitionReadResult>();
for (let p = 0; p < 6; p++) results.set(`t-${p}`, { errorCode: 0, highWatermark: 0n, lastStableOffset: 0n, logStartOffset: 0n, records: null as never, sizeBytes: 65_536, leaderEpoch: 0, abortedTransactions: null, bytesOutCounter: partition });
const fetch: FetchResults = { results, totalBytes: 6 * 65_536, anyError: false };
const fetchAnswer = nsPerOp(() => {
  for (let i = 0; i < OPS; i++) countBytesOut(fetch, false);
});

const reg = new MetricsRegistry();
const perPartition = (): Sample[] => Array.from({ length: 10_000 }, (_, i) => ({ labels: { topic: `topic-${i % 100}`, partition: String(i) }, value: i * 1000 }));
for (const n of ["size", "logendoffset", "logstartoffset"]) reg.gaugeFn(`kafka_log_log_${n}`, n, perPartition);
const renders: number[] = [];
let bytes = 0;
for (let r = 0; r < ROUNDS; r++) {
  const t0 = performance.now();
  bytes = reg.render().length;
  renders.push(performance.now() - t0);
}
console.log(JSON.stringify({
  ops: OPS,
  rounds: ROUNDS,
  nsPerRequestInDispatcher: dispatcher,
  nsPerPartitionOnProduce: produceCounters,
  nsPerSixPartitionFetchAnswer: fetchAnswer,
  renderMs30kSamples: Number(median(renders).toFixed(1)),
  renderBytes: bytes,
  sink: sink > 0 && partition.bytesOut > 0,
}));
