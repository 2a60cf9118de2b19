// ListOffsets and the isolation level (Kafka's Partition.fetchOffsetForTimestamp): a read_committed
// consumer's last fetchable offset is the last stable offset, a read_uncommitted one's the high
// watermark, any other replica id's the log end; latest, max timestamp and timestamp searches are
// bounded by it, earliest is not. The open transaction comes from a stubbed Log (txn-stub.ts).
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { ListOffsetsResponse } from "../../../src/protocol/generated/messages/list-offsets-response.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { listOffsetsHandler } from "../../../src/server/api/02-list-offsets.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";
import { stubTransactions } from "./txn-stub.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.leaderEpoch = 2;
  b.addTopic("o", 1);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

async function produceAt(timestamps: number[]): Promise<void> {
  await b.call(produceHandler, 9, produceRequest("o", buildRecordBatch({ records: timestamps.map((t) => ({ value: new Uint8Array(1), timestamp: t })) }), 1));
}

async function listOffset(timestamp: bigint, isolationLevel: number, o: { version?: number; replicaId?: number } = {}) {
  const res = await b.call<ListOffsetsResponse>(listOffsetsHandler, o.version ?? 9, { replicaId: o.replicaId ?? -1, isolationLevel, timeoutMs: 0, topics: [{ name: "o", partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp }] }] });
  return res.topics[0]!.partitions[0]!;
}

const NONE = { errorCode: 0, offset: -1n, timestamp: -1n };

test("read_committed: latest is the LSO, and lookups at or past it find nothing", async () => {
  const now = Date.now();
  await produceAt([now - 3000, now - 2000]); // 0-1
  await produceAt([now - 1000]); // 2: the open transaction starts here
  await produceAt([now + 5000]); // 3
  stubTransactions(b.partitionLog("o"), { firstUnstableOffset: 2 });
  expect(await listOffset(-1n, 1)).toMatchObject({ errorCode: 0, offset: 2n, timestamp: -1n, leaderEpoch: 2 });
  expect(await listOffset(-1n, 0)).toMatchObject({ errorCode: 0, offset: 4n, leaderEpoch: 2 });
  expect(await listOffset(-2n, 1)).toMatchObject({ errorCode: 0, offset: 0n });
  expect(await listOffset(BigInt(now - 2500), 1)).toMatchObject({ errorCode: 0, offset: 1n, timestamp: BigInt(now - 2000) });
  expect(await listOffset(BigInt(now - 1500), 1)).toMatchObject(NONE);
  expect(await listOffset(BigInt(now - 1500), 0)).toMatchObject({ offset: 2n, timestamp: BigInt(now - 1000) });
  expect(await listOffset(-3n, 1)).toMatchObject(NONE);
  expect(await listOffset(-3n, 0)).toMatchObject({ offset: 3n, timestamp: BigInt(now + 5000) });
  // v2 is the first version with the isolation level.
  expect(await listOffset(-1n, 1, { version: 2 })).toMatchObject({ errorCode: 0, offset: 2n, leaderEpoch: -1 });
});

test("replica ids other than a consumer's read to the log end whatever the isolation level", async () => {
  await produceAt([1, 2, 3]);
  const log = b.partitionLog("o");
  stubTransactions(log, { firstUnstableOffset: 1 });
  log.setHighWatermark(2); // a lagging high watermark (as while a forced flush is pending)
  expect(await listOffset(-1n, 1)).toMatchObject({ offset: 1n });
  expect(await listOffset(-1n, 0)).toMatchObject({ offset: 2n });
  expect(await listOffset(-1n, 1, { replicaId: -2 })).toMatchObject({ offset: 3n });
  expect(await listOffset(-1n, 0, { replicaId: 1 })).toMatchObject({ offset: 3n });
});
