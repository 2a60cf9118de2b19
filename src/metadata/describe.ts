// What Metadata, DescribeTopicPartitions and DescribeCluster report about the image, computed as
// Kafka's KRaftMetadataCache does: a partition's leader is usable when its broker is registered,
// unfenced and has an endpoint on the listener the request came in on (else leader -1 with
// LEADER_NOT_AVAILABLE, or LISTENER_NOT_FOUND when the broker lacks that listener); offline replicas
// are those on fenced or unknown brokers, and this broker's own replica when its log is offline.
// A partition led here whose log is offline answers as Kafka's does once its controller has moved
// leadership off the failed log dir and found no other replica: leader -1, LEADER_NOT_AVAILABLE,
// this broker in offline_replicas, replicas and ISR as recorded (the leader epoch is not bumped:
// a single node writes no PartitionChangeRecord for it).

import { ErrorCode } from "../protocol/errors.ts";
import type { BrokerConfig } from "../config/broker-config.ts";
import type { BrokerLayers } from "../config/topic-config.ts";
import type { LogManager } from "../storage/log-manager.ts";
import { configKey, type BrokerRegistrationImage, type MetadataImage, type PartitionImage } from "./image.ts";
import { hasOnlineDir } from "./replication-control.ts";
import { INTERNAL_TOPICS } from "./topic-names.ts";

/** Authorized-operations bitfields Kafka 4.4.0 returns without an authorizer (every operation allowed). */
export const TOPIC_ALL_OPERATIONS = 3576;
export const CLUSTER_ALL_OPERATIONS = 8096;
/** The value of an authorized-operations field that was not asked for (Integer.MIN_VALUE). */
export const OPERATIONS_NOT_REQUESTED = -2147483648;

export function isInternalTopic(name: string): boolean {
  return INTERNAL_TOPICS.has(name);
}

/** The broker's endpoint on `listener` if it is registered and unfenced. */
export function aliveEndpoint(image: MetadataImage, brokerId: number, listener: string): { host: string; port: number } | null {
  const b = image.brokers.get(brokerId);
  if (!b || b.fenced) return null;
  return b.endpoints.find((e) => e.name === listener) ?? null;
}

/** Unfenced brokers with an endpoint on `listener`, by id. */
export function brokersOnListener(image: MetadataImage, listener: string, includeFenced = false): Array<{ b: BrokerRegistrationImage; host: string; port: number }> {
  const out: Array<{ b: BrokerRegistrationImage; host: string; port: number }> = [];
  for (const b of image.brokers.values()) {
    if (b.fenced && !includeFenced) continue;
    const e = b.endpoints.find((x) => x.name === listener);
    if (e) out.push({ b, host: e.host, port: e.port });
  }
  return out.sort((x, y) => x.b.nodeId - y.b.nodeId);
}

export interface PartitionView {
  errorCode: number;
  leaderId: number;
  offlineReplicas: number[];
}

export function partitionView(image: MetadataImage, p: PartitionImage, listener: string, localNodeId: number, logs: LogManager | null): PartitionView {
  const offlineLocal = logs !== null && p.replicas.includes(localNodeId) && logs.isOffline({ topic: p.topic, partition: p.partition });
  // KRaftMetadataCache.getOfflineReplicas: unknown, fenced, without the listener, or in a log dir the
  // broker no longer reports online (and this broker's own offline log).
  const offlineReplicas = p.replicas.filter((r, i) => {
    const b = image.brokers.get(r);
    return !b || b.fenced || !b.endpoints.some((e) => e.name === listener) || !hasOnlineDir(b, p.directories[i]) || (r === localNodeId && offlineLocal);
  });
  if (offlineLocal && p.leader === localNodeId) return { errorCode: ErrorCode.LEADER_NOT_AVAILABLE, leaderId: -1, offlineReplicas };
  if (p.leader >= 0 && aliveEndpoint(image, p.leader, listener)) return { errorCode: 0, leaderId: p.leader, offlineReplicas };
  const registered = p.leader >= 0 && image.brokers.has(p.leader) && !image.brokers.get(p.leader)!.fenced;
  return { errorCode: registered ? ErrorCode.LISTENER_NOT_FOUND : ErrorCode.LEADER_NOT_AVAILABLE, leaderId: -1, offlineReplicas };
}

/** The broker config layers of this broker under `image` (for topic config resolution). */
export function brokerLayers(image: MetadataImage, config: BrokerConfig, nodeId: number): BrokerLayers {
  return {
    staticConfig: config.given,
    dynamicBroker: image.configs.get(configKey("broker", String(nodeId))) ?? new Map(),
    dynamicDefault: image.configs.get(configKey("broker", "")) ?? new Map(),
  };
}
