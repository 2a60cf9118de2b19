// The clients of the benchmark, identical for both brokers: Kafka 4.4.0's ProducerPerformance and
// ConsumerPerformance from the kafka-tools jar, and bench/java/{RateLatency,TxnCommitLatency,KeyedProduce,ShareConsumeBench}.java
// (compiled once against kafka-clients 4.4.0, cached by source hash), each in a JVM with the "throughput" tool profile of
// test/support/kafka-dist.ts (G1, 1 GiB heap, full JIT). Processes are tracked (killed on exit) and
// time-bounded; failures raise ToolError with the tool's stderr tail. Also the franz-go driver's txn-perf
// (test/interop/go/txnperf.go, built and cached by test/support/clients/go.ts): a lighter transactional client.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { ensureKafkaDist, KAFKA_CACHE_DIR, KAFKA_MAIN, toolJvmArgs } from "../../test/support/kafka-dist.ts";
import type { KafkaDist } from "../../test/support/kafka-dist.ts";
import { ensureGoClient } from "../../test/support/clients/go.ts";
import { parseConsumerPerf, parseFranzTxnPerf, parseKeyedProduce, parseProducerPerf, parseRateLatency, parseTxnCommitLatency } from "./parse.ts";
import type { ConsumerPerfResult, FranzTxnPerfResult, KeyedProduceResult, ProducerPerfResult, RateLatencyResult, TxnCommitLatencyResult } from "./parse.ts";
import { runTool } from "./procs.ts";
import type { ToolRun } from "./procs.ts";

export async function javaTool(mainClass: string, args: string[], opts: { name: string; timeoutMs: number; extraClasspath?: string }): Promise<ToolRun> {
  const dist = await ensureKafkaDist();
  const cp = opts.extraClasspath ? `${opts.extraClasspath}:${dist.classpath}` : dist.classpath;
  return await runTool([dist.javaBin, ...toolJvmArgs(dist, "throughput"), "-cp", cp, mainClass, ...args], {
    name: opts.name,
    timeoutMs: opts.timeoutMs,
  });
}

function props(p: Record<string, string | number>): string[] {
  return Object.entries(p).map(([k, v]) => `${k}=${String(v)}`);
}

export interface ProducerPerfOptions {
  topic: string;
  numRecords: number;
  recordBytes: number;
  /** records/s cap, -1 for none */
  throughput: number;
  producerProps: Record<string, string | number>;
  timeoutMs: number;
  /** Transactional: ProducerPerformance commits a transaction every durationMs (--transaction-duration-ms). */
  transaction?: { transactionalId: string; durationMs: number };
  /** A client properties file (--command-config): values --command-property cannot carry (a JAAS string holds '='). */
  commandConfig?: string;
}

/** CPU seconds and wall time of the tool's JVM (start-up and JIT included). */
export interface ClientCost {
  clientCpuS: number;
  clientWallMs: number;
}

export async function producerPerf(bootstrap: string, o: ProducerPerfOptions): Promise<ProducerPerfResult & ClientCost & { stdout: string }> {
  const run = await javaTool(KAFKA_MAIN.producerPerf, [
    "--bootstrap-server", bootstrap, "--topic", o.topic, "--num-records", String(o.numRecords),
    "--record-size", String(o.recordBytes), "--throughput", String(o.throughput),
    ...(o.transaction ? ["--transactional-id", o.transaction.transactionalId, "--transaction-duration-ms", String(o.transaction.durationMs)] : []),
    ...(o.commandConfig ? ["--command-config", o.commandConfig] : []),
    "--command-property", ...props(o.producerProps),
  ], { name: "ProducerPerformance", timeoutMs: o.timeoutMs });
  return { ...parseProducerPerf(run.stdout), clientCpuS: run.cpuSeconds, clientWallMs: run.durationMs, stdout: run.stdout };
}

export interface ConsumerPerfOptions {
  topic: string;
  numRecords: number;
  group: string;
  timeoutMs: number;
  /** Extra consumer properties (e.g. security.protocol=SSL and a truststore for the TLS rows). */
  consumerProps?: Record<string, string | number>;
  /** A client properties file (--command-config), as for producerPerf. */
  commandConfig?: string;
}

export async function consumerPerf(bootstrap: string, o: ConsumerPerfOptions): Promise<ConsumerPerfResult & ClientCost & { stdout: string }> {
  const run = await javaTool(KAFKA_MAIN.consumerPerf, [
    "--bootstrap-server", bootstrap, "--topic", o.topic, "--num-records", String(o.numRecords),
    "--group", o.group, "--timeout", "30000",
    ...(o.commandConfig ? ["--command-config", o.commandConfig] : []),
    "--command-property", "auto.offset.reset=earliest", ...props(o.consumerProps ?? {}).flatMap((kv) => ["--command-property", kv]),
  ], { name: "ConsumerPerformance", timeoutMs: o.timeoutMs });
  const r = parseConsumerPerf(run.stdout);
  if (r.records < o.numRecords) {
    throw new Error(`ConsumerPerformance read ${r.records} of ${o.numRecords} records\n${run.stdout}\n${run.stderr.slice(-2000)}`);
  }
  return { ...r, clientCpuS: run.cpuSeconds, clientWallMs: run.durationMs, stdout: run.stdout };
}

const JAVA_DIR = join(import.meta.dir, "..", "java");
/** The benchmark's own Java clients, compiled together into one cached class dir. */
const BENCH_JAVA_SOURCES = ["RateLatency.java", "TxnCommitLatency.java", "KeyedProduce.java", "ShareConsumeBench.java"].map((f) => join(JAVA_DIR, f));

/** Compiles bench/java/*.java once per source version into the Kafka cache; returns its class dir. */
export async function ensureBenchClasses(dist?: KafkaDist): Promise<string> {
  const d = dist ?? (await ensureKafkaDist());
  const h = createHash("sha256");
  for (const f of BENCH_JAVA_SOURCES) h.update(f.slice(JAVA_DIR.length)).update("\0").update(readFileSync(f)).update("\0");
  const hash = h.digest("hex").slice(0, 16);
  const dir = join(KAFKA_CACHE_DIR, "bench-classes", hash);
  if (BENCH_JAVA_SOURCES.every((f) => existsSync(join(dir, basename(f).replace(/\.java$/, ".class"))))) return dir;
  const staging = `${dir}.tmp-${process.pid}`;
  mkdirSync(staging, { recursive: true });
  const javac = join(d.javaBin, "..", "javac");
  const clientsJar = d.classpath.split(":").find((j) => /kafka-clients-[\d.]+\.jar$/.test(j));
  if (!clientsJar) throw new Error("kafka-clients jar not found in the Kafka classpath");
  await runTool([existsSync(javac) ? javac : "javac", "-nowarn", "-d", staging, "-cp", clientsJar, ...BENCH_JAVA_SOURCES], {
    name: "javac bench/java",
    timeoutMs: 120_000,
  });
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // a concurrent run published it first
  }
  return dir;
}

export interface RateLatencyOptions {
  topic: string;
  ratePerSec: number;
  durationS: number;
  warmupS: number;
  recordBytes: number;
  acks: string;
}

export async function rateLatency(bootstrap: string, o: RateLatencyOptions): Promise<RateLatencyResult> {
  const classes = await ensureBenchClasses();
  const run = await javaTool("RateLatency", [bootstrap, o.topic, String(o.ratePerSec), String(o.durationS), String(o.warmupS),
    String(o.recordBytes), o.acks], { name: "RateLatency", timeoutMs: (o.durationS + 90) * 1000, extraClasspath: classes });
  return parseRateLatency(run.stdout);
}

export interface TxnCommitLatencyOptions {
  topic: string;
  transactions: number;
  recordsPerTxn: number;
  recordBytes: number;
  warmupTxns: number;
  transactionalId: string;
  timeoutMs: number;
}

export async function txnCommitLatency(bootstrap: string, o: TxnCommitLatencyOptions): Promise<TxnCommitLatencyResult> {
  const classes = await ensureBenchClasses();
  const run = await javaTool("TxnCommitLatency", [bootstrap, o.topic, String(o.transactions), String(o.recordsPerTxn), String(o.recordBytes),
    String(o.warmupTxns), o.transactionalId], { name: "TxnCommitLatency", timeoutMs: o.timeoutMs, extraClasspath: classes });
  return parseTxnCommitLatency(run.stdout);
}

export interface FranzTxnPerfOptions {
  topic: string;
  dataMiB: number;
  recordBytes: number;
  txnDurationMs: number;
  transactionalId: string;
  timeoutMs: number;
}

/** The driver's arguments: acks=all, no compression, linger 5 ms, 64 KiB batches, 32 MiB buffered (txnperf.go). */
export function franzTxnPerfArgs(bootstrap: string, o: FranzTxnPerfOptions): string[] {
  return ["txn-perf", "--bootstrap", bootstrap, "--topic", o.topic, "--data-mib", String(o.dataMiB),
    "--record-size", String(o.recordBytes), "--txn-duration-ms", String(o.txnDurationMs), "--txn-id", o.transactionalId,
    "--linger-ms", "5", "--batch-bytes", "65536", "--timeout-ms", String(o.timeoutMs)];
}

/** franz-go transactional producer: MiB/s, commits and their times, and the client process's CPU. */
export async function franzTxnPerf(bootstrap: string, o: FranzTxnPerfOptions): Promise<FranzTxnPerfResult & ClientCost & { client: string }> {
  const go = await ensureGoClient();
  const run = await runTool([go.bin, ...franzTxnPerfArgs(bootstrap, o)], { name: "franz-go txn-perf", timeoutMs: o.timeoutMs + 30_000 });
  return { ...parseFranzTxnPerf(run.stdout), clientCpuS: run.cpuSeconds, clientWallMs: run.durationMs, client: go.version };
}

export interface KeyedProduceOptions {
  topic: string;
  records: number;
  keys: number;
  valueBytes: number;
  seed: number;
  acks: string;
  lingerMs: number;
  batchBytes: number;
  compression: string;
  timeoutMs: number;
}

/** bench/java/KeyedProduce.java: keyed records for the compaction workload (ProducerPerformance sends no keys). */
export async function keyedProduce(bootstrap: string, o: KeyedProduceOptions): Promise<KeyedProduceResult & ClientCost> {
  const classes = await ensureBenchClasses();
  const run = await javaTool("KeyedProduce", [bootstrap, o.topic, String(o.records), String(o.keys), String(o.valueBytes), String(o.seed),
    o.acks, String(o.lingerMs), String(o.batchBytes), o.compression], { name: "KeyedProduce", timeoutMs: o.timeoutMs, extraClasspath: classes });
  return { ...parseKeyedProduce(run.stdout), clientCpuS: run.cpuSeconds, clientWallMs: run.durationMs };
}
