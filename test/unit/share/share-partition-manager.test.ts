// SharePartitionManager over a stand-in ReplicaManager: records acquired from the bytes the log read
// returns (cut to the batches acquired), NOT_LEADER_OR_FOLLOWER when the partition is led elsewhere,
// and a leader epoch change dropping the share partition so the next request reads its state again.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../../src/protocol/records/builder.ts";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { InMemoryPersister } from "../../../src/coordinator/share/in-memory-persister.ts";
import { SharePartitionManager } from "../../../src/server/share/share-partition-manager.ts";
import type { ReplicaManager } from "../../../src/replication/replica-manager.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import type { FetchParams } from "../../../src/replication/fetch-read.ts";

const TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";

function logOf(batches: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(batches.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of batches) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

test("acquires from the log's bytes, answers NOT_LEADER_OR_FOLLOWER elsewhere, drops the share partition on a new leader epoch", async () => {
  const b0 = buildRecordBatch({ records: [{ value: new Uint8Array([0]) }, { value: new Uint8Array([1]) }], baseOffset: 0n });
  const b1 = buildRecordBatch({ records: [{ value: new Uint8Array([2]) }], baseOffset: 2n });
  const log = logOf([b0, b1]);
  const hosted = { leaderEpoch: 1, logStartOffset: 0, highWatermark: 3, log: { offsetForTimestamp: () => null } };
  let leader = true;
  const rm = {
    getPartitionOrError: () => (leader ? hosted : { errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, detail: "" }),
    fetchMessages: (p: FetchParams) => {
      // A delayed fetch for new records: none come in this test.
      if (p.maxWaitMs > 0) return new Promise(() => {});
      const from = Number(p.partitions[0]!.fetchOffset);
      const records = from <= 1 ? log : from === 2 ? b1 : new Uint8Array(0); // a read starts at the batch holding the offset
      return { results: new Map([[p.partitions[0]!.key, { errorCode: 0, highWatermark: 3n, lastStableOffset: 3n, logStartOffset: 0n, records, sizeBytes: records.length, leaderEpoch: 1, abortedTransactions: null }]]), totalBytes: records.length, anyError: false };
    },
  } as unknown as ReplicaManager;
  const image = { topicsById: new Map([[TOPIC_ID, { name: "t", topicId: TOPIC_ID, partitions: [{}] }]]) } as unknown as MetadataImage;
  const persister = new InMemoryPersister();
  await persister.initializeState({ groupId: "g", topics: [{ topicId: TOPIC_ID, partitions: [{ partition: 0, stateEpoch: 0, startOffset: 0n }] }] });
  const mgr = new SharePartitionManager({
    replicaManager: rm,
    persister,
    timer: new Timer({ clock: new FakeClock(0) }),
    image: () => image,
    config: () => ({ recordLockDurationMs: 1000, deliveryCountLimit: 5, maxInFlightRecords: 100, autoOffsetReset: { type: "earliest" } }),
    readCommitted: () => false,
    maxSessions: () => 10,
  });
  const params = { groupId: "g", memberId: "m", maxWaitMs: 0, minBytes: 1, maxBytes: 1 << 20, maxRecords: 2, batchSize: 10, recordLimit: false };
  const parts = [{ topicId: TOPIC_ID, partition: 0 }];
  const [r1] = await mgr.fetch(parts, params);
  expect(r1!.acquired).toEqual([{ firstOffset: 0, lastOffset: 1, deliveryCount: 1 }]);
  // Only the first batch's bytes: the second holds nothing acquired.
  expect((r1!.records as Uint8Array).length).toBe(b0.length);

  leader = false;
  const [r2] = await mgr.fetch(parts, params);
  expect(r2!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  expect(mgr.sharePartitionCount).toBe(0);

  // Leadership back in a new epoch: state read again; the records acquired under the old leader are available.
  leader = true;
  hosted.leaderEpoch = 2;
  const [r3] = await mgr.fetch(parts, { ...params, maxRecords: 10 });
  expect(r3!.acquired).toEqual([{ firstOffset: 0, lastOffset: 2, deliveryCount: 1 }]);

  // A waiting fetch (nothing to acquire) answers as soon as another member releases a record.
  const waiting = mgr.fetch(parts, { ...params, memberId: "other", maxWaitMs: 60_000 });
  expect((await mgr.acknowledge("g", "m", TOPIC_ID, 0, [{ firstOffset: 1, lastOffset: 1, acknowledgeTypes: [2] }])).errorCode).toBe(ErrorCode.NONE);
  const [r4] = await waiting;
  expect(r4!.acquired).toEqual([{ firstOffset: 1, lastOffset: 1, deliveryCount: 2 }]);

  // Every window full: a waiting fetch waits (max_wait_ms) instead of answering empty at once.
  const full = new SharePartitionManager({
    replicaManager: rm,
    persister,
    timer: new Timer({ clock: new FakeClock(0) }),
    image: () => image,
    config: () => ({ recordLockDurationMs: 1000, deliveryCountLimit: 5, maxInFlightRecords: 3, autoOffsetReset: { type: "earliest" } }),
    readCommitted: () => false,
    maxSessions: () => 10,
  });
  const [held] = await full.fetch(parts, { ...params, maxRecords: 10 });
  expect(held!.acquired.length).toBeGreaterThan(0);
  let answered = false;
  const blocked = full.fetch(parts, { ...params, memberId: "other", maxWaitMs: 60_000 }).then((r) => ((answered = true), r));
  await Bun.sleep(20);
  expect(answered).toBe(false);
  await full.acknowledge("g", "m", TOPIC_ID, 0, [{ firstOffset: 0, lastOffset: 0, acknowledgeTypes: [2] }]);
  expect((await blocked)[0]!.acquired).toEqual([{ firstOffset: 0, lastOffset: 0, deliveryCount: 2 }]);
  full.shutdown();

  hosted.leaderEpoch = 3;
  mgr.onMetadataUpdate();
  expect(mgr.sharePartitionCount).toBe(0);
  mgr.shutdown();
});
