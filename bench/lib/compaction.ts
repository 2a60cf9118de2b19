// The log-cleaner workload (issue 15): its own session per broker (a fresh Kafka 4.4.0 or Strand, with
// log.cleaner.backoff.ms=100 on both so an idle cleaner notices new work within 0.1 s instead of 15 s),
// after the main session of the same slot and round.
//
//   fill      bench/java/KeyedProduce.java writes --compact-mib of keyed records (10-byte keys, 256-byte
//             values, --compact-keys distinct keys each written ~4 times) into `compact-bench`: 1
//             partition, cleanup.policy=compact, segment.bytes = compact-mib / 16, and
//             min.cleanable.dirty.ratio=1, under which neither cleaner can start: Kafka cleans a log
//             when its dirty ratio is ABOVE the minimum (LogCleanerManager.grabFilthiestCompactedLog),
//             and a ratio never exceeds 1.
//   rate      the clock starts just before IncrementalAlterConfigs lowers the ratio to 0.01 (dynamic on
//             both brokers) and stops when the partition's cleaner-offset-checkpoint entry reaches the
//             active segment's base offset (the cleanable end: the active segment is never cleaned).
//             Figures: key + value MiB in the cleaned range per second; broker CPU (/proc/PID/stat)
//             over the same interval per GiB. Why not the other ways of holding the cleaner back:
//             log.cleaner.enable is read-only in Kafka (a restart would time the JVM's start too), and
//             min.compaction.lag.ms makes the start depend on record timestamps and the cleaner's clock.
//   plain     the same records into a fresh `compact-plain` (ratio 1: no cleaning), MiB/s.
//   cleaning  the same into a fresh `compact-load` with ratio 0.01: each rolled segment makes the log
//             cleanable, so the cleaner works behind the producer; MiB/s, and the checkpoint is followed
//             every 100 ms to show the cleaner did run (a run where it never advanced is a failure, not
//             a figure). share = cleaning / plain of the same session (target: at least 0.9).
import { readdirSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { activeSegmentBaseOffset, cleanerCheckpoint, waitUntilCleaned } from "../../test/interop/compaction-checkpoint.ts";
import { startUnderTest } from "./brokers.ts";
import type { BrokerSettings } from "./brokers.ts";
import { keyedProduce } from "./kafka-perf.ts";
import { addSample } from "./metrics.ts";
import type { BenchResult, Slot } from "./metrics.ts";
import type { BenchOptions, SystemName } from "./options.ts";
import { cpuSeconds, rssKb } from "./procs.ts";
import { log, recordError, step, withClient, workloadTimeoutMs } from "./session.ts";
import type { Ctx } from "./session.ts";

export const KEY_BYTES = 10; // "k%09d"
export const VALUE_BYTES = 256;
const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/** Both brokers: an idle cleaner thread sleeps this long between looks for work (Kafka's default 15 s). */
export const COMPACTION_BROKER_OVERRIDES = { "log.cleaner.backoff.ms": 100 } as const;
const TOPICS = { fill: "compact-bench", plain: "compact-plain", cleaning: "compact-load" } as const;
/** Pause between the fill's last acknowledgement and allowing the cleaner (flushes and metadata settle). */
const SETTLE_MS = 2_000;

export interface CompactionPlan {
  records: number;
  keys: number;
  /** How often each key is written (records / keys). */
  writesPerKey: number;
  segmentBytes: number;
  /** Longest wait for the cleaner: a cleaner slower than 2 MiB/s is a failure. */
  cleanTimeoutMs: number;
  produceTimeoutMs: number;
}

/** Sizes of the workload from --compact-mib and --compact-keys. */
export function compactionPlan(o: Pick<BenchOptions, "compactMiB" | "compactKeys">): CompactionPlan {
  const records = Math.max(1, Math.floor((o.compactMiB * MIB) / (KEY_BYTES + VALUE_BYTES)));
  const keys = Math.min(o.compactKeys, records);
  // 16 segments (1 MiB is the smallest segment.bytes both brokers take); whole MiB.
  const segmentBytes = Math.min(GIB, Math.max(MIB, Math.floor(o.compactMiB / 16) * MIB));
  return {
    records, keys, writesPerKey: records / keys, segmentBytes,
    cleanTimeoutMs: 30_000 + o.compactMiB * 500,
    produceTimeoutMs: workloadTimeoutMs({ dataMiB: o.compactMiB }),
  };
}

export interface CleaningFigures {
  /** Key + value bytes of the records below the cleanable end (every record has the same size). */
  cleanedBytes: number;
  mibPerSec: number;
  cpuSPerGiB: number | null;
}

export function cleaningFigures(cleanableEnd: bigint, ms: number, cpuS: number | null): CleaningFigures {
  if (!(ms > 0)) throw new RangeError(`cleaning time ${ms} ms`);
  const cleanedBytes = Number(cleanableEnd) * (KEY_BYTES + VALUE_BYTES);
  return {
    cleanedBytes,
    mibPerSec: cleanedBytes / MIB / (ms / 1000),
    cpuSPerGiB: cpuS === null || cleanedBytes === 0 ? null : cpuS / (cleanedBytes / GIB),
  };
}

/** What the checkpoint did during a run: how often it moved, and where it ended (null entries: no checkpoint yet). */
export function checkpointProgress(samples: ReadonlyArray<bigint | null>): { advances: number; first: bigint | null; last: bigint | null } {
  let advances = 0;
  let prev: bigint | null = null;
  let first: bigint | null = null;
  for (const s of samples) {
    if (s === null) continue;
    if (first === null) first = s;
    if (prev !== null && s > prev) advances++;
    if (prev === null && s > 0n) advances++; // the first entry written during the run is a clean too
    prev = s;
  }
  return { advances, first, last: prev };
}

/** Samples one partition's cleaner checkpoint on an interval (at most maxSamples kept: the run is time-bounded). */
class CheckpointWatch {
  readonly samples: Array<bigint | null> = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  constructor(private readonly logDir: string, private readonly topic: string, private readonly maxSamples = 100_000) {}
  start(intervalMs: number): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    return this;
  }
  private sample(): void {
    if (this.samples.length < this.maxSamples) this.samples.push(cleanerCheckpoint(this.logDir, this.topic, 0));
  }
  stop(): Array<bigint | null> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    return this.samples;
  }
}

/** Bytes and count of the partition's segment files (.log). */
function logBytes(logDir: string, topic: string): { bytes: number; segments: number } {
  const dir = join(logDir, `${topic}-0`);
  let bytes = 0;
  let segments = 0;
  for (const f of readdirSync(dir)) {
    if (!/^\d{20}\.log$/.test(f)) continue;
    try {
      bytes += statSync(join(dir, f)).size;
      segments++;
    } catch {
      // replaced by the cleaner's swap between the listing and the stat
    }
  }
  return { bytes, segments };
}

function topicConfigs(plan: CompactionPlan, ratio: string): Record<string, string> {
  return { "cleanup.policy": "compact", "segment.bytes": String(plan.segmentBytes), "min.cleanable.dirty.ratio": ratio };
}

async function produceKeyed(c: Ctx, plan: CompactionPlan, topic: string, seed: number) {
  return await keyedProduce(c.broker.bootstrap, {
    topic, records: plan.records, keys: plan.keys, valueBytes: VALUE_BYTES, seed,
    acks: "1", lingerMs: 5, batchBytes: 65536, compression: "none", timeoutMs: plan.produceTimeoutMs,
  });
}

async function workloads(c: Ctx, plan: CompactionPlan): Promise<void> {
  const { broker } = c;
  const seed = 15_000 + c.round;
  const filled = await step(c, "compact.fill", async () => {
    await withClient(c, (cl) => cl.createTopic(TOPICS.fill, 1, 60_000, topicConfigs(plan, "1")));
    const res = await produceKeyed(c, plan, TOPICS.fill, seed);
    c.details["compact.fill"] = res;
    log(c, `compact.fill: ${res.records} records, ${res.keys} keys (${plan.writesPerKey.toFixed(1)} writes each), ${(res.bytes / MIB).toFixed(0)} MiB at ${res.mibPerSec.toFixed(1)} MiB/s (seed ${seed})`);
  });
  if (filled) {
    await step(c, "compact.rate", async () => {
      await Bun.sleep(SETTLE_MS);
      const end = activeSegmentBaseOffset(broker.logDir, TOPICS.fill, 0);
      if (end === 0n) throw new Error(`${TOPICS.fill}-0 has a single segment: nothing is cleanable (segment.bytes ${plan.segmentBytes})`);
      const before = logBytes(broker.logDir, TOPICS.fill);
      const cpu0 = cpuSeconds(broker.pid);
      const t0 = performance.now();
      await withClient(c, (cl) => cl.alterTopicConfigs(TOPICS.fill, { "min.cleanable.dirty.ratio": "0.01" }));
      const done = await waitUntilCleaned({
        logDir: broker.logDir, topic: TOPICS.fill, partition: 0, target: end, timeoutMs: plan.cleanTimeoutMs,
        what: `${c.system} ${TOPICS.fill}-0`, abort: () => (rssKb(broker.pid) === null ? "the broker process is gone" : null),
      });
      const cpu1 = cpuSeconds(broker.pid);
      const ms = done.at - t0;
      const f = cleaningFigures(end, ms, cpu0 === null || cpu1 === null ? null : cpu1 - cpu0);
      const after = logBytes(broker.logDir, TOPICS.fill);
      addSample(c.r, "compact.rate", c.slot, f.mibPerSec);
      if (f.cpuSPerGiB !== null) addSample(c.r, "compact.cpu", c.slot, f.cpuSPerGiB);
      c.details["compact.rate"] = {
        cleanableEnd: String(end), checkpoint: String(done.offset), ms, cpuS: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0, ...f,
        bytesOnDiskBefore: before.bytes, segmentsBefore: before.segments, bytesOnDiskAfter: after.bytes, segmentsAfter: after.segments,
      };
      log(c, `compact.rate: cleaned to offset ${done.offset} in ${(ms / 1000).toFixed(2)} s: ${f.mibPerSec.toFixed(1)} MiB/s, ` +
        `broker CPU ${f.cpuSPerGiB?.toFixed(2) ?? "?"} s/GiB; log ${(before.bytes / MIB).toFixed(0)} MiB in ${before.segments} segments -> ` +
        `${(after.bytes / MIB).toFixed(0)} MiB in ${after.segments}`);
    });
  }
  let plain: number | null = null;
  await step(c, "compact.produce.plain", async () => {
    await withClient(c, (cl) => cl.createTopic(TOPICS.plain, 1, 60_000, topicConfigs(plan, "1")));
    const res = await produceKeyed(c, plan, TOPICS.plain, seed);
    plain = res.mibPerSec;
    addSample(c.r, "compact.produce.plain", c.slot, res.mibPerSec);
    c.details["compact.produce.plain"] = res;
    log(c, `compact.produce.plain (cleaner idle): ${res.mibPerSec.toFixed(1)} MiB/s, ${res.recordsPerSec.toFixed(0)} rec/s`);
  });
  await step(c, "compact.produce.cleaning", async () => {
    await withClient(c, (cl) => cl.createTopic(TOPICS.cleaning, 1, 60_000, topicConfigs(plan, "0.01")));
    const watch = new CheckpointWatch(broker.logDir, TOPICS.cleaning).start(100);
    let res;
    try {
      res = await produceKeyed(c, plan, TOPICS.cleaning, seed);
    } finally {
      watch.stop();
    }
    const progress = checkpointProgress(watch.samples);
    c.details["compact.produce.cleaning"] = { ...res, cleanerCheckpointAdvances: progress.advances, lastCheckpoint: progress.last === null ? null : String(progress.last) };
    if (progress.advances === 0) {
      throw new Error(`not cleaned: the cleaner never advanced ${TOPICS.cleaning}-0's cleaner-offset-checkpoint during the produce ` +
        `(${watch.samples.length} samples, last ${progress.last ?? "no entry"}), so this is no produce-while-cleaning figure ` +
        `(${res.mibPerSec.toFixed(1)} MiB/s without cleaning)`);
    }
    addSample(c.r, "compact.produce.cleaning", c.slot, res.mibPerSec);
    if (plain !== null) addSample(c.r, "compact.produce.share", c.slot, res.mibPerSec / plain);
    log(c, `compact.produce.cleaning: ${res.mibPerSec.toFixed(1)} MiB/s while the cleaner advanced its checkpoint ${progress.advances} time(s) ` +
      `(to ${progress.last})${plain !== null ? `; ${(res.mibPerSec / plain).toFixed(3)} of plain` : ""}`);
  });
}

/** One compaction session: a fresh broker, the four steps above, the broker stopped and its data deleted. */
export async function runCompactionSession(o: BenchOptions, r: BenchResult, slot: Slot, system: SystemName, round: number, settings: BrokerSettings): Promise<void> {
  const base = { o, r, slot, system, round };
  const plan = compactionPlan(o);
  r.loadAvg1m?.push(loadavg()[0]);
  log(base, `compaction session: ${plan.records} records, ${plan.keys} keys, segment.bytes ${plan.segmentBytes}, cleaner wait at most ${plan.cleanTimeoutMs} ms`);
  let broker;
  try {
    broker = await startUnderTest(system, settings, COMPACTION_BROKER_OVERRIDES);
  } catch (e) {
    recordError(base, "compact.startup", e);
    return;
  }
  const c: Ctx = { ...base, broker, details: {} };
  try {
    await workloads(c, plan);
  } finally {
    r.loadAvg1m?.push(loadavg()[0]);
    r.details.push({ round, slot, system, session: "compaction", plan, ...c.details });
    await broker.stop().catch((e: unknown) => recordError(base, "compact.stop", e));
  }
}
