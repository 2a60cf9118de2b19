// CreateTopics / CreatePartitions placement with RF > 1 as Kafka 4.4.0's controller: the seeded
// controller Random gives StripedReplicaPlacer's lists (rack-alternating), the ISR is the active
// replicas and the leader its first, fenced brokers are placed only after unfenced ones, and every
// refusal carries Kafka's text.
import { expect, test } from "bun:test";
import { planCreatePartitions, planCreateTopics, type ControllerEnv } from "../../../src/metadata/controller.ts";
import { JavaRandom, placeReplicas, usableBrokersOf } from "../../../src/metadata/replica-placer.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { TopicToCreate } from "../../../src/metadata/layer.ts";
import { clusterLog, dirOf, uid } from "./cluster-log.ts";

function env(seed: bigint): ControllerEnv {
  return {
    nodeId: 3000,
    defaultPartitions: 1,
    defaultReplicationFactor: 1,
    validateTopicConfigs: () => null,
    newTopicId: () => uid(0x55, 1),
    replicaDirectory: () => "AAAAAAAAAAAAAAAAAAAAAQ",
    random: new JavaRandom(seed),
  };
}
const topic = (name: string, extra: Partial<TopicToCreate> = {}): TopicToCreate => ({ name, numPartitions: -1, replicationFactor: -1, assignments: [], configs: [], ...extra });

type PartitionRec = { partitionId: number; replicas: number[]; isr: number[]; leader: number; directories: string[] };
const partitionsOf = (records: ReadonlyArray<{ apiKey: number; message: unknown }>) => records.filter((r) => r.apiKey === 3).map((r) => r.message as PartitionRec);

test("RF 3 over three racks: Kafka's placement for the seed, one replica per rack, ISR all replicas, leader the first", () => {
  const seed = 5n;
  const log = clusterLog([
    { id: 1, rack: "a" },
    { id: 2, rack: "a" },
    { id: 3, rack: "b" },
    { id: 4, rack: "b" },
    { id: 5, rack: "c" },
    { id: 6, rack: "c" },
  ]);
  const plan = planCreateTopics(log.image, env(seed), [topic("t", { numPartitions: 12, replicationFactor: 3 })]);
  expect(plan.results[0]).toMatchObject({ errorCode: 0, numPartitions: 12, replicationFactor: 3 });
  const parts = partitionsOf(plan.records);
  // The same lists Kafka 4.4.0's StripedReplicaPlacer gives with java.util.Random(5) (replica-placer.test.ts).
  expect(parts.map((p) => `[${p.replicas.join(",")}]`).join(";")).toBe("[5,2,3];[1,4,6];[3,5,2];[6,1,4];[2,3,5];[4,6,1];[1,6,3];[5,4,2];[3,1,6];[2,5,4];[6,3,1];[4,2,5]");
  const rack = (b: number) => log.image.brokers.get(b)!.rack;
  for (const p of parts) {
    expect(new Set(p.replicas.map(rack)).size).toBe(3);
    expect(p.isr).toEqual(p.replicas);
    expect(p.leader).toBe(p.replicas[0]!);
    expect(p.directories).toEqual(p.replicas.map(dirOf));
  }
});

test("a fenced broker is placed after the unfenced ones and left out of the ISR; the leader is the first active replica", () => {
  const log = clusterLog([1, { id: 2, fenced: true }, 3]);
  const plan = planCreateTopics(log.image, env(3n), [topic("t", { numPartitions: 4, replicationFactor: 3 })]);
  expect(plan.results[0]!.errorCode).toBe(0);
  const parts = partitionsOf(plan.records);
  expect(parts.map((p) => p.replicas)).toEqual([
    [3, 1, 2],
    [1, 3, 2],
    [3, 1, 2],
    [1, 3, 2],
  ]);
  for (const p of parts) {
    expect(p.isr).toEqual(p.replicas.filter((b) => b !== 2));
    expect(p.leader).toBe(p.isr[0]!);
  }
});

test("refusals: too few brokers, all fenced, a manual assignment with no active broker", () => {
  const log = clusterLog([1, { id: 2, fenced: true }, { id: 3, inControlledShutdown: true }]);
  const r = (t: TopicToCreate) => planCreateTopics(log.image, env(1n), [t]).results[0]!;
  // Broker 3 is in controlled shutdown: not usable, so two brokers count.
  expect(r(topic("a", { replicationFactor: 3 }))).toMatchObject({
    errorCode: ErrorCode.INVALID_REPLICATION_FACTOR,
    errorMessage: "Unable to replicate the partition 3 time(s): The target replication factor of 3 cannot be reached because only 2 broker(s) are registered or some brokers have all their log directories cordoned.",
  });
  expect(r(topic("b", { assignments: [{ partitionIndex: 0, brokerIds: [2, 3] }] }))).toMatchObject({
    errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT,
    errorMessage: "All brokers specified in the manual partition assignment for partition 0 are fenced or in controlled shutdown.",
  });
  const fencedOnly = clusterLog([{ id: 1, fenced: true }, { id: 2, fenced: true }]);
  expect(planCreateTopics(fencedOnly.image, env(1n), [topic("c", { replicationFactor: 2 })]).results[0]).toMatchObject({
    errorCode: ErrorCode.INVALID_REPLICATION_FACTOR,
    errorMessage: "Unable to replicate the partition 2 time(s): All brokers are currently fenced, or have all their log directories cordoned.",
  });
});

test("CreatePartitions places the new partitions with the topic's replication factor from the controller's Random", () => {
  const log = clusterLog([1, 2, 3, 4, 5]);
  const e = env(99n);
  log.append(planCreateTopics(log.image, e, [topic("t", { numPartitions: 2, replicationFactor: 2 })]).records);
  const plan = planCreatePartitions(log.image, e, [{ name: "t", count: 6, assignments: null }]);
  expect(plan.results[0]!.errorCode).toBe(0);
  const parts = partitionsOf(plan.records);
  expect(parts.map((p) => p.partitionId)).toEqual([2, 3, 4, 5]);
  // The same Random continues: a fresh placer over the same brokers after the create's draws.
  const again = new JavaRandom(99n);
  placeReplicas(again, usableBrokersOf(log.image), 2, 2);
  expect(parts.map((p) => p.replicas)).toEqual(placeReplicas(again, usableBrokersOf(log.image), 4, 2));
  for (const p of parts) expect(p.replicas).toHaveLength(2);
});
