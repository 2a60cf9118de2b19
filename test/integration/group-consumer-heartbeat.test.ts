// KIP-848 consumer groups against the real broker process, with our codec client: ApiVersions
// advertises ConsumerGroupHeartbeat/Describe 0-1 and OffsetCommit/OffsetFetch 9+ (what franz-go and
// librdkafka gate KIP-848 on); two members join and reconcile (revocation before assignment);
// ConsumerGroupDescribe and ListGroups show the group; the group survives a SIGKILL restart
// (ConsumerGroup* records replayed from __consumer_offsets).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Interval 0: one target assignment per group epoch (batching is compared with Kafka in
// consumer-group-epochs-kafka.test.ts). A new group starts at epoch 1, so the first join is at 2.
const overrides = { "offsets.topic.num.partitions": 3, "group.consumer.assignment.interval.ms": 0 };
let broker: StrandHandle;
let dataDir: string;

beforeAll(async () => {
  broker = await startStrand({ overrides });
  dataDir = broker.dataDir;
}, 120_000);
afterAll(async () => {
  await broker?.stop();
  removeDataDir(dataDir);
}, 120_000);

const hb = (over: Any) => ({ groupId: "g848", memberId: "m1", memberEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30000, subscribedTopicNames: ["t848"], subscribedTopicRegex: null, serverAssignor: null, topicPartitions: [], ...over });
const parts = (r: Any) => (r.assignment?.topicPartitions ?? []).flatMap((t: Any) => t.partitions).sort();

describe("consumer groups (KIP-848) against the broker", () => {
  test("ApiVersions advertises what clients gate KIP-848 on", async () => {
    const c = await KafkaTestClient.connect(broker.port);
    const av = (await c.request(18, 3, { clientSoftwareName: "t", clientSoftwareVersion: "1" })) as Any;
    const range = (k: number) => av.apiKeys.find((a: Any) => a.apiKey === k);
    expect(range(68)).toMatchObject({ minVersion: 0, maxVersion: 1 });
    expect(range(69)).toMatchObject({ minVersion: 0, maxVersion: 1 });
    expect(range(8).maxVersion).toBeGreaterThanOrEqual(9);
    expect(range(9).maxVersion).toBeGreaterThanOrEqual(9);
    c.close();
  });

  test("two members reconcile, describe and list, and the group survives a SIGKILL", async () => {
    const c = await KafkaTestClient.connect(broker.port);
    await c.request(19, 5, { topics: [{ name: "t848", numPartitions: 4, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10000 });
    const j1 = (await c.request(68, 1, hb({}))) as Any;
    expect([j1.errorCode, j1.memberEpoch, parts(j1)]).toEqual([0, 2, [0, 1, 2, 3]]);
    const j2 = (await c.request(68, 1, hb({ memberId: "m2" }))) as Any;
    expect([j2.errorCode, j2.memberEpoch, parts(j2)]).toEqual([0, 3, []]);
    const h1 = (await c.request(68, 1, hb({ memberEpoch: 2, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: j1.assignment.topicPartitions }))) as Any;
    const kept = parts(h1);
    expect(kept.length).toBe(2);
    const ack = (await c.request(68, 1, hb({ memberEpoch: 2, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: h1.assignment.topicPartitions }))) as Any;
    expect(ack.memberEpoch).toBe(3);
    const h2 = (await c.request(68, 1, hb({ memberId: "m2", memberEpoch: 3, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: [] }))) as Any;
    expect(parts(h2).length).toBe(2);
    const d = (await c.request(69, 1, { groupIds: ["g848", "nope"], includeAuthorizedOperations: false })) as Any;
    expect([d.groups[0].errorCode, d.groups[0].groupState, d.groups[0].groupEpoch, d.groups[0].assignorName]).toEqual([0, "Stable", 3, "uniform"]);
    expect(d.groups[0].members.map((m: Any) => [m.memberId, m.memberEpoch, m.memberType]).sort()).toEqual([["m1", 3, 1], ["m2", 3, 1]]);
    expect(d.groups[1].errorCode).toBe(ErrorCode.GROUP_ID_NOT_FOUND);
    const l = (await c.request(16, 5, { statesFilter: [], typesFilter: ["consumer"] })) as Any;
    expect(l.groups.map((g: Any) => [g.groupId, g.groupState, g.groupType, g.protocolType])).toEqual([["g848", "Stable", "consumer", "consumer"]]);
    c.close();
    await broker.kill();
    broker = await startStrand({ dataDir, overrides });
    const c2 = await KafkaTestClient.connect(broker.port);
    const d2 = (await c2.request(69, 1, { groupIds: ["g848"], includeAuthorizedOperations: false })) as Any;
    expect(d2.groups[0]).toMatchObject({ errorCode: 0, groupState: "Stable", groupEpoch: 3, assignmentEpoch: 3 });
    expect(d2.groups[0].members.map((m: Any) => m.assignment.topicPartitions.flatMap((t: Any) => t.partitions).length)).toEqual([2, 2]);
    // A member heartbeating with its epoch after the restart carries on.
    const again = (await c2.request(68, 1, hb({ memberEpoch: 3, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: null }))) as Any;
    expect([again.errorCode, again.memberEpoch]).toEqual([0, 3]);
    c2.close();
  }, 60_000);
});
