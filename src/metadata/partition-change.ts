// The PartitionChangeRecord for one partition, as Kafka 4.4.0's PartitionChangeBuilder builds it for
// ReplicationControlManager: broker lifecycle changes (generateLeaderAndIsrUpdates), AlterPartition,
// ElectLeaders, reassignments and their cancellation, and the periodic preferred-leader balancing.
// Read from Kafka's classes; build() runs the same steps in the same order:
//
//   0. completeReassignmentIfNeeded (PartitionReassignmentReplicas.maybeCompleteReassignment): a
//      reassignment in progress whose target ISR holds every target replica (the ISR without the
//      removing replicas, not empty) ends: replicas and ISR lose the removing replicas, adding and
//      removing are cleared.
//   1. maybePopulateTargetElr (KIP-966, when eligible.leader.replicas.version >= 1): a target ISR
//      below min ISR moves the replicas leaving the ISR into the ELR (not unclean-shutdown ones);
//      an ISR at min ISR or above clears the ELR.
//   2. tryElection: ONLINE / UNCLEAN (electAnyLeader) keep the current leader if it is still
//      acceptable and in the target ISR (or, with an empty target ISR, the ELR); else the first such
//      target replica; else the last known leader (lastKnownElr with one member, ISR and ELR empty);
//      else (UNCLEAN only) the first acceptable target replica, ISR = [it], RECOVERING. PREFERRED
//      (electPreferredLeader) tries the first target replica before the current leader. A leader
//      taken from the ELR makes ISR = [leader] and leaves the ELR.
//   3. a leader epoch bump when the new replica list drops a replica of the old one.
//   4. the ELR written when it changes (cleared by an unclean election or with ELR off).
//   5. the ISR written when it changes (with ELR on, also when it becomes empty).
//   6. the last known leader (useLastKnownLeaderInBalancedRecovery, on by default): an ISR that
//      becomes empty records the old leader once; a partition that keeps or gets a leader clears it.
//   7. replicas, directories, adding and removing written when they change; the leader recovery
//      state when the target differs.
// Left out: the leader epoch bump on ISR shrink (only before metadata.version 3.6); directories
// are not compared when the image has none recorded (an image built by hand).

import { newPartitionChangeRecord, type PartitionChangeRecord } from "../protocol/generated/metadata/partition-change-record.ts";
import type { PartitionImage } from "./image.ts";
import { NO_LEADER_CHANGE } from "./image-builder.ts";
import { NO_LEADER } from "./leader-recovery.ts";

/** LeaderRecoveryState values (PartitionChangeRecord.LeaderRecoveryState; -1 is "no change"). */
export const LEADER_RECOVERY_RECOVERED = 0;
export const LEADER_RECOVERY_RECOVERING = 1;
const LEADER_RECOVERY_NO_CHANGE = -1;

/** PartitionChangeBuilder.Election. */
export type Election = "PREFERRED" | "ONLINE" | "UNCLEAN";

export interface PartitionChangeInput {
  readonly partition: PartitionImage;
  readonly targetIsr: readonly number[];
  /** Kafka's isAcceptableLeader: registered, unfenced, not in controlled shutdown, not the broker leaving. */
  readonly isAcceptableLeader: (brokerId: number) => boolean;
  readonly elrEnabled: boolean;
  /** The topic's effective min.insync.replicas, at most its replication factor. */
  readonly minIsr: number;
  /** unclean.leader.election.enable of the topic: Election.UNCLEAN instead of ONLINE (ignored with `election` set). */
  readonly uncleanElection: boolean;
  /** The election type (default: ONLINE, or UNCLEAN with uncleanElection). */
  readonly election?: Election;
  /** Replicas that shut down uncleanly: never moved into the ELR. */
  readonly uncleanShutdownReplicas?: readonly number[];
  /** Targets for a reassignment (default: the partition's current lists). */
  readonly targetReplicas?: readonly number[];
  readonly targetAdding?: readonly number[];
  readonly targetRemoving?: readonly number[];
  /** The leader recovery state asked for (AlterPartition; default: the partition's). */
  readonly targetLeaderRecoveryState?: number;
  /** The directory recorded for a replica new to the partition (Kafka's DefaultDirProvider). */
  readonly defaultDirectory?: (brokerId: number) => string;
}

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** PartitionReassignmentReplicas.maybeCompleteReassignment: the end state, or null when not complete. */
export function maybeCompleteReassignment(
  replicas: readonly number[],
  adding: readonly number[],
  removing: readonly number[],
  targetIsr: readonly number[],
): { replicas: number[]; isr: number[] } | null {
  if (adding.length === 0 && removing.length === 0) return null;
  let isr = [...targetIsr];
  let newReplicas = [...replicas];
  if (removing.length > 0) {
    isr = targetIsr.filter((r) => !removing.includes(r));
    if (isr.length === 0) return null;
    newReplicas = replicas.filter((r) => !removing.includes(r));
    if (newReplicas.length === 0) return null;
  }
  if (!newReplicas.every((r) => isr.includes(r))) return null;
  return { replicas: newReplicas, isr };
}

/** The record, or null when nothing changes (Kafka's changeRecordIsNoOp). */
export function buildPartitionChange(input: PartitionChangeInput, topicId: string): PartitionChangeRecord | null {
  const p = input.partition;
  const oldElr = p.elr ?? [];
  const oldLastKnownElr = p.lastKnownElr ?? [];
  const oldAdding = p.addingReplicas ?? [];
  const oldRemoving = p.removingReplicas ?? [];
  const oldRecovery = p.leaderRecoveryState ?? LEADER_RECOVERY_RECOVERED;
  const election: Election = input.election ?? (input.uncleanElection ? "UNCLEAN" : "ONLINE");
  let targetIsr = [...input.targetIsr];
  let targetElr = [...oldElr];
  let targetReplicas = [...(input.targetReplicas ?? p.replicas)];
  let targetAdding = [...(input.targetAdding ?? oldAdding)];
  let targetRemoving = [...(input.targetRemoving ?? oldRemoving)];
  const record = newPartitionChangeRecord();
  record.topicId = topicId;
  record.partitionId = p.partition;

  // 0. completeReassignmentIfNeeded
  const completed = maybeCompleteReassignment(targetReplicas, targetAdding, targetRemoving, targetIsr);
  if (completed) {
    targetIsr = completed.isr;
    targetReplicas = completed.replicas;
    targetAdding = [];
    targetRemoving = [];
  }

  // 1. maybePopulateTargetElr
  if (input.elrEnabled) {
    if (targetIsr.length >= input.minIsr) {
      targetElr = [];
    } else {
      const inTarget = new Set(targetIsr);
      const unclean = new Set(input.uncleanShutdownReplicas ?? []);
      // Kafka unions in a HashSet (small ints iterate in ascending order); sorted here the same way.
      const candidates = [...new Set([...targetElr, ...p.isr])].sort((a, b) => a - b);
      targetElr = candidates.filter((r) => !inTarget.has(r) && !unclean.has(r));
    }
  }

  // 2. tryElection
  const isValidNewLeader = (r: number): boolean => (targetIsr.includes(r) || (targetIsr.length === 0 && targetElr.includes(r))) && input.isAcceptableLeader(r);
  const canElectLastKnownLeader = input.elrEnabled && targetElr.length === 0 && targetIsr.length === 0 && oldLastKnownElr.length === 1;
  let elected = NO_LEADER;
  let unclean = false;
  if (election === "PREFERRED" && targetReplicas.length > 0 && isValidNewLeader(targetReplicas[0]!)) elected = targetReplicas[0]!;
  else if (p.leader !== NO_LEADER && isValidNewLeader(p.leader)) elected = p.leader;
  else {
    const online = targetReplicas.find(isValidNewLeader);
    if (online !== undefined) elected = online;
    else if (canElectLastKnownLeader) {
      // Kafka elects it even when it is not acceptable (it only logs that).
      elected = oldLastKnownElr[0]!;
      unclean = true;
    } else if (election === "UNCLEAN") {
      const any = targetReplicas.find((r) => input.isAcceptableLeader(r));
      if (any !== undefined) {
        elected = any;
        unclean = true;
      }
    }
  }
  if (elected !== p.leader) {
    if (targetElr.includes(elected)) {
      targetIsr = [elected];
      targetElr = targetElr.filter((r) => r !== elected);
    }
    record.leader = elected;
    if (unclean) {
      record.isr = [elected];
      if (oldRecovery !== LEADER_RECOVERY_RECOVERING) record.leaderRecoveryState = LEADER_RECOVERY_RECOVERING;
    }
  }

  // 3. triggerLeaderEpochBumpForReplicaReassignmentIfNeeded
  if (record.leader === NO_LEADER_CHANGE && !p.replicas.every((r) => targetReplicas.includes(r))) record.leader = p.leader;

  // 4. maybeUpdateRecordElr (the last known ELR itself is left to step 6 with the last-known-leader mode on)
  const cleanElection = record.isr === null;
  if (!cleanElection || !input.elrEnabled) targetElr = [];
  if (!same(targetElr, oldElr)) record.eligibleLeaderReplicas = targetElr;

  // 5. the ISR
  if (record.isr === null && (targetIsr.length > 0 || input.elrEnabled) && !same(targetIsr, p.isr)) record.isr = targetIsr;

  // 6. maybeUpdateLastKnownLeader
  if (input.elrEnabled) {
    if (record.isr !== null && record.isr.length === 0 && (oldLastKnownElr.length !== 1 || oldLastKnownElr[0] !== p.leader)) {
      record.lastKnownElr = [p.leader];
    } else if ((record.leader >= 0 || (p.leader !== NO_LEADER && record.leader !== NO_LEADER)) && oldLastKnownElr.length > 0) {
      record.lastKnownElr = [];
    }
  }

  // 7. setAssignmentChanges and the leader recovery state
  if (targetReplicas.length > 0) {
    if (p.directories.length > 0) {
      const byReplica = new Map(p.replicas.map((r, i) => [r, p.directories[i]!] as const));
      const dirs = targetReplicas.map((r) => byReplica.get(r) ?? input.defaultDirectory?.(r) ?? UNASSIGNED_DIR);
      if (!same2(dirs, p.directories)) record.directories = dirs;
    }
    if (!same(targetReplicas, p.replicas)) record.replicas = targetReplicas;
  }
  if (!same(targetRemoving, oldRemoving)) record.removingReplicas = targetRemoving;
  if (!same(targetAdding, oldAdding)) record.addingReplicas = targetAdding;
  const targetRecovery = input.targetLeaderRecoveryState ?? oldRecovery;
  if (targetRecovery !== oldRecovery) record.leaderRecoveryState = targetRecovery;

  const noOp =
    record.isr === null &&
    record.eligibleLeaderReplicas === null &&
    record.lastKnownElr === null &&
    record.leader === NO_LEADER_CHANGE &&
    record.replicas === null &&
    record.removingReplicas === null &&
    record.addingReplicas === null &&
    record.leaderRecoveryState === LEADER_RECOVERY_NO_CHANGE &&
    record.directories === null;
  return noOp ? null : record;
}

/** Kafka's DirectoryId.UNASSIGNED (the broker picks a directory and reports it). */
const UNASSIGNED_DIR = "AAAAAAAAAAAAAAAAAAAAAQ";

const same2 = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
