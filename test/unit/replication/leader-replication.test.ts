// The leader side of replication (Kafka's Partition.scala / ReplicaManager leader half) on a real log
// and a FakeClock: follower fetches recorded on the leader, the high watermark as the smallest log end
// of the ISR (and of caught-up eligible followers), ISR expansion and shrinking through AlterPartition
// with its pending states, the answers to AlterPartition errors, the diverging-epoch answer, and
// acks=all against min.insync.replicas.
import { afterEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { PartitionAppendResult } from "../../../src/replication/replica-manager.ts";
import { committedIsr } from "../../../src/replication/isr-state.ts";
import { entry, ManualDurability } from "./helpers.ts";
import { answerAlterPartition, fetchNow, followerFetch, LAG_MS, leaderImage, leaderSetup, TOPIC, type LeaderSetup } from "./leader-helpers.ts";

const setups: LeaderSetup[] = [];
afterEach(async () => {
  for (const s of setups.splice(0)) await s.close();
}, 120_000);

function setup(...args: Parameters<typeof leaderSetup>): LeaderSetup {
  const s = leaderSetup(...args);
  setups.push(s);
  return s;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

function append(s: LeaderSetup, count: number, acks = 1): PartitionAppendResult[] | Promise<PartitionAppendResult[]> {
  return s.rm.appendRecords([entry(TOPIC, 0, count)], acks, 30_000, "client");
}

function partitionOf(s: LeaderSetup) {
  return s.rm.partition(TOPIC, 0)!;
}

test("the high watermark is the smallest log end of the ISR; acks=-1 answers once every ISR member has fetched past it", async () => {
  const s = setup({ replicas: [1, 2, 3], isr: [1, 2, 3] });
  const p = partitionOf(s);
  append(s, 5);
  // Followers not heard from yet (log end unknown) hold the high watermark.
  expect(p.logEndOffset).toBe(5);
  expect(p.highWatermark).toBe(0);
  const waiting = append(s, 2, -1);
  expect(waiting).toBeInstanceOf(Promise);
  let done: PartitionAppendResult[] | null = null;
  void (waiting as Promise<PartitionAppendResult[]>).then((r) => (done = r));

  // A follower read returns batches up to the log end (not the high watermark), with the leader's HW.
  const r2 = fetchNow(s.rm, followerFetch(2, 0n));
  expect(r2.errorCode).toBe(0);
  expect(r2.sizeBytes).toBeGreaterThan(0);
  expect(r2.highWatermark).toBe(0n);
  fetchNow(s.rm, followerFetch(2, 7n));
  expect(p.highWatermark).toBe(0); // 3 is still unknown
  fetchNow(s.rm, followerFetch(3, 4n));
  expect(p.highWatermark).toBe(4);
  await flush();
  expect(done).toBeNull();
  fetchNow(s.rm, followerFetch(3, 7n));
  expect(p.highWatermark).toBe(7);
  await flush();
  expect(done).not.toBeNull();
  expect(done![0]!.errorCode).toBe(0);
  expect(done![0]!.baseOffset).toBe(5);
  // The follower state is Kafka's: log end, log start and broker epoch from the fetch.
  const r3 = p.leaderState!.replica(3)!;
  expect(r3.logEndOffset).toBe(7);
  expect(r3.logStartOffset).toBe(0);
  expect(r3.brokerEpoch).toBe(103n);
  expect(r3.lastCaughtUpTimeMs).toBe(s.clock.nowMs());
});

test("a follower outside the ISR that is caught up and eligible holds the high watermark until it joins (KIP-841)", () => {
  const s = setup({ replicas: [1, 2, 3], isr: [1] });
  const p = partitionOf(s);
  append(s, 4);
  // Followers that never caught up do not hold it (Kafka's "never" is not near the broker's clock start).
  expect(p.highWatermark).toBe(4);
  // Follower 3 reaches the log end: proposed for the ISR (PendingExpandIsr, an AlterPartition in flight).
  fetchNow(s.rm, followerFetch(3, 4n));
  expect(p.leaderState!.isrState.kind).toBe("pendingExpand");
  expect(p.leaderState!.isrState.maximalIsr).toEqual([1, 3]);
  // Follower 2 reaches it too, but cannot be proposed while that change is in flight: caught up and
  // eligible outside the maximal ISR.
  fetchNow(s.rm, followerFetch(2, 4n));
  expect(p.leaderState!.isrState.maximalIsr).toEqual([1, 3]);
  append(s, 2);
  expect(p.highWatermark).toBe(4);
  // Follower 3 (maximal ISR) is at 6; follower 2, caught up within replica.lag.time.max.ms, holds the HW at 4.
  fetchNow(s.rm, followerFetch(3, 6n));
  expect(p.highWatermark).toBe(4);
  fetchNow(s.rm, followerFetch(2, 6n));
  expect(p.highWatermark).toBe(6);
});

test("ISR expansion: AlterPartition v3 carries the ISR with broker epochs; the answer commits the new ISR and partition epoch", async () => {
  const s = setup({ replicas: [1, 2], isr: [1], partitionEpoch: 4 });
  const p = partitionOf(s);
  append(s, 3);
  fetchNow(s.rm, followerFetch(2, 3n));
  expect(p.leaderState!.isrState.kind).toBe("pendingExpand");
  const req = s.channel.sent[0]!;
  expect(req.apiKey).toBe(56);
  expect(req.body.brokerId).toBe(1);
  expect(req.body.brokerEpoch).toBe(101n);
  const part = (req.body.topics as Array<{ topicId: string; partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]!;
  expect(part.partitionEpoch).toBe(4);
  expect(part.leaderEpoch).toBe(0);
  expect(part.newIsrWithEpochs).toEqual([{ brokerId: 1, brokerEpoch: 101n }, { brokerId: 2, brokerEpoch: 102n }]);
  // No second change while one is pending.
  append(s, 1);
  fetchNow(s.rm, followerFetch(2, 4n));
  expect(s.channel.sent.length).toBe(1);
  await answerAlterPartition(s.channel, {});
  expect(p.leaderState!.isrState.kind).toBe("committed");
  expect(p.isr).toEqual([1, 2]);
  expect(p.partitionEpoch).toBe(5);
  // The image then brings the same state (epoch 5): nothing changes; an older one (4) is skipped.
  s.publish(leaderImage({ replicas: [1, 2], isr: [1], partitionEpoch: 4 }));
  expect(p.isr).toEqual([1, 2]);
});

test("no expansion for a fenced broker, one in controlled shutdown, or a fetch from another broker epoch", () => {
  for (const b of [{ id: 2, fenced: true }, { id: 2, inControlledShutdown: true }, { id: 2, epoch: 555n }]) {
    const s = setup({ replicas: [1, 2], isr: [1] }, [{ id: 1 }, b]);
    const p = partitionOf(s);
    append(s, 3);
    const r = fetchNow(s.rm, followerFetch(2, 3n, { epoch: 102n }));
    // A fetch with an older broker epoch than the image's is stale: NOT_LEADER_OR_FOLLOWER.
    expect(r.errorCode).toBe(b.epoch === 555n ? ErrorCode.NOT_LEADER_OR_FOLLOWER : 0);
    expect(p.leaderState!.isrState.kind).toBe("committed");
    expect(s.channel.sent.length).toBe(0);
    // Not eligible, so it does not hold the high watermark either.
    expect(p.highWatermark).toBe(3);
  }
});

test("ISR shrink after replica.lag.time.max.ms: pending shrink keeps the HW on the maximal ISR until committed", async () => {
  const s = setup({ replicas: [1, 2, 3], isr: [1, 2, 3] });
  const p = partitionOf(s);
  append(s, 5);
  fetchNow(s.rm, followerFetch(2, 5n));
  fetchNow(s.rm, followerFetch(3, 2n));
  expect(p.highWatermark).toBe(2);
  s.rm.maybeShrinkIsr();
  expect(s.channel.sent.length).toBe(0); // both caught up within the lag (new leader: in-sync replicas count as caught up now)
  s.clock.advance(LAG_MS / 2);
  fetchNow(s.rm, followerFetch(2, 5n));
  s.clock.advance(LAG_MS / 2 + 1);
  s.rm.maybeShrinkIsr();
  // 3 last caught up at the leader's start; 2 fetched at the log end LAG_MS/2 ago.
  expect(p.leaderState!.isrState.kind).toBe("pendingShrink");
  expect(p.leaderState!.isrState.maximalIsr).toEqual([1, 2, 3]);
  expect(p.highWatermark).toBe(2);
  const req = await answerAlterPartition(s.channel, {});
  const sent = (req.body.topics as Array<{ partitions: Array<{ newIsrWithEpochs: Array<{ brokerId: number }> }> }>)[0]!.partitions[0]!.newIsrWithEpochs.map((b) => b.brokerId);
  expect(sent).toEqual([1, 2]);
  expect(p.isr).toEqual([1, 2]);
  expect(p.highWatermark).toBe(5);
});

test("the isr-expiration task runs every replica.lag.time.max.ms / 2 on the broker's clock", () => {
  const s = setup({ replicas: [1, 2], isr: [1, 2] });
  s.rm.startIsrExpiration();
  append(s, 1);
  s.clock.advance(LAG_MS / 2);
  expect(s.channel.sent.length).toBe(0);
  s.clock.advance(LAG_MS / 2);
  expect(s.channel.sent.length).toBe(0); // exactly LAG_MS: still within the lag
  s.clock.advance(LAG_MS / 2);
  expect(s.channel.sent.length).toBe(1);
});

test("AlterPartition errors: OPERATION_NOT_ATTEMPTED / INELIGIBLE_REPLICA reset to the committed ISR; INVALID_UPDATE_VERSION and friends stay pending; others are retried", async () => {
  for (const [code, expected] of [
    [ErrorCode.OPERATION_NOT_ATTEMPTED, "reset"],
    [ErrorCode.INELIGIBLE_REPLICA, "reset"],
    [ErrorCode.INVALID_UPDATE_VERSION, "pending"],
    [ErrorCode.FENCED_LEADER_EPOCH, "pending"],
    [ErrorCode.NEW_LEADER_ELECTED, "pending"],
    [ErrorCode.UNKNOWN_TOPIC_ID, "pending"],
    [ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "pending"],
    [ErrorCode.INVALID_REQUEST, "pending"],
    [ErrorCode.UNKNOWN_SERVER_ERROR, "retried"],
  ] as const) {
    const s = setup({ replicas: [1, 2], isr: [1] });
    const p = partitionOf(s);
    append(s, 2);
    fetchNow(s.rm, followerFetch(2, 2n));
    expect(p.leaderState!.isrState.kind).toBe("pendingExpand");
    await answerAlterPartition(s.channel, { errorCode: code });
    const state = p.leaderState!.isrState;
    if (expected === "reset") {
      expect(state.kind).toBe("committed");
      expect(p.isr).toEqual([1]);
      // A later fetch may propose again.
      fetchNow(s.rm, followerFetch(2, 2n));
      expect(s.channel.sent.length).toBe(1);
    } else if (expected === "pending") {
      expect(state.kind).toBe("pendingExpand");
      expect(s.channel.sent.length).toBe(0);
      // Until the metadata brings the partition's state: then committed as the image says.
      s.publish(leaderImage({ replicas: [1, 2], isr: [1, 2], partitionEpoch: 1 }));
      expect(p.leaderState!.isrState.kind).toBe("committed");
      expect(p.isr).toEqual([1, 2]);
    } else {
      expect(state.kind).toBe("pendingExpand");
      expect(s.channel.sent.length).toBe(1);
      await answerAlterPartition(s.channel, {});
      expect(p.isr).toEqual([1, 2]);
    }
    await s.close();
    setups.splice(setups.indexOf(s), 1);
  }
});

test("an answer for a stale leader epoch or an older partition epoch is ignored; one after a newer image is ignored", async () => {
  const s = setup({ replicas: [1, 2], isr: [1], partitionEpoch: 3 });
  const p = partitionOf(s);
  append(s, 2);
  fetchNow(s.rm, followerFetch(2, 2n));
  await answerAlterPartition(s.channel, { leaderEpoch: 7 });
  expect(p.isr).toEqual([1]);
  expect(p.leaderState!.isrState.kind).toBe("pendingExpand");

  const s2 = setup({ replicas: [1, 2], isr: [1], partitionEpoch: 3 });
  const p2 = partitionOf(s2);
  append(s2, 2);
  fetchNow(s2.rm, followerFetch(2, 2n));
  // The image moves on (someone else changed the partition) before the answer.
  s2.publish(leaderImage({ replicas: [1, 2], isr: [1], partitionEpoch: 4 }));
  await answerAlterPartition(s2.channel, { partitionEpoch: 4 });
  expect(p2.isr).toEqual([1]);
  expect(p2.partitionEpoch).toBe(4);
});

test("a follower fetch whose last fetched epoch diverges gets the epoch and end offset to truncate to, at once and without records", async () => {
  const s = setup({ replicas: [1, 2], isr: [1, 2], leaderEpoch: 0 });
  append(s, 5);
  s.publish(leaderImage({ replicas: [1, 2], isr: [1, 2], leaderEpoch: 2, partitionEpoch: 1 }));
  append(s, 3);
  // Epoch 1 is unknown here: the largest epoch not above it is 0, which ended at 5.
  const r = fetchNow(s.rm, followerFetch(2, 7n, { lastFetchedEpoch: 1, currentLeaderEpoch: 2 }));
  expect(r.errorCode).toBe(0);
  expect(r.divergingEpoch).toEqual({ epoch: 0, endOffset: 5 });
  expect(r.sizeBytes).toBe(0);
  // Epoch 0 ends at 5: a fetch at 6 in epoch 0 diverges, one at 5 does not.
  expect(fetchNow(s.rm, followerFetch(2, 6n, { lastFetchedEpoch: 0 })).divergingEpoch).toEqual({ epoch: 0, endOffset: 5 });
  const ok = fetchNow(s.rm, followerFetch(2, 5n, { lastFetchedEpoch: 0 }));
  expect(ok.divergingEpoch ?? null).toBeNull();
  expect(ok.sizeBytes).toBeGreaterThan(0);
  // A long poll with a diverging epoch is answered at once too.
  const polled = s.rm.fetchMessages(followerFetch(2, 7n, { lastFetchedEpoch: 1, maxWaitMs: 10_000 }));
  expect(polled).not.toBeInstanceOf(Promise);
  // A diverging follower's position is not recorded (Kafka skips updateFollowerFetchState).
  expect(partitionOf(s).leaderState!.replica(2)!.logEndOffset).toBe(5);
});

test("an unknown replica: UNKNOWN_LEADER_EPOCH with a leader epoch, NOT_LEADER_OR_FOLLOWER without", () => {
  const s = setup({ replicas: [1, 2], isr: [1, 2] });
  expect(fetchNow(s.rm, followerFetch(9, 0n, { currentLeaderEpoch: 0 })).errorCode).toBe(ErrorCode.UNKNOWN_LEADER_EPOCH);
  expect(fetchNow(s.rm, followerFetch(9, 0n)).errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
});

test("a follower's long poll is completed by an append; its position is taken from its first read only", async () => {
  const s = setup({ replicas: [1, 2], isr: [1, 2] });
  const p = partitionOf(s);
  append(s, 2);
  fetchNow(s.rm, followerFetch(2, 2n));
  expect(p.highWatermark).toBe(2);
  const polled = s.rm.fetchMessages(followerFetch(2, 2n, { maxWaitMs: 10_000 }));
  expect(polled).toBeInstanceOf(Promise);
  append(s, 1);
  const r = await polled;
  expect(r.results.get("p0")!.sizeBytes).toBeGreaterThan(0);
  // The leader's HW waits for the follower's next fetch.
  expect(p.highWatermark).toBe(2);
});

test("acks=all: NOT_ENOUGH_REPLICAS before the append when the ISR is below min.insync.replicas; acks=1 still appends", async () => {
  const s = setup({ replicas: [1, 2], isr: [1] });
  s.minIsr.value = 2;
  const p = partitionOf(s);
  const refused = append(s, 2, -1) as PartitionAppendResult[];
  expect(refused[0]!.errorCode).toBe(ErrorCode.NOT_ENOUGH_REPLICAS);
  expect(p.logEndOffset).toBe(0);
  const one = append(s, 2, 1) as PartitionAppendResult[];
  expect(one[0]!.errorCode).toBe(0);
  expect(p.logEndOffset).toBe(2);
  // Under min ISR the high watermark does not move (Kafka 4.x).
  expect(p.highWatermark).toBe(0);
  // min.insync.replicas above the replication factor counts as the replication factor.
  s.minIsr.value = 5;
  s.publish(leaderImage({ replicas: [1, 2], isr: [1, 2], partitionEpoch: 1 }));
  fetchNow(s.rm, followerFetch(2, 2n));
  expect(p.highWatermark).toBe(2);
  const waiting = append(s, 1, -1);
  expect(waiting).toBeInstanceOf(Promise);
  fetchNow(s.rm, followerFetch(2, 3n));
  expect((await waiting)[0]!.errorCode).toBe(0);
});

test("checkEnoughReplicasReachOffset: NOT_ENOUGH_REPLICAS_AFTER_APPEND when the maximal ISR is below min ISR once the HW passed", () => {
  const s = setup({ replicas: [1, 2], isr: [1, 2] });
  s.minIsr.value = 2;
  const p = partitionOf(s);
  append(s, 3);
  fetchNow(s.rm, followerFetch(2, 3n));
  expect(p.highWatermark).toBe(3);
  expect(p.checkEnoughReplicasReachOffset(3)).toBe(0);
  expect(p.checkEnoughReplicasReachOffset(4)).toBeNull();
  p.leaderState!.resetTo(committedIsr([1]));
  expect(p.checkEnoughReplicasReachOffset(3)).toBe(ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND);
});

test("a single-replica partition keeps the single-node rule (no followers, no AlterPartition)", () => {
  const s = setup({ replicas: [1], isr: [1] });
  s.minIsr.value = 3;
  const r = append(s, 2, -1) as PartitionAppendResult[];
  expect(r[0]!.errorCode).toBe(0);
  expect(partitionOf(s).highWatermark).toBe(2);
  s.rm.maybeShrinkIsr();
  expect(s.channel.sent.length).toBe(0);
});

test("becoming a follower drops the leader state (a late AlterPartition answer is ignored); leading again starts the followers over", async () => {
  const s = setup({ replicas: [1, 2], isr: [1] });
  const p = partitionOf(s);
  append(s, 2);
  fetchNow(s.rm, followerFetch(2, 2n));
  expect(p.leaderState!.isrState.kind).toBe("pendingExpand");
  s.publish(leaderImage({ replicas: [1, 2], isr: [1, 2], leader: 2, leaderEpoch: 1, partitionEpoch: 1 }));
  expect(p.leaderState).toBeNull();
  await answerAlterPartition(s.channel, { partitionEpoch: 7 });
  expect(p.partitionEpoch).toBe(1);
  expect(p.isr).toEqual([1, 2]);
  s.publish(leaderImage({ replicas: [1, 2], isr: [1, 2], leader: 1, leaderEpoch: 2, partitionEpoch: 2 }));
  const r2 = p.leaderState!.replica(2)!;
  expect(r2.logEndOffset).toBe(-1);
  expect(r2.brokerEpoch).toBeNull();
  // In the ISR at the new epoch: counted as caught up now.
  expect(r2.lastCaughtUpTimeMs).toBe(s.clock.nowMs());
  expect(p.leaderState!.leaderEpochStartOffset).toBe(2);
});

test("with fsync-before-ack the leader counts with its durable offset: the HW is the least of it and the ISR's log ends", async () => {
  const d = new ManualDurability();
  const s = leaderSetup({ replicas: [1, 2], isr: [1, 2] }, undefined, { fsync: d });
  setups.push(s);
  const p = partitionOf(s);
  append(s, 3);
  fetchNow(s.rm, followerFetch(2, 3n));
  // The follower has all 3, the leader's own disk none yet.
  expect(p.highWatermark).toBe(0);
  d.reach(3);
  await flush();
  expect(p.highWatermark).toBe(3);
  // And the other way round: durable here, not yet fetched by the follower.
  append(s, 2);
  d.reach(5);
  await flush();
  expect(p.highWatermark).toBe(3);
  fetchNow(s.rm, followerFetch(2, 5n));
  expect(p.highWatermark).toBe(5);
});
