// ElectLeaders planned as Kafka 4.4.0's controller does (ReplicationControlManager.electLeaders /
// electLeader), through the PartitionChangeBuilder (partition-change.ts):
// - PREFERRED: a partition led by its first replica needs nothing (ELECTION_NOT_NEEDED); otherwise
//   Election.PREFERRED: the first replica when it is active and in the ISR (or, with an empty ISR,
//   the ELR); else the current leader stays (nothing to write: PREFERRED_LEADER_NOT_AVAILABLE); else
//   another ISR member.
// - UNCLEAN: a partition with a leader needs nothing; a leaderless one gets an ISR / ELR member, else
//   the last known leader, else the first active replica with ISR [it] and leader recovery state
//   RECOVERING (the leader reports RECOVERED with AlterPartition once its log is reconciled); none:
//   ELIGIBLE_LEADERS_NOT_AVAILABLE.
// - topicPartitions null: every partition of every topic, answering only those not ELECTION_NOT_NEEDED
//   (each topic listed, maybe with no partitions, as Kafka does; here in topic creation order, where
//   Kafka's order is its hash map's).
// Unknown topic / partition: UNKNOWN_TOPIC_OR_PARTITION "No such topic as X" / "No such partition as X-N".

import { ErrorCode, errorByCode } from "../protocol/errors.ts";
import type { MetadataImage } from "./image.ts";
import { NO_LEADER } from "./leader-recovery.ts";
import { METADATA_TOPIC } from "./metadata-log.ts";
import { buildPartitionChange } from "./partition-change.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { DEFAULT_REPLICATION_ENV, effectiveMinIsr, elrEnabled, leaderAcceptor, type ReplicationEnv } from "./replication-control.ts";

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

export function planElectLeaders(
  image: MetadataImage,
  electionType: number,
  topicPartitions: ReadonlyArray<{ topic: string; partitions: readonly number[] }> | null,
  env: ReplicationEnv = DEFAULT_REPLICATION_ENV,
  records: MetadataRecordOut[] = [],
): ElectLeadersPlan {
  if (electionType !== ElectionType.PREFERRED && electionType !== ElectionType.UNCLEAN) throw new UnknownElectionTypeError(electionType);
  const plan: ElectLeadersPlan = { records, results: [] };
  if (topicPartitions === null) {
    // Bounded by the image's partitions.
    for (const t of image.topicsByName.values()) {
      if (t.name === METADATA_TOPIC) continue;
      const r: ElectionTopicResult = { topic: t.name, partitionResult: [] };
      plan.results.push(r);
      for (const p of t.partitions) {
        const res = electOne(image, env, t.name, p.partition, electionType, plan.records);
        if (res.errorCode !== ErrorCode.ELECTION_NOT_NEEDED) r.partitionResult.push(res);
      }
    }
    return plan;
  }
  // Bounded by the request (its size is bounded by the frame limit).
  for (const tp of topicPartitions) {
    const r: ElectionTopicResult = { topic: tp.topic, partitionResult: [] };
    plan.results.push(r);
    for (const partition of tp.partitions) r.partitionResult.push(electOne(image, env, tp.topic, partition, electionType, plan.records));
  }
  return plan;
}

function electOne(image: MetadataImage, env: ReplicationEnv, topic: string, partitionId: number, electionType: number, records: MetadataRecordOut[]): ElectionPartitionResult {
  const t = topic === METADATA_TOPIC ? undefined : image.topicsByName.get(topic);
  if (!t) return { partitionId, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: `No such topic as ${topic}` };
  const p = t.partitions[partitionId];
  if (!p) return { partitionId, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: `No such partition as ${topic}-${partitionId}` };
  // PartitionRegistration.hasPreferredLeader / hasLeader.
  const notNeeded = electionType === ElectionType.PREFERRED ? p.leader !== NO_LEADER && p.leader === p.replicas[0] : p.leader !== NO_LEADER;
  if (notNeeded) return { partitionId, errorCode: ErrorCode.ELECTION_NOT_NEEDED, errorMessage: defaultMessage(ErrorCode.ELECTION_NOT_NEEDED) };
  const change = buildPartitionChange(
    {
      partition: p,
      targetIsr: p.isr,
      isAcceptableLeader: leaderAcceptor(image, p),
      elrEnabled: elrEnabled(image),
      minIsr: effectiveMinIsr(image, t, env.defaultMinIsr),
      uncleanElection: false,
      election: electionType === ElectionType.PREFERRED ? "PREFERRED" : "UNCLEAN",
    },
    t.topicId,
  );
  if (!change) {
    const code = electionType === ElectionType.PREFERRED ? ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE : ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE;
    return { partitionId, errorCode: code, errorMessage: defaultMessage(code) };
  }
  records.push(metadataRecord(RecordType.PARTITION_CHANGE, change));
  return { partitionId, errorCode: ErrorCode.NONE, errorMessage: null };
}
