// KIP-1071 streams groups in the coordinator: the sticky task assignor (balance, stickiness, standby
// placement on other processes; seeded random memberships), topology configuration (missing source
// topics, repartition partition counts, copartitioning, missing internal topics), the heartbeat
// (join, revocation before a task moves, session-timeout fencing, the initial rebalance delay),
// offset commit checks, and the __consumer_offsets records replayed into an identical group.
import { describe, expect, test } from "bun:test";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { GroupCoordinator, DEFAULT_COORDINATOR_CONFIG } from "../../../src/coordinator/group/group-coordinator.ts";
import { wheelGroupClock } from "../../../src/server/group-clock.ts";
import type { TopicInfo } from "../../../src/coordinator/group/consumer-manager.ts";
import type { KeyValue } from "../../../src/coordinator/group/records.ts";
import { DEFAULT_STREAMS_GROUP_CONFIG } from "../../../src/coordinator/group/streams-shard.ts";
import { StickyTaskAssignor } from "../../../src/coordinator/group/streams-task-assignor.ts";
import { configureTopics, StreamsStatus, type StreamsTopology } from "../../../src/coordinator/group/streams-topology.ts";
import type { StreamsHeartbeatRequest } from "../../../src/coordinator/group/streams-heartbeat.ts";
import { emptyTasks, fromTaskIds, type TasksTuple } from "../../../src/coordinator/group/streams-group-member.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

const info = (name: string, partitions = 0) => ({ name, partitions, replicationFactor: 0, topicConfigs: [] });
const TOPOLOGY: StreamsTopology = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: "0", sourceTopics: ["in"], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: ["app-rep"], repartitionSourceTopics: [], copartitionGroups: [] },
    { subtopologyId: "1", sourceTopics: [], sourceTopicRegex: [], stateChangelogTopics: [info("app-changelog")], repartitionSinkTopics: [], repartitionSourceTopics: [info("app-rep")], copartitionGroups: [] },
  ],
};
const topic = (name: string, numPartitions: number, n = 1): [string, TopicInfo] => [name, { name, topicId: `id-${name}-${n}`, numPartitions }];

function setup(topicList: Array<[string, TopicInfo]> = [topic("in", 4), topic("app-rep", 4), topic("app-changelog", 4)], over: Partial<typeof DEFAULT_STREAMS_GROUP_CONFIG> = {}) {
  const fake = new FakeClock(1000);
  const timer = new Timer({ clock: fake });
  const log: KeyValue[] = [];
  const coord = new GroupCoordinator(
    { ...DEFAULT_COORDINATOR_CONFIG, streams: { ...DEFAULT_STREAMS_GROUP_CONFIG, initialRebalanceDelayMs: 0, assignmentIntervalMs: 0, sessionTimeoutMs: 10_000, ...over } },
    { append: (_p, r) => (log.push(...r), Promise.resolve()) },
    wheelGroupClock(timer, () => fake.nowMs()),
  );
  const topics = new Map<string, TopicInfo>(topicList);
  coord.topicSource = () => topics;
  return { fake, timer, log, coord, topics };
}

function hb(over: Partial<StreamsHeartbeatRequest>): StreamsHeartbeatRequest {
  return {
    apiVersion: 1, groupId: "app", memberId: "a", memberEpoch: 0, endpointInformationEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30_000,
    topology: TOPOLOGY, activeTasks: new Map(), standbyTasks: new Map(), warmupTasks: new Map(), processId: "p-a", userEndpoint: null, clientTags: new Map(),
    taskOffsets: null, taskEndOffsets: null, shutdownApplication: false, clientId: "c", clientHost: "/127.0.0.1", ...over,
  };
}
const beat = (memberId: string, memberEpoch: number, active: Array<{ subtopologyId: string; partitions: number[] }>): Partial<StreamsHeartbeatRequest> => ({
  memberId, memberEpoch, topology: null, rebalanceTimeoutMs: -1, processId: null, clientTags: null, activeTasks: fromTaskIds(active), standbyTasks: new Map(), warmupTasks: new Map(),
});
const ids = (l: Array<{ subtopologyId: string; partitions: number[] }> | null) => (l ?? []).flatMap((t) => t.partitions.map((p) => `${t.subtopologyId}:${p}`)).sort();

/** A tiny seeded PRNG (mulberry32), so a failure can be replayed from the printed seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("sticky task assignor", () => {
  const assignor = new StickyTaskAssignor();
  const count = (t: TasksTuple, k: "active" | "standby") => [...t[k].values()].reduce((n, s) => n + s.size, 0);

  test("balanced, every task once, standbys on other processes; stable under random memberships", () => {
    const seed = Number(process.env.STREAMS_ASSIGNOR_SEED ?? Date.now() % 100_000);
    console.log(`sticky task assignor seed ${seed}`);
    const rand = rng(seed);
    let previous = new Map<string, TasksTuple>();
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(rand() * 6);
      const members = Array.from({ length: n }, (_, i) => ({ memberId: `m${Math.floor(rand() * 8)}-${i}`, processId: `p${Math.floor(rand() * 3)}` }));
      const subtopologies = new Map([["0", 1 + Math.floor(rand() * 8)], ["1", 1 + Math.floor(rand() * 8)]]);
      const standbys = Math.floor(rand() * 2);
      const out = assignor.assign({ members: members.map((m) => ({ ...m, previous: previous.get(m.memberId) ?? emptyTasks() })), subtopologies, numStandbyReplicas: standbys });
      const total = subtopologies.get("0")! + subtopologies.get("1")!;
      const seen = new Map<string, string>();
      for (const [id, t] of out) for (const [s, ps] of t.active) for (const p of ps) {
        expect(seen.has(`${s}:${p}`)).toBe(false);
        seen.set(`${s}:${p}`, id);
      }
      expect(seen.size).toBe(total);
      const loads = [...out.values()].map((t) => count(t, "active"));
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1 + (new Set(members.map((m) => m.processId)).size < members.length ? total : 0));
      const processOf = new Map(members.map((m) => [m.memberId, m.processId]));
      for (const [id, t] of out) for (const [s, ps] of t.standby) for (const p of ps) expect(processOf.get(seen.get(`${s}:${p}`)!)).not.toBe(processOf.get(id));
      previous = out;
    }
  });

  test("sticky: a member keeps its tasks when another joins, giving up only its surplus", () => {
    const subtopologies = new Map([["0", 4], ["1", 4]]);
    const one = assignor.assign({ members: [{ memberId: "a", processId: "pa", previous: emptyTasks() }], subtopologies, numStandbyReplicas: 0 });
    const two = assignor.assign({ members: [{ memberId: "a", processId: "pa", previous: one.get("a")! }, { memberId: "b", processId: "pb", previous: emptyTasks() }], subtopologies, numStandbyReplicas: 1 });
    expect(ids([...two.get("a")!.active].map(([s, ps]) => ({ subtopologyId: s, partitions: [...ps] })))).toEqual(["0:0", "0:1", "1:0", "1:1"]);
    expect(count(two.get("b")!, "active")).toBe(4);
    expect(count(two.get("a")!, "standby")).toBe(4);
  });
});

describe("topology configuration", () => {
  const topics = (...l: Array<[string, number]>) => new Map(l.map(([n, p]) => topic(n, p)));

  test("missing source topics", () => {
    const c = configureTopics(TOPOLOGY, topics());
    expect(c.error).toEqual({ status: StreamsStatus.MISSING_SOURCE_TOPICS, message: "Source topics in are missing." });
    expect(c.subtopologies).toBeNull();
  });

  test("repartition and changelog partitions follow the source; missing internal topics are listed to create", () => {
    const c = configureTopics(TOPOLOGY, topics(["in", 6]));
    expect(c.error?.status).toBe(StreamsStatus.MISSING_INTERNAL_TOPICS);
    expect(c.error?.message).toBe("Internal topics are missing: app-changelog, app-rep");
    expect(c.internalTopicsToBeCreated.map((t) => `${t.name}/${t.numPartitions}/${t.replicationFactor}`).sort()).toEqual(["app-changelog/6/-1", "app-rep/6/-1"]);
    expect(c.subtopologies!.get("1")!.numTasks).toBe(6);
  });

  test("an internal topic with the wrong partition count is INCORRECTLY_PARTITIONED_TOPICS", () => {
    const c = configureTopics(TOPOLOGY, topics(["in", 4], ["app-rep", 4], ["app-changelog", 2]));
    expect(c.error?.status).toBe(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS);
  });

  test("copartitioned source topics must agree", () => {
    const t: StreamsTopology = { epoch: 0, subtopologies: [{ subtopologyId: "0", sourceTopics: ["l", "r"], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: [], repartitionSourceTopics: [], copartitionGroups: [{ sourceTopics: [0, 1], sourceTopicRegex: [], repartitionSourceTopics: [] }] }] };
    expect(configureTopics(t, topics(["l", 2], ["r", 3])).error).toEqual({ status: StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, message: "Following topics do not have the same number of partitions: [l, r]" });
    expect(configureTopics(t, topics(["l", 3], ["r", 3])).error).toBeNull();
  });

  test("a repartition topic nobody writes cannot be sized", () => {
    const t: StreamsTopology = { epoch: 0, subtopologies: [TOPOLOGY.subtopologies[1]!] };
    expect(configureTopics(t, topics()).error?.status).toBe(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS);
  });
});

describe("streams group heartbeat", () => {
  test("first member gets every task at epoch 2; a second member gets its share once the first revoked it", () => {
    const { coord } = setup();
    const a = coord.streams.manager.heartbeat(hb({})).result;
    expect(a.errorCode).toBe(ErrorCode.NONE);
    expect(a.memberEpoch).toBe(2);
    expect(ids(a.activeTasks)).toEqual(["0:0", "0:1", "0:2", "0:3", "1:0", "1:1", "1:2", "1:3"]);
    const b = coord.streams.manager.heartbeat(hb({ memberId: "b", processId: "p-b" })).result;
    expect(b.memberEpoch).toBe(3);
    expect(ids(b.activeTasks)).toEqual([]);
    // a keeps epoch 2 while it still owns the tasks b should get (UNREVOKED_TASKS).
    const a2 = coord.streams.manager.heartbeat(hb(beat("a", 2, a.activeTasks!))).result;
    expect(a2.memberEpoch).toBe(2);
    expect(ids(a2.activeTasks)).toEqual(["0:0", "0:1", "1:0", "1:1"]);
    const b2 = coord.streams.manager.heartbeat(hb(beat("b", 3, []))).result;
    expect(ids(b2.activeTasks)).toEqual([]); // not released yet
    const a3 = coord.streams.manager.heartbeat(hb(beat("a", 2, a2.activeTasks!))).result;
    expect(a3.memberEpoch).toBe(3);
    const b3 = coord.streams.manager.heartbeat(hb(beat("b", 3, []))).result;
    expect(ids(b3.activeTasks)).toEqual(["0:2", "0:3", "1:2", "1:3"]);
    expect(coord.streams.groups.get("app")!.state).toBe("Stable");
    coord.close();
  });

  test("session timeout fences a silent member and bumps the group epoch", () => {
    const { coord, fake } = setup();
    coord.streams.manager.heartbeat(hb({}));
    coord.streams.manager.heartbeat(hb({ memberId: "b", processId: "p-b" }));
    for (let i = 0; i < 6; i++) {
      fake.advance(2_000);
      coord.streams.manager.heartbeat(hb(beat("a", coord.streams.groups.get("app")!.members.get("a")!.memberEpoch, [])));
    }
    const g = coord.streams.groups.get("app")!;
    expect([...g.members.keys()]).toEqual(["a"]);
    expect(g.groupEpoch).toBe(4);
    coord.close();
  });

  test("the initial rebalance delay answers ASSIGNMENT_DELAYED until it ran", () => {
    const { coord, fake } = setup(undefined, { initialRebalanceDelayMs: 3_000 });
    const a = coord.streams.manager.heartbeat(hb({})).result;
    expect(a.status).toEqual([{ statusCode: StreamsStatus.ASSIGNMENT_DELAYED, statusDetail: "Assignment delayed due to the configured initial rebalance delay." }]);
    expect(ids(a.activeTasks)).toEqual([]);
    fake.advance(3_100);
    const a2 = coord.streams.manager.heartbeat(hb(beat("a", a.memberEpoch, []))).result;
    expect(a2.status).toEqual([]);
    expect(ids(a2.activeTasks).length).toBe(8);
    coord.close();
  });

  test("offset commits: member and epoch checked; another group type cannot take the id", () => {
    const { coord } = setup();
    const a = coord.streams.manager.heartbeat(hb({})).result;
    const commit = (memberId: string, epoch: number) =>
      coord.commitOffsets({ groupId: "app", memberId, groupInstanceId: null, generationIdOrMemberEpoch: epoch, retentionTimeMs: -1, apiVersion: 9, topics: [{ name: "in", topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [{ partition: 0, offset: 5n, leaderEpoch: -1, metadata: null, commitTimestampMs: -1 }] }] }).results[0]!.partitions[0]!.errorCode;
    expect(commit("a", a.memberEpoch)).toBe(ErrorCode.NONE);
    expect(commit("a", a.memberEpoch + 1)).toBe(ErrorCode.STALE_MEMBER_EPOCH);
    expect(commit("zz", a.memberEpoch)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect(() => coord.consumerGroup("app", true)).toThrow("is not a consumer group");
    expect(coord.listGroups([], ["streams"]).map((g) => `${g.groupId} ${g.type} ${g.state}`)).toEqual(["app streams Stable"]);
    expect(coord.deleteGroup("app").errorCode).toBe(ErrorCode.NON_EMPTY_GROUP);
    coord.close();
  });

  test("records replay into the same group; the last member leaving empties it and it can be deleted", () => {
    const { coord, log, topics } = setup();
    const a = coord.streams.manager.heartbeat(hb({ userEndpoint: { host: "h", port: 1 }, clientTags: new Map([["zone", "z1"]]) })).result;
    coord.streams.manager.heartbeat(hb({ memberId: "b", processId: "p-b" }));
    coord.streams.manager.heartbeat(hb(beat("a", a.memberEpoch, a.activeTasks!)));
    const fake = new FakeClock(0);
    const copy = new GroupCoordinator({ ...DEFAULT_COORDINATOR_CONFIG, streams: DEFAULT_STREAMS_GROUP_CONFIG }, null, wheelGroupClock(new Timer({ clock: fake }), () => fake.nowMs()));
    copy.topicSource = () => topics;
    log.forEach((r, i) => copy.replay(i, -1n, -1, r.key, r.value));
    copy.loaded();
    const d1 = coord.streams.describe("app")!;
    const d2 = copy.streams.describe("app")!;
    expect(d2).toEqual(d1);
    expect(d2.members.length).toBe(2);
    expect(d2.topology!.epoch).toBe(0);
    // The compacted view (snapshotRecords) replays to the same group too.
    const snap = coord.snapshotRecords(coord.partitionFor("app"));
    const copy2 = new GroupCoordinator({ ...DEFAULT_COORDINATOR_CONFIG, streams: DEFAULT_STREAMS_GROUP_CONFIG }, null, wheelGroupClock(new Timer({ clock: fake }), () => fake.nowMs()));
    copy2.topicSource = () => topics;
    snap.forEach((r, i) => copy2.replay(i, -1n, -1, r.key, r.value));
    expect(copy2.streams.describe("app")).toEqual(d1);
    coord.streams.manager.heartbeat(hb({ ...beat("a", -1, []), activeTasks: null, standbyTasks: null, warmupTasks: null }));
    coord.streams.manager.heartbeat(hb({ ...beat("b", -1, []), activeTasks: null, standbyTasks: null, warmupTasks: null }));
    const g = coord.streams.groups.get("app")!;
    expect(g.state).toBe("Empty");
    expect(g.targetAssignmentEpoch).toBe(g.groupEpoch);
    expect(coord.deleteGroup("app").errorCode).toBe(ErrorCode.NONE);
    expect(coord.streams.groups.has("app")).toBe(false);
    // Replaying everything, tombstones included, leaves no group.
    const copy3 = new GroupCoordinator({ ...DEFAULT_COORDINATOR_CONFIG, streams: DEFAULT_STREAMS_GROUP_CONFIG }, null, wheelGroupClock(new Timer({ clock: fake }), () => fake.nowMs()));
    log.forEach((r, i) => copy3.replay(i, -1n, -1, r.key, r.value));
    expect(copy3.streams.groups.has("app")).toBe(false);
    for (const c of [copy, copy2, copy3, coord]) c.close();
  });
});
