// ListOffsets, DeleteRecords and OffsetForLeaderEpoch against real logs.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { DeleteRecordsResponse } from "../../../src/protocol/generated/messages/delete-records-response.ts";
import type { ListOffsetsResponse } from "../../../src/protocol/generated/messages/list-offsets-response.ts";
import type { OffsetForLeaderEpochResponse } from "../../../src/protocol/generated/messages/offset-for-leader-epoch-response.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { listOffsetsHandler } from "../../../src/server/api/02-list-offsets.ts";
import { deleteRecordsHandler } from "../../../src/server/api/21-delete-records.ts";
import { offsetForLeaderEpochHandler } from "../../../src/server/api/23-offset-for-leader-epoch.ts";
import { endOffsetForEpoch } from "../../../src/storage/epoch-lookup.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.leaderEpoch = 3;
  b.addTopic("o", 1);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

async function produceAt(timestamps: number[], compression = 0): Promise<void> {
  await b.call(produceHandler, 9, produceRequest("o", buildRecordBatch({ records: timestamps.map((t) => ({ value: new Uint8Array(1), timestamp: t })), compression }), 1));
}

async function listOffset(timestamp: bigint, version = 9, currentLeaderEpoch = -1) {
  const res = await b.call<ListOffsetsResponse>(listOffsetsHandler, version, { replicaId: -1, isolationLevel: 0, timeoutMs: 0, topics: [{ name: "o", partitions: [{ partitionIndex: 0, currentLeaderEpoch, timestamp }] }] });
  return res.topics[0]!.partitions[0]!;
}

test("earliest, latest, max timestamp and by timestamp", async () => {
  const now = Date.now();
  await produceAt([now - 3000, now - 2000]);
  await produceAt([now + 5000, now - 1000], 3);
  await produceAt([now]);
  expect(await listOffset(-2n)).toMatchObject({ errorCode: 0, offset: 0n, timestamp: -1n, leaderEpoch: 3 });
  expect(await listOffset(-1n)).toMatchObject({ errorCode: 0, offset: 5n, timestamp: -1n, leaderEpoch: 3 });
  expect(await listOffset(-3n)).toMatchObject({ offset: 2n, timestamp: BigInt(now + 5000) });
  expect(await listOffset(BigInt(now - 2500))).toMatchObject({ offset: 1n, timestamp: BigInt(now - 2000), leaderEpoch: 3 });
  expect(await listOffset(BigInt(now + 1000))).toMatchObject({ offset: 2n, timestamp: BigInt(now + 5000) });
  expect(await listOffset(BigInt(now + 60_000))).toMatchObject({ errorCode: 0, offset: -1n, timestamp: -1n });
  expect(await listOffset(-4n)).toMatchObject({ offset: 0n });
  expect(await listOffset(-5n)).toMatchObject({ offset: -1n, leaderEpoch: -1 });
});

test("leader epoch fencing and unknown partitions", async () => {
  expect((await listOffset(-1n, 9, 2)).errorCode).toBe(ErrorCode.FENCED_LEADER_EPOCH);
  expect((await listOffset(-1n, 9, 4)).errorCode).toBe(ErrorCode.UNKNOWN_LEADER_EPOCH);
  const res = await b.call<ListOffsetsResponse>(listOffsetsHandler, 5, { replicaId: -1, isolationLevel: 0, timeoutMs: 0, topics: [{ name: "nope", partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }] });
  expect(res.topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
});

test("DeleteRecords moves the log start offset, refuses beyond the high watermark", async () => {
  await produceAt([1, 2, 3, 4]);
  const del = async (offset: bigint) => (await b.call<DeleteRecordsResponse>(deleteRecordsHandler, 2, { timeoutMs: 1000, topics: [{ name: "o", partitions: [{ partitionIndex: 0, offset }] }] })).topics[0]!.partitions[0]!;
  expect(await del(2n)).toMatchObject({ errorCode: 0, lowWatermark: 2n });
  expect((await listOffset(-2n)).offset).toBe(2n);
  expect((await del(9n)).errorCode).toBe(ErrorCode.OFFSET_OUT_OF_RANGE);
  expect(await del(-1n)).toMatchObject({ errorCode: 0, lowWatermark: 4n });
  b.addTopic("compacted", 1, { "cleanup.policy": "compact" });
  const r = await b.call<DeleteRecordsResponse>(deleteRecordsHandler, 0, { timeoutMs: 1000, topics: [{ name: "compacted", partitions: [{ partitionIndex: 0, offset: 0n }] }] });
  expect(r.topics[0]!.partitions[0]!.errorCode).toBe(ErrorCode.POLICY_VIOLATION);
});

test("OffsetForLeaderEpoch answers from the epoch cache", async () => {
  await produceAt([1, 2]);
  const ask = async (leaderEpoch: number, currentLeaderEpoch = -1) =>
    (await b.call<OffsetForLeaderEpochResponse>(offsetForLeaderEpochHandler, 4, { replicaId: -1, topics: [{ topic: "o", partitions: [{ partition: 0, currentLeaderEpoch, leaderEpoch }] }] })).topics[0]!.partitions[0]!;
  expect(await ask(3)).toMatchObject({ errorCode: 0, leaderEpoch: 3, endOffset: 2n });
  expect(await ask(1)).toMatchObject({ errorCode: 0, leaderEpoch: 1, endOffset: 0n });
  expect((await ask(3, 1)).errorCode).toBe(ErrorCode.FENCED_LEADER_EPOCH);
  expect(endOffsetForEpoch([{ epoch: 1, startOffset: 0 }, { epoch: 4, startOffset: 10 }, { epoch: 6, startOffset: 20 }], 5, 30)).toEqual({ epoch: 4, endOffset: 20 });
  expect(endOffsetForEpoch([{ epoch: 1, startOffset: 0 }], 7, 30)).toEqual({ epoch: -1, endOffset: -1 });
});
