// Fetch with isolation_level 1 (read_committed): reads stop at the last stable offset, every answer
// carries the LSO, read_committed answers list the aborted transactions overlapping what they return
// (Kafka's LocalLog.read / addAbortedTransactions), long polls count bytes up to the LSO, and the
// wire encoding of both fields in every served version. The transactions come from a Log whose
// firstUnstableOffset / collectAbortedTransactions are stubbed (txn-stub.ts).
import { afterEach, beforeEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { readFetchResponse, type FetchResponse, type PartitionData } from "../../../src/protocol/generated/messages/fetch-response.ts";
import { writeFetchResponse } from "../../../src/protocol/generated/messages/fetch-response.ts";
import { isFileRecords } from "../../../src/protocol/primitives/records-ref.ts";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { fetchHandler } from "../../../src/server/api/01-fetch.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { fetchUpperBoundOffset } from "../../../src/storage/fetch-upper-bound.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";
import { batchesIn, readSlice } from "../storage/helpers.ts";
import { aborted, stubTransactions } from "./txn-stub.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("t", 2);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";

async function produce(n: number, partition = 0, valueBytes = 10): Promise<void> {
  const bytes = buildRecordBatch({ records: Array.from({ length: n }, () => ({ value: new Uint8Array(valueBytes) })) });
  await b.call(produceHandler, 9, produceRequest("t", bytes, 1, partition));
}

interface Part {
  partition: number;
  fetchOffset: bigint;
  partitionMaxBytes?: number;
}

function fetchRequest(parts: Part[], o: { isolationLevel?: number; maxWaitMs?: number; minBytes?: number; maxBytes?: number; sessionId?: number; sessionEpoch?: number; topicId?: string } = {}) {
  return {
    clusterId: null,
    replicaId: -1,
    replicaState: { replicaId: -1, replicaEpoch: -1n },
    maxWaitMs: o.maxWaitMs ?? 0,
    minBytes: o.minBytes ?? 1,
    maxBytes: o.maxBytes ?? 50 * 1024 * 1024,
    isolationLevel: o.isolationLevel ?? 1,
    sessionId: o.sessionId ?? 0,
    sessionEpoch: o.sessionEpoch ?? -1,
    topics: parts.length === 0 ? [] : [{ topic: o.topicId ? "" : "t", topicId: o.topicId ?? ZERO, partitions: parts.map((p) => ({ partition: p.partition, currentLeaderEpoch: -1, fetchOffset: p.fetchOffset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: p.partitionMaxBytes ?? 1 << 20, replicaDirectoryId: ZERO, highWatermark: -1n })) }],
    forgottenTopicsData: [],
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

function part0(res: FetchResponse): PartitionData {
  return res.responses[0]!.partitions[0]!;
}

/** Three batches: offsets 0-2, 3-4, 5-9 (high watermark 10). */
async function threeBatches(partition = 0): Promise<void> {
  await produce(3, partition);
  await produce(2, partition);
  await produce(5, partition);
}

test("read_committed stops at the last stable offset; both isolation levels carry it", async () => {
  await threeBatches();
  const stub = stubTransactions(b.partitionLog("t"), { firstUnstableOffset: 3 });
  const rc = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { isolationLevel: 1 })));
  expect(rc.errorCode).toBe(0);
  expect(rc.highWatermark).toBe(10n);
  expect(rc.lastStableOffset).toBe(3n);
  expect(batchesIn(bytesOf(rc)).map((x) => x.baseOffset)).toEqual([0]);
  expect(rc.abortedTransactions).toEqual([]);
  // The upper bound is the first offset not returned: the batch at the LSO.
  expect(stub.calls).toEqual([[0, 3]]);

  const ru = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { isolationLevel: 0 })));
  expect(ru.lastStableOffset).toBe(3n);
  expect(ru.highWatermark).toBe(10n);
  expect(batchesIn(bytesOf(ru)).map((x) => x.baseOffset)).toEqual([0, 3, 5]);
  expect(ru.abortedTransactions).toBeNull();
  expect(stub.calls.length).toBe(1); // read_uncommitted never asks
});

test("the aborted list holds the transactions overlapping the returned batches, bounded by the first offset not returned", async () => {
  await threeBatches();
  const stub = stubTransactions(b.partitionLog("t"), { aborted: [aborted(7n, 3, 4), aborted(0x7fff_ffff_ffffn, 5, 9)] });
  // max_bytes 1 with minOneMessage: exactly the first batch.
  const first = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n, partitionMaxBytes: 1 }])));
  expect(batchesIn(bytesOf(first)).map((x) => x.baseOffset)).toEqual([0]);
  expect(first.abortedTransactions).toEqual([]);
  const second = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 3n, partitionMaxBytes: 1 }])));
  expect(batchesIn(bytesOf(second)).map((x) => x.baseOffset)).toEqual([3]);
  expect(second.abortedTransactions).toEqual([{ producerId: 7n, firstOffset: 3n }]);
  // A fetch from inside a batch asks from the fetch offset (Kafka's startOffset), not the batch's base.
  const all = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 4n }])));
  expect(all.abortedTransactions).toEqual([
    { producerId: 7n, firstOffset: 3n },
    { producerId: 0x7fff_ffff_ffffn, firstOffset: 5n },
  ]);
  expect(stub.calls).toEqual([
    [0, 3],
    [3, 5],
    [4, 10],
  ]);
});

test("at or past the last stable offset: no records, no error, an empty aborted list", async () => {
  await threeBatches();
  const stub = stubTransactions(b.partitionLog("t"), { firstUnstableOffset: 3, aborted: [aborted(7n, 0, 2)] });
  for (const offset of [3n, 5n, 10n]) {
    const p = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: offset }])));
    expect(p.errorCode).toBe(0);
    expect(bytesOf(p).length).toBe(0);
    expect(p.abortedTransactions).toEqual([]);
    expect(p.lastStableOffset).toBe(3n);
  }
  expect(stub.calls).toEqual([]);
  // Past the log end is still OFFSET_OUT_OF_RANGE, with Kafka's -1 offsets and no aborted list.
  const out = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 11n }])));
  expect(out.errorCode).toBe(ErrorCode.OFFSET_OUT_OF_RANGE);
  expect(out.lastStableOffset).toBe(-1n);
  expect(out.highWatermark).toBe(-1n);
  expect(out.abortedTransactions).toBeNull();
});

test("read errors and an oversized first batch carry no aborted list; partitions refused before the read an empty one", async () => {
  await produce(1, 0, 100);
  await produce(1, 1, 5000);
  stubTransactions(b.partitionLog("t", 1), { aborted: [aborted(9n, 0, 0)] });
  // Partition 0 takes the minOneMessage turn; partition 1's first batch is larger than what is left.
  const res = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }, { partition: 1, fetchOffset: 0n }, { partition: 5, fetchOffset: 0n }], { maxBytes: 1000 }));
  const [p0, p1, p5] = res.responses[0]!.partitions;
  expect(p0!.abortedTransactions).toEqual([]);
  expect(bytesOf(p1!).length).toBe(0);
  expect(p1!.errorCode).toBe(0);
  expect(p1!.lastStableOffset).toBe(1n);
  expect(p1!.abortedTransactions).toBeNull();
  // Refused before the read (Kafka's FetchResponse.partitionResponse): the default, an empty list.
  expect(p5!.errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  expect(p5!.lastStableOffset).toBe(-1n);
  expect(p5!.abortedTransactions).toEqual([]);
  const ru = await fetch(12, fetchRequest([{ partition: 5, fetchOffset: 0n }], { isolationLevel: 0 }));
  expect(part0(ru).abortedTransactions).toEqual([]);
  const badId = await fetch(13, fetchRequest([{ partition: 0, fetchOffset: 0n }], { isolationLevel: 0, topicId: "AQIDBAUGBwgJCgsMDQ4PEA" }));
  expect(part0(badId)).toMatchObject({ errorCode: ErrorCode.UNKNOWN_TOPIC_ID, abortedTransactions: [] });
});

test("the upper bound is the next segment's base offset, or the log end, when the slice ends a segment", async () => {
  await produce(3);
  const log = b.partitionLog("t");
  log.roll();
  await produce(2);
  await produce(4);
  const stub = stubTransactions(log);
  const p = part0(await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 1n }])));
  expect(batchesIn(bytesOf(p)).map((x) => x.baseOffset)).toEqual([0]);
  expect(stub.calls).toEqual([[1, 3]]);
  await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 3n }]));
  expect(stub.calls[1]).toEqual([3, 9]);
  // Directly: a slice that ends inside the active segment is bounded by the next batch's base offset.
  const r = log.read(3, 1, "highWatermark", true);
  expect(fetchUpperBoundOffset(log.segments, log.logEndOffset, r.slice!)).toBe(5);
});

test("a read_committed long poll counts bytes up to the LSO: appends inside a transaction do not wake it", async () => {
  await produce(3);
  const stub = stubTransactions(b.partitionLog("t"), { firstUnstableOffset: 0 });
  let done: FetchResponse | null = null;
  const pending = fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { maxWaitMs: 30_000, minBytes: 1 })).then((r) => (done = r));
  await Bun.sleep(0);
  expect(b.replicaManager.delayedFetchCount).toBe(1);
  await produce(2); // the transaction grows; the LSO stays at 0
  await Bun.sleep(0);
  expect(done).toBeNull();
  expect(b.replicaManager.delayedFetchCount).toBe(1);
  // The transaction completes (the log part re-checks delayed fetches when the LSO moves).
  stub.firstUnstableOffset = null;
  b.replicaManager.tryCompleteDelayedRequests(b.replicaManager.partition("t", 0)!);
  const res = await pending;
  const p = part0(res);
  expect(p.lastStableOffset).toBe(5n);
  expect(batchesIn(bytesOf(p)).map((x) => x.baseOffset)).toEqual([0, 3]);
  expect(p.abortedTransactions).toEqual([]);
  expect(b.replicaManager.delayedFetchCount).toBe(0);
}, 10_000);

test("a read_uncommitted long poll on the same partition is woken by the append", async () => {
  await produce(3);
  stubTransactions(b.partitionLog("t"), { firstUnstableOffset: 0 });
  const pending = fetch(12, fetchRequest([{ partition: 0, fetchOffset: 3n }], { isolationLevel: 0, maxWaitMs: 30_000, minBytes: 1 }));
  await Bun.sleep(0);
  await produce(2);
  const p = part0(await pending);
  expect(batchesIn(bytesOf(p)).map((x) => x.baseOffset)).toEqual([3]);
  expect(p.lastStableOffset).toBe(0n);
  expect(p.abortedTransactions).toBeNull();
}, 10_000);

test("an incremental session sends a read_committed partition again once the LSO lets records through", async () => {
  await produce(3);
  const stub = stubTransactions(b.partitionLog("t"), { firstUnstableOffset: 0 });
  const full = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }], { sessionEpoch: 0 }));
  expect(full.sessionId).toBeGreaterThan(0);
  expect(part0(full).lastStableOffset).toBe(0n);
  expect(bytesOf(part0(full)).length).toBe(0);
  const same = await fetch(12, fetchRequest([], { sessionId: full.sessionId, sessionEpoch: 1 }));
  expect(same.responses).toEqual([]);
  stub.firstUnstableOffset = null;
  const moved = await fetch(12, fetchRequest([], { sessionId: full.sessionId, sessionEpoch: 2 }));
  const p = part0(moved);
  expect(p.lastStableOffset).toBe(3n);
  expect(batchesIn(bytesOf(p)).map((x) => x.baseOffset)).toEqual([0]);
  expect(p.abortedTransactions).toEqual([]);
});

test("every version 4-18 encodes the LSO and the aborted list (null for read_uncommitted)", async () => {
  await threeBatches();
  const topicId = b.metadata.image.topicsByName.get("t")!.topicId;
  stubTransactions(b.partitionLog("t"), { firstUnstableOffset: 5, aborted: [aborted(42n, 3, 4), aborted(43n, 1, 7)] });
  for (let v = fetchHandler.minVersion; v <= fetchHandler.maxVersion; v++) {
    for (const isolationLevel of [0, 1]) {
      const res = await fetch(v, fetchRequest([{ partition: 0, fetchOffset: 0n }], { isolationLevel, topicId: v >= 13 ? topicId : undefined }));
      // Inline the file slices so the message encodes to plain bytes.
      for (const t of res.responses) for (const p of t.partitions) p.records = bytesOf(p);
      const bytes = encodeExact((s) => writeFetchResponse(s, res, v));
      const back = part0(readFetchResponse(new Reader(bytes), v));
      expect(back.lastStableOffset, `v${v}`).toBe(5n);
      expect(back.highWatermark, `v${v}`).toBe(10n);
      if (isolationLevel === 1) expect(back.abortedTransactions, `v${v}`).toEqual([expect.objectContaining({ producerId: 42n, firstOffset: 3n }), expect.objectContaining({ producerId: 43n, firstOffset: 1n })]);
      else expect(back.abortedTransactions, `v${v}`).toBeNull();
    }
  }
});

/** Big-endian helpers for the hand-built expected bytes. */
function i16(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}
function i32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}
function i64(n: bigint): number[] {
  const out: number[] = [];
  for (let s = 56n; s >= 0n; s -= 8n) out.push(Number((BigInt.asUintN(64, n) >> s) & 0xffn));
  return out;
}
function ascii(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}

test("v4 and v12 bytes of a partition with an aborted transaction, by hand", async () => {
  await produce(1);
  stubTransactions(b.partitionLog("t"), { aborted: [aborted(5n, 0, 0)] });
  const partitionBytes = (v: number, isolationLevel: number): Promise<Uint8Array> =>
    fetch(v, fetchRequest([{ partition: 0, fetchOffset: 1n }], { isolationLevel })).then((res) => {
      for (const t of res.responses) for (const p of t.partitions) p.records = bytesOf(p);
      return encodeExact((s) => writeFetchResponse(s, res, v));
    });
  // v4 (not flexible): throttle, [topic: name, [partition: index, error, hw, lso, aborted, records]].
  const head4 = [...i32(0), ...i32(1), ...i16(1), ...ascii("t"), ...i32(1), ...i32(0), ...i16(0), ...i64(1n), ...i64(1n)];
  // Fetching at the end: nothing returned, so read_committed sends an empty list (length 0), not null (-1).
  expect([...(await partitionBytes(4, 1))]).toEqual([...head4, ...i32(0), ...i32(0)]);
  expect([...(await partitionBytes(4, 0))]).toEqual([...head4, ...i32(-1), ...i32(0)]);
  // v12 (flexible): throttle, error, session, compact arrays (n+1), log start offset, preferred replica, tags.
  const head12 = [...i32(0), ...i16(0), ...i32(0), 2, 2, ...ascii("t"), 2, ...i32(0), ...i16(0), ...i64(1n), ...i64(1n), ...i64(0n)];
  const tail12 = [...i32(-1), 1, 0, 0, 0];
  expect([...(await partitionBytes(12, 1))]).toEqual([...head12, 1, ...tail12]);
  expect([...(await partitionBytes(12, 0))]).toEqual([...head12, 0, ...tail12]);
  // With the aborted transaction in what is returned: one entry (producer id, first offset, its tags).
  const withOne = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }]));
  const recs = bytesOf(part0(withOne));
  for (const t of withOne.responses) for (const p of t.partitions) p.records = recs;
  const bytes = [...encodeExact((s) => writeFetchResponse(s, withOne, 12))];
  const abortedAt = head12.length;
  expect(bytes.slice(0, abortedAt)).toEqual(head12);
  expect(bytes.slice(abortedAt, abortedAt + 18)).toEqual([2, ...i64(5n), ...i64(0n), 0]);
});

test("an isolation level other than 0 and 1 is UNKNOWN_SERVER_ERROR once there is a partition to read", async () => {
  await produce(1);
  const topicId = b.metadata.image.topicsByName.get("t")!.topicId;
  const v12 = await fetch(12, fetchRequest([{ partition: 0, fetchOffset: 0n }, { partition: 7, fetchOffset: 0n }], { isolationLevel: 2 }));
  expect(v12.errorCode).toBe(ErrorCode.UNKNOWN_SERVER_ERROR);
  expect(v12.responses[0]!.partitions.map((p) => [p.partitionIndex, p.errorCode, p.highWatermark, p.lastStableOffset, p.abortedTransactions])).toEqual([
    [0, ErrorCode.UNKNOWN_SERVER_ERROR, -1n, -1n, []],
    [7, ErrorCode.UNKNOWN_SERVER_ERROR, -1n, -1n, []],
  ]);
  const v13 = await fetch(13, fetchRequest([{ partition: 0, fetchOffset: 0n }], { isolationLevel: 2, topicId }));
  expect(v13.errorCode).toBe(ErrorCode.UNKNOWN_SERVER_ERROR);
  expect(v13.responses).toEqual([]);
  // Nothing to read (Kafka's "interesting" is empty): the level is never looked at.
  const none = await fetch(12, fetchRequest([{ partition: 7, fetchOffset: 0n }], { isolationLevel: 2 }));
  expect(none.errorCode).toBe(0);
  expect(part0(none).errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
});
