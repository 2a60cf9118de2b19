// The follower's reading of a fetch answer's framing (whole batches only) and of its own leader-epoch
// cache (Kafka's LeaderEpochFileCache.endOffsetFor semantics, which truncation on a diverging epoch uses).
import { expect, test } from "bun:test";
import { endOffsetForEpoch, wholeBatches } from "../../../src/replication/follower-records.ts";
import { offsetTruncationState } from "../../../src/replication/partition-fetch-state.ts";
import { leaderBatch } from "./fake-leader.ts";

const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

test("wholeBatches keeps complete batches and drops a cut-off tail, however short", () => {
  const a = leaderBatch(0, 2, 1).bytes;
  const b = leaderBatch(2, 3, 1).bytes;
  const both = join(a, b);
  expect(wholeBatches(both)).toEqual(both);
  for (const cut of [1, 10, b.length - 12, b.length - 11, b.length - 1]) expect(wholeBatches(both.subarray(0, both.length - cut))).toEqual(a);
  expect(wholeBatches(a.subarray(0, 5)).length).toBe(0);
  expect(wholeBatches(new Uint8Array(0)).length).toBe(0);
  // A negative length is not a cut-off batch: left in, so the append refuses it as corrupt.
  const bad = join(a, new Uint8Array(20));
  new DataView(bad.buffer).setInt32(a.length + 8, -5);
  expect(wholeBatches(bad)).toEqual(bad);
});

test("endOffsetForEpoch answers as Kafka's LeaderEpochFileCache.endOffsetFor", () => {
  const entries = [
    { epoch: 2, startOffset: 10 },
    { epoch: 4, startOffset: 20 },
    { epoch: 7, startOffset: 30 },
  ];
  expect(endOffsetForEpoch(entries, 7, 42)).toEqual({ epoch: 7, offset: 42 });
  expect(endOffsetForEpoch(entries, 4, 42)).toEqual({ epoch: 4, offset: 30 });
  // An epoch between two entries: the floor epoch, ending where the next one starts.
  expect(endOffsetForEpoch(entries, 5, 42)).toEqual({ epoch: 4, offset: 30 });
  // Below every entry: the requested epoch, ending at the first entry's start.
  expect(endOffsetForEpoch(entries, 1, 42)).toEqual({ epoch: 1, offset: 10 });
  // Above the latest, -1, or an empty cache: unknown.
  expect(endOffsetForEpoch(entries, 8, 42)).toBeNull();
  expect(endOffsetForEpoch(entries, -1, 42)).toBeNull();
  expect(endOffsetForEpoch([], 3, 42)).toBeNull();
});

test("offsetTruncationState: Kafka's getOffsetTruncationState for a diverging epoch", () => {
  // This replica: epoch 1 at 0, epoch 3 at 10, epoch 5 at 20; log end 30.
  const entries = [
    { epoch: 1, startOffset: 0 },
    { epoch: 3, startOffset: 10 },
    { epoch: 5, startOffset: 20 },
  ];
  const local = (e: number) => endOffsetForEpoch(entries, e, 30);
  // No end offset: the fetch offset.
  expect(offsetTruncationState(25, 30, 3, -1, local)).toBe(25);
  // No epoch: the leader's end, at most the log end.
  expect(offsetTruncationState(30, 30, -1, 12, local)).toBe(12);
  expect(offsetTruncationState(30, 30, -1, 40, local)).toBe(30);
  // An epoch held here: the lower of both ends.
  expect(offsetTruncationState(30, 30, 3, 15, local)).toBe(15);
  expect(offsetTruncationState(30, 30, 3, 18, local)).toBe(18);
  expect(offsetTruncationState(30, 30, 1, 12, local)).toBe(10);
  // Epoch 4 is unknown here: the end of epoch 3 (20), then the next fetch asks again.
  expect(offsetTruncationState(30, 30, 4, 25, local)).toBe(20);
  // Epoch 0 is below every entry: Kafka's cache answers (0, 0): truncate to 0.
  expect(offsetTruncationState(30, 30, 0, 7, local)).toBe(0);
  // Nothing known here at all: the leader's end.
  expect(offsetTruncationState(30, 30, 2, 7, () => null)).toBe(7);
});
