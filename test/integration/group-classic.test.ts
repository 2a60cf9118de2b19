// The classic group protocol and offsets against the real broker process, with our codec client:
// FindCoordinator, JoinGroup (MEMBER_ID_REQUIRED), SyncGroup, Heartbeat, OffsetCommit/Fetch (v8
// multi-group), Describe/List/Delete groups, OffsetDelete, and offsets and group state surviving a
// clean restart and a SIGKILL (replayed from __consumer_offsets).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { encodeConsumerSubscription } from "../../src/coordinator/group/consumer-protocol.ts";
import { partitionForGroup } from "../../src/coordinator/group/partitioner.ts";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const overrides = { "group.initial.rebalance.delay.ms": 0, "offsets.topic.num.partitions": 5 };
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

/** Create topic t (3 partitions) when the broker serves CreateTopics (the metadata layer checks names). */
async function ensureTopic(c: KafkaTestClient, name: string): Promise<void> {
  const av = (await c.request(18, 3, { clientSoftwareName: "t", clientSoftwareVersion: "1" })) as Any;
  if (!av.apiKeys.some((a: Any) => a.apiKey === 19)) return;
  await c.request(19, 5, { topics: [{ name, numPartitions: 3, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10000 });
}

async function joinMember(c: KafkaTestClient, groupId: string, instance: string | null = null): Promise<Any> {
  const base = {
    groupId,
    sessionTimeoutMs: 10000,
    rebalanceTimeoutMs: 10000,
    memberId: "",
    groupInstanceId: instance,
    protocolType: "consumer",
    protocols: [{ name: "range", metadata: encodeConsumerSubscription(["t"]) }],
  };
  let r = (await c.request(11, 9, base)) as Any;
  if (r.errorCode === ErrorCode.MEMBER_ID_REQUIRED) r = (await c.request(11, 9, { ...base, memberId: r.memberId })) as Any;
  return r;
}

describe("classic group against the broker", () => {
  test("FindCoordinator: v0-3 single key, v4+ batch; transactions not yet", async () => {
    const c = await KafkaTestClient.connect(broker.port);
    const r1 = (await c.request(10, 1, { key: "g", keyType: 0 })) as Any;
    expect([r1.errorCode, r1.nodeId, r1.host, r1.port]).toEqual([0, 1, "127.0.0.1", broker.port]);
    const r0 = (await c.request(10, 0, { key: "g" })) as Any;
    expect(r0.port).toBe(broker.port);
    const r4 = (await c.request(10, 4, { keyType: 0, coordinatorKeys: ["a", "b"] })) as Any;
    expect(r4.coordinators.map((x: Any) => [x.key, x.errorCode, x.port])).toEqual([
      ["a", 0, broker.port],
      ["b", 0, broker.port],
    ]);
    const tx = (await c.request(10, 4, { keyType: 1, coordinatorKeys: ["tx"] })) as Any;
    expect([tx.coordinators[0].errorCode, tx.coordinators[0].port]).toEqual([0, broker.port]);
    c.close();
  });

  test("two members rebalance, sync, heartbeat, commit; describe and list", async () => {
    const c1 = await KafkaTestClient.connect(broker.port);
    const c2 = await KafkaTestClient.connect(broker.port);
    await ensureTopic(c1, "t");
    const a = await joinMember(c1, "g1");
    expect(a.errorCode).toBe(0);
    expect(a.generationId).toBe(1);
    // The second member's join makes the group rebalance; the first rejoins.
    const bP = joinMember(c2, "g1");
    await Bun.sleep(50);
    const hb = (await c1.request(12, 4, { groupId: "g1", generationId: 1, memberId: a.memberId })) as Any;
    expect(hb.errorCode).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    const a2 = (await c1.request(11, 9, {
      groupId: "g1",
      sessionTimeoutMs: 10000,
      rebalanceTimeoutMs: 10000,
      memberId: a.memberId,
      protocolType: "consumer",
      protocols: [{ name: "range", metadata: encodeConsumerSubscription(["t"]) }],
    })) as Any;
    const b = await bP;
    expect([a2.generationId, b.generationId]).toEqual([2, 2]);
    const leader = a2.members.length ? a2 : b;
    const follower = leader === a2 ? b : a2;
    const [cl, cf] = leader === a2 ? [c1, c2] : [c2, c1];
    const fsP = cf.request(14, 5, { groupId: "g1", generationId: 2, memberId: follower.memberId, protocolType: "consumer", protocolName: "range", assignments: [] });
    const ls = (await cl.request(14, 5, {
      groupId: "g1",
      generationId: 2,
      memberId: leader.memberId,
      protocolType: "consumer",
      protocolName: "range",
      assignments: [
        { memberId: leader.memberId, assignment: new Uint8Array([1]) },
        { memberId: follower.memberId, assignment: new Uint8Array([2]) },
      ],
    })) as Any;
    const fs = (await fsP) as Any;
    expect([ls.errorCode, [...ls.assignment]]).toEqual([0, [1]]);
    expect([fs.errorCode, [...fs.assignment], fs.protocolName]).toEqual([0, [2], "range"]);
    expect(((await c1.request(12, 4, { groupId: "g1", generationId: 2, memberId: a.memberId })) as Any).errorCode).toBe(0);

    const commit = (await cl.request(8, 9, {
      groupId: "g1",
      generationIdOrMemberEpoch: 2,
      memberId: leader.memberId,
      topics: [{ name: "t", partitions: [{ partitionIndex: 0, committedOffset: 17n, committedLeaderEpoch: 0, committedMetadata: "m" }] }],
    })) as Any;
    expect(commit.topics[0].partitions[0].errorCode).toBe(0);
    const stale = (await cl.request(8, 9, {
      groupId: "g1",
      generationIdOrMemberEpoch: 1,
      memberId: leader.memberId,
      topics: [{ name: "t", partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: null }] }],
    })) as Any;
    expect(stale.topics[0].partitions[0].errorCode).toBe(ErrorCode.ILLEGAL_GENERATION);

    // KafkaJS uses OffsetFetch v4; Java 4.x v9 multi-group.
    const f4 = (await c1.request(9, 4, { groupId: "g1", topics: [{ name: "t", partitionIndexes: [0, 1] }] })) as Any;
    expect(f4.topics[0].partitions.map((p: Any) => [p.partitionIndex, p.committedOffset])).toEqual([
      [0, 17n],
      [1, -1n],
    ]);
    const f9 = (await c1.request(9, 9, { groups: [{ groupId: "g1", memberId: null, memberEpoch: -1, topics: null }, { groupId: "none", memberId: null, memberEpoch: -1, topics: null }] })) as Any;
    expect(f9.groups[0].topics[0].partitions[0]).toMatchObject({ committedOffset: 17n, committedLeaderEpoch: 0, metadata: "m" });
    expect(f9.groups[1]).toMatchObject({ groupId: "none", errorCode: 0, topics: [] });

    const d = (await c1.request(15, 5, { groups: ["g1", "missing"] })) as Any;
    expect(d.groups[0]).toMatchObject({ groupState: "Stable", protocolType: "consumer", protocolData: "range" });
    expect(d.groups[0].members.length).toBe(2);
    expect(d.groups[1].groupState).toBe("Dead");
    const d6 = (await c1.request(15, 6, { groups: ["missing"] })) as Any;
    expect(d6.groups[0].errorCode).toBe(ErrorCode.GROUP_ID_NOT_FOUND);
    const l = (await c1.request(16, 5, { statesFilter: ["stable"], typesFilter: ["classic"] })) as Any;
    expect(l.groups.map((g: Any) => [g.groupId, g.groupState, g.groupType])).toEqual([["g1", "Stable", "classic"]]);

    // A non-empty group cannot be deleted, nor its subscribed topic's offsets.
    const del = (await c1.request(42, 2, { groupsNames: ["g1"] })) as Any;
    expect(del.results[0].errorCode).toBe(ErrorCode.NON_EMPTY_GROUP);
    const od = (await c1.request(47, 0, { groupId: "g1", topics: [{ name: "t", partitions: [{ partitionIndex: 0 }] }] })) as Any;
    expect(od.topics[0].partitions[0].errorCode).toBe(ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC);

    // Both leave (v3+ batch); then the group is Empty and deletable offsets-wise.
    const lv = (await c1.request(13, 5, { groupId: "g1", members: [{ memberId: a.memberId, groupInstanceId: null, reason: null }, { memberId: b.memberId, groupInstanceId: null, reason: null }] })) as Any;
    expect(lv.members.map((m: Any) => m.errorCode)).toEqual([0, 0]);
    const l2 = (await c1.request(16, 4, { statesFilter: ["Empty"] })) as Any;
    expect(l2.groups.map((g: Any) => g.groupId)).toContain("g1");
    c1.close();
    c2.close();
  });

  test("offsets and group metadata survive a clean restart and a SIGKILL, in __consumer_offsets", async () => {
    let c = await KafkaTestClient.connect(broker.port);
    await ensureTopic(c, "t");
    const commitSimple = (group: string, offset: bigint) =>
      c.request(8, 8, { groupId: group, generationIdOrMemberEpoch: -1, memberId: "", topics: [{ name: "t", partitions: [{ partitionIndex: 2, committedOffset: offset, committedLeaderEpoch: -1, committedMetadata: null }] }] });
    expect(((await commitSimple("keep", 100n)) as Any).topics[0].partitions[0].errorCode).toBe(0);
    await commitSimple("drop", 5n);
    expect(((await c.request(42, 2, { groupsNames: ["drop"] })) as Any).results[0].errorCode).toBe(0);
    const st = await joinMember(c, "static-g", "instance-1");
    await c.request(14, 5, { groupId: "static-g", generationId: st.generationId, memberId: st.memberId, groupInstanceId: "instance-1", assignments: [{ memberId: st.memberId, assignment: new Uint8Array([7]) }] });
    c.close();
    // The group's records are on its partition of __consumer_offsets.
    const part = partitionForGroup("keep", 5);
    const logs = join(dataDir, "logs");
    expect(existsSync(join(logs, `__consumer_offsets-${part}`))).toBe(true);
    expect(readdirSync(logs).filter((d) => d.startsWith("__consumer_offsets-")).length).toBeGreaterThan(0);

    for (const how of ["stop", "kill"] as const) {
      if (how === "stop") expect(await broker.stop()).toBe(0);
      else await broker.kill();
      broker = await startStrand({ dataDir, overrides });
      c = await KafkaTestClient.connect(broker.port);
      const f = (await c.request(9, 8, { groups: [{ groupId: "keep", memberId: null, memberEpoch: -1, topics: [{ name: "t", partitionIndexes: [2] }] }, { groupId: "drop", memberId: null, memberEpoch: -1, topics: null }] })) as Any;
      expect(f.groups[0].topics[0].partitions[0].committedOffset).toBe(100n);
      expect(f.groups[1].topics).toEqual([]);
      const d = (await c.request(15, 5, { groups: ["static-g"] })) as Any;
      expect(d.groups[0].groupState).toBe("Stable");
      expect(d.groups[0].members[0].groupInstanceId).toBe("instance-1");
      expect([...d.groups[0].members[0].memberAssignment]).toEqual([7]);
      c.close();
    }
  }, 60_000);
});
