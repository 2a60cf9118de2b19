// DeleteRecords on a replicated partition (Kafka's ReplicaManager.deleteRecords / DelayedDeleteRecords):
// the handler answers a partition once its low watermark (the least log start of the leader and of its
// followers on live brokers) reached the requested offset, REQUEST_TIMED_OUT after timeout_ms, on a
// leader whose followers are fake fetches on a FakeClock.
import { afterEach, expect, test } from "bun:test";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { DeleteRecordsResponse } from "../../../src/protocol/generated/messages/delete-records-response.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import { deleteRecordsHandler } from "../../../src/server/api/21-delete-records.ts";
import { entry } from "./helpers.ts";
import { fetchNow, followerFetch, LEADER, leaderImage, leaderSetup, TOPIC, type BrokerSpec, type LeaderSetup, type PartitionSpec } from "./leader-helpers.ts";

const setups: LeaderSetup[] = [];
afterEach(async () => {
  for (const s of setups.splice(0)) await s.close();
}, 120_000);

const TIMEOUT_MS = 30_000;

function setup(p: PartitionSpec, brokers?: BrokerSpec[]): LeaderSetup {
  const s = leaderSetup(p, brokers);
  setups.push(s);
  return s;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

type PartitionAnswer = DeleteRecordsResponse["topics"][number]["partitions"][number];

/** The handler on a context holding only what it reads; the answer, or a promise of it when it waits. */
function deleteRecords(s: LeaderSetup, image: ReturnType<typeof leaderImage>, offset: bigint, timeoutMs = TIMEOUT_MS): PartitionAnswer | Promise<PartitionAnswer> {
  const config = BrokerConfig.from(new Map(), Object.entries({ "node.id": String(LEADER), "process.roles": "broker", "controller.quorum.voters": "3000@127.0.0.1:9093", "controller.listener.names": "CONTROLLER", listeners: "PLAINTEXT://127.0.0.1:0", "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT" }));
  const ctx = { services: { replicaManager: s.rm, metadata: { image }, config, nodeId: LEADER, authorizer: null } } as unknown as RequestContext;
  const handler = deleteRecordsHandler as ApiHandler<unknown, DeleteRecordsResponse>;
  const out = handler.handle(ctx, { timeoutMs, topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, offset }] }] });
  const first = (r: unknown): PartitionAnswer => (r as DeleteRecordsResponse).topics[0]!.partitions[0]!;
  return out instanceof Promise ? out.then(first) : first(out);
}

/** Watches a waiting answer: `current()` is null until it settles. */
function watch(p: PartitionAnswer | Promise<PartitionAnswer>): { current(): PartitionAnswer | null } {
  expect(p).toBeInstanceOf(Promise);
  let done: PartitionAnswer | null = null;
  void (p as Promise<PartitionAnswer>).then((r) => (done = r));
  return { current: () => done };
}

/** 10 records, fetched by followers 2 and 3 (log start 0): the high watermark is 10. */
function replicatedTen(s: LeaderSetup, followers: number[] = [2, 3]): void {
  s.rm.appendRecords([entry(TOPIC, 0, 10)], 1, TIMEOUT_MS, "client");
  for (const id of followers) fetchNow(s.rm, followerFetch(id, 10n));
  expect(s.rm.partition(TOPIC, 0)!.highWatermark).toBe(10);
}

test("answered once every follower's log start passed the offset, with the low watermark", async () => {
  const spec = { replicas: [1, 2, 3], isr: [1, 2, 3] };
  const s = setup(spec);
  replicatedTen(s);
  const p = s.rm.partition(TOPIC, 0)!;
  const answer = watch(deleteRecords(s, leaderImage(spec), 4n));
  // The leader moved its own log start at once; the followers still start at 0.
  expect(p.logStartOffset).toBe(4);
  expect(p.lowWatermarkIfLeader()).toBe(0);
  expect(s.rm.delayedDeleteRecordsCount).toBe(1);
  await flush();
  expect(answer.current()).toBeNull();

  fetchNow(s.rm, followerFetch(2, 10n, { logStartOffset: 4n }));
  await flush();
  expect(p.lowWatermarkIfLeader()).toBe(0);
  expect(answer.current()).toBeNull();

  fetchNow(s.rm, followerFetch(3, 10n, { logStartOffset: 4n }));
  await flush();
  expect(answer.current()).toMatchObject({ errorCode: 0, lowWatermark: 4n });
  expect(s.rm.delayedDeleteRecordsCount).toBe(0);
});

test("timeout_ms passes first: REQUEST_TIMED_OUT with the low watermark of the deletion", async () => {
  const spec = { replicas: [1, 2, 3], isr: [1, 2, 3] };
  const s = setup(spec);
  replicatedTen(s);
  const answer = watch(deleteRecords(s, leaderImage(spec), 6n, 5_000));
  fetchNow(s.rm, followerFetch(2, 10n, { logStartOffset: 6n }));
  s.clock.advance(4_999);
  await flush();
  expect(answer.current()).toBeNull();
  s.clock.advance(2);
  await flush();
  expect(answer.current()).toMatchObject({ errorCode: ErrorCode.REQUEST_TIMED_OUT, lowWatermark: 0n });
  expect(s.rm.delayedDeleteRecordsCount).toBe(0);
});

test("a follower on a fenced broker does not hold the low watermark; a follower not heard from does", async () => {
  const spec = { replicas: [1, 2, 3], isr: [1, 2] };
  const brokers = [{ id: 1 }, { id: 2 }, { id: 3, fenced: true }];
  const s = setup(spec, brokers);
  replicatedTen(s, [2]);
  // Broker 3 never fetched (log start unknown, -1) but is fenced: only follower 2 counts.
  const answer = watch(deleteRecords(s, leaderImage(spec, brokers), 3n));
  expect(s.rm.partition(TOPIC, 0)!.lowWatermarkIfLeader()).toBe(0);
  fetchNow(s.rm, followerFetch(2, 10n, { logStartOffset: 3n }));
  await flush();
  expect(answer.current()).toMatchObject({ errorCode: 0, lowWatermark: 3n });
});

test("-1 deletes up to the high watermark and waits for it the same way", async () => {
  const spec = { replicas: [1, 2, 3], isr: [1, 2, 3] };
  const s = setup(spec);
  replicatedTen(s);
  const answer = watch(deleteRecords(s, leaderImage(spec), -1n));
  fetchNow(s.rm, followerFetch(2, 10n, { logStartOffset: 10n }));
  fetchNow(s.rm, followerFetch(3, 10n, { logStartOffset: 9n }));
  await flush();
  expect(answer.current()).toBeNull();
  fetchNow(s.rm, followerFetch(3, 10n, { logStartOffset: 10n }));
  await flush();
  expect(answer.current()).toMatchObject({ errorCode: 0, lowWatermark: 10n });
});

test("the leadership moved while it waits: the next check answers NOT_LEADER_OR_FOLLOWER, low watermark -1", async () => {
  const spec = { replicas: [1, 2, 3], isr: [1, 2, 3] };
  const s = setup(spec);
  replicatedTen(s);
  const answer = watch(deleteRecords(s, leaderImage(spec), 4n));
  // As Kafka's completeDelayedOperationsWhenNotPartitionLeader (which leaves the DeleteRecords purgatory
  // out), the move itself does not re-check it; the next check on the partition (here by hand, as a
  // follower append's) does.
  s.publish(leaderImage({ ...spec, leader: 2, leaderEpoch: 1, partitionEpoch: 1 }));
  await flush();
  s.rm.tryCompleteDelayedRequests(s.rm.partition(TOPIC, 0)!);
  await flush();
  expect(answer.current()).toMatchObject({ errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, lowWatermark: -1n });
});

test("a single replica answers at once with its new log start", () => {
  const spec = { replicas: [1], isr: [1] };
  const s = setup(spec);
  s.rm.appendRecords([entry(TOPIC, 0, 10)], 1, TIMEOUT_MS, "client");
  const answer = deleteRecords(s, leaderImage(spec), 7n);
  expect(answer).not.toBeInstanceOf(Promise);
  expect(answer).toMatchObject({ errorCode: 0, lowWatermark: 7n });
  expect(s.rm.delayedDeleteRecordsCount).toBe(0);
});
