// The leader's view of a follower (Kafka's Replica / ReplicaState): when it counts as caught up.
import { expect, test } from "bun:test";
import { NEVER_MS, ReplicaState } from "../../../src/replication/replica-state.ts";

const LAG_MS = 30_000;

test("a follower that never fetched is not caught up, even while the broker's monotonic clock is below the lag", () => {
  // Strand's clock starts near 0 with the process; Kafka's "never" (0 on a wall clock) would read as
  // "caught up 100 ms ago" here and let the follower hold the high watermark.
  const r = new ReplicaState(2);
  expect(r.lastCaughtUpTimeMs).toBe(NEVER_MS);
  expect(r.isCaughtUp(5, 100, LAG_MS)).toBe(false);
  // A new leader resets a follower outside the ISR to never, one in it to now.
  r.reset(200, 5, true, false);
  expect(r.isCaughtUp(5, 300, LAG_MS)).toBe(false);
  r.reset(200, 5, true, true);
  expect(r.isCaughtUp(5, 300, LAG_MS)).toBe(true);
});

test("caught up as of this fetch, as of the previous fetch, then falling behind for longer than the lag", () => {
  const r = new ReplicaState(2);
  r.updateFetchState(0, 0, 1_000, 10, -1n, undefined); // behind: never caught up
  expect(r.isCaughtUp(10, 1_000, LAG_MS)).toBe(false);
  r.updateFetchState(10, 0, 2_000, 10, -1n, undefined); // at the log end: caught up at 2 s
  expect(r.lastCaughtUpTimeMs).toBe(2_000);
  r.updateFetchState(10, 0, 3_000, 15, -1n, undefined); // reached the previous fetch's log end: caught up at 2 s
  expect(r.lastCaughtUpTimeMs).toBe(2_000);
  r.updateFetchState(15, 0, 4_000, 20, -1n, undefined); // reached the previous fetch's log end (15): at 3 s
  expect(r.lastCaughtUpTimeMs).toBe(3_000);
  expect(r.isCaughtUp(20, 3_000 + LAG_MS, LAG_MS)).toBe(true);
  expect(r.isCaughtUp(20, 3_001 + LAG_MS, LAG_MS)).toBe(false);
  expect(r.isCaughtUp(15, 10 * LAG_MS, LAG_MS)).toBe(true); // at the leader's end whatever the time
});

test("a fetch with an older broker epoch than the image's is refused and changes nothing", () => {
  const r = new ReplicaState(2);
  r.updateFetchState(4, 0, 1_000, 4, 7n, 7n);
  expect(() => r.updateFetchState(9, 0, 2_000, 9, 6n, 7n)).toThrow(/stale fetch state/);
  expect(r.logEndOffset).toBe(4);
  expect(r.brokerEpoch).toBe(7n);
});
