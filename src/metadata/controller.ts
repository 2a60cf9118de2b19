// The controller's decisions, as pure functions of the image: each admin request becomes per-item
// results and the metadata records to append (Kafka's ReplicationControlManager and
// ConfigurationControlManager). Nothing here touches disk; the QuorumController appends the records
// through Raft and the MetadataLoader applies them once committed. Error codes and messages follow Kafka 4.4.0 (compared against a real broker).

import { ErrorCode } from "../protocol/errors.ts";
import { ZERO_UUID } from "../protocol/primitives/codec-runtime.ts";
import type { MetadataImage } from "./image.ts";
import { ConfigResourceTypeId } from "./image-builder.ts";
import type { CreatedTopic, PartitionIncrease, TopicDeletion, TopicToCreate } from "./layer.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { InvalidReplicationFactorError, JavaRandom, placeReplicas, usableBrokersOf } from "./replica-placer.ts";
import { isActiveBroker } from "./replication-control.ts";
import { hasCollisionChars, topicNameError, unifyCollisionChars } from "./topic-names.ts";

/** Strand's bound on the partitions one request may add to a topic (each becomes a log directory). */
export const MAX_PARTITIONS_PER_TOPIC_REQUEST = 100_000;

/**
 * Kafka's QuorumController.MAX_RECORDS_PER_USER_OP: one admin operation producing more metadata records
 * than this fails as a whole with POLICY_VIOLATION (its records go in a BoundedList).
 */
export const MAX_RECORDS_PER_USER_OP = 10_000;
export const EXCESSIVE_BATCH_MESSAGE = "Unable to perform excessively large batch operation.";

export interface ControllerEnv {
  readonly nodeId: number;
  /** num.partitions */
  readonly defaultPartitions: number;
  /** default.replication.factor */
  readonly defaultReplicationFactor: number;
  /** INVALID_CONFIG (or another error) for bad topic overrides, null when they are fine. */
  validateTopicConfigs(pairs: ReadonlyArray<{ name: string; value: string | null }>): { errorCode: number; message: string } | null;
  newTopicId(): string;
  /**
   * The log directory id recorded in PartitionRecord.Directories for a replica on `brokerId` when the
   * image has no registered log dirs for it (an image built by hand); see replicaDirectoryOf.
   */
  replicaDirectory(brokerId: number): string;
  /**
   * The largest replication factor placed (absent: no limit but the brokers). A cluster whose brokers
   * do not replicate yet sets 1: a second replica would be an empty log that a failover could elect.
   */
  readonly maxReplicationFactor?: number;
  /** The controller's Random (Kafka's one per controller); absent: a fresh unseeded one per operation. */
  readonly random?: JavaRandom;
}

/** INVALID_REPLICATION_FACTOR for a placement above env.maxReplicationFactor, or null. */
function replicationLimitError(env: ControllerEnv, assignment: readonly number[][]): string | null {
  const max = env.maxReplicationFactor;
  if (max === undefined) return null;
  const rf = Math.max(0, ...assignment.map((r) => r.length));
  if (rf <= max) return null;
  return `Unable to replicate the partition ${rf} time(s): this Strand cluster does not replicate partitions yet, so the replication factor is at most ${max} (each extra replica would be an empty log a failover could elect).`;
}

/** Kafka's DirectoryId.UNASSIGNED and DirectoryId.MIGRATING. */
export const UNASSIGNED_DIRECTORY = "AAAAAAAAAAAAAAAAAAAAAQ";
export const MIGRATING_DIRECTORY = "AAAAAAAAAAAAAAAAAAAAAA";

/**
 * The directory a new replica on `brokerId` is recorded in (Kafka's ClusterControlManager.defaultDir):
 * the broker's only registered log dir, UNASSIGNED when it has several (the broker picks one and
 * reports it with AssignReplicasToDirs) or is not registered, MIGRATING when it registered none (a
 * registration before metadata.version 3.7-IV2). A Kafka broker given UNASSIGNED for its only dir
 * sends AssignReplicasToDirs for every new replica.
 */
export function replicaDirectoryOf(image: MetadataImage, env: ControllerEnv, brokerId: number): string {
  const b = image.brokers.get(brokerId);
  if (!b) return UNASSIGNED_DIRECTORY;
  if (b.logDirs === undefined) return env.replicaDirectory(brokerId);
  if (b.logDirs.length === 0) return MIGRATING_DIRECTORY;
  return b.logDirs.length === 1 ? b.logDirs[0]! : UNASSIGNED_DIRECTORY;
}

export interface Plan<R> {
  results: R[];
  records: MetadataRecordOut[];
}

function failed(name: string, errorCode: number, errorMessage: string | null): CreatedTopic {
  return { name, topicId: ZERO_UUID, errorCode, errorMessage, numPartitions: -1, replicationFactor: -1 };
}

/**
 * StripedReplicaPlacer.place with the create path's error text, or the error. Kafka prefixes the
 * placer's InvalidReplicationFactorException with "Unable to replicate the partition N time(s): ".
 */
function place(image: MetadataImage, random: JavaRandom, count: number, rf: number): number[][] | string {
  try {
    return placeReplicas(random, usableBrokersOf(image), count, rf);
  } catch (e) {
    if (e instanceof InvalidReplicationFactorError) return `Unable to replicate the partition ${rf} time(s): ${e.message}`;
    throw e;
  }
}

/**
 * The first partition (by index) whose replicas hold no active broker (unfenced, not in controlled
 * shutdown): it would have no ISR and no leader, so Kafka refuses the creation.
 */
function firstWithoutActiveReplica(image: MetadataImage, assignment: readonly number[][]): number {
  return assignment.findIndex((replicas) => !replicas.some((b) => isActiveBroker(image, b)));
}

function partitionRecords(image: MetadataImage, env: ControllerEnv, topicId: string, first: number, assignment: readonly number[][]): MetadataRecordOut[] {
  return assignment.map((replicas, i) => {
    // buildPartitionRegistration: the ISR is the active replicas, the leader its first.
    const isr = replicas.filter((b) => isActiveBroker(image, b));
    return metadataRecord(RecordType.PARTITION, {
      partitionId: first + i,
      topicId,
      replicas: [...replicas],
      isr,
      removingReplicas: [],
      addingReplicas: [],
      leader: isr[0]!,
      leaderRecoveryState: 0,
      leaderEpoch: 0,
      partitionEpoch: 0,
      directories: replicas.map((b) => replicaDirectoryOf(image, env, b)),
      eligibleLeaderReplicas: null,
      lastKnownElr: null,
    });
  });
}

/** Checks a manual assignment's broker lists; returns the error or null. */
function checkAssignment(brokerLists: readonly (readonly number[])[], registered: ReadonlySet<number>, expectedReplicas: number | null): { errorCode: number; message: string } | null {
  let rf = expectedReplicas;
  for (const ids of brokerLists) {
    if (ids.length === 0) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, message: "The manual partition assignment includes an empty replica list." };
    const seen = new Set<number>();
    for (const id of ids) {
      if (!registered.has(id)) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, message: `The manual partition assignment includes broker ${id}, but no such broker is registered.` };
      if (seen.has(id)) return { errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT, message: `The manual partition assignment includes the broker ${id} more than once.` };
      seen.add(id);
    }
    if (rf !== null && ids.length !== rf) {
      return {
        errorCode: ErrorCode.INVALID_REPLICA_ASSIGNMENT,
        message: `The manual partition assignment includes a partition with ${ids.length} replica(s), but this is not consistent with previous partitions, which have ${rf} replica(s).`,
      };
    }
    rf = ids.length;
  }
  return null;
}

export function planCreateTopics(image: MetadataImage, env: ControllerEnv, topics: readonly TopicToCreate[], random: JavaRandom = env.random ?? JavaRandom.unseeded()): Plan<CreatedTopic> {
  const results: CreatedTopic[] = [];
  const records: MetadataRecordOut[] = [];
  const counts = new Map<string, number>();
  for (const t of topics) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  const reported = new Set<string>();
  // Unified names of existing topics with '.' or '_', and of those this request creates.
  const collisions = new Map<string, string>();
  for (const name of image.topicsByName.keys()) if (hasCollisionChars(name)) collisions.set(unifyCollisionChars(name), name);
  const registered = new Set(image.brokers.keys());

  for (const t of topics) {
    if (counts.get(t.name)! > 1) {
      if (!reported.has(t.name)) results.push(failed(t.name, ErrorCode.INVALID_REQUEST, "Duplicate topic name."));
      reported.add(t.name);
      continue;
    }
    const nameError = topicNameError(t.name);
    if (nameError) {
      results.push(failed(t.name, ErrorCode.INVALID_TOPIC_EXCEPTION, `Topic name is invalid: ${nameError}`));
      continue;
    }
    if (image.topicsByName.has(t.name)) {
      results.push(failed(t.name, ErrorCode.TOPIC_ALREADY_EXISTS, `Topic '${t.name}' already exists.`));
      continue;
    }
    const unified = unifyCollisionChars(t.name);
    if (hasCollisionChars(t.name) && collisions.has(unified)) {
      results.push(failed(t.name, ErrorCode.INVALID_TOPIC_EXCEPTION, `Topic '${t.name}' collides with existing topic: ${collisions.get(unified)}`));
      continue;
    }
    const configError = env.validateTopicConfigs(t.configs);
    if (configError) {
      results.push(failed(t.name, configError.errorCode, configError.message));
      continue;
    }
    let assignment: number[][];
    if (t.assignments.length > 0) {
      if (t.numPartitions !== -1) {
        results.push(failed(t.name, ErrorCode.INVALID_REQUEST, "A manual partition assignment was specified, but numPartitions was not set to -1."));
        continue;
      }
      if (t.replicationFactor !== -1) {
        results.push(failed(t.name, ErrorCode.INVALID_REQUEST, "A manual partition assignment was specified, but replicationFactor was not set to -1."));
        continue;
      }
      const sorted = [...t.assignments].sort((a, b) => a.partitionIndex - b.partitionIndex);
      if (sorted.some((a, i) => a.partitionIndex !== i)) {
        results.push(failed(t.name, ErrorCode.INVALID_REPLICA_ASSIGNMENT, "partitions should be a consecutive 0-based integer sequence"));
        continue;
      }
      if (sorted.length > MAX_PARTITIONS_PER_TOPIC_REQUEST) {
        results.push(failed(t.name, ErrorCode.INVALID_PARTITIONS, `Strand creates at most ${MAX_PARTITIONS_PER_TOPIC_REQUEST} partitions of a topic per request, not ${sorted.length}.`));
        continue;
      }
      const bad = checkAssignment(sorted.map((a) => a.brokerIds), registered, null);
      if (bad) {
        results.push(failed(t.name, bad.errorCode, bad.message));
        continue;
      }
      assignment = sorted.map((a) => [...a.brokerIds]);
      const dead = firstWithoutActiveReplica(image, assignment);
      if (dead >= 0) {
        results.push(failed(t.name, ErrorCode.INVALID_REPLICA_ASSIGNMENT, `All brokers specified in the manual partition assignment for partition ${dead} are fenced or in controlled shutdown.`));
        continue;
      }
    } else {
      const numPartitions = t.numPartitions === -1 ? env.defaultPartitions : t.numPartitions;
      const rf = t.replicationFactor === -1 ? env.defaultReplicationFactor : t.replicationFactor;
      if (numPartitions <= 0) {
        results.push(failed(t.name, ErrorCode.INVALID_PARTITIONS, "Number of partitions was set to an invalid non-positive value."));
        continue;
      }
      if (numPartitions > MAX_PARTITIONS_PER_TOPIC_REQUEST) {
        results.push(failed(t.name, ErrorCode.INVALID_PARTITIONS, `Strand creates at most ${MAX_PARTITIONS_PER_TOPIC_REQUEST} partitions of a topic per request, not ${numPartitions}.`));
        continue;
      }
      if (rf <= 0) {
        results.push(failed(t.name, ErrorCode.INVALID_REPLICATION_FACTOR, "Replication factor must be larger than 0, or -1 to use the default value."));
        continue;
      }
      const placed = place(image, random, numPartitions, rf);
      if (typeof placed === "string") {
        results.push(failed(t.name, ErrorCode.INVALID_REPLICATION_FACTOR, placed));
        continue;
      }
      if (firstWithoutActiveReplica(image, placed) >= 0) {
        results.push(failed(t.name, ErrorCode.INVALID_REPLICATION_FACTOR, `Unable to replicate the partition ${rf} time(s): All brokers are currently fenced or in controlled shutdown.`));
        continue;
      }
      assignment = placed;
    }
    const limit = replicationLimitError(env, assignment);
    if (limit) {
      results.push(failed(t.name, ErrorCode.INVALID_REPLICATION_FACTOR, limit));
      continue;
    }
    const topicId = env.newTopicId();
    if (hasCollisionChars(t.name)) collisions.set(unified, t.name);
    records.push(metadataRecord(RecordType.TOPIC, { name: t.name, topicId }));
    const configs = t.configs.filter((c) => c.value !== null).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const c of configs) records.push(metadataRecord(RecordType.CONFIG, { resourceType: ConfigResourceTypeId.TOPIC, resourceName: t.name, name: c.name, value: c.value }));
    for (const r of partitionRecords(image, env, topicId, 0, assignment)) records.push(r);
    results.push({ name: t.name, topicId, errorCode: 0, errorMessage: null, numPartitions: assignment.length, replicationFactor: assignment[0]!.length });
    if (records.length > MAX_RECORDS_PER_USER_OP) return refuseExcessiveCreateTopics(topics, counts);
  }
  return { results, records };
}

/**
 * The whole CreateTopics operation fails (Kafka's BoundedListTooLongException becomes
 * PolicyViolationException for every topic of the request; duplicates keep INVALID_REQUEST, which
 * Kafka reports before the controller runs).
 */
function refuseExcessiveCreateTopics(topics: readonly TopicToCreate[], counts: ReadonlyMap<string, number>): Plan<CreatedTopic> {
  const results: CreatedTopic[] = [];
  const reported = new Set<string>();
  for (const t of topics) {
    if (reported.has(t.name)) continue;
    reported.add(t.name);
    results.push(counts.get(t.name)! > 1 ? failed(t.name, ErrorCode.INVALID_REQUEST, "Duplicate topic name.") : failed(t.name, ErrorCode.POLICY_VIOLATION, EXCESSIVE_BATCH_MESSAGE));
  }
  return { results, records: [] };
}

export function planDeleteTopics(image: MetadataImage, refs: ReadonlyArray<{ name: string | null; topicId: string | null }>): Plan<TopicDeletion> {
  const errors: TopicDeletion[] = [];
  const ok: TopicDeletion[] = [];
  const records: MetadataRecordOut[] = [];
  const seenNames = new Set<string>();
  const seenIds = new Set<string>();
  for (const ref of refs) {
    const id = ref.topicId !== null && ref.topicId !== ZERO_UUID ? ref.topicId : null;
    const fail = (errorCode: number, errorMessage: string | null) => errors.push({ name: ref.name, topicId: ref.topicId ?? ZERO_UUID, errorCode, errorMessage });
    if (ref.name !== null && id !== null) {
      fail(ErrorCode.INVALID_REQUEST, "You may not specify both topic name and topic id.");
      continue;
    }
    if (ref.name === null && id === null) {
      fail(ErrorCode.INVALID_REQUEST, "Neither topic name nor id were specified.");
      continue;
    }
    const topic = id !== null ? image.topicsById.get(id) : image.topicsByName.get(ref.name!);
    if (!topic) {
      if (id !== null) fail(ErrorCode.UNKNOWN_TOPIC_ID, "This server does not host this topic ID.");
      else fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic-partition.");
      continue;
    }
    if (seenNames.has(topic.name) || seenIds.has(topic.topicId)) {
      fail(ErrorCode.INVALID_REQUEST, id !== null ? "Duplicate topic id." : "Duplicate topic name.");
      continue;
    }
    seenNames.add(topic.name);
    seenIds.add(topic.topicId);
    records.push(metadataRecord(RecordType.REMOVE_TOPIC, { topicId: topic.topicId }));
    ok.push({ name: topic.name, topicId: topic.topicId, errorCode: 0, errorMessage: null });
  }
  // Kafka answers the refused topics first, then the deleted ones.
  return { results: [...errors, ...ok], records };
}

export function planCreatePartitions(
  image: MetadataImage,
  env: ControllerEnv,
  increases: readonly PartitionIncrease[],
  random: JavaRandom = env.random ?? JavaRandom.unseeded(),
): Plan<{ name: string; errorCode: number; errorMessage: string | null }> {
  const results: Array<{ name: string; errorCode: number; errorMessage: string | null }> = [];
  const records: MetadataRecordOut[] = [];
  const counts = new Map<string, number>();
  for (const t of increases) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  const reported = new Set<string>();
  const registered = new Set(image.brokers.keys());
  for (const inc of increases) {
    const fail = (errorCode: number, errorMessage: string | null) => results.push({ name: inc.name, errorCode, errorMessage });
    if (counts.get(inc.name)! > 1) {
      if (!reported.has(inc.name)) fail(ErrorCode.INVALID_REQUEST, "Duplicate topic name.");
      reported.add(inc.name);
      continue;
    }
    const topic = image.topicsByName.get(inc.name);
    if (!topic) {
      fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, null);
      continue;
    }
    const current = topic.partitions.length;
    if (inc.count < current) {
      fail(ErrorCode.INVALID_PARTITIONS, `The topic ${inc.name} currently has ${current} partition(s); ${inc.count} would not be an increase.`);
      continue;
    }
    if (inc.count === current) {
      fail(ErrorCode.INVALID_PARTITIONS, `Topic already has ${current} partition(s).`);
      continue;
    }
    const added = inc.count - current;
    if (added > MAX_PARTITIONS_PER_TOPIC_REQUEST) {
      fail(ErrorCode.INVALID_PARTITIONS, `Strand adds at most ${MAX_PARTITIONS_PER_TOPIC_REQUEST} partitions to a topic per request, not ${added}.`);
      continue;
    }
    const rf = topic.partitions[0]?.replicas.length ?? 1;
    let assignment: number[][];
    if (inc.assignments) {
      if (inc.assignments.length !== added) {
        fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, `Attempted to add ${added} additional partition(s), but only ${inc.assignments.length} assignment(s) were specified.`);
        continue;
      }
      const bad = checkAssignment(inc.assignments, registered, rf);
      if (bad) {
        fail(bad.errorCode, bad.message);
        continue;
      }
      assignment = inc.assignments.map((a) => [...a]);
      const dead = firstWithoutActiveReplica(image, assignment);
      if (dead >= 0) {
        fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, `All brokers specified in the manual partition assignment for partition ${current + dead} are fenced or in controlled shutdown.`);
        continue;
      }
    } else {
      const placed = place(image, random, added, rf);
      if (typeof placed === "string") {
        fail(ErrorCode.INVALID_REPLICATION_FACTOR, placed);
        continue;
      }
      if (firstWithoutActiveReplica(image, placed) >= 0) {
        fail(ErrorCode.INVALID_REPLICATION_FACTOR, `Unable to replicate the partition ${rf} time(s): All brokers are currently fenced or in controlled shutdown.`);
        continue;
      }
      assignment = placed;
    }
    const limit = replicationLimitError(env, assignment);
    if (limit) {
      fail(ErrorCode.INVALID_REPLICATION_FACTOR, limit);
      continue;
    }
    for (const r of partitionRecords(image, env, topic.topicId, current, assignment)) records.push(r);
    fail(0, null);
    if (records.length > MAX_RECORDS_PER_USER_OP) {
      // The whole operation fails, as Kafka's controller does (see refuseExcessiveCreateTopics).
      const seen = new Set<string>();
      const refused = increases.filter((i) => !seen.has(i.name) && seen.add(i.name)).map((i) => ({
        name: i.name,
        errorCode: counts.get(i.name)! > 1 ? ErrorCode.INVALID_REQUEST : ErrorCode.POLICY_VIOLATION,
        errorMessage: counts.get(i.name)! > 1 ? "Duplicate topic name." : EXCESSIVE_BATCH_MESSAGE,
      }));
      return { results: refused, records: [] };
    }
  }
  return { results, records };
}
