// The PartitionChangeRecord for one partition when a broker leaves or joins its ISR, as Kafka 4.4.0's
// PartitionChangeBuilder builds it for ReplicationControlManager.generateLeaderAndIsrUpdates (fencing,
// controlled shutdown, unfencing, unregistration, unclean shutdown). Read from Kafka's classes:
//
//   1. maybePopulateTargetElr (KIP-966, when eligible.leader.replicas.version >= 1): a target ISR
//      below min ISR moves the replicas leaving the ISR into the ELR (not unclean-shutdown ones);
//      an ISR at min ISR or above clears ELR and last known ELR.
//   2. electAnyLeader (Election.ONLINE): the current leader if still acceptable and in the target
//      ISR; else the first replica (in replica order) in the target ISR, or, with an empty target
//      ISR, in the ELR; else the last known leader (lastKnownElr with one member, ISR and ELR empty);
//      else with unclean.leader.election.enable the first acceptable replica (ISR = [it]); else none
//      (-1). A leader taken from the ELR makes ISR = [leader] and leaves the ELR.
//   3. the ELR fields written when they change (cleared by an unclean election or with ELR off).
//   4. the ISR written when it changes (with ELR on, also when it becomes empty).
//   5. the last known leader (useLastKnownLeaderInBalancedRecovery, on by default): an ISR that
//      becomes empty records the old leader once; a partition that keeps or gets a leader clears it.
// Left out: reassignments (Strand has none: replicas never change here), directories (unchanged),
// the leader epoch bump on ISR shrink (only before metadata.version 3.6), leader recovery state
// beyond marking an unclean election RECOVERING.

import { newPartitionChangeRecord, type PartitionChangeRecord } from "../protocol/generated/metadata/partition-change-record.ts";
import type { PartitionImage } from "./image.ts";
import { NO_LEADER_CHANGE } from "./image-builder.ts";
import { NO_LEADER } from "./leader-recovery.ts";

/** LeaderRecoveryState.RECOVERING (PartitionChangeRecord.LeaderRecoveryState; -1 is "no change"). */
export const LEADER_RECOVERY_RECOVERING = 1;
const LEADER_RECOVERY_NO_CHANGE = -1;

export interface PartitionChangeInput {
  readonly partition: PartitionImage;
  readonly targetIsr: readonly number[];
  /** Kafka's isAcceptableLeader: registered, unfenced, not in controlled shutdown, not the broker leaving. */
  readonly isAcceptableLeader: (brokerId: number) => boolean;
  readonly elrEnabled: boolean;
  /** The topic's effective min.insync.replicas, at most its replication factor. */
  readonly minIsr: number;
  readonly uncleanElection: boolean;
  /** Replicas that shut down uncleanly: never moved into the ELR. */
  readonly uncleanShutdownReplicas?: readonly number[];
  /** PartitionImage has no leader recovery state: RECOVERED (0) unless told. */
  readonly leaderRecoveryState?: number;
}

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The record, or null when nothing changes (Kafka's changeRecordIsNoOp). */
export function buildPartitionChange(input: PartitionChangeInput, topicId: string): PartitionChangeRecord | null {
  const p = input.partition;
  const oldElr = p.elr ?? [];
  const oldLastKnownElr = p.lastKnownElr ?? [];
  let targetIsr = [...input.targetIsr];
  let targetElr = [...oldElr];
  const record = newPartitionChangeRecord();
  record.topicId = topicId;
  record.partitionId = p.partition;

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
  let elected = NO_LEADER;
  let unclean = false;
  if (p.leader !== NO_LEADER && isValidNewLeader(p.leader)) elected = p.leader;
  else {
    const online = p.replicas.find(isValidNewLeader);
    if (online !== undefined) elected = online;
    else if (input.elrEnabled && targetElr.length === 0 && targetIsr.length === 0 && oldLastKnownElr.length === 1) {
      // canElectLastKnownLeader: Kafka elects it even when it is not acceptable (it only logs that).
      elected = oldLastKnownElr[0]!;
      unclean = true;
    } else if (input.uncleanElection) {
      const any = p.replicas.find((r) => input.isAcceptableLeader(r));
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
      if ((input.leaderRecoveryState ?? 0) !== LEADER_RECOVERY_RECOVERING) record.leaderRecoveryState = LEADER_RECOVERY_RECOVERING;
    }
  }

  // 3. maybeUpdateRecordElr (the last known ELR itself is left to step 5 with the last-known-leader mode on)
  const cleanElection = record.isr === null;
  if (!cleanElection || !input.elrEnabled) targetElr = [];
  if (!same(targetElr, oldElr)) record.eligibleLeaderReplicas = targetElr;

  // 4. the ISR
  if (record.isr === null && (targetIsr.length > 0 || input.elrEnabled) && !same(targetIsr, p.isr)) record.isr = targetIsr;

  // 5. maybeUpdateLastKnownLeader
  if (input.elrEnabled) {
    if (record.isr !== null && record.isr.length === 0 && (oldLastKnownElr.length !== 1 || oldLastKnownElr[0] !== p.leader)) {
      record.lastKnownElr = [p.leader];
    } else if ((record.leader >= 0 || (p.leader !== NO_LEADER && record.leader !== NO_LEADER)) && oldLastKnownElr.length > 0) {
      record.lastKnownElr = [];
    }
  }

  const noOp =
    record.isr === null &&
    record.eligibleLeaderReplicas === null &&
    record.lastKnownElr === null &&
    record.leader === NO_LEADER_CHANGE &&
    record.leaderRecoveryState === LEADER_RECOVERY_NO_CHANGE;
  return noOp ? null : record;
}
