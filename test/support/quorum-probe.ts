// What a test or the benchmark asks a KRaft node about its quorum and its metadata, the same way for
// Strand and Apache Kafka 4.4.0: DescribeQuorum (55) on the controller listener (only the leader answers
// with errorCode 0; Kafka 4.4.0 brokers name a random broker as Metadata's controllerId, so the leader
// is read here, not there) and Metadata (3) on the client listener.
import { KafkaTestClient } from "./kafka-client.ts";

export const METADATA_TOPIC = "__cluster_metadata";
const DESCRIBE_QUORUM = 55;
const METADATA = 3;

export interface QuorumView {
  /** 0 on the leader; NOT_LEADER_OR_FOLLOWER (6) elsewhere. */
  errorCode: number;
  leaderId: number;
  leaderEpoch: number;
  /** -1 until the leader has committed a record of its own epoch (a majority fetched past its start). */
  highWatermark: number;
  voters: Array<{ replicaId: number; logEndOffset: number }>;
}

interface DqResponse {
  errorCode: number;
  topics: Array<{ partitions: Array<{ errorCode: number; leaderId: number; leaderEpoch: number; highWatermark: bigint; currentVoters: Array<{ replicaId: number; logEndOffset: bigint }> }> }>;
}

/** One DescribeQuorum v1 on a connected client to a controller listener. */
export async function describeQuorumOn(c: KafkaTestClient, timeoutMs = 2_000): Promise<QuorumView> {
  const r = await c.request<DqResponse>(DESCRIBE_QUORUM, 1, { topics: [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: 0 }] }] }, timeoutMs);
  const p = r.topics[0]?.partitions[0];
  if (r.errorCode !== 0 || !p) return { errorCode: r.errorCode || -1, leaderId: -1, leaderEpoch: -1, highWatermark: -1, voters: [] };
  return {
    errorCode: p.errorCode,
    leaderId: p.leaderId,
    leaderEpoch: p.leaderEpoch,
    highWatermark: Number(p.highWatermark),
    voters: p.currentVoters.map((v) => ({ replicaId: v.replicaId, logEndOffset: Number(v.logEndOffset) })),
  };
}

/** DescribeQuorum on a fresh connection to 127.0.0.1:controllerPort; null when the node does not answer. */
export async function describeQuorum(controllerPort: number, timeoutMs = 2_000): Promise<QuorumView | null> {
  let c: KafkaTestClient | null = null;
  try {
    c = await KafkaTestClient.connect(controllerPort);
    return await describeQuorumOn(c, timeoutMs);
  } catch {
    return null;
  } finally {
    c?.close();
  }
}

/** A leader that has committed in its epoch (so a majority follows it), asked of each controller port in turn. */
export async function committedLeader(controllerPorts: readonly number[], timeoutMs = 2_000): Promise<QuorumView | null> {
  const views = await Promise.all(controllerPorts.map((p) => describeQuorum(p, timeoutMs)));
  return views.find((v) => v !== null && v.errorCode === 0 && v.highWatermark >= 0) ?? null;
}

export type MetadataTopic = { errorCode: number; name: string | null; topicId: string; partitions: Array<{ errorCode: number; partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[] }> };
export type MetadataView = { brokers: Array<{ nodeId: number; host: string; port: number }>; clusterId: string | null; controllerId: number; topics: MetadataTopic[] };

/** Metadata v12 for every topic through 127.0.0.1:port. */
export async function metadataOf(port: number, timeoutMs = 5_000): Promise<MetadataView> {
  const c = await KafkaTestClient.connect(port);
  try {
    return await c.request<MetadataView>(METADATA, 12, { topics: null, allowAutoTopicCreation: false }, timeoutMs);
  } finally {
    c.close();
  }
}

export { until } from "./until.ts";
