// Three Strand nodes (broker+controller each) replicate one partition (RF 3, min.insync.replicas=2):
// acks=all produces are acknowledged once the followers hold them; the leader is SIGKILLed, a follower
// from the ISR takes over with every acknowledged record (same offsets, same bytes), acks=all goes on
// with two replicas, and the killed node restarts, catches up and rejoins the ISR. Each node has its own
// broker.rack and replica.selector.class is the rack-aware one (KIP-392): a consumer in a follower's rack
// is pointed at that follower, which serves it. Then the group coordinator follows leadership:
// __consumer_offsets is replicated (RF 3), a group's committed offsets survive the SIGKILL of its
// coordinator, and FindCoordinator names the new leader of the group's partition.

import { afterAll, expect, test } from "bun:test";
import { withClient } from "../support/kafka-client.ts";
import { StrandCluster } from "../support/strand-cluster.ts";
import { until } from "../support/until.ts";
import { batchViews, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";

type PartitionMd = { partitionIndex: number; errorCode: number; leaderId: number; leaderEpoch: number; replicaNodes: number[]; isrNodes: number[] };
type MetadataRes = { topics: Array<{ name: string | null; errorCode: number; partitions: PartitionMd[] }> };

let cluster: StrandCluster | null = null;
afterAll(async () => {
  await cluster?.close();
}, 120_000);

/** The partition as node `id` sees it, or null while the topic is unknown there. */
async function partitionOn(cl: StrandCluster, id: number, topic: string): Promise<PartitionMd | null> {
  const md = await withClient(cl.portOf(id), (c) => c.request<MetadataRes>(3, 12, { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }));
  const t = md.topics[0];
  if (!t || t.errorCode !== 0) return null;
  return t.partitions[0] ?? null;
}

/** The replication lines of every node's output (whole outputs go to STRAND_DUMP_DIR when it is set). */
function dumpNodes(): string {
  const cl = cluster!;
  return cl.ids
    .map((id) => {
      if (process.env.STRAND_DUMP_DIR) void Bun.write(`${process.env.STRAND_DUMP_DIR}/node-${id}.log`, cl.output(id));
      return `--- node ${id} ---\n${cl.output(id).split("\n").filter((l) => /isr|ISR|alter|Alter|fetch|WARN|ERROR/.test(l)).slice(-40).join("\n")}`;
    })
    .join("\n");
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const batchOf = (i: number) => buildRecordBatch({ records: [{ value: encoder.encode(`record-${i}`) }] });

test("RF 3: acks=all through a leader kill, nothing acknowledged lost, the killed replica rejoins the ISR", async () => {
  cluster = await StrandCluster.start({
    size: 3,
    overrides: { "offsets.topic.replication.factor": 3, "offsets.topic.num.partitions": 3, "replica.lag.time.max.ms": 5_000, "broker.session.timeout.ms": 4_000, "broker.heartbeat.interval.ms": 500, "replica.selector.class": "org.apache.kafka.common.replica.RackAwareReplicaSelector" },
    nodeOverrides: (id) => ({ "broker.rack": `rack-${id}` }),
  });
  const cl = cluster;
  const topic = "replicated";
  const created = await withClient(cl.portOf(1), (c) =>
    c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
      topics: [{ name: topic, numPartitions: 1, replicationFactor: 3, assignments: [], configs: [{ name: "min.insync.replicas", value: "2" }] }],
      timeoutMs: 10_000,
      validateOnly: false,
    }),
  );
  expect(created.topics[0]!.errorCode).toBe(0);
  let p = await until("an ISR of three", async () => {
    const s = await partitionOn(cl, 1, topic);
    return s !== null && s.leaderId >= 0 && s.isrNodes.length === 3 ? s : null;
  }, 30_000);
  expect(p.replicaNodes.sort()).toEqual([1, 2, 3]);

  // Acknowledged records: offset -> value.
  const acked = new Map<number, string>();
  const produceTo = async (leader: number, from: number, count: number) => {
    await withClient(cl.portOf(leader), async (c) => {
      for (let i = from; i < from + count; i++) {
        const r = await produce(c, topic, 0, batchOf(i), { acks: -1 });
        expect(r.errorCode).toBe(0);
        acked.set(Number(r.baseOffset), `record-${i}`);
      }
    });
  };
  // The leader may still be finishing its election: retry the first produce until it is accepted.
  await until("a first acks=all produce", async () => withClient(cl.portOf(p.leaderId), async (c) => (await produce(c, topic, 0, batchOf(-1), { acks: -1 })).errorCode === 0), 30_000);
  acked.set(0, "record--1");
  await produceTo(p.leaderId, 0, 50);

  // KIP-392: a consumer in a follower's rack is sent to that follower (once it holds the offset), which
  // serves the records up to its own high watermark.
  const follower = p.replicaNodes.find((id) => id !== p.leaderId)!;
  const preferred = await until("a preferred read replica", async () =>
    withClient(cl.portOf(p.leaderId), async (c) => {
      const f = await fetchOnce(c, topic, [{ partition: 0, offset: 0n }], { rackId: `rack-${follower}` });
      const part = f.partitions[0]!;
      return part.errorCode === 0 && part.preferredReadReplica === follower && batchViews(part.records).length === 0 ? part : null;
    }), 30_000);
  expect(preferred.preferredReadReplica).toBe(follower);
  const fromFollower = await until("records from the follower", async () =>
    withClient(cl.portOf(follower), async (c) => {
      const f = await fetchOnce(c, topic, [{ partition: 0, offset: 0n }], { rackId: `rack-${follower}` });
      const part = f.partitions[0]!;
      return part.errorCode === 0 && batchViews(part.records).length > 0 ? part : null;
    }), 30_000);
  expect(decoder.decode([...batchViews(fromFollower.records)[0]!.records()][0]!.value!)).toBe("record--1");
  // In the leader's rack (or with no rack) the leader keeps serving.
  await withClient(cl.portOf(p.leaderId), async (c) => {
    const f = await fetchOnce(c, topic, [{ partition: 0, offset: 0n }], { rackId: `rack-${p.leaderId}` });
    expect(f.partitions[0]!.preferredReadReplica).toBe(-1);
    expect(batchViews(f.partitions[0]!.records).length).toBeGreaterThan(0);
  });

  const oldLeader = p.leaderId;
  await cl.kill(oldLeader);
  const survivor = cl.live()[0]!;
  p = await until("a new leader", async () => {
    const s = await partitionOn(cl, survivor, topic);
    return s !== null && s.leaderId >= 0 && s.leaderId !== oldLeader ? s : null;
  }, 60_000);
  // acks=all goes on once the ISR is the two live replicas (the dead one is fenced out of it).
  await until("acks=all with two replicas", async () => withClient(cl.portOf(p.leaderId), async (c) => {
    const r = await produce(c, topic, 0, batchOf(1000), { acks: -1 });
    if (r.errorCode === 0) acked.set(Number(r.baseOffset), "record-1000");
    return r.errorCode === 0;
  }), 60_000);
  await produceTo(p.leaderId, 50, 50);

  // Everything acknowledged is on the new leader at its offset.
  const read = new Map<number, string>();
  await withClient(cl.portOf(p.leaderId), async (c) => {
    let offset = 0n;
    for (let round = 0; round < 1_000 && read.size < acked.size; round++) {
      const f = await fetchOnce(c, topic, [{ partition: 0, offset }]);
      expect(f.partitions[0]!.errorCode).toBe(0);
      const batches = batchViews(f.partitions[0]!.records);
      if (batches.length === 0) break;
      for (const b of batches) {
        let k = 0;
        for (const r of b.records()) read.set(Number(b.baseOffset) + k++, decoder.decode(r.value!));
        offset = b.baseOffset + BigInt(b.lastOffsetDelta + 1);
      }
    }
  });
  for (const [offset, value] of acked) expect(read.get(offset)).toBe(value);

  // The killed replica restarts, catches up and is back in the ISR.
  await cl.startNode(oldLeader);
  await until("the restarted replica back in the ISR", async () => {
    const s = await partitionOn(cl, survivor, topic);
    return s !== null && s.isrNodes.length === 3;
  }, 60_000, 200, () => dumpNodes());

  // Coordinators follow leadership: offsets committed through the group's coordinator survive its
  // SIGKILL on the replicas of __consumer_offsets, and the new leader of that partition serves them.
  const group = "replicated-group";
  const coordinatorOf = async (via: number): Promise<number> => {
    const r = await withClient(cl.portOf(via), (c) => c.request<{ errorCode: number; nodeId: number }>(10, 3, { key: group, keyType: 0, coordinatorKeys: [] }));
    return r.errorCode === 0 ? r.nodeId : -1;
  };
  const anyLive = () => cl.live()[0]!;
  // The coordinator is looked up again on every try: __consumer_offsets is created by the first lookup and
  // its partitions' leaders may still move while the brokers settle.
  let lastCommit = "";
  const coordinator = await until("an offset commit", async () => {
    const id = await coordinatorOf(anyLive());
    if (id < 0 || !cl.live().includes(id)) return (lastCommit = `FindCoordinator answered ${id}`), null;
    return withClient(cl.portOf(id), async (c) => {
      const r = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number }> }> }>(8, 8, {
        groupId: group, generationIdOrMemberEpoch: -1, memberId: "", groupInstanceId: null,
        topics: [{ name: topic, partitions: [{ partitionIndex: 0, committedOffset: 42n, committedLeaderEpoch: -1, committedMetadata: "m" }] }],
      });
      const code = r.topics[0]!.partitions[0]!.errorCode;
      lastCommit = `OffsetCommit to ${id} answered ${code}`;
      return code === 0 ? id : null;
    });
  }, 60_000, 200, () => lastCommit);
  // The commit is acknowledged by the ISR: only a partition whose ISR holds every replica keeps it through
  // the SIGKILL of its leader for certain (one the followers fell out of, on a busy machine, may have only
  // the leader left in its ISR, and Kafka elects no leader outside the ISR). So wait for the whole ISR.
  const offsetsPartitions = async (via: number): Promise<PartitionMd[]> => {
    const md = await withClient(cl.portOf(via), (c) => c.request<MetadataRes>(3, 12, { topics: [{ name: "__consumer_offsets", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }));
    return md.topics[0]?.partitions ?? [];
  };
  const describe = (ps: PartitionMd[]) => ps.map((q) => `${q.partitionIndex}: leader ${q.leaderId} isr [${q.isrNodes.join(",")}]`).join("; ");
  let lastIsr = "";
  await until("__consumer_offsets with every replica in its ISR", async () => {
    const ps = await offsetsPartitions(coordinator);
    lastIsr = describe(ps);
    return ps.length === 3 && ps.every((q) => q.isrNodes.length === 3);
  }, 60_000, 200, () => `${lastIsr}\n${dumpNodes()}`);
  await cl.kill(coordinator);
  let lastLookup = "";
  const next = await until("a new group coordinator", async () => {
    const via = anyLive();
    const id = await coordinatorOf(via);
    lastLookup = `FindCoordinator via ${via} answered ${id}; live ${cl.live().join(",")}; ${describe(await offsetsPartitions(via))}`;
    return id >= 0 && id !== coordinator && cl.live().includes(id) ? id : null;
  }, 60_000, 200, () => lastLookup);
  const committed = await until("the committed offset from the new coordinator", async () => withClient(cl.portOf(next), async (c) => {
    const r = await c.request<{ errorCode: number; topics: Array<{ partitions: Array<{ errorCode: number; committedOffset: bigint; metadata: string | null }> }> }>(9, 7, {
      groupId: group, topics: [{ name: topic, partitionIndexes: [0] }], requireStable: false,
    });
    const part = r.topics[0]?.partitions[0];
    return r.errorCode === 0 && part && part.errorCode === 0 ? part : null;
  }), 60_000);
  expect(committed.committedOffset).toBe(42n);
  expect(committed.metadata).toBe("m");
}, 240_000);
