// ElectLeaders planned as Kafka 4.4.0's controller does (ReplicationControlManager.electLeaders /
// electLeader), for the one broker of this cluster:
// - PREFERRED: a partition led by its first replica needs nothing (ELECTION_NOT_NEEDED); a leaderless
//   one gets its preferred replica when that replica is in the ISR (or, with an empty ISR, the ELR),
//   else PREFERRED_LEADER_NOT_AVAILABLE.
// - UNCLEAN: a partition with a leader needs nothing; a leaderless one gets the first replica that is a
//   registered broker, ISR [it], ELR cleared: the operator's way out for a partition left leaderless
//   with this broker in neither ISR nor ELR (leader-recovery.ts). Kafka marks such a leader RECOVERING
//   until the leader reports back; one replica has nothing to reconcile, so Strand writes the end state.
// - topicPartitions null: every partition of every topic, answering only those not ELECTION_NOT_NEEDED
//   (each topic listed, maybe with no partitions, as Kafka does; here in topic creation order, where
//   Kafka's order is its hash map's).
// Unknown topic / partition: UNKNOWN_TOPIC_OR_PARTITION "No such topic as X" / "No such partition as X-N".

import { newPartitionChangeRecord } from "../protocol/generated/metadata/partition-change-record.ts";
import { ErrorCode, errorByCode } from "../protocol/errors.ts";
import type { MetadataImage, PartitionImage } from "./image.ts";
import { NO_LEADER } from "./leader-recovery.ts";
import { METADATA_TOPIC } from "./metadata-log.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

/** Kafka's ElectionType ids. */
export const ElectionType = { PREFERRED: 0, UNCLEAN: 1 } as const;

export interface ElectionPartitionResult {
  partitionId: number;
  errorCode: number;
  errorMessage: string | null;
}

export interface ElectionTopicResult {
  topic: string;
  partitionResult: ElectionPartitionResult[];
}

export interface ElectLeadersPlan {
  records: MetadataRecordOut[];
  results: ElectionTopicResult[];
}

/** Thrown for an election type Kafka does not know (the handler answers INVALID_REQUEST). */
export class UnknownElectionTypeError extends Error {
  constructor(readonly electionType: number) {
    super(`Unknown election type ${electionType}`);
    this.name = "UnknownElectionTypeError";
  }
}

const defaultMessage = (code: number): string | null => errorByCode(code)?.message ?? null;

export function planElectLeaders(image: MetadataImage, electionType: number, topicPartitions: ReadonlyArray<{ topic: string; partitions: readonly number[] }> | null): ElectLeadersPlan {
  if (electionType !== ElectionType.PREFERRED && electionType !== ElectionType.UNCLEAN) throw new UnknownElectionTypeError(electionType);
  const plan: ElectLeadersPlan = { records: [], results: [] };
  if (topicPartitions === null) {
    // Bounded by the image's partitions.
    for (const t of image.topicsByName.values()) {
      if (t.name === METADATA_TOPIC) continue;
      const r: ElectionTopicResult = { topic: t.name, partitionResult: [] };
      plan.results.push(r);
      for (const p of t.partitions) {
        const res = electOne(image, t.name, p.partition, electionType, plan.records);
        if (res.errorCode !== ErrorCode.ELECTION_NOT_NEEDED) r.partitionResult.push(res);
      }
    }
    return plan;
  }
  // Bounded by the request (its size is bounded by the frame limit).
  for (const tp of topicPartitions) {
    const r: ElectionTopicResult = { topic: tp.topic, partitionResult: [] };
    plan.results.push(r);
    for (const partition of tp.partitions) r.partitionResult.push(electOne(image, tp.topic, partition, electionType, plan.records));
  }
  return plan;
}

function electOne(image: MetadataImage, topic: string, partitionId: number, electionType: number, records: MetadataRecordOut[]): ElectionPartitionResult {
  const t = topic === METADATA_TOPIC ? undefined : image.topicsByName.get(topic);
  if (!t) return { partitionId, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: `No such topic as ${topic}` };
  const p = t.partitions[partitionId];
  if (!p) return { partitionId, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: `No such partition as ${topic}-${partitionId}` };
  const notNeeded = electionType === ElectionType.PREFERRED ? p.leader !== NO_LEADER && p.leader === p.replicas[0] : p.leader !== NO_LEADER;
  if (notNeeded) return { partitionId, errorCode: ErrorCode.ELECTION_NOT_NEEDED, errorMessage: defaultMessage(ErrorCode.ELECTION_NOT_NEEDED) };
  const leader = electionType === ElectionType.PREFERRED ? preferredLeader(image, p) : uncleanLeader(image, p);
  if (leader === null) {
    const code = electionType === ElectionType.PREFERRED ? ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE : ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE;
    return { partitionId, errorCode: code, errorMessage: defaultMessage(code) };
  }
  const r = newPartitionChangeRecord();
  r.topicId = t.topicId;
  r.partitionId = p.partition;
  r.leader = leader;
  if (p.isr.length !== 1 || p.isr[0] !== leader) r.isr = [leader];
  if ((p.elr?.length ?? 0) > 0) r.eligibleLeaderReplicas = [];
  if ((p.lastKnownElr?.length ?? 0) > 0) r.lastKnownElr = [];
  records.push(metadataRecord(RecordType.PARTITION_CHANGE, r));
  return { partitionId, errorCode: ErrorCode.NONE, errorMessage: null };
}

function acceptable(image: MetadataImage, broker: number): boolean {
  const b = image.brokers.get(broker);
  return b !== undefined && !b.fenced;
}

/** Kafka's electPreferredLeader for a leaderless partition: the first replica, if in the ISR (or the ELR when the ISR is empty). */
function preferredLeader(image: MetadataImage, p: PartitionImage): number | null {
  const eligible = (b: number): boolean => acceptable(image, b) && (p.isr.includes(b) || (p.isr.length === 0 && (p.elr ?? []).includes(b)));
  for (const b of p.replicas) if (eligible(b)) return b;
  return null;
}

/** Kafka's unclean election: an ISR or ELR member first, else any live replica. */
function uncleanLeader(image: MetadataImage, p: PartitionImage): number | null {
  const clean = preferredLeader(image, p);
  if (clean !== null) return clean;
  for (const b of p.replicas) if (acceptable(image, b)) return b;
  return null;
}
