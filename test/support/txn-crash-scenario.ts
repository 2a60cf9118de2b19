// A broker killed between the markers of a transaction, over and over (test/integration/transactions-crash
// runs a short version, test/chaos/transactions-crash a long one). Each round starts Strand on the same
// data dir with STRAND_TEST_TXN_MARKER_CRASH=n (src/server/txn-marker-crash.ts): the first n-1
// transactions of the round complete, the n-th dies with its marker on the first partition only and
// PREPARE_COMMIT / PREPARE_ABORT in __transaction_state. The broker is started again without the seam
// and must finish that transaction: it reaches COMPLETE_*, every partition's LSO reaches its high
// watermark (no hanging transaction), read_committed returns exactly the records of every committed
// transaction of every round so far, in order, and none of an aborted one (no torn transaction), and
// DescribeProducers shows no open transaction.

import { expect } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { MessageSetIterator } from "../../src/protocol/records/message-set.ts";
import { KafkaTestClient } from "./kafka-client.ts";
import { startStrand, type StrandHandle } from "./strand.ts";
import { createTopic, ZERO_UUID } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const CRASH_TOPIC = "crash-txn";
const OVERRIDES = { "transaction.state.log.num.partitions": 2 };

export interface CrashRound {
  /** Transactions that complete before the one the broker dies in (the seam's n - 1). */
  completeBefore: number;
  /** Commit (true) or abort each transaction of the round, the crashing one last. */
  commits: readonly boolean[];
  recordsPerPartition: number;
}

export { seededRandom } from "./seeded-random.ts";

/** Calls `f` until `ok` holds (every 25 ms), failing with the last answer after timeoutMs. */
export async function retry<T>(what: string, f: () => Promise<T>, ok: (r: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  // Bounded by the deadline.
  while (Date.now() < deadline) {
    last = await f();
    if (ok(last)) return last;
    await Bun.sleep(25);
  }
  throw new Error(`${what}: still ${JSON.stringify(last, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
}

/**
 * A whole partition read as a read_committed consumer reads it: the broker returns aborted
 * transactions' records with the list of them, and the consumer drops a producer's batches from an
 * aborted transaction's first offset up to that producer's next control batch (its ABORT marker).
 */
export async function readCommitted(c: KafkaTestClient, partition: number): Promise<{ values: string[]; lastStableOffset: bigint; highWatermark: bigint }> {
  const values: string[] = [];
  let offset = 0n;
  let lso = -1n;
  let hw = -1n;
  // Bounded: each answer moves the offset past at least one batch, up to the LSO.
  for (let i = 0; i < 10_000; i++) {
    const res = await c.request<Any>(1, 12, {
      replicaId: -1,
      maxWaitMs: 0,
      minBytes: 1,
      maxBytes: 8 << 20,
      isolationLevel: 1,
      sessionId: 0,
      sessionEpoch: -1,
      topics: [{ topic: CRASH_TOPIC, topicId: ZERO_UUID, partitions: [{ partition, currentLeaderEpoch: -1, fetchOffset: offset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 8 << 20 }] }],
      forgottenTopicsData: [],
      rackId: "",
    });
    const p = res.responses[0].partitions[0];
    expect(p.errorCode).toBe(0);
    lso = p.lastStableOffset;
    hw = p.highWatermark;
    const bytes: Uint8Array = p.records ?? new Uint8Array(0);
    const pending: Array<{ producerId: bigint; firstOffset: bigint }> = [...(p.abortedTransactions ?? [])];
    const aborting = new Set<bigint>();
    let next = offset;
    for (const b of new MessageSetIterator(bytes, 0, bytes.length)) {
      next = b.lastOffset + 1n;
      // Bounded by the aborted list of one answer.
      for (let j = pending.length - 1; j >= 0; j--) {
        if (pending[j]!.firstOffset <= b.lastOffset) {
          aborting.add(pending[j]!.producerId);
          pending.splice(j, 1);
        }
      }
      if (b.isControl) {
        aborting.delete(b.producerId);
        continue;
      }
      if (b.isTransactional && aborting.has(b.producerId)) continue;
      for (const r of b.records()) values.push(new TextDecoder().decode(r.value!));
    }
    if (next === offset || next >= lso) break;
    offset = next;
  }
  return { values, lastStableOffset: lso, highWatermark: hw };
}

export class TxnCrashScenario {
  private broker: StrandHandle | null = null;
  private dataDir: string | undefined;
  private round = 0;
  /** Per partition: the values every committed transaction wrote, in order. */
  readonly expected: string[][];

  constructor(
    readonly partitions: number,
    private readonly txnId: string,
  ) {
    this.expected = Array.from({ length: partitions }, () => []);
  }

  async close(): Promise<void> {
    await this.broker?.kill();
    this.broker = null;
  }

  async runRound(r: CrashRound): Promise<void> {
    expect(r.commits.length).toBe(r.completeBefore + 1);
    const round = this.round++;
    this.broker = await startStrand({ dataDir: this.dataDir, overrides: OVERRIDES, env: { STRAND_TEST_TXN_MARKER_CRASH: String(r.completeBefore + 1) } });
    this.dataDir = this.broker.dataDir;
    let c = await KafkaTestClient.connect(this.broker.port);
    if (round === 0) await createTopic(c, CRASH_TOPIC, this.partitions);
    await retry("FindCoordinator TRANSACTION", () => c.request<Any>(10, 4, { key: "", keyType: 1, coordinatorKeys: [this.txnId] }), (x) => x.coordinators[0].errorCode === 0);
    const init = await retry("InitProducerId", () => c.request<Any>(22, 4, { transactionalId: this.txnId, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 }), (x) => x.errorCode === 0);
    const pid: bigint = init.producerId;
    const epoch: number = init.producerEpoch;
    const parts = Array.from({ length: this.partitions }, (_, i) => i);
    const sequences = new Array<number>(this.partitions).fill(0);
    let crashed: { commit: boolean; values: string[][] } | null = null;
    for (let t = 0; t <= r.completeBefore; t++) {
      const commit = r.commits[t]!;
      const add = await retry("AddPartitionsToTxn", () =>
        c.request<Any>(24, 3, { v3AndBelowTransactionalId: this.txnId, v3AndBelowProducerId: pid, v3AndBelowProducerEpoch: epoch, v3AndBelowTopics: [{ name: CRASH_TOPIC, partitions: parts }], transactions: [] }),
        (x) => x.resultsByTopicV3AndBelow[0].resultsByPartition.every((p: Any) => p.partitionErrorCode !== 51), // CONCURRENT_TRANSACTIONS
      );
      expect(add.resultsByTopicV3AndBelow[0].resultsByPartition.map((p: Any) => p.partitionErrorCode)).toEqual(parts.map(() => 0));
      const written: string[][] = [];
      for (const p of parts) {
        const values = Array.from({ length: r.recordsPerPartition }, (_, i) => `${this.txnId}-r${round}-t${t}-p${p}-${i}`);
        written.push(values);
        const records = values.map((v) => ({ value: new TextEncoder().encode(v) }));
        const res = await c.request<Any>(0, 9, {
          transactionalId: this.txnId,
          acks: -1,
          timeoutMs: 10_000,
          topicData: [{ name: CRASH_TOPIC, topicId: ZERO_UUID, partitionData: [{ index: p, records: buildRecordBatch({ records, producerId: pid, producerEpoch: epoch, baseSequence: sequences[p]!, isTransactional: true }) }] }],
        });
        sequences[p]! += values.length;
        expect(res.responses[0].partitionResponses[0].errorCode).toBe(0);
      }
      if (t < r.completeBefore) {
        const end = await c.request<Any>(26, 3, { transactionalId: this.txnId, producerId: pid, producerEpoch: epoch, committed: commit });
        expect(end.errorCode).toBe(0);
        const done = commit ? "CompleteCommit" : "CompleteAbort";
        await retry(`transaction ${t} of round ${round}`, () => c.request<Any>(65, 0, { transactionalIds: [this.txnId] }), (x) => x.transactionStates[0].transactionState === done);
        if (commit) for (const p of parts) this.expected[p]!.push(...written[p]!);
        continue;
      }
      // The last one: PREPARE_* is written, the first partition's marker too, then the process dies.
      // The answer may or may not arrive before it does.
      const end = c.request<Any>(26, 3, { transactionalId: this.txnId, producerId: pid, producerEpoch: epoch, committed: commit }).catch(() => null);
      expect(await Promise.race([this.broker.exited, Bun.sleep(20_000).then(() => "still running")])).not.toBe("still running");
      const answer = await end;
      if (answer) expect(answer.errorCode).toBe(0);
      crashed = { commit, values: written };
    }
    c.close();

    this.broker = await startStrand({ dataDir: this.dataDir, overrides: OVERRIDES });
    c = await KafkaTestClient.connect(this.broker.port);
    const done = crashed!.commit ? "CompleteCommit" : "CompleteAbort";
    await retry(`crashed transaction of round ${round} after the restart`, () => c.request<Any>(65, 0, { transactionalIds: [this.txnId] }), (x) => x.transactionStates[0].transactionState === done);
    if (crashed!.commit) for (const p of parts) this.expected[p]!.push(...crashed!.values[p]!);
    for (const p of parts) {
      const got = await retry(`LSO of ${CRASH_TOPIC}-${p}`, () => readCommitted(c, p), (x) => x.lastStableOffset === x.highWatermark);
      expect(got.values).toEqual(this.expected[p]!);
    }
    const producers = await c.request<Any>(61, 0, { topics: [{ name: CRASH_TOPIC, partitionIndexes: parts }] });
    for (const p of producers.topics[0].partitions) {
      expect(p.errorCode).toBe(0);
      expect(p.activeProducers.filter((s: Any) => s.currentTxnStartOffset !== -1n)).toEqual([]);
    }
    c.close();
    expect(await this.broker.stop()).toBe(0);
    this.broker = null;
  }
}
