// The transaction coordinator over in-memory partitions (harness.ts): the TV1 and TV2 flows, fencing,
// KIP-360 recovery, markers with retries, recovery of PREPARE_* on load, timeouts and expiry on a
// hand-driven clock, verification, Describe/List.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../../src/protocol/errors.ts";
import { TransactionState, isValidTransition } from "../../../../src/coordinator/transaction/transaction-state.ts";
import { readKey, readValue, txnRecord } from "../../../../src/coordinator/transaction/transaction-log.ts";
import { makeHarness, settle, type Harness } from "./harness.ts";

async function started(h: Harness): Promise<Harness> {
  await h.service.start();
  return h;
}

function stateOf(h: Harness, id: string): string {
  return h.service.describeTransaction(id).state;
}

test("state machine: Kafka's valid previous states", () => {
  expect(isValidTransition(TransactionState.ONGOING, TransactionState.PREPARE_COMMIT)).toBe(true);
  expect(isValidTransition(TransactionState.EMPTY, TransactionState.PREPARE_COMMIT)).toBe(false);
  expect(isValidTransition(TransactionState.EMPTY, TransactionState.PREPARE_ABORT)).toBe(true); // TV2 abort of an empty txn
  expect(isValidTransition(TransactionState.PREPARE_COMMIT, TransactionState.COMPLETE_ABORT)).toBe(false);
  expect(isValidTransition(TransactionState.COMPLETE_COMMIT, TransactionState.DEAD)).toBe(true);
  expect(isValidTransition(TransactionState.ONGOING, TransactionState.DEAD)).toBe(false);
});

test("records round-trip at value versions 0 and 1", () => {
  const t = {
    producerId: 2n ** 60n,
    prevProducerId: 7n,
    nextProducerId: -1n,
    producerEpoch: 5,
    lastProducerEpoch: 4,
    txnTimeoutMs: 60_000,
    txnState: TransactionState.ONGOING,
    topicPartitions: new Set(["a-b-0", "a-b-3", "c-1"]),
    txnStartTimestamp: 123,
    txnLastUpdateTimestamp: 456,
    clientTransactionVersion: 2 as const,
  };
  for (const level of [0, 2]) {
    const r = txnRecord("my-id", t, level);
    expect(new DataView(r.value!.buffer, r.value!.byteOffset).getInt16(0)).toBe(level >= 1 ? 1 : 0);
    expect(readKey(r.key)).toBe("my-id");
    const back = readValue(r.value!);
    expect(back.producerId).toBe(t.producerId);
    expect([...back.topicPartitions].sort()).toEqual(["a-b-0", "a-b-3", "c-1"]);
    expect(back.txnState).toBe(TransactionState.ONGOING);
    expect(back.clientTransactionVersion).toBe(level >= 1 ? 2 : 2); // v0 carries it too (non-tagged)
  }
});

test("TV1: init, add, commit writes markers then COMPLETE_COMMIT; re-init bumps the epoch and fences", async () => {
  const h = await started(makeHarness());
  const s = h.service;
  const init = await s.handleInitProducerId("tx", 60_000, null);
  expect(init).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 0 });
  expect(await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0", "t-1"], 0)).toBe(0);
  expect(stateOf(h, "tx")).toBe("Ongoing");
  expect(s.handleVerifyPartitionsInTransaction("tx", 1000n, 0, ["t-0", "t-2"])).toEqual(new Map([["t-0", 0], ["t-2", ErrorCode.TRANSACTION_ABORTABLE]]));
  const end = await s.handleEndTransaction("tx", 1000n, 0, "COMMIT", 0);
  expect(end.errorCode).toBe(0);
  await settle();
  expect(h.markerCalls.length).toBe(1);
  expect(h.markerCalls[0]).toMatchObject({ producerId: 1000n, producerEpoch: 0, coordinatorEpoch: 3, result: "COMMIT" });
  expect(h.markerCalls[0]!.partitions.map((p) => `${p.topic}-${p.partition}`).sort()).toEqual(["t-0", "t-1"]);
  expect(stateOf(h, "tx")).toBe("CompleteCommit");
  // A retried commit is answered NONE; an abort now is INVALID_TXN_STATE.
  expect((await s.handleEndTransaction("tx", 1000n, 0, "COMMIT", 0)).errorCode).toBe(0);
  expect((await s.handleEndTransaction("tx", 1000n, 0, "ABORT", 0)).errorCode).toBe(ErrorCode.INVALID_TXN_STATE);
  // A second producer with the same id: epoch 1; the old one is fenced.
  expect(await s.handleInitProducerId("tx", 60_000, null)).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 1 });
  expect(await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0)).toBe(ErrorCode.PRODUCER_FENCED);
  expect(await s.handleAddPartitionsToTransaction("tx", 999n, 1, ["t-0"], 0)).toBe(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
  expect(await s.handleAddPartitionsToTransaction("nope", 1000n, 1, ["t-0"], 0)).toBe(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
  s.close();
});

test("InitProducerId checks the timeout, fences an ongoing transaction, and recovers with KIP-360", async () => {
  const h = await started(makeHarness());
  const s = h.service;
  expect((await s.handleInitProducerId("tx", 900_001, null)).errorCode).toBe(ErrorCode.INVALID_TRANSACTION_TIMEOUT);
  expect((await s.handleInitProducerId("tx", 0, null)).errorCode).toBe(ErrorCode.INVALID_TRANSACTION_TIMEOUT);
  expect((await s.handleInitProducerId("", 1000, null)).errorCode).toBe(ErrorCode.INVALID_REQUEST);
  await s.handleInitProducerId("tx", 60_000, null);
  await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0);
  // Ongoing: fenced and aborted; the client is told CONCURRENT_TRANSACTIONS and retries.
  expect((await s.handleInitProducerId("tx", 60_000, null)).errorCode).toBe(ErrorCode.CONCURRENT_TRANSACTIONS);
  await settle();
  expect(h.markerCalls.at(-1)).toMatchObject({ result: "ABORT", producerEpoch: 1 });
  expect(stateOf(h, "tx")).toBe("CompleteAbort");
  expect(await s.handleInitProducerId("tx", 60_000, null)).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 2 });
  // KIP-360: the current producer id and epoch bump; the previous epoch (a lost answer) gets the same epoch again.
  expect(await s.handleInitProducerId("tx", 60_000, { producerId: 1000n, producerEpoch: 2 })).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 3 });
  expect(await s.handleInitProducerId("tx", 60_000, { producerId: 1000n, producerEpoch: 2 })).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 3 });
  expect((await s.handleInitProducerId("tx", 60_000, { producerId: 1000n, producerEpoch: 0 })).errorCode).toBe(ErrorCode.PRODUCER_FENCED);
  expect((await s.handleInitProducerId("tx", 60_000, { producerId: 5n, producerEpoch: 3 })).errorCode).toBe(ErrorCode.PRODUCER_FENCED);
  s.close();
});

test("TV2: EndTxn bumps the epoch, markers carry the new epoch, a retry with the old epoch is answered", async () => {
  const h = await started(makeHarness());
  h.tvLevel.value = 2;
  const s = h.service;
  await s.handleInitProducerId("tx2", 60_000, null);
  // Produce v12 implicit add.
  expect(await s.verifyOrAdd({ transactionalId: "tx2", producerId: 1000n, producerEpoch: 0, partitions: [{ topic: "t", partition: 2 }], add: true })).toEqual(new Map([["t-2", 0]]));
  const end = await s.handleEndTransaction("tx2", 1000n, 0, "COMMIT", 2);
  expect(end).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 1 });
  await settle();
  expect(h.markerCalls.at(-1)).toMatchObject({ producerEpoch: 1, result: "COMMIT" });
  expect(stateOf(h, "tx2")).toBe("CompleteCommit");
  // The client retried the EndTxn with the epoch it sent before: NONE with the new epoch.
  expect(await s.handleEndTransaction("tx2", 1000n, 0, "COMMIT", 2)).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 1 });
  // Next transaction with epoch 1; abort with no partition added bumps again.
  expect((await s.handleEndTransaction("tx2", 1000n, 1, "ABORT", 2)).producerEpoch).toBe(2);
  await settle();
  expect(stateOf(h, "tx2")).toBe("CompleteAbort");
  s.close();
});

test("markers: retriable errors are retried with backoff, then COMPLETE_*; a deleted topic is not waited for", async () => {
  const h = await started(makeHarness());
  const s = h.service;
  await s.handleInitProducerId("tx", 60_000, null);
  await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0", "t-1"], 0);
  h.markerAnswers.set("t-1", ErrorCode.NOT_LEADER_OR_FOLLOWER);
  await s.handleEndTransaction("tx", 1000n, 0, "ABORT", 0);
  await settle();
  expect(stateOf(h, "tx")).toBe("PrepareAbort");
  expect(h.markerCalls.length).toBe(1);
  h.clock.advance(10);
  await settle();
  expect(h.markerCalls.length).toBe(2);
  expect(h.markerCalls[1]!.partitions).toEqual([{ topic: "t", partition: 1 }]);
  // Concurrent requests while the markers are pending.
  expect((await s.handleInitProducerId("tx", 60_000, null)).errorCode).toBe(ErrorCode.CONCURRENT_TRANSACTIONS);
  h.markerAnswers.delete("t-1");
  h.clock.advance(20);
  await settle();
  expect(stateOf(h, "tx")).toBe("CompleteAbort");

  await s.handleInitProducerId("tx", 60_000, null);
  await s.handleAddPartitionsToTransaction("tx", 1000n, 1, ["gone-0", "t-3"], 0);
  h.markerAnswers.set("gone-0", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  await s.handleEndTransaction("tx", 1000n, 1, "COMMIT", 0);
  await settle();
  expect(stateOf(h, "tx")).toBe("CompleteCommit");
  s.close();
});

test("a failed write leaves the state as it was and the id usable", async () => {
  const h = await started(makeHarness());
  const s = h.service;
  await s.handleInitProducerId("tx", 60_000, null);
  h.writer.failWith = ErrorCode.NOT_ENOUGH_REPLICAS;
  expect(await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0)).toBe(ErrorCode.COORDINATOR_NOT_AVAILABLE);
  expect(stateOf(h, "tx")).toBe("Empty");
  h.writer.failWith = null;
  await settle();
  expect(await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0)).toBe(0);
  s.close();
});

test("load: a transaction left in PREPARE_COMMIT gets its markers again and completes", async () => {
  const h1 = await started(makeHarness());
  await h1.service.handleInitProducerId("tx", 60_000, null);
  await h1.service.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0);
  h1.markerAnswers.set("t-0", ErrorCode.NOT_LEADER_OR_FOLLOWER); // never lands before the "crash"
  await h1.service.handleEndTransaction("tx", 1000n, 0, "COMMIT", 0);
  await settle();
  expect(stateOf(h1, "tx")).toBe("PrepareCommit");
  h1.service.close();
  // A new coordinator over the same partition.
  const h2 = await started(makeHarness({ writer: h1.writer, leaderEpoch: 4 }));
  await settle();
  expect(h2.markerCalls).toHaveLength(1);
  expect(h2.markerCalls[0]).toMatchObject({ result: "COMMIT", coordinatorEpoch: 4, producerId: 1000n, producerEpoch: 0 });
  expect(stateOf(h2, "tx")).toBe("CompleteCommit");
  h2.service.close();
});

test("timeouts: an ongoing transaction past its timeout is fenced and aborted by the periodic task", async () => {
  const h = await started(makeHarness({ config: { abortTimedOutTransactionsIntervalMs: 1000 } }));
  const s = h.service;
  await s.handleInitProducerId("tx", 5000, null);
  await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0);
  h.clock.advance(4000);
  await settle();
  expect(stateOf(h, "tx")).toBe("Ongoing");
  h.clock.advance(2000);
  await settle();
  expect(h.markerCalls.at(-1)).toMatchObject({ result: "ABORT", producerEpoch: 1 });
  expect(stateOf(h, "tx")).toBe("CompleteAbort");
  // The old producer is fenced.
  expect((await s.handleEndTransaction("tx", 1000n, 0, "COMMIT", 0)).errorCode).toBe(ErrorCode.PRODUCER_FENCED);
  s.close();
});

test("expiry: an idle transactional id is removed with a tombstone", async () => {
  const h = await started(makeHarness({ config: { transactionalIdExpirationMs: 60_000, removeExpiredTransactionalIdsIntervalMs: 10_000 } }));
  const s = h.service;
  await s.handleInitProducerId("idle", 30_000, null);
  await s.handleInitProducerId("busy", 600_000, null);
  await s.handleAddPartitionsToTransaction("busy", 1001n, 0, ["t-0"], 0);
  h.clock.advance(70_000);
  await settle();
  expect(s.describeTransaction("idle").errorCode).toBe(ErrorCode.TRANSACTIONAL_ID_NOT_FOUND);
  expect(h.writer.records.get(0)!.at(-1)!.value).toBeNull();
  // An ongoing transaction is never expired.
  expect(s.describeTransaction("busy").state).toBe("Ongoing");
  s.close();
});

test("ListTransactions filters by state, producer id, duration and pattern", async () => {
  const h = await started(makeHarness());
  const s = h.service;
  await s.handleInitProducerId("app-1", 60_000, null);
  await s.handleInitProducerId("app-2", 60_000, null);
  await s.handleInitProducerId("other", 60_000, null);
  await s.handleAddPartitionsToTransaction("app-2", 1001n, 0, ["t-0"], 0);
  h.clock.advance(5000);
  const ids = (r: ReturnType<typeof s.listTransactions>) => r.transactions.map((t) => t.transactionalId).sort();
  expect(ids(s.listTransactions([], [], -1, null))).toEqual(["app-1", "app-2", "other"]);
  expect(ids(s.listTransactions(["Ongoing"], [], -1, null))).toEqual(["app-2"]);
  const unknown = s.listTransactions(["Bogus"], [], -1, null);
  expect(unknown.unknownStates).toEqual(["Bogus"]);
  expect(unknown.transactions).toEqual([]);
  expect(ids(s.listTransactions([], [1000n], -1, null))).toEqual(["app-1"]);
  expect(ids(s.listTransactions(["Ongoing"], [], 4000, null))).toEqual(["app-2"]);
  expect(ids(s.listTransactions(["Ongoing"], [], 6000, null))).toEqual([]);
  expect(ids(s.listTransactions([], [], -1, /^(?:app-.*)$/))).toEqual(["app-1", "app-2"]);
  const d = s.describeTransaction("app-2");
  expect(d).toMatchObject({ errorCode: 0, state: "Ongoing", producerId: 1001n, producerEpoch: 0, timeoutMs: 60_000, topics: [{ topic: "t", partitions: [0] }] });
  s.close();
});
