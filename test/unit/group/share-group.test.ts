// KIP-932 share groups in the group coordinator: the SimpleAssignor's shares, the heartbeat (join with
// the client's member id, epochs, the assignment only once share state is initialized, fencing,
// leave, max size, session expiry on the timing wheel), share-state initialisation through the
// Persister (ShareGroupService over a MemoryPersister), the offsets APIs' bookkeeping, group deletion,
// the group id namespace shared with classic and consumer groups, and the records replayed into an
// identical group (restart / failover).
import { describe, expect, test } from "bun:test";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { GroupCoordinator, DEFAULT_COORDINATOR_CONFIG } from "../../../src/coordinator/group/group-coordinator.ts";
import { DEFAULT_SHARE_GROUP_CONFIG, type ShareHeartbeatRequest } from "../../../src/coordinator/group/share-manager.ts";
import { ShareGroupService } from "../../../src/coordinator/group/share-service.ts";
import { SimpleAssignor, type ShareAssignorMember } from "../../../src/coordinator/group/simple-assignor.ts";
import { wheelGroupClock } from "../../../src/server/group-clock.ts";
import type { TopicInfo } from "../../../src/coordinator/group/consumer-manager.ts";
import type { KeyValue } from "../../../src/coordinator/group/records.ts";
import { decodeShareGroupRecord, RT_SG_STATE_PARTITION_METADATA } from "../../../src/coordinator/group/share-records.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { MemoryPersister } from "../../support/share/memory-persister.ts";
import { seededRandom } from "../../support/seeded-random.ts";
import { groupConfigValueError, groupIntConfig } from "../../../src/config/group-config.ts";

const T1 = "AAAAAAAAAAAAAAAAAAAAAQ";
const T2 = "AAAAAAAAAAAAAAAAAAAAAg";
const STDERR_QUIET = { debug() {}, info() {}, warn() {}, error() {} };

function setup(partitions = 4, maxSize = DEFAULT_SHARE_GROUP_CONFIG.maxSize) {
  const fake = new FakeClock(1000);
  const timer = new Timer({ clock: fake });
  const log: KeyValue[] = [];
  const coord = new GroupCoordinator(
    { ...DEFAULT_COORDINATOR_CONFIG, share: { ...DEFAULT_SHARE_GROUP_CONFIG, sessionTimeoutMs: 10_000, maxSize, assignmentIntervalMs: 0 } },
    { append: (_p, r) => (log.push(...r), Promise.resolve()) },
    wheelGroupClock(timer, () => fake.nowMs()),
    { logger: STDERR_QUIET },
  );
  const topics = new Map<string, TopicInfo>([
    ["t1", { name: "t1", topicId: T1, numPartitions: partitions }],
    ["t2", { name: "t2", topicId: T2, numPartitions: 2 }],
  ]);
  coord.topicSource = () => topics;
  const persister = new MemoryPersister();
  const service = new ShareGroupService({ write: (_n, _g, op) => Promise.resolve(op(coord)), read: (_g, op) => op(coord) }, () => persister, STDERR_QUIET);
  return { fake, timer, log, coord, topics, persister, service };
}

function hb(over: Partial<ShareHeartbeatRequest>): ShareHeartbeatRequest {
  return { groupId: "g", memberId: "m1", memberEpoch: 0, rackId: null, subscribedTopicNames: ["t1"], clientId: "c", clientHost: "/127.0.0.1", ...over };
}

const parts = (a: Array<{ topicId: string; partitions: number[] }> | null) => (a ?? []).flatMap((t) => t.partitions.map((p) => `${t.topicId === T1 ? "t1" : "t2"}-${p}`)).sort();

/** Wait for the background initialization (persister answer, then its write) to land. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("SimpleAssignor", () => {
  const a = new SimpleAssignor();
  const topics = new Map([
    [T1, { topicId: T1, numPartitions: 4 }],
    [T2, { topicId: T2, numPartitions: 1 }],
  ]);
  const all = () => true;
  const member = (memberId: string, ids: string[], current = new Map<string, Set<number>>()): ShareAssignorMember => ({ memberId, topics: new Set(ids), current });
  const count = (m: Map<string, Set<number>>) => [...m.values()].reduce((n, s) => n + s.size, 0);

  test("one member gets every partition; members share partitions when they outnumber them", () => {
    expect(count(a.assign([member("a", [T1])], topics, all).get("a")!)).toBe(4);
    const r = a.assign(["a", "b", "c"].map((id) => member(id, [T2])), topics, all);
    for (const id of ["a", "b", "c"]) expect([...r.get(id)!.get(T2)!]).toEqual([0]);
  });

  test("partitions are spread evenly, each to one member when there are enough", () => {
    const r = a.assign(["a", "b"].map((id) => member(id, [T1])), topics, all);
    expect(count(r.get("a")!)).toBe(2);
    expect(count(r.get("b")!)).toBe(2);
    const seen = [...r.values()].flatMap((m) => [...(m.get(T1) ?? [])]).sort();
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  test("only assignable (initialized) partitions are assigned", () => {
    const r = a.assign([member("a", [T1])], topics, (_t, p) => p < 2);
    expect([...r.get("a")!.get(T1)!].sort()).toEqual([0, 1]);
  });

  test("sticky: a member keeps what it had when another joins", () => {
    const first = a.assign([member("b", [T1])], topics, all).get("b")!;
    const r = a.assign([member("a", [T1]), member("b", [T1], first)], topics, all);
    for (const p of r.get("b")!.get(T1)!) expect(first.get(T1)!.has(p)).toBe(true);
    expect(count(r.get("a")!) + count(r.get("b")!)).toBe(4);
  });

  test("heterogeneous subscriptions: each topic among its subscribers", () => {
    const r = a.assign([member("a", [T1]), member("b", [T1, T2])], topics, all);
    expect(r.get("a")!.has(T2)).toBe(false);
    expect([...r.get("b")!.get(T2)!]).toEqual([0]);
    expect(count(r.get("a")!) + (r.get("b")!.get(T1)?.size ?? 0)).toBe(4);
  });

  test("random groups: every assignable partition is assigned, shares within one of each other", () => {
    const seed = Number(process.env.SEED ?? Date.now() % 100_000);
    console.log(`SimpleAssignor random seed ${seed}`);
    const rnd = seededRandom(seed);
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(rnd() * 8);
      const p = 1 + Math.floor(rnd() * 10);
      const ts = new Map([[T1, { topicId: T1, numPartitions: p }]]);
      const r = a.assign(Array.from({ length: n }, (_, i) => member(`m${i}`, [T1])), ts, all);
      const counts = [...r.values()].map(count);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      const covered = new Set([...r.values()].flatMap((m) => [...(m.get(T1) ?? [])]));
      expect(covered.size).toBe(p);
    }
  });
});

describe("share group heartbeat", () => {
  test("join: epoch 2, nothing assigned until the share state is initialized, then everything at epoch 3", async () => {
    const { coord, persister, service } = setup();
    const r1 = await service.heartbeat(hb({}));
    expect(r1.errorCode).toBe(ErrorCode.NONE);
    expect(r1.memberId).toBe("m1");
    expect(r1.memberEpoch).toBe(2);
    expect(r1.heartbeatIntervalMs).toBe(5000);
    expect(r1.assignment).toEqual([]);
    await settle();
    expect(persister.calls.map((c) => c.op)).toEqual(["initializeState"]);
    // Kafka's start offset -1: the partition leader applies share.auto.offset.reset.
    expect(persister.states.get(MemoryPersister.key("g", T1, 0))).toEqual({ stateEpoch: 2, startOffset: -1n, leaderEpoch: 0 });
    const g = coord.shareGroups.get("g")!;
    expect([...g.initialized.get(T1)!.partitions].sort()).toEqual([0, 1, 2, 3]);
    const r2 = await service.heartbeat(hb({ memberEpoch: 2 }));
    expect(r2.memberEpoch).toBe(3);
    expect(parts(r2.assignment)).toEqual(["t1-0", "t1-1", "t1-2", "t1-3"]);
    // Unchanged: no assignment in the answer.
    const r3 = await service.heartbeat(hb({ memberEpoch: 3, subscribedTopicNames: null }));
    expect(r3.memberEpoch).toBe(3);
    expect(r3.assignment).toBeNull();
    expect(g.state).toBe("Stable");
    expect(persister.calls.length).toBe(1);
  });

  test("a second member takes half; a failed initialization is retried at the next heartbeat", async () => {
    const { coord, persister, service } = setup();
    persister.failNext("initializeState");
    await service.heartbeat(hb({}));
    await settle();
    expect(coord.shareGroups.get("g")!.initialized.size).toBe(0);
    expect(coord.shareGroups.get("g")!.initializing.size).toBe(0);
    await service.heartbeat(hb({ memberEpoch: 2, subscribedTopicNames: null }));
    await settle();
    expect(persister.calls.filter((c) => c.op === "initializeState").length).toBe(2);
    const a = await service.heartbeat(hb({ memberEpoch: 2 }));
    expect(parts(a.assignment).length).toBe(4);
    const b = await service.heartbeat(hb({ memberId: "m2" }));
    expect(b.memberEpoch).toBe(a.memberEpoch + 1);
    expect(parts(b.assignment).length).toBe(2);
    const a2 = await service.heartbeat(hb({ memberEpoch: a.memberEpoch, subscribedTopicNames: null }));
    expect(a2.memberEpoch).toBe(b.memberEpoch);
    expect(parts(a2.assignment).length).toBe(2);
    expect(new Set([...parts(a2.assignment), ...parts(b.assignment)]).size).toBe(4);
  });

  test("a topic created after the subscription, then grown: initialized (-1, new partitions at 0) and assigned", async () => {
    const { coord, persister, service, topics } = setup();
    const r1 = await service.heartbeat(hb({ subscribedTopicNames: ["t3"] }));
    expect(r1.memberEpoch).toBe(2);
    await settle();
    expect(persister.calls.length).toBe(0);
    const T3 = "AAAAAAAAAAAAAAAAAAAAAw";
    topics.set("t3", { name: "t3", topicId: T3, numPartitions: 1 });
    const r2 = await service.heartbeat(hb({ subscribedTopicNames: null, memberEpoch: 2 }));
    expect(r2.memberEpoch).toBe(3);
    await settle();
    expect(persister.states.get(MemoryPersister.key("g", T3, 0))!.startOffset).toBe(-1n);
    const r3 = await service.heartbeat(hb({ subscribedTopicNames: null, memberEpoch: 3 }));
    expect(r3.memberEpoch).toBe(4);
    expect(r3.assignment).toEqual([{ topicId: T3, partitions: [0] }]);
    topics.set("t3", { name: "t3", topicId: T3, numPartitions: 2 });
    await service.heartbeat(hb({ subscribedTopicNames: null, memberEpoch: 4 }));
    await settle();
    expect(persister.states.get(MemoryPersister.key("g", T3, 1))!.startOffset).toBe(0n);
    const r5 = await service.heartbeat(hb({ subscribedTopicNames: null, memberEpoch: 5 }));
    expect(r5.assignment).toEqual([{ topicId: T3, partitions: [0, 1] }]);
    expect(coord.shareGroups.get("g")!.initializing.size).toBe(0);
  });

  test("Kafka's INVALID_REQUEST texts", () => {
    const { coord } = setup();
    const err = (over: Partial<ShareHeartbeatRequest>) => {
      const r = coord.share.heartbeat(hb(over)).result;
      return [r.errorCode, r.errorMessage];
    };
    expect(err({ memberId: "" })).toEqual([ErrorCode.INVALID_REQUEST, null]);
    expect(err({ groupId: "" })).toEqual([ErrorCode.INVALID_REQUEST, "GroupId can't be empty."]);
    expect(err({ rackId: "" })).toEqual([ErrorCode.INVALID_REQUEST, "RackId can't be empty."]);
    expect(err({ subscribedTopicNames: [] })).toEqual([ErrorCode.INVALID_REQUEST, "SubscribedTopicNames must be set in first request."]);
    expect(err({ memberEpoch: -2 })).toEqual([ErrorCode.INVALID_REQUEST, "MemberEpoch is invalid."]);
  });

  test("unknown group / member, fencing by epoch, previous epoch accepted", () => {
    const { coord } = setup();
    expect(coord.share.heartbeat(hb({ memberEpoch: 5 })).result).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: "Share group g not found." });
    coord.share.heartbeat(hb({}));
    expect(coord.share.heartbeat(hb({ memberId: "zz", memberEpoch: 2 })).result).toMatchObject({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, errorMessage: "Member zz is not a member of group g." });
    expect(coord.share.heartbeat(hb({ memberEpoch: 9 })).result).toMatchObject({
      errorCode: ErrorCode.FENCED_MEMBER_EPOCH,
      errorMessage: "The share group member has a greater member epoch (9) than the one known by the group coordinator (2). The member must abandon all its partitions and rejoin.",
    });
    expect(coord.share.heartbeat(hb({ memberEpoch: 1 })).result.errorCode).toBe(ErrorCode.FENCED_MEMBER_EPOCH);
    // The member's previous epoch (0 after its join) is still accepted, as Kafka.
    expect(coord.share.heartbeat(hb({ memberEpoch: 2, subscribedTopicNames: null })).result.errorCode).toBe(ErrorCode.NONE);
  });

  test("leave with -1 bumps the group epoch; group.share.max.size", () => {
    const { coord } = setup(4, 1);
    coord.share.heartbeat(hb({}));
    expect(coord.share.heartbeat(hb({ memberId: "m2" })).result).toMatchObject({ errorCode: ErrorCode.GROUP_MAX_SIZE_REACHED, errorMessage: "The share group has reached its maximum capacity of 1 members." });
    const r = coord.share.heartbeat(hb({ memberEpoch: -1 })).result;
    expect(r).toMatchObject({ errorCode: ErrorCode.NONE, memberId: "m1", memberEpoch: -1 });
    const g = coord.shareGroups.get("g")!;
    expect(g.state).toBe("Empty");
    expect(g.groupEpoch).toBe(3);
    expect(coord.share.heartbeat(hb({ memberEpoch: -1 })).result.errorCode).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
  });

  test("a silent member is fenced after the session timeout", () => {
    const { coord, fake } = setup();
    coord.share.heartbeat(hb({}));
    fake.advance(9_000);
    expect(coord.shareGroups.get("g")!.members.size).toBe(1);
    fake.advance(2_000);
    expect(coord.shareGroups.get("g")!.members.size).toBe(0);
  });

  test("one namespace: a consumer group id is not a share group, and the reverse", () => {
    const { coord } = setup();
    coord.share.heartbeat(hb({}));
    expect(() => coord.consumerGroup("g", true)).toThrow("Group g is not a consumer group.");
    expect(coord.fetchOffsets("g", null)).toEqual([]);
    expect(coord.validateOffsetFetch("g", "m1", 2)).toBe(ErrorCode.NONE);
    expect(coord.commitOffsets({ groupId: "g", memberId: "", groupInstanceId: null, generationIdOrMemberEpoch: -1, retentionTimeMs: -1, apiVersion: 9, topics: [{ name: "t1", topicId: T1, partitions: [{ partition: 0, offset: 1n, leaderEpoch: -1, metadata: null, commitTimestampMs: -1 }] }] }).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.GROUP_ID_NOT_FOUND);
    expect(coord.listGroups([], ["share"])).toEqual([{ groupId: "g", protocolType: "share", state: "Stable", type: "share" }]);
    coord.classicGroup("c", true);
    expect(coord.share.heartbeat(hb({ groupId: "c" })).result).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: "Group c is not a share group." });
  });
});

describe("share group offsets, deletion and replay", () => {
  test("alter, describe, delete offsets and delete the group through the Persister", async () => {
    const { coord, persister, service } = setup();
    const alter = await service.alterOffsets("g", [{ topicName: "t1", partitions: [{ partitionIndex: 0, startOffset: 5n }, { partitionIndex: 9, startOffset: 1n }] }, { topicName: "nope", partitions: [{ partitionIndex: 0, startOffset: 0n }] }]);
    expect(alter.errorCode).toBe(ErrorCode.NONE);
    expect(alter.results.map((t) => t.partitions.map((p) => p.errorCode))).toEqual([[ErrorCode.NONE, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION], [ErrorCode.UNKNOWN_TOPIC_OR_PARTITION]]);
    expect(persister.states.get(MemoryPersister.key("g", T1, 0))!.startOffset).toBe(5n);
    const all = await service.describeOffsets("g", null, () => 20);
    expect(all.topics).toEqual([{ topicName: "t1", topicId: T1, partitions: [{ partitionIndex: 0, startOffset: 5n, leaderEpoch: 0, lag: 15n, errorCode: ErrorCode.NONE, errorMessage: null }] }]);
    expect(await service.describeOffsets("missing", null, () => null)).toEqual({ errorCode: ErrorCode.NONE, errorMessage: null, topics: [] });
    // Not while a member is in the group.
    await service.heartbeat(hb({}));
    expect((await service.alterOffsets("g", [{ topicName: "t1", partitions: [{ partitionIndex: 0, startOffset: 1n }] }])).errorCode).toBe(ErrorCode.NON_EMPTY_GROUP);
    expect(await service.deleteGroup("g")).toBe(ErrorCode.NON_EMPTY_GROUP);
    coord.share.heartbeat(hb({ memberEpoch: -1 }));
    await settle();
    const del = await service.deleteOffsets("g", ["t1", "t2"]);
    expect(del.results.map((r) => [r.topicName, r.errorCode])).toEqual([["t1", ErrorCode.NONE], ["t2", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION]]);
    expect(persister.states.size).toBe(0);
    expect(coord.shareGroups.get("g")!.deleting.size).toBe(0);
    await service.alterOffsets("g", [{ topicName: "t2", partitions: [{ partitionIndex: 1, startOffset: 3n }] }]);
    expect(await service.deleteGroup("g")).toBe(ErrorCode.NONE);
    expect(coord.shareGroups.has("g")).toBe(false);
    expect(persister.states.size).toBe(0);
    expect(await service.deleteOffsets("g", ["t1"])).toMatchObject({ errorCode: ErrorCode.GROUP_ID_NOT_FOUND });
  });

  test("the records replay into the same group; deletion's tombstones remove it", async () => {
    const { coord, log, service, topics } = setup();
    await service.heartbeat(hb({ rackId: "r1" }));
    await settle();
    await service.heartbeat(hb({ memberId: "m2", subscribedTopicNames: ["t1", "t2"] }));
    await settle();
    await service.heartbeat(hb({ memberEpoch: 2, subscribedTopicNames: null }));
    expect(log.some((kv) => new DataView(kv.key.buffer, kv.key.byteOffset).getInt16(0) === RT_SG_STATE_PARTITION_METADATA)).toBe(true);
    for (const kv of log) expect(decodeShareGroupRecord(new DataView(kv.key.buffer, kv.key.byteOffset).getInt16(0), kv.key, kv.value)).not.toBeNull();
    const fresh = setup().coord;
    fresh.topicSource = () => topics;
    log.forEach((kv, i) => fresh.replay(i, -1n, -1, kv.key, kv.value));
    fresh.loaded();
    const a = coord.shareGroups.get("g")!;
    const b = fresh.shareGroups.get("g")!;
    const view = (g: typeof a) => ({
      epoch: g.groupEpoch,
      target: g.targetAssignmentEpoch,
      members: [...g.members.values()].map((m) => [m.memberId, m.memberEpoch, m.previousMemberEpoch, m.rackId, m.subscribedTopicNames, [...m.assignedPartitions].map(([t, ps]) => [t, [...ps].sort()])]),
      targets: [...g.targetAssignment].map(([id, x]) => [id, [...x].map(([t, ps]) => [t, [...ps].sort()])]),
      initialized: [...g.initialized].map(([t, v]) => [t, v.name, [...v.partitions].sort()]),
    });
    expect(view(b)).toEqual(view(a));
    // Snapshot records replay to the same group as well (a compacted log).
    const snap = setup().coord;
    snap.topicSource = () => topics;
    coord.snapshotRecords(coord.partitionFor("g")).forEach((kv, i) => snap.replay(i, -1n, -1, kv.key, kv.value));
    expect(view(snap.shareGroups.get("g")!)).toEqual(view(a));
    // The replayed member keeps heartbeating at its epoch.
    expect(fresh.share.heartbeat(hb({ memberId: "m2", memberEpoch: b.members.get("m2")!.memberEpoch, subscribedTopicNames: null })).result.errorCode).toBe(ErrorCode.NONE);
    // Leave both, delete, replay: gone.
    coord.share.heartbeat(hb({ memberEpoch: -1 }));
    coord.share.heartbeat(hb({ memberId: "m2", memberEpoch: -1 }));
    expect(coord.deleteGroup("g").errorCode).toBe(ErrorCode.NONE);
    const after = setup().coord;
    log.forEach((kv, i) => after.replay(i, -1n, -1, kv.key, kv.value));
    expect(after.shareGroups.has("g")).toBe(false);
  });
});

describe("share group configs (GROUP resources)", () => {
  test("Kafka's ranges from group.share.min/max.*; the group's override over the broker's key", () => {
    const none = () => undefined;
    expect(groupConfigValueError("share.session.timeout.ms", "1000", none)).toBe("share.session.timeout.ms must be in the range 45000 to 60000 inclusive.");
    expect(groupConfigValueError("share.heartbeat.interval.ms", "16000", none)).toBe("share.heartbeat.interval.ms must be in the range 5000 to 15000 inclusive.");
    expect(groupConfigValueError("share.delivery.count.limit", "11", none)).toBe("share.delivery.count.limit must be in the range 2 to 10 inclusive.");
    expect(groupConfigValueError("share.record.lock.duration.ms", "10000", none)).toBe("share.record.lock.duration.ms must be in the range 15000 to 60000 inclusive.");
    expect(groupConfigValueError("share.partition.max.record.locks", "5000", none)).toBe("share.partition.max.record.locks must be in the range 100 to 4000 inclusive.");
    expect(groupConfigValueError("share.assignment.interval.ms", "0", none)).toBeNull();
    const b = (k: string) => ({ "group.share.heartbeat.interval.ms": "6000" })[k];
    expect(groupIntConfig("share.heartbeat.interval.ms", undefined, b)).toBe(6000);
    expect(groupIntConfig("share.heartbeat.interval.ms", new Map([["share.heartbeat.interval.ms", "7000"]]), b)).toBe(7000);
  });

  test("the heartbeat interval and session timeout of a group's config are used", async () => {
    const { coord, fake } = setup();
    coord.shareGroupConfigSource = (id) => (id === "g" ? { sessionTimeoutMs: 50_000, heartbeatIntervalMs: 7_000, assignmentIntervalMs: 0 } : DEFAULT_SHARE_GROUP_CONFIG);
    expect(coord.share.heartbeat(hb({})).result.heartbeatIntervalMs).toBe(7_000);
    fake.advance(45_000);
    expect(coord.shareGroups.get("g")!.members.size).toBe(1);
    fake.advance(6_000);
    expect(coord.shareGroups.get("g")!.members.size).toBe(0);
  });
});
