// auto.leader.rebalance.enable as Kafka 4.4.0's KRaft controller does it
// (ReplicationControlManager.maybeBalancePartitionLeaders, scheduled by QuorumController every
// leader.imbalance.check.interval.seconds while partitions are imbalanced): every partition not led
// by its first replica (Kafka's imbalancedPartitions) gets a PREFERRED election through the
// PartitionChangeBuilder, at most MAX_ELECTIONS_PER_IMBALANCE records per run; a run that hit the
// limit is followed by another at once.
//
// Kafka's KRaft controller does not read leader.imbalance.per.broker.percentage (the ZooKeeper
// controller's per-broker threshold): every imbalanced partition is a candidate, and so here.

import type { MetadataImage } from "./image.ts";
import { NO_LEADER } from "./leader-recovery.ts";
import { buildPartitionChange } from "./partition-change.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { effectiveMinIsr, elrEnabled, isActiveBroker, type ReplicationEnv } from "./replication-control.ts";

/** ReplicationControlManager.MAX_ELECTIONS_PER_IMBALANCE. */
export const MAX_ELECTIONS_PER_IMBALANCE = 1_000;

/** PartitionRegistration.hasPreferredLeader is false somewhere (arePartitionLeadersImbalanced). */
export function arePartitionLeadersImbalanced(image: MetadataImage): boolean {
  for (const t of image.topicsById.values()) for (const p of t.partitions) if (p.leader !== p.replicas[0] || p.leader === NO_LEADER) return true;
  return false;
}

export function planBalancePartitionLeaders(image: MetadataImage, env: ReplicationEnv, maxElections = MAX_ELECTIONS_PER_IMBALANCE): { records: MetadataRecordOut[]; more: boolean } {
  const records: MetadataRecordOut[] = [];
  const elr = elrEnabled(image);
  // Bounded by the image's partitions and by maxElections.
  for (const t of image.topicsById.values()) {
    for (const p of t.partitions) {
      if (records.length >= maxElections) return { records, more: true };
      if (p.leader === p.replicas[0] && p.leader !== NO_LEADER) continue;
      const change = buildPartitionChange(
        {
          partition: p,
          targetIsr: p.isr,
          isAcceptableLeader: (b) => isActiveBroker(image, b),
          elrEnabled: elr,
          minIsr: effectiveMinIsr(image, t, env.defaultMinIsr),
          uncleanElection: false,
          election: "PREFERRED",
        },
        t.topicId,
      );
      if (change) records.push(metadataRecord(RecordType.PARTITION_CHANGE, change));
    }
  }
  return { records, more: records.length >= maxElections };
}
