// Transactional appends through the ReplicaManager: a client's transactional batch, the coordinator's
// markers (origin coordinator, no sequence checks) and Kafka 4.4's checks: INVALID_PRODUCER_EPOCH
// (incl. Transactions V2's "marker epoch above the producer's", a retried marker allowed),
// TRANSACTION_COORDINATOR_FENCED, INVALID_TXN_STATE, INVALID_RECORD for a client's control batch.
import { afterEach, expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../../src/protocol/records/builder.ts";
import { buildEndTxnMarkerBatch, type TransactionResult } from "../../../src/protocol/records/control-batch.ts";
import { ReplicaManager, type AppendEntry, type PartitionAppendResult } from "../../../src/replication/replica-manager.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import { createLogger } from "../../../src/util/log.ts";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { tempDir } from "../storage/helpers.ts";
import { imageOf, NODE_ID } from "./helpers.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
}, 120_000);

function setup(): { rm: ReplicaManager; logs: LogManager } {
  const dir = tempDir("strand-txn-rm-");
  const config = BrokerConfig.from(new Map(), Object.entries({
    "node.id": String(NODE_ID),
    "log.dirs": dir.path,
    "process.roles": "broker,controller",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
    "controller.listener.names": "CONTROLLER",
  }));
  const logs = LogManager.open({ logDirs: [dir.path], nodeId: NODE_ID, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
  const rm = new ReplicaManager({ nodeId: NODE_ID, config, logs, logger: createLogger("error"), timer: new Timer({ clock: new FakeClock(0) }) });
  cleanups.push(() => dir.cleanup(), () => logs.close().then(() => undefined), () => rm.shutdown());
  rm.applyDelta({ before: null, after: imageOf([{ name: "t", partitions: 1 }]), configChanged: "all" });
  return { rm, logs };
}

function dataEntry(producerId: bigint, epoch: number, seq: number, txn: boolean, n = 1): AppendEntry {
  const records = buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new TextEncoder().encode(`r${i}`) })), producerId, producerEpoch: epoch, baseSequence: seq, isTransactional: txn });
  return { topic: "t", partition: 0, records, batch: { producerId, producerEpoch: epoch, baseSequence: seq, lastOffsetDelta: n - 1 }, crcVerified: false, logAppendTimeMs: -1, nowMs: Date.now() };
}

function markerEntry(producerId: bigint, epoch: number, result: TransactionResult, coordinatorEpoch = 0, transactionVersion = 0): AppendEntry {
  return {
    topic: "t",
    partition: 0,
    records: buildEndTxnMarkerBatch({ producerId, producerEpoch: epoch, coordinatorEpoch, result }),
    batch: { producerId, producerEpoch: epoch, baseSequence: -1, lastOffsetDelta: 0 },
    crcVerified: true,
    logAppendTimeMs: -1,
    nowMs: Date.now(),
    transactionVersion,
  };
}

function one(r: PartitionAppendResult[] | Promise<PartitionAppendResult[]>): PartitionAppendResult {
  if (r instanceof Promise) throw new Error("append waited");
  return r[0]!;
}

test("a transactional batch holds the LSO; the coordinator's COMMIT marker releases it", () => {
  const { rm, logs } = setup();
  const log = logs.getLog({ topic: "t", partition: 0 })!;
  expect(one(rm.appendRecords([dataEntry(-1n, -1, -1, false)], 1, 1000, "client")).errorCode).toBe(0);
  expect(one(rm.appendRecords([dataEntry(9n, 0, 0, true, 2)], 1, 1000, "client")).errorCode).toBe(0);
  expect(log.highWatermark).toBe(3);
  expect(log.lastStableOffset).toBe(1);
  const m = one(rm.appendRecords([markerEntry(9n, 0, "COMMIT", 1)], 1, 1000, "coordinator"));
  expect(m.errorCode).toBe(0);
  expect(m.baseOffset).toBe(3);
  expect(log.lastStableOffset).toBe(4);
  expect(log.producers.get(9n)!.coordinatorEpoch).toBe(1);
});

test("a marker with a lower producer epoch is INVALID_PRODUCER_EPOCH; a lower coordinator epoch is TRANSACTION_COORDINATOR_FENCED", () => {
  const { rm, logs } = setup();
  const log = logs.getLog({ topic: "t", partition: 0 })!;
  one(rm.appendRecords([dataEntry(3n, 5, 0, true)], 1, 1000, "client"));
  one(rm.appendRecords([markerEntry(3n, 5, "ABORT", 4)], 1, 1000, "coordinator"));
  one(rm.appendRecords([dataEntry(3n, 5, 1, true)], 1, 1000, "client"));
  const end = log.logEndOffset;
  expect(one(rm.appendRecords([markerEntry(3n, 4, "COMMIT", 4)], 1, 1000, "coordinator")).errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
  expect(one(rm.appendRecords([markerEntry(3n, 5, "COMMIT", 3)], 1, 1000, "coordinator")).errorCode).toBe(ErrorCode.TRANSACTION_COORDINATOR_FENCED);
  expect(log.logEndOffset).toBe(end); // nothing written
  expect(log.firstUnstableOffset).toBe(2);
  expect(one(rm.appendRecords([markerEntry(3n, 5, "COMMIT", 4)], 1, 1000, "coordinator")).errorCode).toBe(0);
  expect(log.firstUnstableOffset).toBeNull();
});

test("a non-transactional batch from a producer with an open transaction is INVALID_TXN_STATE", () => {
  const { rm } = setup();
  one(rm.appendRecords([dataEntry(4n, 0, 0, true)], 1, 1000, "client"));
  const r = one(rm.appendRecords([dataEntry(4n, 0, 1, false)], 1, 1000, "client"));
  expect(r.errorCode).toBe(ErrorCode.INVALID_TXN_STATE);
  // The producer's own retry of its first batch is still recognised (answered, not appended).
  expect(one(rm.appendRecords([dataEntry(4n, 0, 0, true)], 1, 1000, "client")).errorCode).toBe(0);
});

test("a client may not write a control batch (INVALID_RECORD)", () => {
  const { rm } = setup();
  const e = markerEntry(6n, 0, "COMMIT");
  expect(one(rm.appendRecords([e], 1, 1000, "client")).errorCode).toBe(ErrorCode.INVALID_RECORD);
});

test("Transactions V2: the marker bumps the epoch, a same-epoch marker is refused unless it retries a completed one, the next transaction starts at sequence 0", () => {
  const { rm, logs } = setup();
  const log = logs.getLog({ topic: "t", partition: 0 })!;
  one(rm.appendRecords([dataEntry(8n, 2, 0, true, 3)], 1, 1000, "client"));
  expect(one(rm.appendRecords([markerEntry(8n, 2, "ABORT", 0, 2)], 1, 1000, "coordinator")).errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
  expect(one(rm.appendRecords([markerEntry(8n, 3, "ABORT", 0, 2)], 1, 1000, "coordinator")).errorCode).toBe(0);
  const aborted = log.collectAbortedTransactions(0, log.logEndOffset);
  expect(aborted).toEqual([{ producerId: 8n, firstOffset: 0, lastOffset: 3, lastStableOffset: 4 }]);
  // The coordinator retries the same marker: written again, completes nothing.
  expect(one(rm.appendRecords([markerEntry(8n, 3, "ABORT", 0, 2)], 1, 1000, "coordinator")).errorCode).toBe(0);
  expect(log.collectAbortedTransactions(0, log.logEndOffset)).toEqual(aborted);
  // Epoch 3's first transaction starts at sequence 0; any other sequence is out of order.
  expect(one(rm.appendRecords([dataEntry(8n, 3, 5, true)], 1, 1000, "client")).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
  expect(one(rm.appendRecords([dataEntry(8n, 3, 0, true)], 1, 1000, "client")).errorCode).toBe(0);
  // A lower epoch's transactional batch is fenced.
  expect(one(rm.appendRecords([dataEntry(8n, 2, 3, true)], 1, 1000, "client")).errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
});

test("origin coordinator: a transactional batch without sequence (offset commits) gets the epoch check only", () => {
  const { rm, logs } = setup();
  const log = logs.getLog({ topic: "t", partition: 0 })!;
  expect(one(rm.appendRecords([dataEntry(12n, 1, -1, true)], 1, 1000, "coordinator")).errorCode).toBe(0);
  expect(one(rm.appendRecords([dataEntry(12n, 1, -1, true)], 1, 1000, "coordinator")).errorCode).toBe(0);
  expect(one(rm.appendRecords([dataEntry(12n, 0, -1, true)], 1, 1000, "coordinator")).errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
  expect(log.firstUnstableOffset).toBe(0);
});
