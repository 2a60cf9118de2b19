// Followers' fetch sessions are privileged in the session cache (Kafka's FetchSessionCache.tryEvict):
// a follower's new session evicts a consumer's of any size, a consumer's never evicts a follower's
// (unless stale), and among followers the larger session wins as among consumers.
import { expect, test } from "bun:test";
import { FetchSessionCache } from "../../../src/server/fetch/session-cache.ts";

function fill(cache: FetchSessionCache, nowMs: number, size: number, privileged: boolean) {
  const s = cache.maybeCreate(nowMs, false, size, privileged)!;
  s.update(Array.from({ length: size }, (_, i) => ({ topic: "x", topicId: "", partition: i, fetchOffset: 0n, maxBytes: 1, currentLeaderEpoch: -1, lastFetchedEpoch: -1, logStartOffset: -1n })), []);
  return s;
}

test("a follower's session evicts a consumer's of any size; a consumer's never evicts a follower's", () => {
  const cache = new FetchSessionCache(1, 1000);
  const consumer = fill(cache, 0, 50, false);
  const follower = fill(cache, 10, 1, true);
  expect(cache.get(consumer.id)).toBeUndefined();
  expect(cache.get(follower.id)).toBe(follower);
  // A bigger consumer session cannot take the follower's slot.
  expect(cache.maybeCreate(20, false, 500, false)).toBeNull();
  // A larger follower session can (same rank, more partitions).
  const bigger = fill(cache, 30, 2, true);
  expect(cache.get(follower.id)).toBeUndefined();
  expect(cache.get(bigger.id)).toBe(bigger);
  // A stale follower session goes, whoever asks.
  const late = cache.maybeCreate(30 + 1000, false, 1, false);
  expect(late).not.toBeNull();
  expect(cache.get(bigger.id)).toBeUndefined();
});
