// auto.leader.rebalance.enable as Kafka 4.4.0's KRaft controller does it
// (ReplicationControlManager.maybeBalancePartitionLeaders, scheduled by QuorumController every
// leader.imbalance.check.interval.seconds while partitions are imbalanced): every partition not led
// by its first replica (Kafka's imbalancedPartitions) gets a PREFERRED election through the
// PartitionChangeBuilder, at most MAX_ELECTIONS_PER_IMBALANCE records per run; a run that hit the
// limit is followed by another at once.
//
// Kafka's KRaft controller does not read leader.imbalance.per.broker.percentage (the ZooKeeper
// controller's per-broker threshold): every imbalanced partition is a candidate, and so here.
//
// Also the periodic unclean elections (maybeElectUncleanLeaders, every
// UNCLEAN_LEADER_ELECTION_CHECK_INTERVAL_MS while partitions are leaderless): a leaderless partition
// of a topic with unclean.leader.election.enable (dynamic, per topic) gets an UNCLEAN election, so
// turning the config on brings an offline partition back without an ElectLeaders call.

import type { MetadataImage } from "./image.ts";
import { NO_LEADER } from "./leader-recovery.ts";
import { buildPartitionChange } from "./partition-change.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { ElectionType, planElectLeaders } from "./leader-election.ts";
import { effectiveMinIsr, elrEnabled, leaderAcceptor, uncleanLeaderElectionEnabled, type ReplicationEnv } from "./replication-control.ts";

/** ReplicationControlManager.MAX_ELECTIONS_PER_IMBALANCE. */
export const MAX_ELECTIONS_PER_IMBALANCE = 1_000;
/** QuorumController's uncleanLeaderElectionCheckIntervalMs default (5 minutes). */
export const UNCLEAN_LEADER_ELECTION_CHECK_INTERVAL_MS = 300_000;

/** ReplicationControlManager.areSomePartitionsLeaderless. */
export function areSomePartitionsLeaderless(image: MetadataImage): boolean {
  for (const t of image.topicsById.values()) for (const p of t.partitions) if (p.leader === NO_LEADER) return true;
  return false;
}

/** maybeTriggerUncleanLeaderElectionForLeaderlessPartitions: UNCLEAN elections where the topic allows them. */
export function planElectUncleanLeaders(image: MetadataImage, env: ReplicationEnv, maxElections = MAX_ELECTIONS_PER_IMBALANCE): { records: MetadataRecordOut[]; more: boolean; elected: string[] } {
  const records: MetadataRecordOut[] = [];
  const elected: string[] = [];
  // Bounded by the image's partitions and by maxElections.
  for (const t of image.topicsById.values()) {
    if (!t.partitions.some((p) => p.leader === NO_LEADER) || !uncleanLeaderElectionEnabled(image, env, t.name)) continue;
    const leaderless = t.partitions.filter((p) => p.leader === NO_LEADER).map((p) => p.partition);
    for (const p of leaderless) {
      if (records.length >= maxElections) return { records, more: true, elected };
      const before = records.length;
      planElectLeaders(image, ElectionType.UNCLEAN, [{ topic: t.name, partitions: [p] }], env, records);
      if (records.length > before) elected.push(`${t.name}-${p}`);
    }
  }
  return { records, more: records.length >= maxElections, elected };
}

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
          isAcceptableLeader: leaderAcceptor(image, p),
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
