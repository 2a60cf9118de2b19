// Leader election for leaderless partitions when this broker (re)joins, as Kafka's controller does when
// a broker unfences (ReplicationControlManager.handleBrokerUnfenced -> PartitionChangeBuilder with
// Election.ONLINE): every partition without a leader whose ISR, or else whose KIP-966 eligible leader
// replicas (ELR), hold this broker gets it as leader, with ISR [broker] and the ELR and last known ELR
// cleared (the ISR is back at min.insync.replicas = 1 of a one-broker cluster).
//
// Why: Kafka 4.x's controlled shutdown of a one-broker cluster leaves every partition with leader -1,
// ISR [] and ELR [broker] (checked against Apache Kafka 4.4.0: on restart its controller writes
// PartitionChangeRecord {leader: 1, isr: [1], eligibleLeaderReplicas: [], lastKnownElr: []} per
// partition). Strand taking over such a log dir must do the same, or nothing is ever led again.
//
// Left out: unclean election (a partition whose ISR and ELR are both without this broker stays
// leaderless, reported at ERROR, as Kafka without unclean.leader.election.enable); several brokers.

import { newPartitionChangeRecord } from "../protocol/generated/metadata/partition-change-record.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

/** PartitionChangeRecord / PartitionRecord leader value of a partition without a leader. */
export const NO_LEADER = -1;

export interface LeaderRecoveryPlan {
  records: MetadataRecordOut[];
  /** Partitions given this broker as leader, and from where ("isr" or "elr"). */
  elected: Array<{ topic: string; partition: number; from: "isr" | "elr" }>;
  /** Leaderless partitions of this broker it cannot lead without an unclean election. */
  leaderless: Array<{ topic: string; partition: number; isr: readonly number[]; elr: readonly number[]; lastKnownElr: readonly number[] }>;
}

/** The PartitionChangeRecords that elect `nodeId` where Kafka's controller would on its unfencing. */
export function planLeaderRecovery(image: MetadataImage, nodeId: number): LeaderRecoveryPlan {
  const plan: LeaderRecoveryPlan = { records: [], elected: [], leaderless: [] };
  // Bounded by the image's partitions.
  for (const t of image.topicsById.values()) {
    for (const p of t.partitions) {
      if (p.leader !== NO_LEADER || !p.replicas.includes(nodeId)) continue;
      const elr = p.elr ?? [];
      const lastKnownElr = p.lastKnownElr ?? [];
      // Kafka's electAnyLeader: an ISR member first, then an ELR member (both must be unfenced: this broker is).
      const from = p.isr.includes(nodeId) ? "isr" : elr.includes(nodeId) ? "elr" : null;
      if (from === null) {
        plan.leaderless.push({ topic: t.name, partition: p.partition, isr: p.isr, elr, lastKnownElr });
        continue;
      }
      const r = newPartitionChangeRecord();
      r.topicId = t.topicId;
      r.partitionId = p.partition;
      r.leader = nodeId;
      if (p.isr.length !== 1 || p.isr[0] !== nodeId) r.isr = [nodeId];
      // The ISR reaches min ISR again: Kafka's maybePopulateTargetElr clears both (written only when they change).
      if (elr.length > 0) r.eligibleLeaderReplicas = [];
      if (lastKnownElr.length > 0) r.lastKnownElr = [];
      plan.records.push(metadataRecord(RecordType.PARTITION_CHANGE, r));
      plan.elected.push({ topic: t.name, partition: p.partition, from });
    }
  }
  return plan;
}
