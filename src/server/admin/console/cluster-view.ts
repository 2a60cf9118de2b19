// The console's read-only views of the cluster, taken in process from this broker's own state: the
// metadata image (brokers, controller, topics, partitions, leaders, ISR, configs) and the logs this
// broker hosts (offsets and sizes). Nothing here goes over the network, so a partition whose replica is
// not on this broker shows its metadata but no offsets or size (null), and a topic's size is the sum of
// the replicas stored here. The image is immutable, so one view is read from one image.

import { brokerLayersOf, topicOverridesOf } from "../../../config/broker-layers.ts";
import { effectiveTopicConfig } from "../../../config/topic-config.ts";
import type { MetadataImage, PartitionImage, TopicImage } from "../../../metadata/image.ts";
import { INTERNAL_TOPICS } from "../../../replication/replica-manager.ts";
import type { BrokerServices } from "../../services.ts";
import { ConsoleError } from "./http.ts";

export interface BrokerView {
  nodeId: number;
  endpoints: Array<{ name: string; host: string; port: number }>;
  rack: string | null;
  fenced: boolean;
  inControlledShutdown: boolean;
  isController: boolean;
}

export interface OverviewView {
  clusterId: string;
  /** The broker serving the console. */
  nodeId: number;
  controllerId: number;
  metadataOffset: bigint;
  brokers: BrokerView[];
  /** Controller-only nodes of the quorum (KIP-919 registrations), by id. */
  controllers: number[];
  topicCount: number;
  partitionCount: number;
  offlinePartitionCount: number;
  underReplicatedPartitionCount: number;
  features: Array<{ name: string; level: number }>;
}

export interface LocalLogView {
  logStartOffset: number;
  highWatermark: number;
  logEndOffset: number;
  sizeBytes: number;
}

export interface PartitionView extends Partial<LocalLogView> {
  partition: number;
  leader: number;
  leaderEpoch: number;
  replicas: readonly number[];
  isr: readonly number[];
  /** Replicas stored on this broker have offsets and a size; others have none (the fields are absent). */
  local: boolean;
}

export interface TopicSummary {
  name: string;
  topicId: string;
  internal: boolean;
  partitions: number;
  replicationFactor: number;
  underReplicated: number;
  offline: number;
  /** Sum over the replicas on this broker. */
  sizeBytes: number;
  /** Records between log start and high watermark, summed over partitions whose replica is here (compacted topics hold fewer). */
  messages: number;
}

export interface TopicDetail extends TopicSummary {
  partitionList: PartitionView[];
  configs: Array<{ name: string; value: string | null; source: string }>;
}

/** The partition's offsets and size when its replica is on this broker. */
export function localLog(services: BrokerServices, topic: string, partition: number): LocalLogView | null {
  const p = services.replicaManager.partition(topic, partition);
  const log = p?.log ?? services.metadata.partitionLog(topic, partition);
  if (!log || log.isOffline) return null;
  return { logStartOffset: log.logStartOffset, highWatermark: log.highWatermark, logEndOffset: log.logEndOffset, sizeBytes: log.sizeBytes };
}

export function overview(services: BrokerServices): OverviewView {
  const image = services.metadata.image;
  const brokers: BrokerView[] = [...image.brokers.values()]
    .sort((a, b) => a.nodeId - b.nodeId)
    .map((b) => ({
      nodeId: b.nodeId,
      endpoints: b.endpoints.map((e) => ({ name: e.name, host: e.host, port: e.port })),
      rack: b.rack,
      fenced: b.fenced,
      inControlledShutdown: b.inControlledShutdown,
      isController: b.nodeId === image.controllerId,
    }));
  let partitionCount = 0;
  let offline = 0;
  let under = 0;
  for (const t of image.topicsByName.values()) {
    for (const p of t.partitions) {
      partitionCount++;
      if (p.leader < 0) offline++;
      if (p.isr.length < p.replicas.length) under++;
    }
  }
  return {
    clusterId: image.clusterId,
    nodeId: services.nodeId,
    controllerId: image.controllerId,
    metadataOffset: image.offset,
    brokers,
    controllers: [...(image.controllers?.keys() ?? [])].sort((a, b) => a - b),
    topicCount: image.topicsByName.size,
    partitionCount,
    offlinePartitionCount: offline,
    underReplicatedPartitionCount: under,
    features: [...image.features.entries()].map(([name, level]) => ({ name, level })).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

function summarize(services: BrokerServices, t: TopicImage): TopicSummary {
  let size = 0;
  let messages = 0;
  let under = 0;
  let offline = 0;
  for (const p of t.partitions) {
    if (p.isr.length < p.replicas.length) under++;
    if (p.leader < 0) offline++;
    const l = localLog(services, t.name, p.partition);
    if (l) {
      size += l.sizeBytes;
      messages += Math.max(0, l.highWatermark - l.logStartOffset);
    }
  }
  return {
    name: t.name,
    topicId: t.topicId,
    internal: INTERNAL_TOPICS.has(t.name),
    partitions: t.partitions.length,
    replicationFactor: t.partitions[0]?.replicas.length ?? 0,
    underReplicated: under,
    offline,
    sizeBytes: size,
    messages,
  };
}

/** Bound on the topics one listing returns (the rest are counted; a filter narrows the list). */
export const MAX_LISTED_TOPICS = 2_000;

export interface TopicListing {
  topics: TopicSummary[];
  /** Topics matching the filter, listed or not. */
  matching: number;
  truncated: boolean;
}

/** Topics by name, those containing `filter` (case-insensitive) when given, at most MAX_LISTED_TOPICS. */
export function topics(services: BrokerServices, filter = ""): TopicListing {
  const image = services.metadata.image;
  const f = filter.toLowerCase();
  const names = [...image.topicsByName.keys()].filter((n) => f === "" || n.toLowerCase().includes(f)).sort();
  const listed = names.slice(0, MAX_LISTED_TOPICS).map((n) => summarize(services, image.topicsByName.get(n)!));
  return { topics: listed, matching: names.length, truncated: names.length > listed.length };
}

function partitionView(services: BrokerServices, p: PartitionImage): PartitionView {
  const l = localLog(services, p.topic, p.partition);
  return { partition: p.partition, leader: p.leader, leaderEpoch: p.leaderEpoch, replicas: p.replicas, isr: p.isr, local: l !== null, ...(l ?? {}) };
}

export function topicOrThrow(image: MetadataImage, name: string): TopicImage {
  const t = image.topicsByName.get(name);
  if (!t) throw new ConsoleError(404, `topic ${JSON.stringify(name)} does not exist`);
  return t;
}

export function topicDetail(services: BrokerServices, name: string): TopicDetail {
  const image = services.metadata.image;
  const t = topicOrThrow(image, name);
  const layers = brokerLayersOf({ config: services.config, nodeId: services.nodeId }, image);
  const configs = [...effectiveTopicConfig(layers, topicOverridesOf(image, name)).values()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((c) => ({ name: c.name, value: c.value, source: c.source }));
  return { ...summarize(services, t), partitionList: t.partitions.map((p) => partitionView(services, p)), configs };
}
