// AddPartitionsToTxn as Kafka 4.4.0: v4+ adds (not verifyOnly) are Transactions V2 for v4 and v5 alike
// (TransactionVersion.transactionVersionForAddPartitionsToTxn: version > 3), v0-3 TV_0; the
// coordinator answers a pending transition before it looks at the producer id and epoch.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../../src/protocol/errors.ts";
import { addPartitionsToTxnHandler } from "../../../../src/server/api/24-add-partitions-to-txn.ts";
import type { BrokerServices } from "../../../../src/server/services.ts";
import { FakeBroker } from "../../produce/fake-broker.ts";
import { makeHarness } from "./harness.ts";

let b: FakeBroker;
const seen: number[] = [];
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("t", 1);
  seen.length = 0;
  const fake = {
    handleAddPartitionsToTransaction: async (_id: string, _pid: bigint, _epoch: number, _keys: readonly string[], tv: number) => {
      seen.push(tv);
      return ErrorCode.NONE;
    },
    handleVerifyPartitionsInTransaction: (_id: string, _pid: bigint, _epoch: number, keys: readonly string[]) => new Map(keys.map((k) => [k, ErrorCode.NONE])),
  };
  (b.services as { transactionCoordinator: unknown }).transactionCoordinator = fake as unknown as BrokerServices["transactionCoordinator"];
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

test("v4 and v5 adds are TV2, v3 is TV0", async () => {
  const batch = { transactions: [{ transactionalId: "x", producerId: 5n, producerEpoch: 0, verifyOnly: false, topics: [{ name: "t", partitions: [0] }] }] };
  for (const v of [4, 5]) await b.call(addPartitionsToTxnHandler, v, batch);
  await b.call(addPartitionsToTxnHandler, 3, { v3AndBelowTransactionalId: "x", v3AndBelowProducerId: 5n, v3AndBelowProducerEpoch: 0, v3AndBelowTopics: [{ name: "t", partitions: [0] }] });
  expect(seen).toEqual([2, 2, 0]);
}, 10_000);

test("a pending transition is answered CONCURRENT_TRANSACTIONS before the epoch is checked", async () => {
  const h = makeHarness();
  await h.service.start();
  const s = h.service;
  await s.handleInitProducerId("tx", 60_000, null);
  const first = s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0);
  const stale = s.handleAddPartitionsToTransaction("tx", 1000n, 7, ["t-1"], 0);
  expect(await first).toBe(ErrorCode.NONE);
  expect(await stale).toBe(ErrorCode.CONCURRENT_TRANSACTIONS);
  expect(await s.handleAddPartitionsToTransaction("tx", 1000n, 7, ["t-1"], 0)).toBe(ErrorCode.PRODUCER_FENCED);
  s.close();
}, 10_000);
