// What the replication chaos test asks a ReplicatedCluster (through each node's real ports, never a
// cut link), the same way for Kafka and Strand: each partition's leader and ISR (Metadata v12), the
// active controller (DescribeQuorum, only the Raft leader answers), whether the cluster is whole again
// (every node up, every partition with a leader and a full ISR, as every node sees it), and the
// topic's creation (CreateTopics with its replication factor and configs).
import { withClient } from "./kafka-client.ts";
import { committedLeader } from "./quorum-probe.ts";
import type { ReplicatedCluster } from "./replicated-cluster.ts";
import { until } from "./until.ts";

export interface PartitionView {
  partition: number;
  leader: number;
  leaderEpoch: number;
  replicas: number[];
  isr: number[];
}

export interface TopicView {
  brokers: number[];
  partitions: PartitionView[];
}

type MetadataRes = {
  brokers: Array<{ nodeId: number }>;
  topics: Array<{ name: string | null; errorCode: number; partitions: Array<{ errorCode: number; partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[]; isrNodes: number[] }> }>;
};

/** The topic as node `id` sees it (null when the node does not answer or does not know the topic). */
export async function topicView(c: ReplicatedCluster, id: number, topic: string, timeoutMs = 3_000): Promise<TopicView | null> {
  try {
    const md = await withClient(c.directPort(id), (k) => k.request<MetadataRes>(3, 12, { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }, timeoutMs));
    const t = md.topics.find((x) => x.name === topic);
    if (!t || t.errorCode !== 0) return null;
    return {
      brokers: md.brokers.map((b) => b.nodeId).sort(),
      partitions: t.partitions
        .map((p) => ({ partition: p.partitionIndex, leader: p.errorCode === 0 ? p.leaderId : -1, leaderEpoch: p.leaderEpoch, replicas: p.replicaNodes, isr: p.isrNodes }))
        .sort((a, b) => a.partition - b.partition),
    };
  } catch {
    return null;
  }
}

/** The topic as the first reachable node that answers sees it. */
export async function currentView(c: ReplicatedCluster, topic: string): Promise<TopicView | null> {
  for (const id of c.reachable()) {
    const v = await topicView(c, id, topic);
    if (v) return v;
  }
  return null;
}

/** The active controller (a Raft leader that has committed in its epoch), or null. */
export async function activeController(c: ReplicatedCluster): Promise<number | null> {
  const v = await committedLeader(c.reachable().map((id) => c.controllerPort(id)));
  return v ? v.leaderId : null;
}

/**
 * Waits (bounded) until every node runs, is reachable, and reports all nodes as brokers and every
 * partition of `topic` with a leader and all `replicationFactor` replicas in the ISR.
 */
export async function awaitWhole(c: ReplicatedCluster, topic: string, partitions: number, replicationFactor: number, timeoutMs: number): Promise<void> {
  let last = "";
  await until("the cluster to be whole (every node a broker, every partition a leader and a full ISR)", async () => {
    if (c.reachable().length !== c.ids.length) {
      last = `reachable: ${c.reachable().join(",")}`;
      return false;
    }
    const views = await Promise.all(c.ids.map((id) => topicView(c, id, topic)));
    last = JSON.stringify(views);
    return views.every((v) => v !== null && v.brokers.length === c.ids.length && v.partitions.length === partitions &&
      v.partitions.every((p) => p.leader >= 0 && p.isr.length === replicationFactor));
  }, timeoutMs, 250, () => `last views: ${last.slice(0, 3000)}`);
}

/**
 * CreateTopics v5 through node `via` with `replicationFactor` and `configs`, once `via` sees every node
 * registered (before that a controller refuses a replication factor above the broker count). A topic
 * error other than TOPIC_ALREADY_EXISTS (a retry of ours that landed twice) is final.
 */
export async function createReplicatedTopic(c: ReplicatedCluster, via: number, topic: string, partitions: number, replicationFactor: number, configs: Record<string, string>): Promise<void> {
  await until(`node ${via} to see ${c.ids.length} brokers`, () => withClient(c.directPort(via), async (k) => {
    const md = await k.request<MetadataRes>(3, 12, { topics: [], allowAutoTopicCreation: false });
    return md.brokers.length === c.ids.length;
  }), 60_000, 250);
  const r = await until(`CreateTopics ${topic}`, () => withClient(c.directPort(via), (k) =>
    k.request<{ topics: Array<{ name: string; errorCode: number; errorMessage: string | null }> }>(19, 5, {
      topics: [{ name: topic, numPartitions: partitions, replicationFactor, assignments: [], configs: Object.entries(configs).map(([name, value]) => ({ name, value })) }],
      timeoutMs: 30_000,
      validateOnly: false,
    }, 35_000)), 60_000, 500);
  const t = r.topics[0];
  if (!t || (t.errorCode !== 0 && t.errorCode !== 36)) throw new Error(`CreateTopics ${topic} (RF ${replicationFactor}): ${JSON.stringify(t)}`);
}
