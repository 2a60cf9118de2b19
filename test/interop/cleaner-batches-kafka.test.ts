// The cleaner's output batch by batch against Apache Kafka 4.4.0's: the same keyed batches (every
// codec, tombstones, headers, committed and aborted transactions of one producer) are produced to a topic on each broker with cleanup.policy=delete, the
// last segment rolled, then the topic is switched to compact, so each cleaner makes exactly one pass
// over the same segments; then more data and a second pass, after the tombstones' delete horizon
// (delete.retention.ms=0). kafka-dump-log's view of the cleaned segments must match: every batch's
// offsets, record count, codec, flags and whether it carries a delete horizon, and every record's
// offset, timestamp, key, value and headers (sizes, CRCs, the horizon's value, which is the
// cleaning's clock, the producer id and the markers' timestamps and coordinator epoch aside). Run with the Kafka jars cached (test/support/kafka-dist.ts); skipped without them.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { readOffsetCheckpoint } from "../../src/storage/checkpoint-file.ts";
import { probeKafkaDist, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { dumpLogSegments } from "../support/kafka-tools.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const dist = await probeKafkaDist();
const enc = new TextEncoder();
const TOPIC = "cleaned-batches";
/** The same record timestamps on both brokers. */
const T0 = Date.now() - 60_000;
const SEED = Number(process.env.STRAND_TEST_SEED ?? Date.now() % 100000);

function batches(seed: number): Uint8Array[] {
  let s = seed >>> 0;
  const r = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  return Array.from({ length: 120 }, (_, b) =>
    buildRecordBatch({
      compression: b % 5,
      records: [
        ...Array.from({ length: 1 + Math.floor(r() * 5) }, (_, i) => {
          const k = `key-${Math.floor(r() * 30)}`;
          const tomb = r() < 0.15;
          return { key: enc.encode(k), value: tomb ? null : enc.encode(`v-${b}-${i}-${"x".repeat(Math.floor(r() * 50))}`), headers: r() < 0.3 ? [{ key: "h", value: enc.encode(`${b}`) }] : [], timestamp: T0 + b * 10 + i };
        }),
        // Whatever the seed, some keys end in a tombstone, so the first pass keeps tombstones (with a
        // delete horizon): with random keys alone, about 1 seed in 140 (51943 among them) left none.
        ...(b === 0 || b === 119 ? ["gone-a", "gone-b"].map((k, i) => ({ key: enc.encode(k), value: b === 0 ? enc.encode(k) : null, headers: [], timestamp: T0 + b * 10 + 5 + i })) : []),
      ],
    }),
  );
}

/** kafka-dump-log lines of the cleaned segments, without what depends on the codec build or the clock. */
async function cleanedView(dir: string): Promise<string[]> {
  const logs = readdirSync(dir).filter((n) => n.endsWith(".log")).sort();
  const dump = await dumpLogSegments(logs.slice(0, -1).map((n) => join(dir, n)), { printDataLog: true });
  return dump.stdout
    .split("\n")
    .filter((l) => l.startsWith("baseOffset:") || l.startsWith("| offset:"))
    .map((l) => (l.includes("isControl: true") || l.includes("endTxnMarker") ? l.replace(/ CreateTime: \d+/, "") : l))
    .map((l) =>
      l
        .replace(/producerId: (?!-1)\d+/, "producerId: P")
        .replace(/coordinatorEpoch: \d+/, "coordinatorEpoch: E")
        .replace(/ position: \d+/, "")
        .replace(/ size: \d+/, "")
        .replace(/ crc: \d+/, "")
        .replace(/deleteHorizonMs: OptionalLong\[\d+\]/, "deleteHorizonMs: set"),
    );
}

const RETRIABLE = new Set([14, 15, 16, 51]);
/** NOT_LEADER_OR_FOLLOWER, NETWORK_EXCEPTION, NOT_ENOUGH_REPLICAS (before the append) and the above. */
const PRODUCE_RETRIABLE = new Set([6, 13, 19, ...RETRIABLE]);
async function retrying<T>(what: string, call: () => Promise<T>, code: (t: T) => number, retriable: ReadonlySet<number> = RETRIABLE): Promise<T> {
  let last = -1;
  // Bounded: 150 tries, 100 ms apart.
  for (let i = 0; i < 150; i++) {
    const r = await call();
    last = code(r);
    if (!retriable.has(last)) return r;
    await Bun.sleep(100);
  }
  throw new Error(`${what}: still retriable error ${last}`);
}

/** Transactions of one transactional producer: committed and aborted, keys shared with the plain batches. */
async function transactions(c: KafkaTestClient, seed: number): Promise<void> {
  const txnId = "cleaner-batches-txn";
  const coord = await retrying("FindCoordinator", () => c.request(10, 4, { keyType: 1, coordinatorKeys: [txnId] }) as Promise<Any>, (r) => r.coordinators[0].errorCode);
  expect(coord.coordinators[0].errorCode).toBe(0);
  const init = await retrying("InitProducerId", () => c.request(22, 4, { transactionalId: txnId, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }) as Promise<Any>, (r) => r.errorCode);
  expect(init.errorCode).toBe(0);
  const producerId = init.producerId as bigint;
  const producerEpoch = init.producerEpoch as number;
  let sequence = 0;
  let s = seed >>> 0;
  const r = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let t = 0; t < 6; t++) {
    const add = await retrying("AddPartitionsToTxn", () => c.request(24, 3, { v3AndBelowTransactionalId: txnId, v3AndBelowProducerId: producerId, v3AndBelowProducerEpoch: producerEpoch, v3AndBelowTopics: [{ name: TOPIC, partitions: [0] }] }) as Promise<Any>, (x) => x.resultsByTopicV3AndBelow[0].resultsByPartition[0].partitionErrorCode);
    expect(add.resultsByTopicV3AndBelow[0].resultsByPartition[0].partitionErrorCode).toBe(0);
    for (let b = 0; b < 2; b++) {
      const n = 1 + Math.floor(r() * 3);
      const records = buildRecordBatch({ producerId, producerEpoch, baseSequence: sequence, isTransactional: true, compression: (t + b) % 5, records: Array.from({ length: n }, (_, i) => ({ key: enc.encode(`key-${Math.floor(r() * 30)}`), value: enc.encode(`txn-${t}-${b}-${i}`), timestamp: T0 + 2000 + t * 10 + b })) });
      sequence += n;
      // Kafka verifies a transactional produce with its transaction coordinator over its own
      // inter-broker client (AddPartitionsToTxnManager); just after start that check can fail
      // transiently (NETWORK_EXCEPTION, or NOT_ENOUGH_REPLICAS for older produce versions) with
      // nothing appended, and the Java producer retries: so does this test, same sequence.
      const produceOnce = () => c.request(0, 9, { transactionalId: txnId, acks: -1, timeoutMs: 10_000, topicData: [{ name: TOPIC, topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitionData: [{ index: 0, records }] }] }) as Promise<Any>;
      const res = await retrying("transactional Produce", produceOnce, (x) => x.responses[0].partitionResponses[0].errorCode, PRODUCE_RETRIABLE);
      expect(res.responses[0].partitionResponses[0].errorCode).toBe(0);
    }
    const end = await retrying("EndTxn", () => c.request(26, 3, { transactionalId: txnId, producerId, producerEpoch, committed: t % 3 !== 1 }) as Promise<Any>, (x) => x.errorCode);
    expect(end.errorCode).toBe(0);
  }
  // The last marker is written after EndTxn answers: wait for the LSO to reach the log end.
  // Bounded: 150 tries.
  for (let i = 0; i < 150; i++) {
    const lo = (await c.request(2, 9, { replicaId: -1, isolationLevel: 1, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }] })) as Any;
    const hw = (await c.request(2, 9, { replicaId: -1, isolationLevel: 0, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }] })) as Any;
    if (lo.topics[0].partitions[0].offset === hw.topics[0].partitions[0].offset) return;
    await Bun.sleep(100);
  }
  throw new Error("the last transaction marker was not written");
}

async function alterToCompact(c: KafkaTestClient): Promise<void> {
  const r = (await c.request(44, 1, { resources: [{ resourceType: 2, resourceName: TOPIC, configs: [{ name: "cleanup.policy", configOperation: 0, value: "compact" }] }], validateOnly: false })) as Any;
  expect(r.responses[0].errorCode).toBe(0);
}

async function waitCleaned(file: string, atLeast: number, what: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  // Bounded by the deadline.
  while (Date.now() < deadline) {
    if (existsSync(file) && (readOffsetCheckpoint(file).get(`${TOPIC}-0`)?.offset ?? 0) >= atLeast) return;
    await Bun.sleep(100);
  }
  throw new Error(`${file} did not reach ${atLeast}:\n${what()}`);
}

describe.skipIf(!dist.ok)("the cleaner's batches against Kafka 4.4.0's", () => {
  let kafka: KafkaHandle | null = null;
  let strand: StrandHandle | null = null;
  afterAll(async () => {
    await kafka?.remove();
    if (strand) {
      await strand.kill().catch(() => undefined);
      removeDataDir(strand.dataDir);
    }
  }, 120_000);

  test("one cleaning pass over the same segments gives the same batches", async () => {
    console.log(`cleaner-batches seed=${SEED}`);
    const overrides = { "log.cleaner.backoff.ms": 200 };
    [kafka, strand] = await Promise.all([startKafka({ overrides }), startStrand({ overrides })]);
    const config = { "cleanup.policy": "delete", "retention.ms": "-1", "internal.segment.bytes": "3000", "min.cleanable.dirty.ratio": "0.01", "segment.ms": "500", "message.timestamp.type": "CreateTime", "delete.retention.ms": "0" };
    const views: string[][] = [];
    const second: string[][] = [];
    for (const [port, checkpoint, dir, out] of [
      [kafka.port, join(kafka.logDir, "cleaner-offset-checkpoint"), join(kafka.logDir, `${TOPIC}-0`), () => kafka!.logTail(4000)],
      [strand.port, join(strand.dataDir, "logs", "cleaner-offset-checkpoint"), join(strand.dataDir, "logs", `${TOPIC}-0`), () => strand!.output().slice(-4000)],
    ] as const) {
      const c = await KafkaTestClient.connect(port);
      try {
        await createTopic(c, TOPIC, 1, config);
        await waitForLeaders(c, TOPIC);
        const all = batches(SEED);
        for (const b of all.slice(0, 60)) expect((await produce(c, TOPIC, 0, b)).errorCode).toBe(0);
        await transactions(c, SEED);
        for (const b of all.slice(60)) expect((await produce(c, TOPIC, 0, b)).errorCode).toBe(0);
        // segment.ms: the next produce rolls, leaving every batch above below the active segment.
        await Bun.sleep(600);
        const last = await produce(c, TOPIC, 0, buildRecordBatch({ records: [{ key: enc.encode("roll"), value: enc.encode("roll"), timestamp: T0 + 5000 }] }));
        expect(last.errorCode).toBe(0);
        await alterToCompact(c);
        await waitCleaned(checkpoint, Number(last.baseOffset), out);
        // Let a second pass happen if either cleaner would make one (neither should: nothing is dirty).
        await Bun.sleep(800);
        views.push(await cleanedView(dir));
        // A second pass (more dirty data): the tombstones' delete horizon (delete.retention.ms=0) has passed.
        for (const b of batches(SEED + 1).slice(0, 30)) expect((await produce(c, TOPIC, 0, b)).errorCode).toBe(0);
        await Bun.sleep(600);
        const roll2 = await produce(c, TOPIC, 0, buildRecordBatch({ records: [{ key: enc.encode("roll"), value: enc.encode("roll2"), timestamp: T0 + 10_000 }] }));
        await waitCleaned(checkpoint, Number(roll2.baseOffset), out);
        await Bun.sleep(800);
        second.push(await cleanedView(dir));
      } finally {
        c.close();
      }
    }
    const [k, s] = views as [string[], string[]];
    if (process.env.DBG) console.log(k.slice(0, 12).join("\n"), "\n...", k.length, "lines");
    expect(k.length).toBeGreaterThan(10);
    expect(k.some((l) => l.includes("deleteHorizonMs: set"))).toBe(true);
    expect(s).toEqual(k);
    const [k2, s2] = second as [string[], string[]];
    expect(s2).toEqual(k2);
    // The first pass's tombstones (their horizon has passed) are gone on both; the second batch of data
    // may bring new tombstones, which the second pass keeps (their horizon starts then).
    const tombstoneOffsets = (view: string[]) => view.filter((l) => l.startsWith("| offset:") && l.includes("valueSize: -1")).map((l) => /^\| offset: (\d+)/.exec(l)![1]);
    const firstPass = tombstoneOffsets(k);
    expect(firstPass.length).toBeGreaterThan(0);
    expect(tombstoneOffsets(k2).filter((o) => firstPass.includes(o))).toEqual([]);
  }, 240_000);
});
