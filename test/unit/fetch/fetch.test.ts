// Fetch handler: zero-copy slices of whole batches, limits, errors, long polling and KIP-227 sessions.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { FetchResponse, PartitionData } from "../../../src/protocol/generated/messages/fetch-response.ts";
import { isFileRecords } from "../../../src/protocol/primitives/records-ref.ts";
import { RecordBatchView, buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { fetchHandler } from "../../../src/server/api/01-fetch.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";
import { batchesIn, readSlice } from "../storage/helpers.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("f", 2);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";

async function produce(n: number, partition = 0, valueBytes = 10): Promise<void> {
  const bytes = buildRecordBatch({ records: Array.from({ length: n }, () => ({ value: new Uint8Array(valueBytes) })) });
  await b.call(produceHandler, 9, produceRequest("f", bytes, 1, partition));
}

interface Part {
  partition: number;
  fetchOffset: bigint;
  partitionMaxBytes?: number;
}

function fetchRequest(parts: Part[], o: { maxWaitMs?: number; minBytes?: number; maxBytes?: number; sessionId?: number; sessionEpoch?: number; topicId?: string; forgotten?: number[]; isolationLevel?: number } = {}) {
  return {
    clusterId: null,
    replicaId: -1,
    replicaState: { replicaId: -1, replicaEpoch: -1n },
    maxWaitMs: o.maxWaitMs ?? 0,
    minBytes: o.minBytes ?? 1,
    maxBytes: o.maxBytes ?? 50 * 1024 * 1024,
    isolationLevel: o.isolationLevel ?? 0,
    sessionId: o.sessionId ?? 0,
    sessionEpoch: o.sessionEpoch ?? -1,
    topics:
      parts.length === 0
        ? []
        : [{ topic: o.topicId ? "" : "f", topicId: o.topicId ?? ZERO, partitions: parts.map((p) => ({ partition: p.partition, currentLeaderEpoch: -1, fetchOffset: p.fetchOffset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: p.partitionMaxBytes ?? 1 << 20, replicaDirectoryId: ZERO, highWatermark: -1n })) }],
    forgottenTopicsData: o.forgotten ? [{ topic: "f", topicId: o.topicId ?? ZERO, partitions: o.forgotten }] : [],
    rackId: "",
  };
}

function bytesOf(p: PartitionData): Uint8Array {
  const r = p.records!;
  if (!isFileRecords(r)) return r as Uint8Array;
  const parts = r.slices.map((s) => readSlice(s));
  return new Uint8Array(parts.flatMap((x) => [...x]));
}

async function fetch(version: number, req: ReturnType<typeof fetchRequest>): Promise<FetchResponse> {
  return b.call<FetchResponse>(fetchHandler, version, req);
}

test("records come back as file slices with the high watermark and log start offset", async () => {
  await produce(3);
  await produce(2);
  const res = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }]));
  const p = res.responses[0]!.partitions[0]!;
  expect(p.errorCode).toBe(0);
  expect(isFileRecords(p.records!)).toBe(true);
  expect(p.highWatermark).toBe(5n);
  expect(p.lastStableOffset).toBe(5n);
  expect(p.logStartOffset).toBe(0n);
  expect(p.preferredReadReplica).toBe(-1);
  expect(p.abortedTransactions).toBeNull();
  expect(batchesIn(bytesOf(p)).map((x) => x.baseOffset)).toEqual([0, 3]);
});

test("a fetch from the middle of a batch returns the whole batch", async () => {
  await produce(10);
  const res = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 4n }]));
  const batches = batchesIn(bytesOf(res.responses[0]!.partitions[0]!));
  expect(batches[0]).toMatchObject({ baseOffset: 0, lastOffset: 9 });
});

test("a 1 MB batch is returned whole with smaller max_bytes, for the first partition only", async () => {
  await produce(1, 0, 1_000_000); // 1 MB: just below the default message.max.bytes
  await produce(1, 1, 100);
  const res = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n, partitionMaxBytes: 1000 }, { partition: 1, fetchOffset: 0n }], { maxBytes: 4096 }));
  const [p0, p1] = res.responses[0]!.partitions;
  const b0 = bytesOf(p0!);
  expect(b0.length).toBeGreaterThan(1_000_000);
  expect(new RecordBatchView(b0).validate()).toBeNull();
  expect(bytesOf(p1!).length).toBe(0);
  expect(p1!.highWatermark).toBe(1n);
});

test("read_committed answers with an empty aborted list; offsets out of range are OFFSET_OUT_OF_RANGE", async () => {
  await produce(2);
  const rc = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { isolationLevel: 1 }));
  expect(rc.responses[0]!.partitions[0]!.abortedTransactions).toEqual([]);
  const res = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 3n }]));
  expect(res.responses[0]!.partitions[0]!.errorCode).toBe(ErrorCode.OFFSET_OUT_OF_RANGE);
  expect(res.responses[0]!.partitions[0]!.highWatermark).toBe(-1n);
  const atEnd = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 2n }]));
  expect(atEnd.responses[0]!.partitions[0]!.errorCode).toBe(0);
});

test("v13 fetches by topic id; an unknown id is UNKNOWN_TOPIC_ID", async () => {
  await produce(1);
  const id = b.metadata.image.topicsByName.get("f")!.topicId;
  const ok = await fetch(13, fetchRequest([{ partition: 0, fetchOffset: 0n }], { topicId: id }));
  expect(ok.responses[0]!.topicId).toBe(id);
  expect(ok.responses[0]!.partitions[0]!.errorCode).toBe(0);
  const bad = await fetch(13, fetchRequest([{ partition: 0, fetchOffset: 0n }], { topicId: "AQIDBAUGBwgJCgsMDQ4PEA" }));
  expect(bad.responses[0]!.partitions[0]!.errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_ID);
});

test("a long poll is woken by an append, and expires empty after max_wait_ms", async () => {
  const started = Date.now();
  const pending = fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { maxWaitMs: 10_000, minBytes: 1 }));
  await Bun.sleep(20);
  expect(b.replicaManager.delayedFetchCount).toBe(1);
  await produce(1);
  const res = await pending;
  expect(Date.now() - started).toBeLessThan(5000);
  expect(batchesIn(bytesOf(res.responses[0]!.partitions[0]!)).length).toBe(1);
  const t0 = Date.now();
  const empty = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 1n }], { maxWaitMs: 60, minBytes: 1 }));
  expect(Date.now() - t0).toBeGreaterThanOrEqual(50);
  expect(bytesOf(empty.responses[0]!.partitions[0]!).length).toBe(0);
  expect(b.replicaManager.delayedFetchCount).toBe(0);
});

test("min_bytes waits until enough bytes arrived", async () => {
  const pending = fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { maxWaitMs: 10_000, minBytes: 500 }));
  await produce(1);
  await Bun.sleep(10);
  expect(b.replicaManager.delayedFetchCount).toBe(1);
  await produce(10, 0, 100);
  const res = await pending;
  expect(batchesIn(bytesOf(res.responses[0]!.partitions[0]!)).length).toBe(2);
});

test("incremental sessions: only changed partitions, epochs checked, forgotten topics removed", async () => {
  await produce(1, 0);
  const full = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }, { partition: 1, fetchOffset: 0n }], { sessionEpoch: 0 }));
  const id = full.sessionId;
  expect(id).toBeGreaterThan(0);
  expect(full.responses[0]!.partitions.length).toBe(2);
  // nothing changed: an empty incremental answer
  const inc1 = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 1n }], { sessionId: id, sessionEpoch: 1 }));
  expect(inc1.errorCode).toBe(0);
  expect(inc1.sessionId).toBe(id);
  expect(inc1.responses.length).toBe(0);
  // partition 1 gets data: only it is returned
  await produce(2, 1);
  const inc2 = await fetch(12, fetchRequest([], { sessionId: id, sessionEpoch: 2 }));
  expect(inc2.responses[0]!.partitions.map((p) => p.partitionIndex)).toEqual([1]);
  expect(batchesIn(bytesOf(inc2.responses[0]!.partitions[0]!)).length).toBe(1);
  // wrong epoch, unknown session
  expect((await fetch(12, fetchRequest([], { sessionId: id, sessionEpoch: 7 }))).errorCode).toBe(ErrorCode.INVALID_FETCH_SESSION_EPOCH);
  expect((await fetch(12, fetchRequest([], { sessionId: id + 1, sessionEpoch: 1 }))).errorCode).toBe(ErrorCode.FETCH_SESSION_ID_NOT_FOUND);
  // forgetting partition 1: new data there is not returned
  await fetch(12, fetchRequest([], { sessionId: id, sessionEpoch: 3, forgotten: [1] }));
  await produce(1, 1);
  const inc4 = await fetch(12, fetchRequest([], { sessionId: id, sessionEpoch: 4 }));
  expect(inc4.responses.length).toBe(0);
  expect(b.fetchSessions.get(id)!.size).toBe(1);
  // a topic-id request on a name session is FETCH_SESSION_TOPIC_ID_ERROR
  expect((await fetch(13, fetchRequest([], { sessionId: id, sessionEpoch: 5 }))).errorCode).toBe(ErrorCode.FETCH_SESSION_TOPIC_ID_ERROR);
  // epoch -1 closes the session
  await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { sessionId: id, sessionEpoch: -1 }));
  expect(b.fetchSessions.get(id)).toBeUndefined();
});

test("the session cache is bounded and evicts smaller sessions for larger ones", async () => {
  const { FetchSessionCache } = await import("../../../src/server/fetch/session-cache.ts");
  const cache = new FetchSessionCache(2, 1000);
  const withPartitions = (s: NonNullable<ReturnType<typeof cache.maybeCreate>>, n: number) => {
    s.update(Array.from({ length: n }, (_, i) => ({ topic: "x", topicId: ZERO, partition: i, fetchOffset: 0n, maxBytes: 1, currentLeaderEpoch: -1, lastFetchedEpoch: -1, logStartOffset: -1n })), []);
    return s;
  };
  const a = withPartitions(cache.maybeCreate(0, false, 1)!, 1);
  const c = withPartitions(cache.maybeCreate(0, false, 3)!, 3);
  expect(cache.maybeCreate(10, false, 1)).toBeNull();
  const d = withPartitions(cache.maybeCreate(10, false, 5)!, 5);
  expect(cache.get(a.id)).toBeUndefined();
  expect(cache.size).toBe(2);
  cache.touch(d, 1500);
  // c is stale (unused for >= 1000 ms): evicted even for a small session
  expect(cache.maybeCreate(1500, false, 1)).not.toBeNull();
  expect(cache.get(c.id)).toBeUndefined();
});
