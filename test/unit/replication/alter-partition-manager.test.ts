// AlterPartitionManager (Kafka's DefaultAlterPartitionManager) over a fake controller channel and a
// FakeClock: one pending change per partition, one request in flight with the rest batched behind it,
// top-level errors and failed sends retried after 50 ms, a partition missing from an answer sent again,
// partition-level errors handed to the submitter. And ReplicaState's caught-up bookkeeping.
import { afterEach, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { AlterPartitionManager } from "../../../src/replication/alter-partition-manager.ts";
import type { LeaderAndIsr } from "../../../src/replication/isr-state.ts";
import { AlterPartitionError, NotLeaderOrFollowerError } from "../../../src/replication/leader-errors.ts";
import { ReplicaState } from "../../../src/replication/replica-state.ts";
import { createLogger } from "../../../src/util/log.ts";
import { FakeClock } from "../../../src/util/purgatory/index.ts";
import { FakeControllerChannel } from "./leader-helpers.ts";

const managers: AlterPartitionManager[] = [];
afterEach(() => {
  for (const m of managers.splice(0)) m.shutdown();
}, 120_000);

function manager(): { m: AlterPartitionManager; channel: FakeControllerChannel; clock: FakeClock } {
  const channel = new FakeControllerChannel();
  const clock = new FakeClock(0);
  const m = new AlterPartitionManager({ brokerId: 7, brokerEpoch: () => 42n, channel, schedule: (cb, ms) => clock.schedule(cb, ms), logger: createLogger("error") });
  managers.push(m);
  // afterEach's shutdown rejects what a test left pending: that is expected, not an unhandled error.
  const submit = m.submit.bind(m);
  m.submit = (item) => {
    const p = submit(item);
    p.catch(() => {});
    return p;
  };
  return { m, channel, clock };
}

const TID = "AAAAAAAAAAAAAAAAAAAAAQ";
const change = (isr: number[], partitionEpoch = 3): LeaderAndIsr => ({ leaderId: 7, leaderEpoch: 2, isrWithEpochs: isr.map((b) => ({ brokerId: b, brokerEpoch: BigInt(b) })), leaderRecoveryState: 0, partitionEpoch });

async function flush(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

function answer(partitions: Array<{ p: number; errorCode?: number; isr?: number[] }>, topError = 0): unknown {
  return { throttleTimeMs: 0, errorCode: topError, topics: [{ topicId: TID, partitions: partitions.map((x) => ({ partitionIndex: x.p, errorCode: x.errorCode ?? 0, leaderId: 7, leaderEpoch: 2, isr: x.isr ?? [7], leaderRecoveryState: 0, partitionEpoch: 4 })) }] };
}

test("one request in flight; changes submitted meanwhile go together in the next one", async () => {
  const { m, channel } = manager();
  const a = m.submit({ topicId: TID, topic: "t", partition: 0, leaderAndIsr: change([7, 8]) });
  const b = m.submit({ topicId: TID, topic: "t", partition: 1, leaderAndIsr: change([7]) });
  const c = m.submit({ topicId: TID, topic: "t", partition: 2, leaderAndIsr: change([7, 9]) });
  expect(channel.sent.length).toBe(1);
  const first = channel.take();
  expect(first.apiKey).toBe(56);
  expect(first.body.brokerId).toBe(7);
  expect(first.body.brokerEpoch).toBe(42n);
  const parts = (first.body.topics as Array<{ topicId: string; partitions: Array<Record<string, unknown>> }>)[0]!;
  expect(parts.topicId).toBe(TID);
  expect(parts.partitions.map((p) => p.partitionIndex)).toEqual([0]);
  expect(parts.partitions[0]!.newIsrWithEpochs).toEqual([{ brokerId: 7, brokerEpoch: 7n }, { brokerId: 8, brokerEpoch: 8n }]);
  expect(parts.partitions[0]!.newIsr).toEqual([]);
  expect(first.body.version).toBe(3);
  first.resolve(answer([{ p: 0, isr: [7, 8] }]));
  const got = await a;
  expect(got.isrWithEpochs.map((x) => x.brokerId)).toEqual([7, 8]);
  expect(got.partitionEpoch).toBe(4);
  await flush();
  expect(channel.sent.length).toBe(1);
  const second = channel.take();
  expect((second.body.topics as Array<{ partitions: Array<{ partitionIndex: number }> }>)[0]!.partitions.map((p) => p.partitionIndex)).toEqual([1, 2]);
  second.resolve(answer([{ p: 1 }, { p: 2, errorCode: ErrorCode.INVALID_UPDATE_VERSION }]));
  expect((await b).partitionEpoch).toBe(4);
  const err = await c.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AlterPartitionError);
  expect((err as AlterPartitionError).code).toBe(ErrorCode.INVALID_UPDATE_VERSION);
});

test("a second change for a partition with one pending is refused with OPERATION_NOT_ATTEMPTED", async () => {
  const { m } = manager();
  void m.submit({ topicId: TID, topic: "t", partition: 0, leaderAndIsr: change([7, 8]) });
  const e = await m.submit({ topicId: TID, topic: "t", partition: 0, leaderAndIsr: change([7]) }).catch((x: unknown) => x);
  expect((e as AlterPartitionError).code).toBe(ErrorCode.OPERATION_NOT_ATTEMPTED);
  expect(m.pendingCount).toBe(1);
});

test("a top-level error or a failed send is retried after 50 ms; a partition missing from the answer is sent again", async () => {
  const { m, channel, clock } = manager();
  const a = m.submit({ topicId: TID, topic: "t", partition: 0, leaderAndIsr: change([7, 8]) });
  channel.take().resolve(answer([], ErrorCode.STALE_BROKER_EPOCH));
  await flush();
  expect(channel.sent.length).toBe(0);
  clock.advance(49);
  expect(channel.sent.length).toBe(0);
  clock.advance(1);
  expect(channel.sent.length).toBe(1);
  channel.take().reject(new Error("connection lost"));
  await flush();
  expect(channel.moved).toBeGreaterThan(0);
  clock.advance(50);
  // Answered without the partition: kept, and sent at once in the next request.
  channel.take().resolve({ throttleTimeMs: 0, errorCode: 0, topics: [] });
  await flush();
  expect(channel.sent.length).toBe(1);
  channel.take().resolve(answer([{ p: 0, isr: [7, 8] }]));
  expect((await a).isrWithEpochs.length).toBe(2);
  expect(m.pendingCount).toBe(0);
});

test("a controller without v3 gets v2 with NewIsr (no broker epochs)", async () => {
  const { m, channel } = manager();
  channel.maxVersion = 2;
  const a = m.submit({ topicId: TID, topic: "t", partition: 0, leaderAndIsr: change([7, 8]) });
  await flush();
  const req = channel.take();
  expect(req.body.version).toBe(2);
  const p = (req.body.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0]!.partitions[0]!;
  expect(p.newIsr).toEqual([7, 8]);
  expect(p.newIsrWithEpochs).toEqual([]);
  req.resolve(answer([{ p: 0, isr: [7, 8] }]));
  expect((await a).partitionEpoch).toBe(4);
});

test("shutdown rejects what is pending and sends nothing more", async () => {
  const { m, channel, clock } = manager();
  const a = m.submit({ topicId: TID, topic: "t", partition: 0, leaderAndIsr: change([7, 8]) });
  channel.take().resolve(answer([], ErrorCode.NOT_CONTROLLER));
  await flush();
  m.shutdown();
  expect(((await a.catch((e: unknown) => e)) as AlterPartitionError).code).toBe(ErrorCode.OPERATION_NOT_ATTEMPTED);
  clock.advance(1000);
  expect(channel.sent.length).toBe(0);
});

test("ReplicaState: caught up at this fetch's or the previous fetch's leader log end; stale broker epochs refused", () => {
  const r = new ReplicaState(2);
  r.reset(1000, 10, true, true);
  expect(r.lastCaughtUpTimeMs).toBe(1000);
  // Behind the log end now (20), but at least the log end of the previous fetch (-1 after a new leader).
  r.updateFetchState(10, 0, 2000, 20, 5n, 5n);
  expect(r.lastCaughtUpTimeMs).toBe(1000); // the previous fetch's time: none yet (0), so unchanged
  r.updateFetchState(20, 0, 3000, 25, 5n, 5n);
  expect(r.lastCaughtUpTimeMs).toBe(2000); // reached the log end as of the previous fetch (20)
  r.updateFetchState(25, 0, 4000, 25, 5n, 5n);
  expect(r.lastCaughtUpTimeMs).toBe(4000);
  expect(r.isCaughtUp(30, 4000 + 500, 500)).toBe(true);
  expect(r.isCaughtUp(30, 4000 + 501, 500)).toBe(false);
  expect(r.isCaughtUp(25, 99_999, 500)).toBe(true);
  expect(() => r.updateFetchState(25, 0, 5000, 25, 4n, 5n)).toThrow(NotLeaderOrFollowerError);
  expect(r.lastFetchTimeMs).toBe(4000);
  // -1 (an old request version) is never stale.
  r.updateFetchState(25, 0, 5000, 25, -1n, 5n);
  expect(r.brokerEpoch).toBe(-1n);
  // A re-elected leader keeps the offsets; an out-of-sync follower counts as never caught up.
  r.reset(6000, 25, false, false);
  expect(r.logEndOffset).toBe(25);
  // "Never" is -Infinity, not 0: the broker's clock is monotonic and near 0 when the process starts.
  expect(r.lastCaughtUpTimeMs).toBe(Number.NEGATIVE_INFINITY);
  expect(r.lastFetchTimeMs).toBe(Number.NEGATIVE_INFINITY);
  expect(r.isCaughtUp(30, 10, 30_000)).toBe(false);
  expect(new ReplicaState(3).isCaughtUp(30, 0, 30_000)).toBe(false);
});
