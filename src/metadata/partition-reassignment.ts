// Partition reassignment planned as Kafka 4.4.0's ReplicationControlManager
// (alterPartitionReassignment, changePartitionReassignment, cancelPartitionReassignment,
// listPartitionReassignments) with PartitionReassignmentReplicas / PartitionReassignmentRevert:
//
//   - a target list: validateManualPartitionAssignment (not empty, registered brokers, each once, in
//     id order), the replication factor unchanged unless allowed (v1), then one PartitionChangeRecord:
//     replicas = target + the current replicas not in it, addingReplicas = target - current,
//     removingReplicas = current - target; when the ISR already holds every target replica (a reorder,
//     or only removals) the builder completes it at once (removing replicas dropped, leader moved off
//     a removed replica, leader epoch bumped when a replica goes). Otherwise AlterPartition from the
//     leader completes it once the new replicas are in the ISR (alter-partition.ts).
//   - null (cancel): NO_REASSIGNMENT_IN_PROGRESS when none; otherwise the original replicas (adding
//     ones dropped) and the ISR without them; an ISR that would be empty takes the first original
//     replica, an unclean election refused (INVALID_REPLICA_ASSIGNMENT) unless the topic allows them.
//   - ListPartitionReassignments: the partitions with adding or removing replicas, from the
//     committed image; topics named but unknown, or not reassigning, are left out.
// Codes and messages are Kafka's (a message equal to the code's default is sent as null).

import { ErrorCode } from "../protocol/errors.ts";
import type { ReassignablePartition } from "../protocol/generated/messages/alter-partition-reassignments-request.ts";
import type { OngoingTopicReassignment } from "../protocol/generated/messages/list-partition-reassignments-response.ts";
import type { MetadataImage, PartitionImage, TopicImage } from "./image.ts";
import { METADATA_TOPIC } from "./metadata-log.ts";
import { buildPartitionChange } from "./partition-change.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { effectiveMinIsr, elrEnabled, leaderAcceptor, uncleanLeaderElectionEnabled, type ReplicationEnv } from "./replication-control.ts";

export interface ReassignmentResult {
  errorCode: number;
  errorMessage: string | null;
}

export interface ReassignmentTopicResult {
  name: string;
  partitions: Array<{ partitionIndex: number } & ReassignmentResult>;
}

const fail = (errorCode: number, errorMessage: string | null): ReassignmentResult => ({ errorCode, errorMessage });

export const isReassigning = (p: PartitionImage): boolean => (p.addingReplicas?.length ?? 0) > 0 || (p.removingReplicas?.length ?? 0) > 0;

/** PartitionReassignmentReplicas(current, target): Kafka's TreeSet differences (ascending). */
export function reassignmentReplicas(current: readonly number[], target: readonly number[]): { replicas: number[]; adding: number[]; removing: number[] } {
  const removing = [...new Set(current.filter((b) => !target.includes(b)))].sort((a, b) => a - b);
  const adding = [...new Set(target.filter((b) => !current.includes(b)))].sort((a, b) => a - b);
  return { replicas: [...target, ...removing], adding, removing };
}

function validateTarget(image: MetadataImage, target: readonly number[]): ReassignmentResult | null {
  if (target.length === 0) return fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes an empty replica list.");
  const sorted = [...target].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) {
    const b = sorted[i]!;
    if (!image.brokers.has(b)) return fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, `The manual partition assignment includes broker ${b}, but no such broker is registered.`);
    if (i > 0 && sorted[i - 1] === b) return fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, `The manual partition assignment includes the broker ${b} more than once.`);
  }
  return null;
}

interface Ctx {
  readonly image: MetadataImage;
  readonly env: ReplicationEnv;
  readonly defaultDirectory: (brokerId: number) => string;
}

function builderBase(ctx: Ctx, t: TopicImage, p: PartitionImage) {
  return {
    partition: p,
    targetIsr: p.isr,
    isAcceptableLeader: leaderAcceptor(ctx.image, p),
    elrEnabled: elrEnabled(ctx.image),
    minIsr: effectiveMinIsr(ctx.image, t, ctx.env.defaultMinIsr),
    uncleanElection: false,
    defaultDirectory: ctx.defaultDirectory,
  };
}

function alterOne(ctx: Ctx, topic: string, target: ReassignablePartition, allowRfChange: boolean, records: MetadataRecordOut[]): ReassignmentResult {
  const t = topic === METADATA_TOPIC ? undefined : ctx.image.topicsByName.get(topic);
  if (!t) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `Unable to find a topic named ${topic}.`);
  const p = t.partitions[target.partitionIndex];
  if (!p) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `Unable to find partition ${topic}:${target.partitionIndex}.`);
  if (target.replicas === null) {
    // cancelPartitionReassignment
    if (!isReassigning(p)) return fail(ErrorCode.NO_REASSIGNMENT_IN_PROGRESS, null);
    const adding = p.addingReplicas ?? [];
    const replicas = p.replicas.filter((b) => !adding.includes(b));
    let isr = p.isr.filter((b) => !adding.includes(b));
    const unclean = isr.length === 0;
    if (unclean) {
      if (replicas.length === 0) return fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "Invalid replica assignment: addingReplicas contains all replicas.");
      isr = [replicas[0]!];
    }
    const uncleanAllowed = uncleanLeaderElectionEnabled(ctx.image, ctx.env, topic);
    if (unclean && !uncleanAllowed) {
      return fail(ErrorCode.INVALID_REPLICA_ASSIGNMENT, `Unable to revert partition assignment for ${topic}:${target.partitionIndex} because it would require an unclean leader election.`);
    }
    const change = buildPartitionChange({ ...builderBase(ctx, t, p), uncleanElection: uncleanAllowed, targetIsr: isr, targetReplicas: replicas, targetAdding: [], targetRemoving: [] }, t.topicId);
    if (change) records.push(metadataRecord(RecordType.PARTITION_CHANGE, change));
    return fail(ErrorCode.NONE, null);
  }
  const bad = validateTarget(ctx.image, target.replicas);
  if (bad) return bad;
  if (!allowRfChange && target.replicas.length !== p.replicas.length) {
    return fail(ErrorCode.INVALID_REPLICATION_FACTOR, `The replication factor is changed from ${p.replicas.length} to ${target.replicas.length}`);
  }
  // changePartitionReassignment
  const r = reassignmentReplicas(p.replicas, target.replicas);
  const same = r.replicas.length === p.replicas.length && r.replicas.every((b, i) => b === p.replicas[i]);
  const change = buildPartitionChange(
    {
      ...builderBase(ctx, t, p),
      ...(same ? {} : { targetReplicas: r.replicas }),
      ...(r.removing.length > 0 ? { targetRemoving: r.removing } : {}),
      ...(r.adding.length > 0 ? { targetAdding: r.adding } : {}),
    },
    t.topicId,
  );
  if (change) records.push(metadataRecord(RecordType.PARTITION_CHANGE, change));
  return fail(ErrorCode.NONE, null);
}

export function planAlterPartitionReassignments(
  image: MetadataImage,
  env: ReplicationEnv,
  topics: ReadonlyArray<{ name: string; partitions: readonly ReassignablePartition[] }>,
  allowRfChange: boolean,
  defaultDirectory: (brokerId: number) => string,
): { records: MetadataRecordOut[]; results: ReassignmentTopicResult[] } {
  const ctx: Ctx = { image, env, defaultDirectory };
  const records: MetadataRecordOut[] = [];
  // Bounded by the request (its size is bounded by the frame limit). Each partition is planned
  // against the image before the request, as Kafka's timeline does within one operation.
  const results = topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, ...alterOne(ctx, t.name, p, allowRfChange, records) })) }));
  return { records, results };
}

export function listPartitionReassignments(image: MetadataImage, topics: ReadonlyArray<{ name: string; partitionIndexes: readonly number[] }> | null): OngoingTopicReassignment[] {
  const out: OngoingTopicReassignment[] = [];
  const describe = (t: TopicImage, indexes: Iterable<number>) => {
    const partitions = [];
    for (const i of indexes) {
      const p = t.partitions[i];
      if (p && isReassigning(p)) partitions.push({ partitionIndex: i, replicas: [...p.replicas], addingReplicas: [...(p.addingReplicas ?? [])], removingReplicas: [...(p.removingReplicas ?? [])] });
    }
    if (partitions.length > 0) out.push({ name: t.name, partitions });
  };
  // Bounded by the image's partitions, or by the request.
  if (topics === null) for (const t of image.topicsById.values()) describe(t, t.partitions.keys());
  else for (const q of topics) {
    const t = q.name === METADATA_TOPIC ? undefined : image.topicsByName.get(q.name);
    if (t) describe(t, q.partitionIndexes);
  }
  return out;
}
