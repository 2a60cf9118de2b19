// Kafka's own `.txnindex` files against Strand's (issue 11: "`.txnindex` in Kafka's byte format, rebuilt by
// recovery"). A real Apache Kafka 4.4.0 broker runs committed and aborted transactions on two partitions
// over several segments and stops cleanly. Then, on Kafka's log dir:
// 1. Strand's storage lists the same aborted transactions (producer id, first offset) that Kafka's own
//    read_committed Fetch answered, from Kafka's index files;
// 2. with every `.txnindex`, the clean-shutdown marker and the recovery-point checkpoint removed,
//    Strand's recovery re-reads every segment and writes index files byte for byte equal to Kafka's
//    (the same entries, each with the last stable offset Kafka computed when the abort was appended).
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { MessageSetIterator } from "../../src/protocol/records/message-set.ts";
import { CLEAN_SHUTDOWN_FILE, LogManager, RECOVERY_POINT_CHECKPOINT } from "../../src/storage/log-manager.ts";
import { readMetaProperties } from "../../src/storage/meta-properties.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { createTopic } from "../support/kafka-tools.ts";
import { tempDir } from "../unit/storage/helpers.ts";
import { retry } from "../support/txn-crash-scenario.ts";
import { ZERO_UUID } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOPIC = "txk";
const PARTITIONS = 2;
const TXN_ID = "txk-producer";
const TRANSACTIONS = 24;
const RECORDS_PER_BATCH = 12;

/** Transactions with Kafka's transactional protocol (v3 requests: Transactions V1 from the client). */
async function runTransactions(c: KafkaTestClient): Promise<{ producerId: bigint; aborted: number }> {
  await retry("FindCoordinator", () => c.request<Any>(10, 4, { key: "", keyType: 1, coordinatorKeys: [TXN_ID] }), (r) => r.coordinators[0].errorCode === 0);
  const init = await retry("InitProducerId", () => c.request<Any>(22, 4, { transactionalId: TXN_ID, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }), (r) => r.errorCode === 0);
  const pid: bigint = init.producerId;
  const epoch: number = init.producerEpoch;
  const sequences = new Array<number>(PARTITIONS).fill(0);
  let aborted = 0;
  for (let t = 0; t < TRANSACTIONS; t++) {
    const commit = t % 3 !== 1;
    // Transaction t touches partition 0 always and partition 1 on even t, so the partitions' LSOs differ.
    const parts = t % 2 === 0 ? [0, 1] : [0];
    const add = await retry("AddPartitionsToTxn", () =>
      c.request<Any>(24, 3, { v3AndBelowTransactionalId: TXN_ID, v3AndBelowProducerId: pid, v3AndBelowProducerEpoch: epoch, v3AndBelowTopics: [{ name: TOPIC, partitions: parts }], transactions: [] }),
      (r) => r.resultsByTopicV3AndBelow[0].resultsByPartition.every((p: Any) => p.partitionErrorCode !== 51), // CONCURRENT_TRANSACTIONS: retried
    );
    expect(add.resultsByTopicV3AndBelow[0].resultsByPartition.map((p: Any) => p.partitionErrorCode)).toEqual(parts.map(() => 0));
    for (const p of parts) {
      const records = Array.from({ length: RECORDS_PER_BATCH }, (_, i) => ({ key: new TextEncoder().encode(`k${i}`), value: new TextEncoder().encode(`t${t}-p${p}-${i}-`.padEnd(8000, "x")) }));
      const batch = buildRecordBatch({ records, producerId: pid, producerEpoch: epoch, baseSequence: sequences[p]!, isTransactional: true });
      sequences[p]! += RECORDS_PER_BATCH;
      const res = await c.request<Any>(0, 9, { transactionalId: TXN_ID, acks: -1, timeoutMs: 10_000, topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: p, records: batch }] }] });
      expect(res.responses[0].partitionResponses[0].errorCode).toBe(0);
    }
    const end = await c.request<Any>(26, 3, { transactionalId: TXN_ID, producerId: pid, producerEpoch: epoch, committed: commit });
    expect(end.errorCode).toBe(0);
    if (!commit) aborted++;
    const state = commit ? "CompleteCommit" : "CompleteAbort";
    await retry(`transaction ${t}`, () => c.request<Any>(65, 0, { transactionalIds: [TXN_ID] }), (r) => r.transactionStates[0].transactionState === state);
  }
  return { producerId: pid, aborted };
}

/**
 * Kafka's read_committed Fetch of a whole partition, request after request (a Fetch answer holds data of
 * one segment): every aborted transaction it lists (once each), and the offsets.
 */
async function fetchCommitted(c: KafkaTestClient, partition: number): Promise<{ aborted: Array<{ producerId: bigint; firstOffset: bigint }>; lastStableOffset: bigint; highWatermark: bigint }> {
  const aborted = new Map<string, { producerId: bigint; firstOffset: bigint }>();
  let offset = 0n;
  let last: Any = {};
  // Bounded: each answer moves the offset past at least one batch, up to the high watermark.
  for (let i = 0; i < 1000; i++) {
    const res = await c.request<Any>(1, 12, {
      replicaId: -1,
      maxWaitMs: 0,
      minBytes: 1,
      maxBytes: 32 << 20,
      isolationLevel: 1,
      sessionId: 0,
      sessionEpoch: -1,
      topics: [{ topic: TOPIC, topicId: ZERO_UUID, partitions: [{ partition, currentLeaderEpoch: -1, fetchOffset: offset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 32 << 20 }] }],
      forgottenTopicsData: [],
      rackId: "",
    });
    last = res.responses[0].partitions[0];
    expect(last.errorCode).toBe(0);
    for (const a of last.abortedTransactions ?? []) aborted.set(`${a.producerId}@${a.firstOffset}`, { producerId: a.producerId, firstOffset: a.firstOffset });
    const bytes: Uint8Array = last.records ?? new Uint8Array(0);
    let next = offset;
    for (const b of new MessageSetIterator(bytes, 0, bytes.length)) next = b.lastOffset + 1n;
    if (next === offset) break;
    offset = next;
    if (offset >= last.lastStableOffset) break;
  }
  expect(offset).toBe(last.lastStableOffset);
  return { aborted: [...aborted.values()].sort((a, b) => Number(a.firstOffset - b.firstOffset)), lastStableOffset: last.lastStableOffset, highWatermark: last.highWatermark };
}

function txnIndexFiles(partDir: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const n of readdirSync(partDir).sort()) if (n.endsWith(".txnindex")) out.set(n, [...new Uint8Array(readFileSync(join(partDir, n)))]);
  return out;
}

async function strandAborted(logDir: string): Promise<Array<Array<{ producerId: bigint; firstOffset: bigint }>>> {
  const meta = readMetaProperties(logDir)!;
  const manager = LogManager.open({ logDirs: [logDir], nodeId: meta.nodeId, clusterId: meta.clusterId });
  try {
    expect(manager.offlinePartitions()).toEqual([]);
    const out: Array<Array<{ producerId: bigint; firstOffset: bigint }>> = [];
    for (let p = 0; p < PARTITIONS; p++) {
      const log = manager.getLog({ topic: TOPIC, partition: p })!;
      out.push(log.collectAbortedTransactions(log.logStartOffset, log.logEndOffset).map((a) => ({ producerId: a.producerId, firstOffset: BigInt(a.firstOffset) })));
    }
    return out;
  } finally {
    await manager.close();
  }
}

test("Kafka 4.4.0's .txnindex files: Strand reads the aborted transactions Kafka answers, and recovery rebuilds them byte for byte", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) throw new Error(`Kafka 4.4.0 is needed for this test: ${probe.reason}`);
  const d = tempDir("strand-txnindex-kafka-");
  const logDir = join(d.path, "data");
  const kafka = await startKafka({ logDir });
  try {
    // Small segments (Kafka's minimum), so the transactions and their index entries spread over several.
    await createTopic(kafka.bootstrap, TOPIC, { partitions: PARTITIONS, configs: { "segment.bytes": 1048576 } });
    const c = await KafkaTestClient.connect(kafka.port);
    let kafkaView: Awaited<ReturnType<typeof fetchCommitted>>[];
    let producerId: bigint;
    try {
      const run = await runTransactions(c);
      producerId = run.producerId;
      expect(run.aborted).toBe(8);
      kafkaView = [];
      for (let p = 0; p < PARTITIONS; p++) kafkaView.push(await fetchCommitted(c, p));
    } finally {
      c.close();
    }
    await kafka.stop();
    expect(kafkaView[0]!.aborted.length).toBe(8);
    expect(kafkaView[1]!.aborted.length).toBeGreaterThan(0);
    for (const v of kafkaView) {
      expect(v.lastStableOffset).toBe(v.highWatermark);
      for (const a of v.aborted) expect(a.producerId).toBe(producerId);
    }

    // 1. Kafka's index files read by Strand.
    expect(await strandAborted(logDir)).toEqual(kafkaView.map((v) => v.aborted.map((a) => ({ producerId: a.producerId, firstOffset: a.firstOffset }))));

    // 2. Rebuilt by Strand's recovery from the segments alone.
    const kafkaFiles: Map<string, number[]>[] = [];
    for (let p = 0; p < PARTITIONS; p++) {
      const partDir = join(logDir, `${TOPIC}-${p}`);
      const files = txnIndexFiles(partDir);
      expect(files.size).toBeGreaterThan(0);
      if (p === 0) expect(readdirSync(partDir).filter((n) => n.endsWith(".log")).length).toBeGreaterThan(1);
      kafkaFiles.push(files);
      expect([...files.values()].every((b) => b.length > 0 && b.length % 34 === 0)).toBe(true);
      for (const n of files.keys()) rmSync(join(partDir, n));
    }
    rmSync(join(logDir, CLEAN_SHUTDOWN_FILE), { force: true });
    rmSync(join(logDir, RECOVERY_POINT_CHECKPOINT), { force: true });
    expect(existsSync(join(logDir, `${TOPIC}-0`))).toBe(true);
    expect(await strandAborted(logDir)).toEqual(kafkaView.map((v) => v.aborted.map((a) => ({ producerId: a.producerId, firstOffset: a.firstOffset }))));
    for (let p = 0; p < PARTITIONS; p++) expect(txnIndexFiles(join(logDir, `${TOPIC}-${p}`))).toEqual(kafkaFiles[p]!);
  } finally {
    await kafka.remove();
    d.cleanup();
  }
}, 240_000);
