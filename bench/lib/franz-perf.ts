// The franz-go load generator (test/interop/go/perf.go's produce-perf and consume-perf, built and cached by
// test/support/clients/go.ts from the Go module proxy): several client processes at once, so that on a
// 2-core machine the broker's own ceiling shows rather than one JVM client's. The pure parts (arguments,
// the split of records and partitions over the processes, the result line's parser, the sum over the
// processes) are unit-tested in test/unit/bench/franz-perf.test.ts.
import { ensureGoClient } from "../../test/support/clients/go.ts";
import { ParseError } from "./parse.ts";
import { runTool } from "./procs.ts";

export interface FranzProduceOptions {
  topic: string;
  records: number;
  recordBytes: number;
  acks: "1" | "all";
  compression: "none" | "lz4";
  seed: number;
  timeoutMs: number;
}

/** produce-perf's arguments: linger 5 ms and 64 KiB batches, as the Java produce workloads. */
export function franzProduceArgs(bootstrap: string, o: FranzProduceOptions): string[] {
  return ["produce-perf", "--bootstrap", bootstrap, "--topic", o.topic, "--records", String(o.records),
    "--record-size", String(o.recordBytes), "--acks", o.acks, "--compression", o.compression,
    "--linger-ms", "5", "--batch-bytes", "65536", "--seed", String(o.seed), "--timeout-ms", String(o.timeoutMs)];
}

export function franzConsumeArgs(bootstrap: string, topic: string, partitions: readonly number[], timeoutMs: number): string[] {
  return ["consume-perf", "--bootstrap", bootstrap, "--topic", topic, "--partitions", partitions.join(","), "--timeout-ms", String(timeoutMs)];
}

/** `total` records over `procs` processes: equal shares, the first ones take the remainder. */
export function splitRecords(total: number, procs: number): number[] {
  if (!Number.isInteger(total) || total < procs || !Number.isInteger(procs) || procs < 1) {
    throw new RangeError(`cannot split ${total} records over ${procs} processes`);
  }
  const base = Math.floor(total / procs);
  return Array.from({ length: procs }, (_, i) => base + (i < total % procs ? 1 : 0));
}

/** Partitions 0..partitions-1 dealt round-robin over at most `procs` processes (none gets an empty list). */
export function splitPartitions(partitions: number, procs: number): number[][] {
  if (!Number.isInteger(partitions) || partitions < 1 || !Number.isInteger(procs) || procs < 1) {
    throw new RangeError(`cannot split ${partitions} partitions over ${procs} processes`);
  }
  const n = Math.min(partitions, procs);
  const out: number[][] = Array.from({ length: n }, () => []);
  for (let p = 0; p < partitions; p++) out[p % n].push(p);
  return out;
}

/** One process's result line (perf.go). */
export interface FranzPerfLine {
  records: number;
  bytes: number;
  startUnixUs: number;
  endUnixUs: number;
  elapsedMs: number;
  mibPerSec: number;
  recordsPerSec: number;
  /** The process's own user + system CPU over its measured phase (getrusage), and since it started. */
  cpuSeconds: number;
  cpuSecondsTotal: number;
}

const LINE_KEYS = ["records", "bytes", "startUnixUs", "endUnixUs", "elapsedMs", "mibPerSec", "recordsPerSec", "cpuSeconds", "cpuSecondsTotal"] as const;

export function parseFranzPerf(stdout: string, event: "produce-perf" | "consume-perf" | "share-consume-perf"): FranzPerfLine {
  const line = stdout.split("\n").reverse().find((l) => l.trim().startsWith("{") && l.includes(`"event":"${event}"`));
  if (!line) throw new ParseError(`franz-go ${event} JSON line`, stdout);
  const j = JSON.parse(line) as Record<string, unknown>;
  const out = {} as FranzPerfLine;
  for (const k of LINE_KEYS) {
    const v = j[k];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) throw new ParseError(`franz-go ${event} field ${k}`, stdout);
    out[k] = v;
  }
  if (out.endUnixUs < out.startUnixUs) throw new ParseError(`franz-go ${event}: end before start`, stdout);
  return out;
}

/** The processes' figures added up: their bytes over the span from the earliest start to the latest end. */
export interface FranzPerfTotal {
  processes: number;
  records: number;
  bytes: number;
  spanMs: number;
  mibPerSec: number;
  recordsPerSec: number;
  /** The processes' own CPU over their measured phases (what they report), summed. */
  selfCpuSeconds: number;
  perProcess: FranzPerfLine[];
}

export function sumFranzPerf(lines: readonly FranzPerfLine[]): FranzPerfTotal {
  if (lines.length === 0) throw new RangeError("no franz-go results to add up");
  const start = Math.min(...lines.map((l) => l.startUnixUs));
  const end = Math.max(...lines.map((l) => l.endUnixUs));
  const records = lines.reduce((s, l) => s + l.records, 0);
  const bytes = lines.reduce((s, l) => s + l.bytes, 0);
  const spanS = Math.max(end - start, 1) / 1e6;
  return {
    processes: lines.length, records, bytes, spanMs: (end - start) / 1000,
    mibPerSec: bytes / 2 ** 20 / spanS, recordsPerSec: records / spanS,
    selfCpuSeconds: lines.reduce((s, l) => s + l.cpuSeconds, 0), perProcess: [...lines],
  };
}

/** What the harness measured around the processes: their CPU (/proc, start-up included) and the group's wall time. */
export interface FranzGroupRun extends FranzPerfTotal {
  clientCpuS: number;
  clientWallMs: number;
  client: string;
}

/** Runs one driver command per argument list at once; all must succeed. */
async function runGroup(argLists: readonly string[][], event: "produce-perf" | "consume-perf", timeoutMs: number): Promise<FranzGroupRun> {
  const go = await ensureGoClient();
  const t0 = performance.now();
  const runs = await Promise.all(argLists.map((args, i) =>
    runTool([go.bin, ...args], { name: `franz-go ${event} #${i + 1}`, timeoutMs: timeoutMs + 30_000 })));
  const wallMs = performance.now() - t0;
  const total = sumFranzPerf(runs.map((r) => parseFranzPerf(r.stdout, event)));
  return { ...total, clientCpuS: runs.reduce((s, r) => s + r.cpuSeconds, 0), clientWallMs: wallMs, client: go.version };
}

/** `procs` producer processes sharing `records` records of the topic. */
export function franzProduce(bootstrap: string, o: FranzProduceOptions, procs: number): Promise<FranzGroupRun> {
  const shares = splitRecords(o.records, procs);
  return runGroup(shares.map((n, i) => franzProduceArgs(bootstrap, { ...o, records: n, seed: o.seed + i })), "produce-perf", o.timeoutMs);
}

/** Up to `procs` consumer processes, each reading its share of the topic's partitions to their end. */
export function franzConsume(bootstrap: string, topic: string, partitions: number, procs: number, timeoutMs: number): Promise<FranzGroupRun> {
  return runGroup(splitPartitions(partitions, procs).map((ps) => franzConsumeArgs(bootstrap, topic, ps, timeoutMs)), "consume-perf", timeoutMs);
}

/**
 * franz-go's share consumer (driver share-consume-perf): `consumers` share consumers of `group` in one
 * process read `records` records of `topic` (the group's share.auto.offset.reset set to earliest first).
 */
export async function franzShareConsume(bootstrap: string, o: { topic: string; group: string; records: number; consumers: number; timeoutMs: number }): Promise<FranzPerfLine & { clientCpuS: number; client: string }> {
  const go = await ensureGoClient();
  const run = await runTool([go.bin, "share-consume-perf", "--bootstrap", bootstrap, "--topic", o.topic, "--group", o.group, "--records", String(o.records), "--consumers", String(o.consumers), "--timeout-ms", String(o.timeoutMs)],
    { name: "franz-go share-consume-perf", timeoutMs: o.timeoutMs + 30_000 });
  return { ...parseFranzPerf(run.stdout, "share-consume-perf"), clientCpuS: run.cpuSeconds, client: go.version };
}
