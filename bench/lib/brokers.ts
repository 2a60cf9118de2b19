// The two brokers under test, started with equivalent settings on the same filesystem, and timed from
// spawn to the first acknowledged produce.
//
// Kafka: a single-node KRaft broker (test/support/kafka-broker.ts) whose log dir is formatted BEFORE the
// clock starts (kafka-storage format is a separate one-off step Strand does not need); the JVM gets
// Kafka's kafka-server-start.sh flags (G1, 20 ms pause goal) with -Xms = -Xmx = heapMb.
// Strand: test/support/strand.ts, running either the compiled single binary (built fresh by the harness)
// or `bun src/cli/main.ts`.
// Both: 6 partitions by default, message.max.bytes 1048588, 1 GiB segments, no fsync per message
// (log.flush.* at their never-flush defaults; strand.log.fsync.before.ack=false), group rebalance delay 0.
// With `gcLog`, each also logs its collections (bench/lib/gc-log.ts): Kafka -Xlog:gc to a file in its work
// dir, Strand BUN_JSC_logGC=1 on stderr, which test/support/strand.ts keeps the last 2–4 MB of.
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KAFKA_MAIN, runKafkaClass } from "../../test/support/kafka-dist.ts";
import { newClusterId, startKafka } from "../../test/support/kafka-broker.ts";
import { startStrand } from "../../test/support/strand.ts";
import { freePorts } from "../../test/support/ports.ts";
import { firstAckMs } from "./wire.ts";
import { onExit } from "./procs.ts";
import type { GcLogSource } from "./gc-log.ts";

export type System = "kafka" | "strand";

export interface BrokerUnderTest {
  system: System;
  bootstrap: string;
  port: number;
  pid: number;
  /** ms from just before the broker process was spawned to the first acknowledged produce. */
  startupMs: number;
  /** Stops the broker (clean shutdown, bounded) and deletes its data. */
  stop(): Promise<void>;
  /** The broker's recent log output, for error reports. */
  logTail(): string;
  /** Strand only: ms from spawn to its "strand started" log line (the rest of startupMs is the client's first exchange). */
  listeningMs?: number;
  /** log.dirs (one dir): partitions are `<logDir>/<topic>-<partition>/`, beside `cleaner-offset-checkpoint`. */
  logDir: string;
  /** The broker's GC log, when started with BrokerSettings.gcLog. */
  gcLog?: GcLogSource;
}

export interface BrokerSettings {
  /** Parent of the brokers' data directories (same filesystem for both). */
  dataRoot: string;
  kafkaHeapMb: number;
  /** Path of a compiled Strand binary, or null to run `bun src/cli/main.ts`. */
  strandBinary: string | null;
  startTimeoutMs: number;
  /** Log every garbage collection of the broker (Kafka: -Xlog:gc to a file; Strand: BUN_JSC_logGC=1). */
  gcLog?: boolean;
}

/** Settings given to both brokers. */
export const COMMON_OVERRIDES: Record<string, string | number | boolean> = {
  "num.partitions": 6,
  "message.max.bytes": 1048588,
  "log.segment.bytes": 1073741824,
  "auto.create.topics.enable": true,
  "offsets.topic.num.partitions": 1,
  "offsets.topic.replication.factor": 1,
  "group.initial.rebalance.delay.ms": 0,
};
/** Strand's own key for what Kafka never does by default: fsync before acknowledging. */
export const STRAND_ONLY_OVERRIDES: Record<string, string | number | boolean> = {
  "strand.log.fsync.before.ack": false,
};

const STARTUP_TOPIC = "bench-startup";

/** A GC log file read by byte offset (bounded by one workload's lines when read from a mark). */
export function fileGcLog(path: string): GcLogSource {
  const size = () => {
    try {
      return statSync(path).size;
    } catch {
      return 0; // not written yet
    }
  };
  return {
    kind: "jvm",
    position: size,
    read(from) {
      const n = size() - from;
      if (n <= 0) return "";
      const buf = Buffer.alloc(n);
      const fd = openSync(path, "r");
      try {
        return buf.toString("utf8", 0, readSync(fd, buf, 0, n, from));
      } finally {
        closeSync(fd);
      }
    },
  };
}

function withoutJscGcLines(text: string): string {
  return text.split("\n").filter((l) => !l.startsWith("[GC<") && !l.startsWith("Requesting GC") && l !== "GC END!").join("\n");
}

/** Strand's stderr as a GC log: what was written after `from` characters, while the handle still keeps it. */
export function outputGcLog(h: { output(): string; outputChars(): number }): GcLogSource {
  return {
    kind: "jsc",
    position: () => h.outputChars(),
    read(from) {
      const n = h.outputChars() - from;
      const out = h.output();
      if (n <= 0) return "";
      return n <= out.length ? out.slice(out.length - n) : null;
    },
  };
}

async function formatKafkaLogDir(workDir: string, logDir: string, controllerPort: number): Promise<void> {
  const propsFile = join(workDir, "format.properties");
  writeFileSync(propsFile, [
    "process.roles=broker,controller", "node.id=1", `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    "controller.listener.names=CONTROLLER", `listeners=PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${controllerPort}`,
    "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT", `log.dirs=${logDir}`, "",
  ].join("\n"));
  const clusterId = newClusterId(); // never starting with "-", which kafka-storage would read as an option
  const r = await runKafkaClass(KAFKA_MAIN.storage, ["format", "-t", clusterId, "-c", propsFile, "--ignore-formatted"], { timeoutMs: 60_000 });
  if (r.exitCode !== 0) throw new Error(`kafka-storage format exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
}

export async function startKafkaUnderTest(s: BrokerSettings, extra: Record<string, string | number | boolean> = {}): Promise<BrokerUnderTest> {
  const workDir = mkdtempSync(join(s.dataRoot, "bench-kafka-"));
  const off = onExit(() => rmSync(workDir, { recursive: true, force: true }));
  const logDir = join(workDir, "data");
  mkdirSync(logDir);
  const [port, controllerPort] = await freePorts(2);
  await formatKafkaLogDir(workDir, logDir, controllerPort);
  const stopFlag = { stopped: false };
  const t0 = performance.now();
  const gcFile = join(workDir, "gc.log");
  // filecount=0: one file, never rotated, so a byte offset taken before a workload stays valid.
  const extraJvmArgs = s.gcLog ? [`-Xlog:gc:file=${gcFile}::filecount=0`] : [];
  const started = startKafka({ logDir, port, controllerPort, heapMb: s.kafkaHeapMb, overrides: { ...COMMON_OVERRIDES, ...extra }, startTimeoutMs: s.startTimeoutMs, extraJvmArgs });
  started.catch(() => (stopFlag.stopped = true));
  const ack = firstAckMs(() => port, STARTUP_TOPIC, t0, s.startTimeoutMs, 20, stopFlag);
  let handle;
  try {
    handle = await started;
  } catch (e) {
    off();
    rmSync(workDir, { recursive: true, force: true });
    throw e;
  }
  const h = handle;
  const offKafkaDir = onExit(() => rmSync(h.workDir, { recursive: true, force: true })); // its server.properties and kafka.log
  let startupMs: number;
  try {
    startupMs = await ack;
  } catch (e) {
    const tail = h.logTail(4_000);
    await h.remove();
    off();
    offKafkaDir();
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- kafka log (tail) ---\n${tail}`);
  }
  return {
    system: "kafka",
    bootstrap: h.bootstrap,
    port,
    pid: h.pid,
    startupMs,
    logDir,
    ...(s.gcLog ? { gcLog: fileGcLog(gcFile) } : {}),
    async stop() {
      await h.remove(); // SIGTERM, SIGKILL after 30 s; deletes workDir (which holds logDir)
      rmSync(workDir, { recursive: true, force: true });
      off();
      offKafkaDir();
    },
    logTail: () => h.logTail(4_000),
  };
}

export async function startStrandUnderTest(s: BrokerSettings, extra: Record<string, string | number | boolean> = {}): Promise<BrokerUnderTest> {
  const dataDir = mkdtempSync(join(s.dataRoot, "bench-strand-"));
  const off = onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  let port: number | null = null;
  let listeningMs = 0;
  const stopFlag = { stopped: false };
  const t0 = performance.now();
  const started = startStrand({
    dataDir,
    binary: s.strandBinary ?? undefined,
    overrides: { ...COMMON_OVERRIDES, ...STRAND_ONLY_OVERRIDES, ...extra },
    startTimeoutMs: s.startTimeoutMs,
    ...(s.gcLog ? { env: { BUN_JSC_logGC: "1" } } : {}),
  });
  started.then((h) => {
    listeningMs = performance.now() - t0;
    port = h.port;
  }, () => (stopFlag.stopped = true));
  const ack = firstAckMs(() => port, STARTUP_TOPIC, t0, s.startTimeoutMs, 5, stopFlag);
  let h;
  try {
    h = await started;
  } catch (e) {
    off();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const handle = h;
  const cleanup = async () => {
    try {
      await handle.stop(15_000);
    } catch {
      await handle.kill();
    }
    rmSync(dataDir, { recursive: true, force: true });
    off();
  };
  let startupMs: number;
  try {
    startupMs = await ack;
  } catch (e) {
    const tail = handle.output().slice(-4_000);
    await cleanup();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- strand output (tail) ---\n${tail}`);
  }
  return {
    system: "strand",
    bootstrap: handle.bootstrap,
    port: handle.port,
    pid: handle.pid,
    startupMs,
    listeningMs,
    logDir: join(dataDir, "logs"), // test/support/strand.ts's log.dirs
    ...(s.gcLog ? { gcLog: outputGcLog(handle) } : {}),
    stop: cleanup,
    // Without the GC log's lines, which would otherwise fill the tail of a failure report.
    logTail: () => (s.gcLog ? withoutJscGcLines(handle.output().slice(-400_000)) : handle.output()).slice(-4_000),
  };
}

/** `extra`: server properties both brokers take, for one session (e.g. the compaction session's log.cleaner.backoff.ms). */
export function startUnderTest(system: System, s: BrokerSettings, extra: Record<string, string | number | boolean> = {}): Promise<BrokerUnderTest> {
  return system === "kafka" ? startKafkaUnderTest(s, extra) : startStrandUnderTest(s, extra);
}
