// Transaction verification of Produce as Kafka 4.4.0 (UnifiedLog.maybeStartTransactionVerification):
// the coordinator is asked only for a batch whose producer has no transaction open in the partition
// at the batch's epoch; later batches of the same transaction are appended without a call. A marker
// ends the transaction (the next batch is verified again); a request that waits behind an earlier
// request of its producer still being verified is appended after it; a skipped batch whose
// transaction a marker ended meanwhile is INVALID_TXN_STATE (Kafka's verification guard).
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { ProduceResponse } from "../../../src/protocol/generated/messages/produce-response.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import type { BrokerServices } from "../../../src/server/services.ts";
import type { TxnPartitionVerifier, VerifyOrAddRequest } from "../../../src/server/txn-verification.ts";
import { writeTxnMarkers } from "../../../src/server/txn-markers.ts";
import { FakeBroker } from "./fake-broker.ts";

const PID = 77n;

/** Answers NONE for every partition (or what `answer` says), after `gate` when one is set. */
class CountingVerifier implements TxnPartitionVerifier {
  calls: VerifyOrAddRequest[] = [];
  answer = ErrorCode.NONE as number;
  gate: Promise<void> | null = null;
  async verifyOrAdd(req: VerifyOrAddRequest): Promise<Map<string, number>> {
    this.calls.push(req);
    if (this.gate) await this.gate;
    return new Map(req.partitions.map((p) => [`${p.topic}-${p.partition}`, this.answer]));
  }
}

let b: FakeBroker;
let verifier: CountingVerifier;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("tx", 2);
  verifier = new CountingVerifier();
  (b.services as { -readonly [K in keyof BrokerServices]: BrokerServices[K] }).transactionCoordinator = verifier as unknown as BrokerServices["transactionCoordinator"];
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

function txnBatch(seq: number, n: number, epoch = 0): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([i]) })), producerId: PID, producerEpoch: epoch, baseSequence: seq, isTransactional: true });
}

function request(parts: Array<{ partition: number; records: Uint8Array }>) {
  return { transactionalId: "t-id", acks: -1, timeoutMs: 5000, topicData: [{ name: "tx", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitionData: parts.map((p) => ({ index: p.partition, records: p.records })) }] };
}

async function send(parts: Array<{ partition: number; records: Uint8Array }>) {
  const res = await b.call<ProduceResponse>(produceHandler, 9, request(parts));
  return res.responses[0]!.partitionResponses;
}

async function marker(epoch: number, partitions: number[], result: "COMMIT" | "ABORT" = "COMMIT"): Promise<void> {
  const [r] = await writeTxnMarkers(b.services, [{ producerId: PID, producerEpoch: epoch, coordinatorEpoch: 0, result, partitions: partitions.map((partition) => ({ topic: "tx", partition })), transactionVersion: 0 }]);
  expect(r!.partitions.every((p) => p.errorCode === 0)).toBe(true);
}

test("only the first batch of a transaction in a partition is verified; a marker ends it", async () => {
  expect((await send([{ partition: 0, records: txnBatch(0, 2) }]))[0]!.errorCode).toBe(0);
  expect(verifier.calls).toHaveLength(1);
  expect(verifier.calls[0]).toMatchObject({ transactionalId: "t-id", producerId: PID, producerEpoch: 0, add: false, partitions: [{ topic: "tx", partition: 0 }] });
  for (let k = 1; k <= 3; k++) expect((await send([{ partition: 0, records: txnBatch(k * 2, 2) }]))[0]!.errorCode).toBe(0);
  expect(verifier.calls).toHaveLength(1);
  // A second partition is verified on its own (and only that one).
  const both = await send([{ partition: 0, records: txnBatch(8, 1) }, { partition: 1, records: txnBatch(0, 1) }]);
  expect(both.map((p) => p.errorCode)).toEqual([0, 0]);
  expect(verifier.calls).toHaveLength(2);
  expect(verifier.calls[1]!.partitions).toEqual([{ topic: "tx", partition: 1 }]);
  // The transaction ends: the next batch of the producer (same epoch under TV1) is verified again.
  await marker(0, [0, 1]);
  expect((await send([{ partition: 0, records: txnBatch(9, 1) }]))[0]!.errorCode).toBe(0);
  expect(verifier.calls).toHaveLength(3);
}, 10_000);

test("a batch at another epoch than the open transaction's is verified (and refused when the coordinator says so)", async () => {
  expect((await send([{ partition: 0, records: txnBatch(0, 1) }]))[0]!.errorCode).toBe(0);
  verifier.answer = ErrorCode.PRODUCER_FENCED;
  const r = await send([{ partition: 0, records: txnBatch(0, 1, 1) }]);
  expect(r[0]!.errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
  expect(verifier.calls).toHaveLength(2);
  expect(verifier.calls[1]).toMatchObject({ producerEpoch: 1 });
  expect(b.partitionLog("tx", 0).logEndOffset).toBe(1);
}, 10_000);

test("a request needing no call waits for the producer's earlier request still being verified", async () => {
  expect((await send([{ partition: 0, records: txnBatch(0, 1) }]))[0]!.errorCode).toBe(0);
  let open!: () => void;
  verifier.gate = new Promise<void>((r) => (open = r));
  // First: partition 0 (open) and partition 1 (needs the coordinator, held); second: partition 0 only.
  const first = send([{ partition: 0, records: txnBatch(1, 1) }, { partition: 1, records: txnBatch(0, 1) }]);
  const second = send([{ partition: 0, records: txnBatch(2, 1) }]);
  await Bun.sleep(5);
  expect(b.partitionLog("tx", 0).logEndOffset).toBe(1); // the second did not overtake the first
  open();
  const [r1, r2] = await Promise.all([first, second]);
  expect(r1.map((p) => [p.errorCode, p.baseOffset])).toEqual([[0, 1n], [0, 0n]]);
  expect(r2.map((p) => [p.errorCode, p.baseOffset])).toEqual([[0, 2n]]);
  expect(verifier.calls).toHaveLength(2);
}, 10_000);

test("a batch that skipped the call finds its transaction ended by a marker meanwhile: INVALID_TXN_STATE", async () => {
  expect((await send([{ partition: 0, records: txnBatch(0, 1) }]))[0]!.errorCode).toBe(0);
  let open!: () => void;
  verifier.gate = new Promise<void>((r) => (open = r));
  const pending = send([{ partition: 0, records: txnBatch(1, 1) }, { partition: 1, records: txnBatch(0, 1) }]);
  await Bun.sleep(5);
  await marker(0, [0], "ABORT");
  open();
  const r = await pending;
  expect(r.map((p) => p.errorCode)).toEqual([ErrorCode.INVALID_TXN_STATE, 0]);
  expect(b.partitionLog("tx", 0).logEndOffset).toBe(2); // the batch and the marker, not the refused batch
}, 10_000);
