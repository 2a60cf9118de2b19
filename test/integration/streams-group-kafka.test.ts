// KIP-1071 streams groups on the wire, as Kafka 4.4.0 answers them: the same StreamsGroupHeartbeat (88)
// and StreamsGroupDescribe (89) sequence goes to Strand and to a real Kafka 4.4.0, and every answer
// (errors, member and group epochs, statuses, tasks, the described topology and members) must be equal.
// The topology has two subtopologies: 0 reads the 4-partition source topic and writes a repartition
// topic; 1 reads the repartition topic and keeps a store with a changelog. The first join finds the
// internal topics missing (MISSING_INTERNAL_TOPICS: the broker creates them, 4 partitions each); two
// members then share the 8 tasks; one leaves and the other takes them all; bad requests answer
// INVALID_REQUEST / STREAMS_INVALID_TOPOLOGY / FENCED_MEMBER_EPOCH / UNKNOWN_MEMBER_ID with Kafka's
// messages. group.streams.initial.rebalance.delay.ms is 0 on both, so assignments are not delayed; a
// second test keeps Kafka's 3 s delay and checks the first assignment waits for it (ASSIGNMENT_DELAYED).
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { startStrand } from "../support/strand.ts";
import { until } from "../support/until.ts";
import { ZERO_UUID } from "../../src/protocol/primitives/codec-runtime.ts";
import { CHANGELOG, GROUP, REPARTITION, SOURCE, TOPOLOGY } from "./streams-topology-fixture.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const OVERRIDES = { "offsets.topic.num.partitions": 1, "group.streams.initial.rebalance.delay.ms": 0, "group.streams.assignment.interval.ms": 0 };

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);


const join = (memberId: string, over: Any = {}) => ({
  groupId: GROUP, memberId, memberEpoch: 0, endpointInformationEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30_000,
  topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [], processId: `process-${memberId}`, userEndpoint: { host: `host-${memberId}`, port: 8080 },
  clientTags: [{ key: "zone", value: "a" }], taskOffsets: null, taskEndOffsets: null, shutdownApplication: false, ...over,
});
const beat = (memberId: string, memberEpoch: number, owned: Any | null, over: Any = {}) => ({
  groupId: GROUP, memberId, memberEpoch, endpointInformationEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: -1, topology: null,
  activeTasks: owned?.active ?? null, standbyTasks: owned ? [] : null, warmupTasks: owned ? [] : null,
  processId: null, userEndpoint: null, clientTags: null, taskOffsets: null, taskEndOffsets: null, shutdownApplication: false, ...over,
});
const tasks = (l: Any[] | null) => (l === null ? "none" : l.map((t) => `${t.subtopologyId}:${[...t.partitions].sort().join(",")}`).join(" "));

async function scenario(port: number): Promise<string[]> {
  const c = await KafkaTestClient.connect(port);
  const out: string[] = [];
  try {
    const created = (await c.request(19, 5, { topics: [{ name: SOURCE, numPartitions: 4, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 })) as Any;
    expect(created.topics[0].errorCode).toBe(0);
    await until(`port ${port}: group coordinator ready`, async () => {
      const f = (await c.request(10, 4, { key: "", keyType: 0, coordinatorKeys: ["warm-up"] })) as Any;
      if (f.coordinators[0].errorCode !== 0) return false;
      // A topology without internal topics, so the warm-up creates none of the test's.
      const w = (await c.request(88, 1, join("w", { groupId: "warm-up", topology: { epoch: 0, subtopologies: [TOPOLOGY.subtopologies[0]!].map((t) => ({ ...t, repartitionSinkTopics: [] })) } }))) as Any;
      return w.errorCode === 0;
    }, 60_000);
    const owned = new Map<string, Any>();
    const epochs = new Map<string, number>();
    const step = async (label: string, req: Any, version = 1) => {
      const r = (await c.request(88, version, req)) as Any;
      if (r.errorCode === 0) {
        epochs.set(req.memberId, r.memberEpoch);
        if (r.activeTasks !== null) owned.set(req.memberId, { active: r.activeTasks });
      }
      const status = (r.status ?? []).map((s: Any) => `${s.statusCode}:${s.statusDetail}`).join(" | ");
      out.push(`${label}: error ${r.errorCode} ${r.errorMessage ?? ""} epoch ${r.memberEpoch} hb ${r.heartbeatIntervalMs} offsets ${r.taskOffsetIntervalMs} lag ${version === 0 ? r.acceptableRecoveryLagLegacy : r.acceptableRecoveryLag} ` +
        `active ${tasks(r.activeTasks)} standby ${tasks(r.standbyTasks)} warmup ${tasks(r.warmupTasks)} endpointEpoch ${r.endpointInformationEpoch} status [${status}]`);
      return r;
    };
    const describe = async (label: string) => {
      const d = ((await c.request(89, 1, { groupIds: [GROUP], includeAuthorizedOperations: false, includeTopologyDescription: false })) as Any).groups[0];
      const members = d.members
        .map((m: Any) => `${m.memberId}@${m.memberEpoch} ${m.processId} ${m.userEndpoint?.host}:${m.userEndpoint?.port} tags ${m.clientTags.map((t: Any) => `${t.key}=${t.value}`)} topo ${m.topologyEpoch} ` +
          `has ${tasks(m.assignment.activeTasks)} target ${tasks(m.targetAssignment.activeTasks)}`)
        .sort()
        .join("; ");
      const subs = d.topology?.subtopologies?.map((s: Any) => `${s.subtopologyId}: src ${s.sourceTopics} sink ${s.repartitionSinkTopics} ` +
        `changelog ${s.stateChangelogTopics.map((t: Any) => `${t.name}/${t.partitions}/${t.replicationFactor}/${t.topicConfigs.map((x: Any) => `${x.key}=${x.value}`)}`)} ` +
        `repartition ${s.repartitionSourceTopics.map((t: Any) => `${t.name}/${t.partitions}/${t.replicationFactor}/${t.topicConfigs.map((x: Any) => `${x.key}=${x.value}`)}`)}`).join("; ");
      out.push(`${label}: describe error ${d.errorCode} ${d.groupState} epoch ${d.groupEpoch} target ${d.assignmentEpoch} topology ${d.topology?.epoch} [${subs ?? "null"}] assignor ${d.assignorName} [${members}]`);
    };
    const at = (m: string) => epochs.get(m) ?? 0;

    await step("a joins (internal topics missing)", join("a"));
    await describe("after a joins");
    await until(`port ${port}: internal topics created`, async () => {
      const md = (await c.request(3, 12, { topics: [{ name: REPARTITION, topicId: ZERO_UUID }, { name: CHANGELOG, topicId: ZERO_UUID }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false })) as Any;
      return md.topics.every((t: Any) => t.errorCode === 0 && t.partitions.length === 4);
    }, 30_000);
    // Kafka's coordinator sees the new topics once its metadata image has them: heartbeat until then.
    const t0 = Date.now();
    await until(`port ${port}: coordinator sees the internal topics`, async () => {
      const r = (await c.request(88, 1, beat("a", at("a"), owned.get("a") ?? { active: [] }))) as Any;
      if (r.errorCode !== 0) return null;
      epochs.set("a", r.memberEpoch);
      if (r.activeTasks !== null) owned.set("a", { active: r.activeTasks });
      return !(r.status ?? []).some((s: Any) => s.statusCode === 3) ? r : null;
    }, 30_000, 200);
    console.log(`port ${port}: internal topics seen after ${Date.now() - t0} ms`);
    await step("a heartbeats (topics now exist)", beat("a", at("a"), owned.get("a") ?? { active: [] }));
    await describe("after the topics exist");
    await step("b joins", join("b"));
    await step("a heartbeats (revokes)", beat("a", at("a"), owned.get("a")!));
    await step("a heartbeats (after revoking)", beat("a", at("a"), owned.get("a")!));
    await step("b heartbeats", beat("b", at("b"), owned.get("b")!));
    await describe("two members");
    await step("b heartbeats with a stale epoch", beat("b", at("b") - 1, owned.get("b")!));
    await step("b heartbeats with a future epoch", beat("b", at("b") + 5, owned.get("b")!));
    await step("unknown member", beat("nobody", 3, { active: [] }));
    await step("v0 heartbeat", beat("a", at("a"), null), 0);
    await step("b leaves", beat("b", -1, null));
    await step("a heartbeats after b left", beat("a", at("a"), owned.get("a")!));
    await describe("after b left");
    await step("empty member id", join(""));
    await step("join without topology", join("c", { topology: null }));
    await step("join with a changelog partition count", join("c", { topology: { ...TOPOLOGY, subtopologies: [{ ...TOPOLOGY.subtopologies[1], stateChangelogTopics: [{ name: "x-changelog", partitions: 3, replicationFactor: 0, topicConfigs: [] }] }] } }));
    await step("heartbeat with a topology", beat("a", at("a"), owned.get("a")!, { topology: TOPOLOGY }));
    await step("one task list null", beat("a", at("a"), owned.get("a")!, { standbyTasks: null }));
    await step("join with a newer topology epoch", join("c", { topology: { ...TOPOLOGY, epoch: 1 } }));
    // Offsets of a streams group: member and epoch checked as Kafka's StreamsGroup does.
    const commit = async (label: string, memberId: string, epoch: number) => {
      const r = (await c.request(8, 9, { groupId: GROUP, generationIdOrMemberEpoch: epoch, memberId, groupInstanceId: null, retentionTimeMs: -1,
        topics: [{ name: SOURCE, partitions: [{ partitionIndex: 0, committedOffset: 5n, committedLeaderEpoch: -1, committedMetadata: "m" }] }] })) as Any;
      out.push(`${label}: ${r.topics.map((t: Any) => t.partitions.map((x: Any) => `${t.name}-${x.partitionIndex} ${x.errorCode}`).join(",")).join(" ")}`);
    };
    await commit("commit by a", "a", at("a"));
    await commit("commit with a stale epoch", "a", at("a") - 1);
    await commit("commit by an unknown member", "zz", at("a"));
    const fetched = (await c.request(9, 9, { groups: [{ groupId: GROUP, memberId: "a", memberEpoch: at("a"), topics: [{ name: SOURCE, partitionIndexes: [0, 1] }] }], requireStable: false })) as Any;
    out.push(`fetch by a: ${JSON.stringify(fetched.groups.map((g: Any) => [g.errorCode, g.topics.map((t: Any) => t.partitions.map((x: Any) => `${x.partitionIndex}=${x.committedOffset}/${x.metadata}/${x.errorCode}`))]))}`);
    const staleFetch = (await c.request(9, 9, { groups: [{ groupId: GROUP, memberId: "a", memberEpoch: at("a") + 1, topics: null }], requireStable: false })) as Any;
    out.push(`fetch with a wrong epoch: ${staleFetch.groups.map((g: Any) => g.errorCode)}`);
    const dg = (await c.request(15, 6, { groups: [GROUP], includeAuthorizedOperations: false })) as Any;
    out.push(`DescribeGroups: ${dg.groups.map((g: Any) => `${g.errorCode} ${g.errorMessage} ${g.groupState} ${g.protocolType} ${g.members.length}`)}`);
    const del1 = (await c.request(42, 2, { groupsNames: [GROUP] })) as Any;
    out.push(`DeleteGroups while a is in: ${del1.results.map((r: Any) => r.errorCode)}`);
    await step("a leaves", beat("a", -1, null));
    await describe("after a left");
    const del2 = (await c.request(42, 2, { groupsNames: [GROUP] })) as Any;
    out.push(`DeleteGroups of the empty group: ${del2.results.map((r: Any) => r.errorCode)}`);
    const gone = ((await c.request(89, 1, { groupIds: [GROUP], includeAuthorizedOperations: false, includeTopologyDescription: false })) as Any).groups[0];
    out.push(`describe after delete: ${gone.errorCode} ${gone.errorMessage}`);
    await step("heartbeat of an unknown group", beat("x", 1, null, { groupId: "sg-nope" }));
    const nf = ((await c.request(89, 1, { groupIds: ["sg-nope", ""], includeAuthorizedOperations: false, includeTopologyDescription: false })) as Any).groups;
    out.push(`describe unknown: ${nf.map((g: Any) => `${g.errorCode} ${g.errorMessage}`).join(" | ")}`);
    const lg = (await c.request(16, 5, { statesFilter: [], typesFilter: ["streams"] })) as Any;
    out.push(`list streams groups: ${lg.groups.map((g: Any) => `${g.groupId} ${g.protocolType} ${g.groupState} ${g.groupType}`).sort().join(" | ")}`);
  } finally {
    c.close();
  }
  return out;
}

test("StreamsGroupHeartbeat / StreamsGroupDescribe answer as Kafka 4.4.0", async () => {
  const probe = await probeKafkaDist();
  const kafkaSide = probe.ok && process.env.STREAMS_GROUP_STRAND_ONLY !== "1";
  const [strand, kafka] = await Promise.all([startStrand({ overrides: OVERRIDES }), kafkaSide ? startKafka({ overrides: OVERRIDES }) : Promise.resolve(null)]);
  cleanups.push(() => strand.kill());
  if (kafka) cleanups.push(() => kafka.remove());
  const [mine, theirs] = await Promise.all([scenario(strand.port), kafka ? scenario(kafka.port) : Promise.resolve(null)]);
  if (!theirs) {
    console.log(mine.join("\n"));
    if (!probe.ok) console.warn(`Kafka side skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
    if (mine[i] !== theirs[i]) console.log(`DIFF ${i}\n strand: ${mine[i]}\n kafka:  ${theirs[i]}`);
  }
  expect(mine).toEqual(theirs);
}, 240_000);

/** group.streams.initial.rebalance.delay.ms at Kafka's default (3 s): the first assignment waits for it. */
async function delayScenario(port: number): Promise<string[]> {
  const c = await KafkaTestClient.connect(port);
  const out: string[] = [];
  try {
    const names = [SOURCE, REPARTITION, CHANGELOG];
    const created = (await c.request(19, 5, { topics: names.map((name) => ({ name, numPartitions: 4, replicationFactor: 1, assignments: [], configs: [] })), timeoutMs: 10_000 })) as Any;
    expect(created.topics.map((t: Any) => t.errorCode)).toEqual([0, 0, 0]);
    const first = await until(`port ${port}: group coordinator ready`, async () => {
      const f = (await c.request(10, 4, { key: "", keyType: 0, coordinatorKeys: [GROUP] })) as Any;
      if (f.coordinators[0].errorCode !== 0) return null;
      const r = (await c.request(88, 1, join("a", { userEndpoint: null }))) as Any;
      return r.errorCode === 0 ? r : null;
    }, 60_000);
    const line = (label: string, r: Any) => `${label}: error ${r.errorCode} epoch ${r.memberEpoch} active ${tasks(r.activeTasks)} status [${(r.status ?? []).map((s: Any) => `${s.statusCode}:${s.statusDetail}`).join(" | ")}]`;
    out.push(line("a joins", first));
    const r2 = (await c.request(88, 1, beat("a", first.memberEpoch, { active: [] }))) as Any;
    out.push(line("a heartbeats within the delay", r2));
    await Bun.sleep(3_500);
    const r3 = (await c.request(88, 1, beat("a", r2.memberEpoch, { active: [] }))) as Any;
    out.push(line("a heartbeats after the delay", r3));
  } finally {
    c.close();
  }
  return out;
}

test("the initial rebalance delay holds the first assignment back, as Kafka 4.4.0", async () => {
  const probe = await probeKafkaDist();
  const overrides = { "offsets.topic.num.partitions": 1 };
  const [strand, kafka] = await Promise.all([startStrand({ overrides }), probe.ok ? startKafka({ overrides }) : Promise.resolve(null)]);
  cleanups.push(() => strand.kill());
  if (kafka) cleanups.push(() => kafka.remove());
  const [mine, theirs] = await Promise.all([delayScenario(strand.port), kafka ? delayScenario(kafka.port) : Promise.resolve(null)]);
  expect(mine[0]).toContain("epoch 1 active  status [5:Assignment delayed due to the configured initial rebalance delay.]");
  if (theirs) expect(mine).toEqual(theirs);
}, 240_000);
