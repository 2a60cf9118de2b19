// The topology of a streams group and its configuration against the topics that exist (Kafka's
// StreamsTopology and InternalTopicManager.configureTopics): the topology is what the first member
// sent (StreamsGroupTopologyValue); configuring it checks the source topics exist, decides the
// partition counts of repartition topics (from the subtopologies writing them, RepartitionTopics) and
// of changelog topics (the subtopology's task count), enforces copartition groups, and lists the
// internal topics still to be created. The outcome is Kafka's status codes: MISSING_SOURCE_TOPICS,
// INCORRECTLY_PARTITIONED_TOPICS, MISSING_INTERNAL_TOPICS (the broker then creates them).
// Regex source topics are refused at validation ("not supported yet", as Kafka 4.4.0).

import type { StreamsGroupTopologyValue, Subtopology, TopicInfo as RecordTopicInfo } from "../../protocol/generated/coordinator/streams-group-topology-value.ts";
import type { TopicInfo } from "./consumer-manager.ts";

export type StreamsTopology = StreamsGroupTopologyValue;

/** StreamsGroupHeartbeatResponse status codes (Kafka's StreamsGroupHeartbeatResponse.Status). */
export const StreamsStatus = {
  STALE_TOPOLOGY: 0,
  MISSING_SOURCE_TOPICS: 1,
  INCORRECTLY_PARTITIONED_TOPICS: 2,
  MISSING_INTERNAL_TOPICS: 3,
  SHUTDOWN_APPLICATION: 4,
  ASSIGNMENT_DELAYED: 5,
  MISSING_CLIENT_TAGS: 6,
} as const;

export interface ConfiguredSubtopology {
  numTasks: number;
  sourceTopics: string[];
  repartitionSinkTopics: string[];
  /** name -> partitions (decided). */
  repartitionSourceTopics: Map<string, RecordTopicInfo>;
  stateChangelogTopics: Map<string, RecordTopicInfo>;
}

export interface InternalTopicToCreate {
  name: string;
  numPartitions: number;
  replicationFactor: number;
  configs: Array<{ key: string; value: string }>;
}

export interface ConfiguredTopology {
  topologyEpoch: number;
  metadataHash: bigint;
  /** null when source topics are missing or partition counts could not be decided. */
  subtopologies: Map<string, ConfiguredSubtopology> | null;
  internalTopicsToBeCreated: InternalTopicToCreate[];
  error: { status: number; message: string } | null;
}

export function isReady(t: ConfiguredTopology | null): t is ConfiguredTopology & { subtopologies: Map<string, ConfiguredSubtopology> } {
  return t !== null && t.subtopologies !== null && t.error === null;
}

class TopicConfigurationError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Every topic the topology reads or writes (sources, repartition and changelog topics). */
export function requiredTopics(t: StreamsTopology): Set<string> {
  const out = new Set<string>();
  for (const s of t.subtopologies) {
    for (const n of s.sourceTopics) out.add(n);
    for (const r of s.repartitionSourceTopics) out.add(r.name);
    for (const c of s.stateChangelogTopics) out.add(c.name);
  }
  return out;
}

/** A hash of the required topics' names, ids and partition counts (FNV-1a 64): a change re-configures the group. */
export function topologyMetadataHash(t: StreamsTopology, topics: ReadonlyMap<string, TopicInfo>): bigint {
  let h = 0xcbf29ce484222325n;
  const names = [...requiredTopics(t)].filter((n) => topics.has(n)).sort();
  for (const n of names) {
    const i = topics.get(n)!;
    for (const ch of `${n}\u0000${i.topicId}\u0000${i.numPartitions}\u0001`) {
      h ^= BigInt(ch.charCodeAt(0));
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
  }
  return BigInt.asIntN(64, h);
}

/** Kafka's summarizeTopics: at most three names, then how many more. */
function summarizeTopics(names: readonly string[]): string {
  if (names.length === 0) return "<none>";
  const sorted = [...names].sort();
  return sorted.slice(0, 3).join(", ") + (sorted.length > 3 ? ` and ${sorted.length - 3} additional topics` : "");
}

export function configureTopics(t: StreamsTopology, topics: ReadonlyMap<string, TopicInfo>): ConfiguredTopology {
  const metadataHash = topologyMetadataHash(t, topics);
  try {
    const repartitionNames = new Set(t.subtopologies.flatMap((s) => s.repartitionSourceTopics.map((r) => r.name)));
    const missing = [...new Set(t.subtopologies.flatMap((s) => s.sourceTopics))].filter((n) => !repartitionNames.has(n) && !topics.has(n));
    if (missing.length > 0) throw new TopicConfigurationError(StreamsStatus.MISSING_SOURCE_TOPICS, `Source topics ${missing.sort().join(", ")} are missing.`);
    const repartition = decideRepartitionPartitions(t, topics);
    enforceCopartitioning(t, topics, repartition);
    const subtopologies = new Map<string, ConfiguredSubtopology>();
    const toCreate: InternalTopicToCreate[] = [];
    const wrong: string[] = [];
    const internal = (info: RecordTopicInfo, partitions: number) => {
      const existing = topics.get(info.name);
      if (!existing) toCreate.push({ name: info.name, numPartitions: partitions, replicationFactor: info.replicationFactor === 0 ? -1 : info.replicationFactor, configs: info.topicConfigs.map((c) => ({ key: c.key, value: c.value })) });
      else if (existing.numPartitions !== partitions) wrong.push(`Existing internal topic ${info.name} has invalid number of partitions: expected: ${partitions}; actual: ${existing.numPartitions}.`);
      return { ...info, partitions };
    };
    for (const s of t.subtopologies) {
      const counts = [...s.sourceTopics.map((n) => repartition.get(n) ?? topics.get(n)!.numPartitions), ...s.repartitionSourceTopics.map((r) => repartition.get(r.name)!)];
      if (counts.length === 0) throw new TopicConfigurationError(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, "Subtopology does not contain any source topics");
      const numTasks = Math.max(...counts);
      subtopologies.set(s.subtopologyId, {
        numTasks,
        sourceTopics: [...s.sourceTopics],
        repartitionSinkTopics: [...s.repartitionSinkTopics],
        repartitionSourceTopics: new Map(s.repartitionSourceTopics.map((r) => [r.name, internal(r, repartition.get(r.name)!)])),
        stateChangelogTopics: new Map(s.stateChangelogTopics.map((c) => [c.name, internal(c, numTasks)])),
      });
    }
    if (wrong.length > 0) throw new TopicConfigurationError(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, wrong.join(" "));
    const error = toCreate.length > 0 ? { status: StreamsStatus.MISSING_INTERNAL_TOPICS, message: `Internal topics are missing: ${summarizeTopics(toCreate.map((c) => c.name))}` } : null;
    return { topologyEpoch: t.epoch, metadataHash, subtopologies, internalTopicsToBeCreated: toCreate, error };
  } catch (e) {
    if (!(e instanceof TopicConfigurationError)) throw e;
    return { topologyEpoch: t.epoch, metadataHash, subtopologies: null, internalTopicsToBeCreated: [], error: { status: e.status, message: e.message } };
  }
}

/**
 * Kafka's RepartitionTopics.setup: a repartition topic without a fixed count gets the largest
 * partition count of the topics read by the subtopologies writing it, iterated to a fixpoint.
 */
function decideRepartitionPartitions(t: StreamsTopology, topics: ReadonlyMap<string, TopicInfo>): Map<string, number> {
  const decided = new Map<string, number>();
  const undecided = new Set<string>();
  for (const s of t.subtopologies) {
    for (const r of s.repartitionSourceTopics) {
      if (r.partitions > 0) decided.set(r.name, r.partitions);
      else undecided.add(r.name);
    }
  }
  const writers = (name: string): Subtopology[] => t.subtopologies.filter((s) => s.repartitionSinkTopics.includes(name));
  for (const name of undecided) {
    if (writers(name).length === 0) throw new TopicConfigurationError(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, "Failed to compute number of partitions for all repartition topics, because a repartition source topic is never used as a sink topic.");
  }
  // Each pass decides at least one topic or stops: bounded by the number of repartition topics.
  for (let pass = 0; undecided.size > 0 && pass <= undecided.size + 1; pass++) {
    for (const name of [...undecided]) {
      let max = 0;
      let known = true;
      for (const w of writers(name)) {
        for (const src of w.sourceTopics) max = Math.max(max, topics.get(src)?.numPartitions ?? 0);
        for (const r of w.repartitionSourceTopics) {
          const n = decided.get(r.name);
          if (n === undefined) known = false;
          else max = Math.max(max, n);
        }
      }
      if (known && max > 0) {
        decided.set(name, max);
        undecided.delete(name);
      }
    }
  }
  if (undecided.size > 0) throw new TopicConfigurationError(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, "Failed to compute number of partitions for all repartition topics. There may be loops in the topology that cannot be resolved.");
  return decided;
}

/** Kafka's CopartitionedTopicsEnforcer: the topics of a copartition group share one partition count. */
function enforceCopartitioning(t: StreamsTopology, topics: ReadonlyMap<string, TopicInfo>, repartition: Map<string, number>): void {
  const fixed = new Set(t.subtopologies.flatMap((s) => s.repartitionSourceTopics.filter((r) => r.partitions > 0).map((r) => r.name)));
  for (const s of t.subtopologies) {
    for (const g of s.copartitionGroups) {
      const sources = g.sourceTopics.map((i) => s.sourceTopics[i]).filter((n): n is string => n !== undefined);
      const reps = g.repartitionSourceTopics.map((i) => s.repartitionSourceTopics[i]?.name).filter((n): n is string => n !== undefined);
      const sourceCounts = new Set(sources.map((n) => topics.get(n)?.numPartitions ?? 0));
      if (sourceCounts.size > 1) throw new TopicConfigurationError(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, `Following topics do not have the same number of partitions: [${sources.join(", ")}]`);
      let target: number;
      if (sourceCounts.size === 1) target = [...sourceCounts][0]!;
      else {
        const fixedReps = reps.filter((n) => fixed.has(n)).map((n) => repartition.get(n)!);
        target = fixedReps.length > 0 ? fixedReps[0]! : Math.max(0, ...reps.map((n) => repartition.get(n) ?? 0));
      }
      for (const n of reps) {
        if (fixed.has(n)) {
          if (repartition.get(n) !== target) throw new TopicConfigurationError(StreamsStatus.INCORRECTLY_PARTITIONED_TOPICS, `Number of partitions [${repartition.get(n)}] of repartition topic [${n}] doesn't match number of partitions [${target}] of the source topic.`);
        } else if (target > 0) {
          repartition.set(n, target);
        }
      }
    }
  }
}
