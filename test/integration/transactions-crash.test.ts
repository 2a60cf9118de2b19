// A broker killed in the middle of a transaction's markers finishes the transaction after its restart
// (issue 11, point 5): the transaction coordinator has written PREPARE_COMMIT (or PREPARE_ABORT) to
// __transaction_state, the marker is on the first partition only, and the process dies with SIGKILL
// (STRAND_TEST_TXN_MARKER_CRASH, src/server/txn-marker-crash.ts: the window is too short to hit from
// outside). The restarted broker reloads the transaction, writes the missing markers and completes it:
// every partition's LSO reaches its log end (no hanging transaction), read_committed sees every record
// of the committed transaction and none of the aborted one on every partition (no torn transaction),
// and DescribeProducers shows no open transaction.
import { afterEach, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { MessageSetIterator } from "../../src/protocol/records/message-set.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, ZERO_UUID } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOPIC = "crash-txn";
const PARTITIONS = 3;
const RECORDS_PER_PARTITION = 4;
const OVERRIDES = { "transaction.state.log.num.partitions": 2 };

let broker: StrandHandle | null = null;
afterEach(async () => {
  await broker?.kill();
  broker = null;
});

async function retry<T>(what: string, f: () => Promise<T>, ok: (r: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await f();
    if (ok(last)) return last;
    await Bun.sleep(25);
  }
  throw new Error(`${what}: still ${JSON.stringify(last, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
}

async function readCommitted(c: KafkaTestClient, partition: number): Promise<{ values: string[]; lastStableOffset: bigint; highWatermark: bigint; aborted: unknown[] | null }> {
  const res = await c.request<Any>(1, 12, {
    replicaId: -1,
    maxWaitMs: 0,
    minBytes: 1,
    maxBytes: 1 << 20,
    isolationLevel: 1,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [{ topic: TOPIC, topicId: ZERO_UUID, partitions: [{ partition, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
    forgottenTopicsData: [],
    rackId: "",
  });
  const p = res.responses[0].partitions[0];
  expect(p.errorCode).toBe(0);
  // As a read_committed consumer does: the broker returns the records of aborted transactions with the
  // list of them, and the consumer drops a producer's batches from the aborted transaction's first
  // offset up to that producer's next control batch (its ABORT marker).
  const values: string[] = [];
  const bytes: Uint8Array = p.records ?? new Uint8Array(0);
  const pending: Array<{ producerId: bigint; firstOffset: bigint }> = [...(p.abortedTransactions ?? [])];
  const aborting = new Set<bigint>();
  for (const b of new MessageSetIterator(bytes, 0, bytes.length)) {
    // Bounded by the aborted list of one fetch.
    for (let i = pending.length - 1; i >= 0; i--) {
      if (pending[i]!.firstOffset <= b.lastOffset) {
        aborting.add(pending[i]!.producerId);
        pending.splice(i, 1);
      }
    }
    if (b.isControl) {
      aborting.delete(b.producerId);
      continue;
    }
    if (b.isTransactional && aborting.has(b.producerId)) continue;
    for (const r of b.records()) values.push(new TextDecoder().decode(r.value!));
  }
  return { values, lastStableOffset: p.lastStableOffset, highWatermark: p.highWatermark, aborted: p.abortedTransactions };
}

async function runCrash(committed: boolean): Promise<void> {
  const txnId = `crash-${committed ? "commit" : "abort"}`;
  broker = await startStrand({ overrides: OVERRIDES, env: { STRAND_TEST_TXN_MARKER_CRASH: "1" } });
  const dataDir = broker.dataDir;
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, TOPIC, PARTITIONS);
  await retry("FindCoordinator TRANSACTION", () => c.request<Any>(10, 4, { key: "", keyType: 1, coordinatorKeys: [txnId] }), (r) => r.coordinators[0].errorCode === 0);
  const init = await retry("InitProducerId", () => c.request<Any>(22, 4, { transactionalId: txnId, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }), (r) => r.errorCode === 0);
  const pid: bigint = init.producerId;
  const epoch: number = init.producerEpoch;
  const partitions = Array.from({ length: PARTITIONS }, (_, i) => i);
  const add = await c.request<Any>(24, 3, { v3AndBelowTransactionalId: txnId, v3AndBelowProducerId: pid, v3AndBelowProducerEpoch: epoch, v3AndBelowTopics: [{ name: TOPIC, partitions }], transactions: [] });
  expect(add.resultsByTopicV3AndBelow[0].resultsByPartition.map((r: Any) => r.partitionErrorCode)).toEqual([0, 0, 0]);
  for (const p of partitions) {
    const records = Array.from({ length: RECORDS_PER_PARTITION }, (_, i) => ({ value: new TextEncoder().encode(`${txnId}-${p}-${i}`) }));
    const res = await c.request<Any>(0, 9, {
      transactionalId: txnId,
      acks: -1,
      timeoutMs: 10_000,
      topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: p, records: buildRecordBatch({ records, producerId: pid, producerEpoch: epoch, baseSequence: 0, isTransactional: true }) }] }],
    });
    expect(res.responses[0].partitionResponses[0].errorCode).toBe(0);
  }
  // The LSO is held back by the open transaction on every partition.
  for (const p of partitions) expect((await readCommitted(c, p)).lastStableOffset).toBe(0n);

  // EndTxn: PREPARE_* is written, then the marker writer writes the first partition's marker and the
  // process dies. The answer may or may not arrive before it does.
  const end = c.request<Any>(26, 3, { transactionalId: txnId, producerId: pid, producerEpoch: epoch, committed }).catch(() => null);
  expect(await Promise.race([broker.exited, Bun.sleep(20_000).then(() => "still running")])).not.toBe("still running");
  const answer = await end;
  if (answer) expect(answer.errorCode).toBe(0);
  c.close();

  broker = await startStrand({ dataDir, overrides: OVERRIDES });
  c = await KafkaTestClient.connect(broker.port);
  const done = committed ? "CompleteCommit" : "CompleteAbort";
  await retry(`transaction ${txnId} after restart`, () => c.request<Any>(65, 0, { transactionalIds: [txnId] }), (r) => r.transactionStates[0].transactionState === done);
  for (const p of partitions) {
    const r = await retry(`LSO of ${TOPIC}-${p}`, () => readCommitted(c, p), (x) => x.lastStableOffset === x.highWatermark);
    const expected = committed ? Array.from({ length: RECORDS_PER_PARTITION }, (_, i) => `${txnId}-${p}-${i}`) : [];
    expect(r.values).toEqual(expected);
    if (!committed) expect(r.aborted).toEqual([{ producerId: pid, firstOffset: 0n }]);
  }
  const producers = await c.request<Any>(61, 0, { topics: [{ name: TOPIC, partitionIndexes: partitions }] });
  for (const p of producers.topics[0].partitions) {
    expect(p.errorCode).toBe(0);
    expect(p.activeProducers.map((s: Any) => [s.producerId, s.currentTxnStartOffset])).toEqual([[pid, -1n]]);
  }
  // The transactional id goes on: the next InitProducerId bumps the epoch.
  const next = await c.request<Any>(22, 4, { transactionalId: txnId, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
  expect(next.errorCode).toBe(0);
  expect(next.producerEpoch).toBeGreaterThan(epoch);
  c.close();
  expect(await broker.stop()).toBe(0);
  broker = null;
}

test("SIGKILL between the markers of a commit: the restarted broker writes the rest and completes it", () => runCrash(true), { timeout: 90_000 });

test("SIGKILL between the markers of an abort: the restarted broker writes the rest and completes it", () => runCrash(false), { timeout: 90_000 });
