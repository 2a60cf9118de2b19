// Issue 15, "the same workload on Kafka 4.4.0 and Strand gives the same surviving keys and values": one
// seeded keyed workload (several values per key, tombstones, headers, batches of every codec, plain and
// idempotent producers, and a keyless record the broker must refuse) is produced to Apache Kafka 4.4.0
// and to Strand. Each broker cleans twice, and after each clean a read from the beginning must give
// exactly the model's records (offset, timestamp, key, value, headers), and Strand's the same as Kafka's:
//
//   pass 1  produced under min.cleanable.dirty.ratio=1 (no clean can start: a log is cleaned when its
//           dirty ratio is above the minimum), then IncrementalAlterConfigs lowers it to 0.01 and the
//           partition's cleaner-offset-checkpoint must reach the active segment's base offset. Kept: the
//           latest record of each key below that offset, tombstones included (a tombstone is first
//           stamped with a delete horizon, now + delete.retention.ms, KIP-534), and every record of the
//           active segment (never cleaned).
//   pass 2  once pass 1's delete horizon is behind us, more records (new tombstones among them) roll
//           two more segments, the cleaner runs again: pass 1's tombstones are gone, pass 2's new ones
//           stay, offsets never move.
//
// Segments roll on record timestamps (segment.ms=60000; each segment's batches are stamped 61 s after the
// previous one's), the same on both brokers, so the cleanable end is known from the produce answers.
// STRAND_COMPACTION_SEED repeats a run; STRAND_INTEROP_TARGET=kafka|strand runs one broker only (the
// Strand side always compares with the model, and with Kafka's records when Kafka ran in this file).
import { afterAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import type { RecordInput } from "../../src/protocol/records/index.ts";
import { activeSegmentBaseOffset, waitUntilCleaned } from "./compaction-checkpoint.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { startStrand } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";
import type { ProducePartitionAnswer } from "../unit/produce/wire-helpers.ts";
import { seededRandom } from "../support/seeded-random.ts";

const SEED = Number(process.env.STRAND_COMPACTION_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * One base timestamp for both brokers' runs, so their records carry the same timestamps and the outcomes
 * compare exactly: 8 segments of 61 s from it end before now (and before the second run, seconds later).
 */
const BASE_TS = Date.now() - 15 * 60_000;
console.log(`[compaction-kafka] seed ${SEED} (STRAND_COMPACTION_SEED=${SEED} repeats this run)`);
const ONLY = process.env.STRAND_INTEROP_TARGET; // unset: both brokers

const TOPIC = "cmp";
const DELETE_RETENTION_MS = 3_000;
const SEGMENT_MS = 60_000;
/** Both brokers: the idle cleaner looks for work every 100 ms (Kafka's default is 15 s). */
const OVERRIDES = { "log.cleaner.backoff.ms": 100 };
const CLEAN_TIMEOUT_MS = 30_000;
const KEYS = 12;
const PHASE1_SEGMENTS = 5; // then one more, the active segment of pass 1
const PHASE2_SEGMENTS = 2; // the first rolls pass 1's active segment; the second stays active
const BATCHES_PER_SEGMENT = 4;
const MAX_RECORDS_PER_BATCH = 6;
const CODECS = [0, 1, 2, 3, 4]; // none, gzip, snappy, lz4, zstd

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

interface PlannedRecord {
  key: string;
  value: string | null;
  headers: Array<{ key: string; value: string | null }>;
  /** ms after the workload's base timestamp. */
  tsOffsetMs: number;
}

interface PlannedBatch {
  segment: number;
  compression: number;
  idempotent: boolean;
  records: PlannedRecord[];
}

/**
 * The seeded workload: the same batches for both brokers. Segments 0-4 (cleaned by pass 1) end with a
 * batch of tombstones for key-0 and key-1 (so pass 1 keeps some and pass 2 removes them, whatever the
 * seed); segment 5 (pass 1's active segment) holds values only: the cleaner may clean it once on its
 * own while phase 2 rolls segment 6 (before pass 2's target exists), and a tombstone there would then
 * get a horizon that depends on timing. Segment 6 (cleaned by pass 2 only) ends with a tombstone for
 * key-2, which pass 2 must keep; segment 7 stays active.
 */
function planWorkload(seed: number): { phase1: PlannedBatch[]; phase2: PlannedBatch[] } {
  const rnd = seededRandom(seed);
  const pick = (n: number) => Math.floor(rnd() * n);
  let n = 0;
  const segment = (s: number, tombstones: boolean, forced: string[]): PlannedBatch[] => {
    const out: PlannedBatch[] = [];
    for (let b = 0; b < BATCHES_PER_SEGMENT; b++) {
      const records: PlannedRecord[] = [];
      const count = 1 + pick(MAX_RECORDS_PER_BATCH);
      for (let i = 0; i < count; i++) {
        n++;
        const headers = Array.from({ length: pick(3) }, (_, h) => ({ key: `h${h}-${pick(3)}`, value: rnd() < 0.2 ? null : `hv${n}.${h}` }));
        records.push({
          key: `key-${pick(KEYS)}`,
          value: tombstones && rnd() < 0.2 ? null : `value-${n}-${"x".repeat(pick(40))}`,
          headers,
          tsOffsetMs: s * (SEGMENT_MS + 1_000) + b * 10 + i,
        });
      }
      out.push({ segment: s, compression: CODECS[pick(CODECS.length)]!, idempotent: rnd() < 0.4, records });
    }
    if (forced.length > 0) {
      const records = forced.map((key, i) => ({ key, value: null, headers: [{ key: "deleted", value: `${n}` }], tsOffsetMs: s * (SEGMENT_MS + 1_000) + 100 + i }));
      out.push({ segment: s, compression: CODECS[pick(CODECS.length)]!, idempotent: rnd() < 0.4, records });
    }
    return out;
  };
  const phase1: PlannedBatch[] = [];
  for (let s = 0; s < PHASE1_SEGMENTS; s++) phase1.push(...segment(s, true, s === PHASE1_SEGMENTS - 1 ? ["key-0", "key-1"] : []));
  phase1.push(...segment(PHASE1_SEGMENTS, false, []));
  const phase2 = [...segment(PHASE1_SEGMENTS + 1, true, ["key-2"]), ...segment(PHASE1_SEGMENTS + 2, true, [])];
  return { phase1, phase2 };
}

interface SeenRecord {
  offset: string;
  timestamp: string;
  key: string | null;
  value: string | null;
  headers: Array<{ key: string; value: string | null }>;
}

/**
 * The model: records at offsets below `cleanableEnd` keep only the latest per key, and a latest
 * tombstone goes only when a previous pass below `horizonPassedBelow` stamped its horizon (and that
 * horizon passed); records at and above `cleanableEnd` all stay.
 */
function expectedAfterClean(all: readonly SeenRecord[], cleanableEnd: bigint, horizonPassedBelow: bigint): SeenRecord[] {
  const latest = new Map<string, bigint>();
  for (const r of all) if (BigInt(r.offset) < cleanableEnd) latest.set(r.key!, BigInt(r.offset));
  return all.filter((r) => {
    const o = BigInt(r.offset);
    if (o >= cleanableEnd) return true;
    if (latest.get(r.key!) !== o) return false;
    return r.value !== null || o >= horizonPassedBelow;
  });
}

const dec = new TextDecoder();
const text = (b: Uint8Array | null): string | null => (b === null ? null : dec.decode(b));

/** Every record from offset 0 to the high watermark, as a consumer sees them (batches without records skipped). */
async function readAll(c: KafkaTestClient): Promise<{ records: SeenRecord[]; highWatermark: bigint; logStartOffset: bigint }> {
  const records: SeenRecord[] = [];
  let offset = 0n;
  let hw = -1n;
  let logStart = -1n;
  // Bounded: each fetch advances past at least one batch, and the log holds fewer than 500 batches.
  for (let i = 0; i < 500; i++) {
    const res = await fetchOnce(c, TOPIC, [{ partition: 0, offset, maxBytes: 1 << 20 }]);
    const p = res.partitions[0]!;
    if (p.errorCode !== 0) throw new Error(`Fetch at ${offset}: error ${p.errorCode}`);
    hw = p.highWatermark;
    logStart = p.logStartOffset;
    if (offset >= hw) break;
    const batches = batchViews(p.records);
    if (batches.length === 0) throw new Error(`Fetch at ${offset} below the high watermark ${hw} returned no whole batch`);
    for (const b of batches) {
      for (const r of b.records()) {
        if (r.offset < offset) continue; // a batch may start before the fetch offset
        records.push({
          offset: String(r.offset), timestamp: String(r.timestamp), key: text(r.key), value: text(r.value),
          headers: r.headers.map((h) => ({ key: dec.decode(h.key), value: text(h.value) })),
        });
      }
      offset = b.lastOffset + 1n;
    }
  }
  if (offset < hw) throw new Error(`read stopped at ${offset}, below the high watermark ${hw}`);
  return { records, highWatermark: hw, logStartOffset: logStart };
}

interface Producer {
  producerId: bigint;
  producerEpoch: number;
  sequence: number;
}

/** Retriable while a fresh broker's producer id manager starts (COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE). */
const RETRIABLE_INIT_PID = new Set([14, 15]);

async function initProducerId(c: KafkaTestClient): Promise<Producer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, {
      transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1,
    });
    if (res.errorCode === 0) return { producerId: res.producerId, producerEpoch: res.producerEpoch, sequence: 0 };
    if (!RETRIABLE_INIT_PID.has(res.errorCode) || Date.now() > deadline) throw new Error(`InitProducerId: error ${res.errorCode}`);
    await Bun.sleep(100);
  }
}

const enc = new TextEncoder();
const bytes = (s: string | null): Uint8Array | null => (s === null ? null : enc.encode(s));

/** Produces the batches in order (acks=all); returns every record as it will read back, with its offset. */
async function produceBatches(c: KafkaTestClient, batches: readonly PlannedBatch[], baseTs: number, producer: Producer, what: string): Promise<{ written: SeenRecord[]; firstOffsetOfSegment: Map<number, bigint> }> {
  const written: SeenRecord[] = [];
  const firstOffsetOfSegment = new Map<number, bigint>();
  for (const [i, b] of batches.entries()) {
    const records: RecordInput[] = b.records.map((r) => ({
      key: bytes(r.key), value: bytes(r.value), timestamp: baseTs + r.tsOffsetMs,
      headers: r.headers.map((h) => ({ key: h.key, value: bytes(h.value) })),
    }));
    const idem = b.idempotent ? { producerId: producer.producerId, producerEpoch: producer.producerEpoch, baseSequence: producer.sequence } : {};
    const ans = await produce(c, TOPIC, 0, buildRecordBatch({ records, compression: b.compression, ...idem }));
    if (ans.errorCode !== 0) throw new Error(`${what}: batch ${i} refused: error ${ans.errorCode} ${ans.errorMessage ?? ""}`);
    if (b.idempotent) producer.sequence += records.length;
    if (!firstOffsetOfSegment.has(b.segment)) firstOffsetOfSegment.set(b.segment, ans.baseOffset);
    b.records.forEach((r, k) => written.push({
      offset: String(ans.baseOffset + BigInt(k)), timestamp: String(baseTs + r.tsOffsetMs), key: r.key, value: r.value, headers: r.headers,
    }));
  }
  return { written, firstOffsetOfSegment };
}

async function alterTopic(c: KafkaTestClient, configs: Record<string, string>): Promise<void> {
  const res = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
    resources: [{ resourceType: 2, resourceName: TOPIC, configs: Object.entries(configs).map(([name, value]) => ({ name, configOperation: 0, value })) }],
    validateOnly: false,
  });
  const r = res.responses[0]!;
  if (r.errorCode !== 0) throw new Error(`IncrementalAlterConfigs ${JSON.stringify(configs)}: error ${r.errorCode} ${r.errorMessage ?? ""}`);
}

interface Outcome {
  keylessAnswer: { errorCode: number; errorMessage: string | null; recordErrors: ProducePartitionAnswer["recordErrors"] };
  afterPass1: SeenRecord[];
  afterPass2: SeenRecord[];
  highWatermark: string;
  logStartOffset: string;
}

/**
 * The whole workload against one broker; fails on the first departure from the model, or from
 * `reference` (Kafka's outcome, when the Strand side runs after it), stage by stage.
 */
async function scenario(what: string, port: number, logDir: string, reference: Outcome | null): Promise<Outcome> {
  const sameAsKafka = (stage: keyof Outcome, mine: unknown) => {
    if (reference) expect([`${what} vs Kafka 4.4.0`, stage, mine]).toEqual([`${what} vs Kafka 4.4.0`, stage, reference[stage]]);
  };
  const { phase1, phase2 } = planWorkload(SEED);
  const baseTs = BASE_TS;
  const c = await KafkaTestClient.connect(port);
  try {
    await createTopic(c, TOPIC, 1, {
      "cleanup.policy": "compact", "min.cleanable.dirty.ratio": "1", "delete.retention.ms": String(DELETE_RETENTION_MS),
      "segment.ms": String(SEGMENT_MS), "min.compaction.lag.ms": "0",
    });
    await waitForLeaders(c, TOPIC);

    // A keyless record is refused (INVALID_RECORD) and takes no offset.
    const keyless = await produce(c, TOPIC, 0, buildRecordBatch({ records: [{ key: null, value: enc.encode("no key") }] }));
    const keylessAnswer = { errorCode: keyless.errorCode, errorMessage: keyless.errorMessage, recordErrors: keyless.recordErrors };
    expect([what, keyless.errorCode]).toEqual([what, 87]);

    const producer = await initProducerId(c);
    const p1 = await produceBatches(c, phase1, baseTs, producer, what);
    const end1 = p1.firstOffsetOfSegment.get(PHASE1_SEGMENTS)!;
    expect([what, "active segment of pass 1", activeSegmentBaseOffset(logDir, TOPIC, 0)]).toEqual([what, "active segment of pass 1", end1]);

    await alterTopic(c, { "min.cleanable.dirty.ratio": "0.01" });
    const clean1 = await waitUntilCleaned({ logDir, topic: TOPIC, partition: 0, target: end1, timeoutMs: CLEAN_TIMEOUT_MS, what: `${what} pass 1` });
    const cleaned1At = Date.now(); // the cleaner's clock read for pass 1 came before this
    const afterPass1 = (await readAll(c)).records;
    expect([what, "after pass 1", afterPass1]).toEqual([what, "after pass 1", expectedAfterClean(p1.written, end1, 0n)]);
    expect(clean1.offset).toBe(end1);
    sameAsKafka("afterPass1", afterPass1);

    // Past pass 1's delete horizon, then pass 2.
    await Bun.sleep(Math.max(0, cleaned1At + DELETE_RETENTION_MS + 500 - Date.now()));
    const p2 = await produceBatches(c, phase2, baseTs, producer, what);
    const end2 = p2.firstOffsetOfSegment.get(PHASE1_SEGMENTS + PHASE2_SEGMENTS)!;
    expect([what, "active segment of pass 2", activeSegmentBaseOffset(logDir, TOPIC, 0)]).toEqual([what, "active segment of pass 2", end2]);
    await waitUntilCleaned({ logDir, topic: TOPIC, partition: 0, target: end2, timeoutMs: CLEAN_TIMEOUT_MS, what: `${what} pass 2` });
    const read2 = await readAll(c);
    const model2 = expectedAfterClean([...afterPass1, ...p2.written], end2, end1);
    expect([what, "after pass 2", read2.records]).toEqual([what, "after pass 2", model2]);
    sameAsKafka("afterPass2", read2.records);
    // What the model says, spelled out: pass 1 kept its tombstones, pass 2 removed those and kept its own.
    const tombstones = (rs: SeenRecord[], from: bigint, to: bigint) => rs.filter((r) => r.value === null && BigInt(r.offset) >= from && BigInt(r.offset) < to).length;
    expect([what, tombstones(afterPass1, 0n, end1) > 0, tombstones(read2.records, 0n, end1), tombstones(read2.records, end1, end2) > 0])
      .toEqual([what, true, 0, true]);
    const totalWritten = p1.written.length + p2.written.length;
    expect([what, read2.highWatermark, read2.logStartOffset]).toEqual([what, BigInt(totalWritten), 0n]);
    // Last, so that a difference in the refusal's wording does not hide the cleaner's results.
    sameAsKafka("keylessAnswer", keylessAnswer);
    return { keylessAnswer, afterPass1, afterPass2: read2.records, highWatermark: String(read2.highWatermark), logStartOffset: String(read2.logStartOffset) };
  } finally {
    c.close();
  }
}

let kafkaOutcome: Outcome | null = null;

test.if(ONLY !== "strand")("Kafka 4.4.0: the seeded keyed workload cleans to the model in two passes", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) throw new Error(`Kafka jars unavailable (${probe.reason}): set STRAND_INTEROP_TARGET=strand to run the Strand side alone`);
  const kafka = await startKafka({ overrides: OVERRIDES });
  cleanups.push(() => kafka.remove());
  try {
    kafkaOutcome = await scenario("Kafka 4.4.0", kafka.port, kafka.logDir, null);
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- kafka log (tail) ---\n${kafka.logTail(3_000)}`);
  }
}, 90_000);

test.if(ONLY !== "kafka")("Strand: the same workload leaves the same records as the model and as Kafka 4.4.0", async () => {
  const strand = await startStrand({ overrides: OVERRIDES });
  cleanups.push(() => strand.kill());
  let mine: Outcome;
  try {
    mine = await scenario("Strand", strand.port, `${strand.dataDir}/logs`, kafkaOutcome);
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- strand output (tail) ---\n${strand.output().slice(-3_000)}`);
  }
  if (kafkaOutcome) expect(mine).toEqual(kafkaOutcome);
}, 90_000);
