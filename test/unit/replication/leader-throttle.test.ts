// The leader side of the replication quota (Kafka's ReplicaManager.shouldLeaderThrottle and
// KafkaApis' record of sizeOfThrottledPartitions) on a real log and a FakeClock: a follower out of the
// ISR gets no records for a throttled partition while the leader quota is exceeded; ISR members are
// never throttled; the bytes sent for throttled partitions are recorded.
import { afterEach, expect, test } from "bun:test";
import { ReplicationQuotaManager } from "../../../src/replication/replication-quota.ts";
import type { FakeClock } from "../../../src/util/purgatory/index.ts";
import { entry } from "./helpers.ts";
import { fetchNow, followerFetch, leaderSetup, TOPIC, type LeaderSetup } from "./leader-helpers.ts";

const setups: LeaderSetup[] = [];
afterEach(async () => {
  for (const s of setups.splice(0)) await s.close();
}, 120_000);

function setup(replicas: string, rateBytesPerSec: number): { s: LeaderSetup; quota: () => ReplicationQuotaManager } {
  let quota: ReplicationQuotaManager | null = null;
  const s = leaderSetup({ replicas: [1, 2, 3], isr: [1, 2] }, undefined, {
    leaderQuota: (clock: FakeClock) => {
      quota = new ReplicationQuotaManager({ replicationType: "leader", brokerId: 1, windowNum: 11, windowSizeMs: 1000, nowMs: () => clock.nowMs(), rateBytesPerSec: () => rateBytesPerSec, throttledReplicas: (t) => (t === TOPIC ? replicas : "") });
      return quota;
    },
  });
  setups.push(s);
  return { s, quota: () => quota! };
}

test("a follower out of the ISR gets nothing while the quota is exceeded; an ISR member always reads", () => {
  const { s, quota } = setup("0:1", 100);
  void s.rm.appendRecords([entry(TOPIC, 0, 5)], 1, 30_000, "client");
  const first = fetchNow(s.rm, followerFetch(3, 0n));
  // Under the quota: the out-of-sync follower reads, and the bytes count.
  expect(first.sizeBytes).toBeGreaterThan(100);
  expect(quota().measuredRate()).toBe(first.sizeBytes);
  expect(quota().isQuotaExceeded()).toBe(true);
  const throttled = fetchNow(s.rm, followerFetch(3, 0n));
  expect(throttled.errorCode).toBe(0);
  expect(throttled.sizeBytes).toBe(0);
  // The ISR member is not throttled, and its bytes count too (Kafka's sizeOfThrottledPartitions).
  const inSync = fetchNow(s.rm, followerFetch(2, 0n));
  expect(inSync.sizeBytes).toBe(first.sizeBytes);
  expect(quota().measuredRate()).toBe(2 * first.sizeBytes);
  // Once the rate has fallen under the bound (the samples age out), the follower reads again.
  s.clock.advance(60_000);
  expect(fetchNow(s.rm, followerFetch(3, 0n)).sizeBytes).toBe(first.sizeBytes);
});

test("a partition not in the throttled list, or a rate not exceeded, is never throttled", () => {
  const other = setup("0:9", 100).s; // a pair naming another broker
  void other.rm.appendRecords([entry(TOPIC, 0, 5)], 1, 30_000, "client");
  const a = fetchNow(other.rm, followerFetch(3, 0n)).sizeBytes;
  expect(a).toBeGreaterThan(0);
  expect(fetchNow(other.rm, followerFetch(3, 0n)).sizeBytes).toBe(a);

  const fast = setup("*", 1e9).s;
  void fast.rm.appendRecords([entry(TOPIC, 0, 5)], 1, 30_000, "client");
  const b = fetchNow(fast.rm, followerFetch(3, 0n)).sizeBytes;
  expect(b).toBeGreaterThan(0);
  expect(fetchNow(fast.rm, followerFetch(3, 0n)).sizeBytes).toBe(b);
});
