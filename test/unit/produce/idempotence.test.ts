// Idempotent produce: duplicates of the last 5 batches answered with their original offsets,
// out-of-order sequences, epoch fencing, and producer state surviving a restart (snapshot + replay).
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { ProduceResponse } from "../../../src/protocol/generated/messages/produce-response.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { checkProducerSequence, lastSequenceOf } from "../../../src/replication/producer-sequence.ts";
import { ProducerIdManager } from "../../../src/coordinator/producer-ids.ts";
import { FakeBroker, produceRequest } from "./fake-broker.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("i", 1);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

function idem(seq: number, n: number, epoch = 0, pid = 42n): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([i]) })), producerId: pid, producerEpoch: epoch, baseSequence: seq });
}

async function send(broker: FakeBroker, bytes: Uint8Array) {
  const res = await broker.call<ProduceResponse>(produceHandler, 9, produceRequest("i", bytes));
  return res.responses[0]!.partitionResponses[0]!;
}

test("a retried batch among the last five gets its original offsets and is not appended again", async () => {
  const offsets: bigint[] = [];
  for (let k = 0; k < 6; k++) offsets.push((await send(b, idem(k * 2, 2))).baseOffset);
  expect(offsets).toEqual([0n, 2n, 4n, 6n, 8n, 10n]);
  const dup = await send(b, idem(4, 2));
  expect(dup.errorCode).toBe(0);
  expect(dup.baseOffset).toBe(4n);
  expect(b.partitionLog("i").logEndOffset).toBe(12);
  // the first batch is no longer among the last five: it is out of order now
  expect((await send(b, idem(0, 2))).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
});

test("a gap in sequences is OUT_OF_ORDER_SEQUENCE_NUMBER; a new epoch must start at 0", async () => {
  expect((await send(b, idem(0, 3))).errorCode).toBe(0);
  expect((await send(b, idem(5, 1))).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
  expect((await send(b, idem(3, 1))).errorCode).toBe(0);
  expect((await send(b, idem(7, 1, 1))).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
  expect((await send(b, idem(0, 1, 1))).errorCode).toBe(0);
  expect((await send(b, idem(4, 1, 0))).errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
});

test("an unknown producer may start at any sequence (KIP-360)", async () => {
  expect((await send(b, idem(17, 2, 3, 7n))).errorCode).toBe(0);
  expect((await send(b, idem(19, 1, 3, 7n))).errorCode).toBe(0);
});

test("sequences wrap at 2^31-1", () => {
  expect(lastSequenceOf({ producerId: 1n, producerEpoch: 0, baseSequence: 0x7ffffffe, lastOffsetDelta: 2 })).toBe(0);
  const state = { producerId: 1n, epoch: 0, coordinatorEpoch: -1, currentTxnFirstOffset: -1, lastTimestamp: 0, lastBatches: [{ firstSequence: 0x7ffffffe, lastSequence: 0x7fffffff, firstOffset: 0, lastOffset: 1, timestamp: 0 }] };
  expect(checkProducerSequence(state, { producerId: 1n, producerEpoch: 0, baseSequence: 0, lastOffsetDelta: 0 }, "x-0", 2).kind).toBe("append");
});

test("producer state survives a restart: duplicates and sequence checks still hold", async () => {
  for (let k = 0; k < 3; k++) await send(b, idem(k, 1));
  await b.logs.close();
  const again = new FakeBroker({}, b.dir);
  try {
    again.addTopic("i", 1);
    const dup = await send(again, idem(2, 1));
    expect(dup.errorCode).toBe(0);
    expect(dup.baseOffset).toBe(2n);
    expect((await send(again, idem(9, 1))).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
    expect((await send(again, idem(3, 1))).baseOffset).toBe(3n);
  } finally {
    await again.close();
  }
});

test("producer ids are unique across restarts of the allocator", () => {
  const m1 = new ProducerIdManager(b.dir);
  const a = [m1.generate(), m1.generate()];
  const m2 = new ProducerIdManager(b.dir);
  const c = m2.generate();
  expect(a).toEqual([0n, 1n]);
  expect(c).toBe(1000n);
});
