// KIP-848 consumer groups in the coordinator: join, target assignment, revocation before assignment,
// epoch fencing, static members, leave, session expiry on the timing wheel (FakeClock), offsets
// checks, the records replayed into an identical group, and target assignments batched by
// group.consumer.assignment.interval.ms as Kafka 4.4.0 does (the other tests set it to 0: one target
// per group epoch). A new group starts at epoch 1 as Kafka's, so its first member joins at epoch 2.
import { describe, expect, test } from "bun:test";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { GroupCoordinator, DEFAULT_COORDINATOR_CONFIG, DEFAULT_CONSUMER_GROUP_CONFIG } from "../../../src/coordinator/group/group-coordinator.ts";
import { wheelGroupClock } from "../../../src/server/group-clock.ts";
import type { HeartbeatRequest, TopicInfo } from "../../../src/coordinator/group/consumer-manager.ts";
import type { KeyValue } from "../../../src/coordinator/group/records.ts";
import { decodeConsumerGroupRecord } from "../../../src/coordinator/group/consumer-records.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

const T1 = "AAAAAAAAAAAAAAAAAAAAAQ";

function setup(partitions = 4, assignmentIntervalMs = 0) {
  const fake = new FakeClock(1000);
  const timer = new Timer({ clock: fake });
  const log: KeyValue[] = [];
  const coord = new GroupCoordinator(
    { ...DEFAULT_COORDINATOR_CONFIG, consumer: { ...DEFAULT_CONSUMER_GROUP_CONFIG, sessionTimeoutMs: 10_000, assignmentIntervalMs } },
    { append: (_p, r) => (log.push(...r), Promise.resolve()) },
    wheelGroupClock(timer, () => fake.nowMs()),
  );
  const topics = new Map<string, TopicInfo>([["t1", { name: "t1", topicId: T1, numPartitions: partitions }]]);
  coord.topicSource = () => topics;
  return { fake, timer, log, coord, topics };
}

function hb(over: Partial<HeartbeatRequest>): HeartbeatRequest {
  return {
    apiVersion: 1,
    groupId: "g",
    memberId: "m1",
    memberEpoch: 0,
    instanceId: null,
    rackId: null,
    rebalanceTimeoutMs: 30_000,
    subscribedTopicNames: ["t1"],
    subscribedTopicRegex: null,
    serverAssignor: null,
    topicPartitions: [],
    clientId: "c",
    clientHost: "/127.0.0.1",
    ...over,
  };
}

const parts = (a: Array<{ topicId: string; partitions: number[] }> | null) => (a ?? []).flatMap((t) => t.partitions).sort();

describe("consumer group heartbeat", () => {
  test("first member gets every partition at epoch 2; the group is Stable", () => {
    const { coord } = setup();
    const r = coord.consumer.heartbeat(hb({})).result;
    expect(r.errorCode).toBe(ErrorCode.NONE);
    expect(r.memberEpoch).toBe(2);
    expect(r.heartbeatIntervalMs).toBe(5000);
    expect(parts(r.assignment)).toEqual([0, 1, 2, 3]);
    expect(coord.consumerGroups.get("g")!.state).toBe("Stable");
    expect(coord.listGroups([], ["consumer"])).toEqual([{ groupId: "g", protocolType: "consumer", state: "Stable", type: "consumer" }]);
  });

  test("a second member waits for the first to revoke: no partition is owned twice", () => {
    const { coord } = setup();
    coord.consumer.heartbeat(hb({}));
    const j2 = coord.consumer.heartbeat(hb({ memberId: "m2" })).result;
    expect(j2.memberEpoch).toBe(3);
    expect(parts(j2.assignment)).toEqual([]); // its target partitions are still owned by m1
    const g = coord.consumerGroups.get("g")!;
    expect(g.state).toBe("Reconciling");
    // m1 heartbeats at epoch 2 still owning everything: it is asked to revoke two partitions.
    const h1 = coord.consumer.heartbeat(hb({ memberEpoch: 2, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: [{ topicId: T1, partitions: [0, 1, 2, 3] }] })).result;
    expect(h1.memberEpoch).toBe(2);
    const kept = parts(h1.assignment);
    expect(kept.length).toBe(2);
    // m2 still gets nothing: the revoked partitions are not released yet.
    expect(parts(coord.consumer.heartbeat(hb({ memberId: "m2", memberEpoch: 3, topicPartitions: [] })).result.assignment)).toEqual([]);
    // m1 acknowledges by reporting only what it kept: it moves to epoch 3.
    const h1b = coord.consumer.heartbeat(hb({ memberEpoch: 2, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: [{ topicId: T1, partitions: kept }] })).result;
    expect(h1b.memberEpoch).toBe(3);
    const h2 = coord.consumer.heartbeat(hb({ memberId: "m2", memberEpoch: 3, topicPartitions: [] })).result;
    expect(parts(h2.assignment).length).toBe(2);
    expect(new Set([...parts(h2.assignment), ...kept]).size).toBe(4);
    expect(g.state).toBe("Stable");
  });

  test("epoch checks: newer epoch and unknown member are fenced", () => {
    const { coord } = setup();
    coord.consumer.heartbeat(hb({}));
    expect(coord.consumer.heartbeat(hb({ memberEpoch: 5, topicPartitions: null })).result.errorCode).toBe(ErrorCode.FENCED_MEMBER_EPOCH);
    expect(coord.consumer.heartbeat(hb({ memberId: "x", memberEpoch: 1, topicPartitions: null })).result.errorCode).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect(coord.consumer.heartbeat(hb({ serverAssignor: "sticky" })).result.errorCode).toBe(ErrorCode.UNSUPPORTED_ASSIGNOR);
    expect(coord.consumer.heartbeat(hb({ subscribedTopicRegex: "(a" })).result.errorCode).toBe(ErrorCode.INVALID_REGULAR_EXPRESSION);
    expect(coord.consumer.heartbeat(hb({ topicPartitions: null })).result.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  });

  test("leave (-1) frees the partitions for the others", () => {
    const { coord } = setup();
    coord.consumer.heartbeat(hb({}));
    coord.consumer.heartbeat(hb({ memberId: "m2" }));
    const l = coord.consumer.heartbeat(hb({ memberEpoch: -1 })).result;
    expect(l.memberEpoch).toBe(-1);
    const h2 = coord.consumer.heartbeat(hb({ memberId: "m2", memberEpoch: 3, topicPartitions: [] })).result;
    expect(parts(h2.assignment)).toEqual([0, 1, 2, 3]);
    expect(h2.memberEpoch).toBe(4);
  });

  test("session timeout on the timing wheel fences a silent member", () => {
    const { coord, fake } = setup();
    coord.consumer.heartbeat(hb({}));
    coord.consumer.heartbeat(hb({ memberId: "m2" }));
    fake.advance(6000);
    coord.consumer.heartbeat(hb({ memberId: "m2", memberEpoch: 3, topicPartitions: [] }));
    fake.advance(6000); // m1 silent for 12 s > 10 s
    const g = coord.consumerGroups.get("g")!;
    expect([...g.members.keys()]).toEqual(["m2"]);
    const h2 = coord.consumer.heartbeat(hb({ memberId: "m2", memberEpoch: 3, topicPartitions: [] })).result;
    expect(parts(h2.assignment)).toEqual([0, 1, 2, 3]);
  });

  test("static members: -2 keeps the partitions, the same instance takes them over, a second one is UNRELEASED_INSTANCE_ID", () => {
    const { coord } = setup();
    coord.consumer.heartbeat(hb({ instanceId: "i1" }));
    expect(coord.consumer.heartbeat(hb({ memberId: "m9", instanceId: "i1" })).result.errorCode).toBe(ErrorCode.UNRELEASED_INSTANCE_ID);
    expect(coord.consumer.heartbeat(hb({ memberEpoch: -2, instanceId: "i1", topicPartitions: null })).result.memberEpoch).toBe(-2);
    const r = coord.consumer.heartbeat(hb({ memberId: "m1b", instanceId: "i1" })).result;
    expect(r.errorCode).toBe(ErrorCode.NONE);
    expect(parts(r.assignment)).toEqual([0, 1, 2, 3]);
    expect([...coord.consumerGroups.get("g")!.members.keys()]).toEqual(["m1b"]);
  });

  test("OffsetCommit v9 epoch checks: STALE_MEMBER_EPOCH, UNKNOWN_MEMBER_ID, v8 refused", () => {
    const { coord } = setup();
    coord.consumer.heartbeat(hb({}));
    const commit = (memberId: string, epoch: number, apiVersion = 9) =>
      coord.commitOffsets({ groupId: "g", memberId, groupInstanceId: null, generationIdOrMemberEpoch: epoch, retentionTimeMs: -1, apiVersion, topics: [{ name: "t1", topicId: T1, partitions: [{ partition: 0, offset: 5n, leaderEpoch: -1, metadata: null, commitTimestampMs: -1 }] }] }).results[0]!.partitions[0]!.errorCode;
    expect(commit("m1", 2)).toBe(ErrorCode.NONE);
    expect(commit("m1", 3)).toBe(ErrorCode.STALE_MEMBER_EPOCH);
    expect(commit("zz", 2)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect(commit("m1", 2, 8)).toBe(ErrorCode.UNSUPPORTED_VERSION);
    expect(coord.validateOffsetFetch("g", "m1", 0)).toBe(ErrorCode.STALE_MEMBER_EPOCH);
    expect(coord.validateOffsetFetch("g", "m1", 2)).toBe(ErrorCode.NONE);
  });

  test("target assignments batched by group.consumer.assignment.interval.ms; the last member leaving assigns the empty group at once", () => {
    const { coord, fake, log } = setup(4, 1000);
    const g = () => coord.consumerGroups.get("g")!;
    const epochs = () => [g().state, g().groupEpoch, g().targetAssignmentEpoch];
    expect(coord.consumer.heartbeat(hb({})).result.memberEpoch).toBe(2);
    expect(epochs()).toEqual(["Stable", 2, 2]);
    // Within the interval of the last assignment: the epoch moves, the target waits.
    const j2 = coord.consumer.heartbeat(hb({ memberId: "m2" })).result;
    expect([j2.memberEpoch, parts(j2.assignment)]).toEqual([2, []]);
    expect(epochs()).toEqual(["Assigning", 3, 2]);
    fake.advance(999);
    const still = coord.consumer.heartbeat(hb({ memberEpoch: 2, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: null })).result;
    expect([still.memberEpoch, still.assignment]).toEqual([2, null]);
    expect(epochs()).toEqual(["Assigning", 3, 2]);
    coord.consumer.heartbeat(hb({ memberId: "m2", memberEpoch: -1, subscribedTopicNames: null, topicPartitions: null }));
    expect(epochs()).toEqual(["Assigning", 4, 2]);
    fake.advance(1);
    // The interval has passed: the next heartbeat computes the target at the group epoch; m1 keeps its
    // partitions, so the answer carries the new epoch but no assignment.
    const now = coord.consumer.heartbeat(hb({ memberEpoch: 2, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: null })).result;
    expect([now.memberEpoch, now.assignment]).toEqual([4, null]);
    expect(epochs()).toEqual(["Stable", 4, 4]);
    // The last member leaving: epoch and target together, with timestamp 0, so a join right after is
    // assigned at once.
    log.length = 0;
    coord.consumer.heartbeat(hb({ memberEpoch: -1, subscribedTopicNames: null, topicPartitions: null }));
    expect(epochs()).toEqual(["Empty", 5, 5]);
    expect(g().assignmentTimestampMs).toBe(0);
    expect(coord.consumer.heartbeat(hb({ memberId: "m3" })).result.memberEpoch).toBe(6);
    expect(epochs()).toEqual(["Stable", 6, 6]);
    coord.close();
  });

  test("records replay into the same group; classic join to a non-empty consumer group is refused", async () => {
    const { coord, log, topics } = setup();
    coord.consumer.heartbeat(hb({}));
    coord.consumer.heartbeat(hb({ memberId: "m2", subscribedTopicRegex: "t.*", subscribedTopicNames: [] }));
    const fake = new FakeClock(0);
    const copy = new GroupCoordinator(DEFAULT_COORDINATOR_CONFIG, null, wheelGroupClock(new Timer({ clock: fake }), () => fake.nowMs()));
    copy.topicSource = () => topics;
    log.forEach((r, i) => copy.replay(i, -1n, -1, r.key, r.value));
    copy.loaded();
    const a = coord.describeConsumerGroup("g", () => "t1")!;
    const b = copy.describeConsumerGroup("g", () => "t1")!;
    expect(b).toEqual(a);
    expect(b.members.length).toBe(2);
    const j = await copy.classic.join({ groupId: "g", memberId: "", groupInstanceId: null, clientId: "c", clientHost: "h", sessionTimeoutMs: 10_000, rebalanceTimeoutMs: 10_000, protocolType: "consumer", protocols: [{ name: "range", metadata: new Uint8Array() }], requireKnownMemberId: true, supportsSkipAssignment: true, reason: null });
    expect(j.errorCode).toBe(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
    copy.close();
    coord.close();
  });

  test("the group's metadata hash is 0 with no subscribed topic that exists, as Kafka writes when the last member leaves", () => {
    const { coord, log } = setup();
    const hashes = () => log.map((r) => decodeConsumerGroupRecord(new DataView(r.key.buffer, r.key.byteOffset).getInt16(0), r.key, r.value))
      .flatMap((r) => (r?.type === "cg-metadata" && r.value ? [r.value.metadataHash] : []));
    coord.consumer.heartbeat(hb({}));
    expect(hashes().at(-1)).not.toBe(0n);
    coord.consumer.heartbeat(hb({ memberEpoch: -1 }));
    expect(coord.consumerGroups.get("g")!.members.size).toBe(0);
    expect(hashes().at(-1)).toBe(0n);
    coord.consumer.heartbeat(hb({ memberId: "m3", subscribedTopicNames: ["no-such-topic"] }));
    expect(hashes().at(-1)).toBe(0n);
    coord.close();
  });

  test("no regex is \"\" as Kafka's member holds it: described so, written so, and \"\" replayed is no regex", () => {
    const { coord, log, topics } = setup();
    coord.consumer.heartbeat(hb({}));
    // ConsumerGroupDescribe answers "" (Kafka 4.4.0: console-calls.test.ts), the regex member its regex.
    coord.consumer.heartbeat(hb({ memberId: "m2", subscribedTopicRegex: "t.*", subscribedTopicNames: [] }));
    const members = coord.describeConsumerGroup("g", () => "t1")!.members;
    expect(members.find((m) => m.memberId === "m1")!.subscribedTopicRegex).toBe("");
    expect(members.find((m) => m.memberId === "m2")!.subscribedTopicRegex).toBe("t.*");
    const written = log.map((r) => decodeConsumerGroupRecord(new DataView(r.key.buffer, r.key.byteOffset).getInt16(0), r.key, r.value))
      .filter((r) => r?.type === "cg-member" && r.memberId === "m1");
    expect(written.length).toBeGreaterThan(0);
    for (const r of written) expect(r?.type === "cg-member" && r.value?.subscribedTopicRegex).toBe("");
    // A log Kafka wrote carries "" too: replayed, the member has no regex (not a subscribed regex "").
    const fake = new FakeClock(0);
    const copy = new GroupCoordinator(DEFAULT_COORDINATOR_CONFIG, null, wheelGroupClock(new Timer({ clock: fake }), () => fake.nowMs()));
    copy.topicSource = () => topics;
    log.forEach((r, i) => copy.replay(i, -1n, -1, r.key, r.value));
    copy.loaded();
    expect(copy.consumerGroups.get("g")!.members.get("m1")!.subscribedTopicRegex).toBeNull();
    expect(copy.consumerGroups.get("g")!.members.get("m2")!.subscribedTopicRegex).toBe("t.*");
    copy.close();
    coord.close();
  });
});
