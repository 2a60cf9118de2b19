// A streams group survives a restart of Strand: its records in __consumer_offsets (topology, group and
// target metadata, members, current assignments) are replayed, so after a SIGKILL StreamsGroupDescribe
// answers the same group, and the members carry on heartbeating at their epochs with their tasks; a
// GROUP config override of streams.heartbeat.interval.ms then reaches the members.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { until } from "../support/until.ts";
import { TOPOLOGY } from "./streams-topology-fixture.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const OVERRIDES = { "offsets.topic.num.partitions": 1, "group.streams.initial.rebalance.delay.ms": 0, "group.streams.assignment.interval.ms": 0 };
let broker: StrandHandle | null = null;
afterAll(async () => {
  if (broker) {
    await broker.kill();
    removeDataDir(broker.dataDir);
  }
}, 60_000);

const base = { groupId: "sg-app", endpointInformationEpoch: 0, instanceId: null, rackId: null, userEndpoint: null, taskOffsets: null, taskEndOffsets: null, shutdownApplication: false };
const join = (memberId: string) => ({ ...base, memberId, memberEpoch: 0, rebalanceTimeoutMs: 30_000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [], processId: `p-${memberId}`, clientTags: [] });
const beat = (memberId: string, memberEpoch: number, active: Any[]) => ({ ...base, memberId, memberEpoch, rebalanceTimeoutMs: -1, topology: null, activeTasks: active, standbyTasks: [], warmupTasks: [], processId: null, clientTags: null });

test("a streams group is replayed from __consumer_offsets after a SIGKILL", async () => {
  broker = await startStrand({ overrides: OVERRIDES });
  let c = await KafkaTestClient.connect(broker.port);
  const names = ["sg-in", "sg-app-KSTREAM-REPARTITION-0000000003-repartition", "sg-app-KSTREAM-AGGREGATE-STATE-STORE-0000000002-changelog"];
  await c.request(19, 5, { topics: names.map((name) => ({ name, numPartitions: 4, replicationFactor: 1, assignments: [], configs: [] })), timeoutMs: 10_000 });
  const a = await until("coordinator ready", async () => {
    const r = (await c.request(88, 1, join("a"))) as Any;
    return r.errorCode === 0 ? r : null;
  }, 30_000);
  const b = (await c.request(88, 1, join("b"))) as Any;
  const a2 = (await c.request(88, 1, beat("a", a.memberEpoch, a.activeTasks))) as Any;
  const a3 = (await c.request(88, 1, beat("a", a2.memberEpoch, a2.activeTasks))) as Any;
  const b2 = (await c.request(88, 1, beat("b", b.memberEpoch, []))) as Any;
  const describe = async () => ((await c.request(89, 1, { groupIds: ["sg-app"], includeAuthorizedOperations: false, includeTopologyDescription: false })) as Any).groups[0];
  const before = await describe();
  expect(before.groupState).toBe("Stable");
  expect(before.members.length).toBe(2);
  c.close();

  await broker.kill();
  broker = await startStrand({ dataDir: broker.dataDir, overrides: OVERRIDES });
  c = await KafkaTestClient.connect(broker.port);
  const after = await until("the group replayed", async () => {
    const g = await describe();
    return g.errorCode === 0 ? g : null;
  }, 30_000);
  const norm = (g: Any) => ({ ...g, members: [...g.members].sort((x: Any, y: Any) => (x.memberId < y.memberId ? -1 : 1)) });
  expect(norm(after)).toEqual(norm(before));
  // The members carry on at their epochs, owning their tasks.
  const a4 = (await c.request(88, 1, beat("a", a3.memberEpoch, a2.activeTasks))) as Any;
  const b3 = (await c.request(88, 1, beat("b", b2.memberEpoch, b2.activeTasks ?? []))) as Any;
  expect([a4.errorCode, a4.memberEpoch, b3.errorCode, b3.memberEpoch]).toEqual([0, a3.memberEpoch, 0, b2.memberEpoch]);
  expect(a4.heartbeatIntervalMs).toBe(5_000);
  // A GROUP config override (streams.heartbeat.interval.ms) applies at the next heartbeat.
  const altered = (await c.request(44, 1, { resources: [{ resourceType: 32, resourceName: "sg-app", configs: [{ name: "streams.heartbeat.interval.ms", configOperation: 0, value: "7000" }] }], validateOnly: false })) as Any;
  expect(altered.responses[0].errorCode).toBe(0);
  const a5 = await until("the override applied", async () => {
    const r = (await c.request(88, 1, beat("a", a4.memberEpoch, a2.activeTasks))) as Any;
    return r.heartbeatIntervalMs === 7_000 ? r : null;
  }, 10_000);
  expect(a5.errorCode).toBe(0);
  c.close();
}, 120_000);
