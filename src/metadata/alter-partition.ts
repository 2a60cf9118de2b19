// AlterPartition (key 56) planned as Kafka 4.4.0's ReplicationControlManager.alterPartition: a partition
// leader asks the controller to change its ISR (and leader recovery state). Kafka 4.4.0 defines
// versions 2-3 only: topics are named by id, and v3 carries each new ISR member's broker epoch.
//
// The request as a whole: a sender whose broker epoch is not its registration's is refused with
// STALE_BROKER_EPOCH (top level, no topics: AlterPartitionRequest.getErrorResponse). Each topic: an
// unknown id answers UNKNOWN_TOPIC_ID for each of its partitions. Each partition, in Kafka's order
// (validateAlterPartitionData):
//   unknown partition                                    UNKNOWN_TOPIC_OR_PARTITION
//   leader or partition epoch above the controller's     NOT_CONTROLLER (this controller is behind)
//   leader epoch below                                   FENCED_LEADER_EPOCH
//   sender not the leader                                INVALID_REQUEST
//   partition epoch below                                INVALID_UPDATE_VERSION
//   ISR not distinct replicas / without the leader       INVALID_REQUEST
//   RECOVERING with more than one ISR member, or
//   RECOVERED -> RECOVERING                              INVALID_REQUEST
//   a member not registered, in controlled shutdown,
//   fenced, or (v3) with another broker epoch            INELIGIBLE_REPLICA
// A valid request goes through the PartitionChangeBuilder (ELR, unclean election per topic, and the
// completion of a reassignment when the ISR holds every target replica). A change that moves the
// leader (a completed reassignment removing the leader) is written but answered NEW_LEADER_ELECTED;
// otherwise the answer is the partition's state after the change (unchanged when there was none).
//
// Left out: offline log directories in the leader acceptor (Strand brokers report none).

import { ErrorCode } from "../protocol/errors.ts";
import type { AlterPartitionRequest } from "../protocol/generated/messages/alter-partition-request.ts";
import { newAlterPartitionResponse, newPartitionData, type AlterPartitionResponse, type PartitionData } from "../protocol/generated/messages/alter-partition-response.ts";
import { ZERO_UUID } from "../protocol/primitives/codec-runtime.ts";
import type { MetadataImage, PartitionImage } from "./image.ts";
import { brokerEpochError } from "./cluster-control.ts";
import { NO_LEADER_CHANGE } from "./image-builder.ts";
import { buildPartitionChange, LEADER_RECOVERY_RECOVERED, LEADER_RECOVERY_RECOVERING } from "./partition-change.ts";
import { effectiveMinIsr, elrEnabled, leaderAcceptor, uncleanLeaderElectionEnabled, type ReplicationEnv } from "./replication-control.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

export interface AlterPartitionPlan {
  records: MetadataRecordOut[];
  response: AlterPartitionResponse;
  /** Partitions refused, with why (for the controller's log). */
  refused: Array<{ topicId: string; partition: number; errorCode: number; reason: string }>;
  /** Partitions changed (for the controller's log). */
  changed: Array<{ topicId: string; partition: number; isr: string; leader: number }>;
}

/** ClusterControlManager.defaultDir: the broker's only log dir, else UNASSIGNED (the broker picks and reports). */
export function brokerDefaultDirectory(image: MetadataImage, brokerId: number): string {
  const dirs = image.brokers.get(brokerId)?.logDirs;
  return dirs?.length === 1 ? dirs[0]! : "AAAAAAAAAAAAAAAAAAAAAQ";
}

interface IsrMember {
  brokerId: number;
  brokerEpoch: bigint;
}

/** Replicas.validateIsr: distinct, non-negative members of the replica list. */
export function validIsr(replicas: readonly number[], isr: readonly number[]): boolean {
  const seen = new Set<number>();
  for (const b of isr) {
    if (b < 0 || seen.has(b) || !replicas.includes(b)) return false;
    seen.add(b);
  }
  return true;
}

/** ineligibleReplicasForIsr: members that may not join an ISR, with Kafka's reasons. */
export function ineligibleReplicas(image: MetadataImage, members: readonly IsrMember[]): string[] {
  const out: string[] = [];
  for (const m of members) {
    const b = image.brokers.get(m.brokerId);
    if (!b) out.push(`${m.brokerId}: not registered`);
    else if (b.inControlledShutdown) out.push(`${m.brokerId}: shutting down`);
    else if (b.fenced) out.push(`${m.brokerId}: fenced`);
    else if (m.brokerEpoch !== -1n && b.brokerEpoch !== m.brokerEpoch) out.push(`${m.brokerId}: broker epoch mismatch: requested=${m.brokerEpoch} VS expected=${b.brokerEpoch}`);
  }
  return out;
}

function validate(image: MetadataImage, brokerId: number, p: PartitionImage | undefined, leaderEpoch: number, partitionEpoch: number, members: readonly IsrMember[], recovery: number): { errorCode: number; reason: string } | null {
  if (!p) return { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, reason: "unknown partition" };
  if (leaderEpoch > p.leaderEpoch) return { errorCode: ErrorCode.NOT_CONTROLLER, reason: `leader epoch ${leaderEpoch} is above the controller's ${p.leaderEpoch}` };
  if (partitionEpoch > p.partitionEpoch) return { errorCode: ErrorCode.NOT_CONTROLLER, reason: `partition epoch ${partitionEpoch} is above the controller's ${p.partitionEpoch}` };
  if (leaderEpoch < p.leaderEpoch) return { errorCode: ErrorCode.FENCED_LEADER_EPOCH, reason: `the current leader epoch is ${p.leaderEpoch}, not ${leaderEpoch}` };
  if (brokerId !== p.leader) return { errorCode: ErrorCode.INVALID_REQUEST, reason: `the current leader is ${p.leader}` };
  if (partitionEpoch < p.partitionEpoch) return { errorCode: ErrorCode.INVALID_UPDATE_VERSION, reason: `the current partition epoch is ${p.partitionEpoch}, not ${partitionEpoch}` };
  const isr = members.map((m) => m.brokerId);
  if (!validIsr(p.replicas, isr)) return { errorCode: ErrorCode.INVALID_REQUEST, reason: `invalid ISR [${isr.join(",")}]` };
  if (!isr.includes(p.leader)) return { errorCode: ErrorCode.INVALID_REQUEST, reason: `ISR [${isr.join(",")}] does not include the leader` };
  if (recovery === LEADER_RECOVERY_RECOVERING && isr.length > 1) return { errorCode: ErrorCode.INVALID_REQUEST, reason: "an ISR of more than one replica while the leader is recovering" };
  if ((p.leaderRecoveryState ?? LEADER_RECOVERY_RECOVERED) === LEADER_RECOVERY_RECOVERED && recovery === LEADER_RECOVERY_RECOVERING) {
    return { errorCode: ErrorCode.INVALID_REQUEST, reason: "the leader recovery state cannot change from RECOVERED to RECOVERING" };
  }
  const ineligible = ineligibleReplicas(image, members);
  if (ineligible.length > 0) return { errorCode: ErrorCode.INELIGIBLE_REPLICA, reason: `ineligible replicas ${ineligible.join("; ")}` };
  return null;
}

export function planAlterPartition(image: MetadataImage, env: ReplicationEnv, req: AlterPartitionRequest, apiVersion: number, defaultDirectory: (brokerId: number) => string): AlterPartitionPlan {
  const plan: AlterPartitionPlan = { records: [], response: newAlterPartitionResponse(), refused: [], changed: [] };
  // ClusterControlManager.checkBrokerEpoch: the whole request fails.
  const stale = brokerEpochError(image, req.brokerId, req.brokerEpoch);
  if (stale) {
    plan.response.errorCode = stale.errorCode;
    plan.refused.push({ topicId: ZERO_UUID, partition: -1, errorCode: stale.errorCode, reason: stale.message });
    return plan;
  }
  const elr = elrEnabled(image);
  // Bounded by the request (its size is bounded by the frame limit).
  for (const td of req.topics) {
    const partitions: PartitionData[] = [];
    plan.response.topics.push({ topicId: td.topicId, partitions });
    const refuse = (partitionIndex: number, errorCode: number, reason: string) => {
      partitions.push({ ...newPartitionData(), partitionIndex, errorCode });
      plan.refused.push({ topicId: td.topicId, partition: partitionIndex, errorCode, reason });
    };
    const t = td.topicId === ZERO_UUID ? undefined : image.topicsById.get(td.topicId);
    if (!t) {
      for (const pd of td.partitions) refuse(pd.partitionIndex, ErrorCode.UNKNOWN_TOPIC_ID, "unknown topic id");
      continue;
    }
    const minIsr = effectiveMinIsr(image, t, env.defaultMinIsr);
    const unclean = uncleanLeaderElectionEnabled(image, env, t.name);
    for (const pd of td.partitions) {
      // Below v3 the ISR has no broker epochs (AlterPartitionRequest.newIsrToSimpleNewIsrWithBrokerEpochs).
      const members: IsrMember[] = apiVersion >= 3 ? pd.newIsrWithEpochs.map((m) => ({ brokerId: m.brokerId, brokerEpoch: m.brokerEpoch })) : pd.newIsr.map((b) => ({ brokerId: b, brokerEpoch: -1n }));
      let p = t.partitions[pd.partitionIndex];
      const bad = validate(image, req.brokerId, p, pd.leaderEpoch, pd.partitionEpoch, members, pd.leaderRecoveryState);
      if (bad || !p) {
        refuse(pd.partitionIndex, bad?.errorCode ?? ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, bad?.reason ?? "unknown partition");
        continue;
      }
      const change = buildPartitionChange(
        {
          partition: p,
          targetIsr: members.map((m) => m.brokerId),
          isAcceptableLeader: leaderAcceptor(image, p),
          elrEnabled: elr,
          minIsr,
          uncleanElection: unclean,
          targetLeaderRecoveryState: pd.leaderRecoveryState,
          defaultDirectory,
        },
        t.topicId,
      );
      if (change) {
        plan.records.push(metadataRecord(RecordType.PARTITION_CHANGE, change));
        plan.changed.push({ topicId: t.topicId, partition: pd.partitionIndex, isr: change.isr?.join(",") ?? "unchanged", leader: change.leader });
        if (change.leader !== NO_LEADER_CHANGE && change.leader !== req.brokerId) {
          // The change completed a reassignment that moved the leader: written, but the sender must
          // learn the new state from metadata before it tries again.
          partitions.push({ ...newPartitionData(), partitionIndex: pd.partitionIndex, errorCode: ErrorCode.NEW_LEADER_ELECTED });
          continue;
        }
        p = mergeChange(p, change);
      }
      partitions.push({
        partitionIndex: pd.partitionIndex,
        errorCode: ErrorCode.NONE,
        leaderId: p.leader,
        leaderEpoch: p.leaderEpoch,
        isr: [...p.isr],
        leaderRecoveryState: p.leaderRecoveryState ?? LEADER_RECOVERY_RECOVERED,
        partitionEpoch: p.partitionEpoch,
      });
    }
  }
  return plan;
}

/** PartitionRegistration.merge, for the fields the response carries. */
function mergeChange(p: PartitionImage, c: { leader: number; isr: number[] | null; leaderRecoveryState: number }): PartitionImage {
  const leaderChanged = c.leader !== NO_LEADER_CHANGE;
  return {
    ...p,
    leader: leaderChanged ? c.leader : p.leader,
    leaderEpoch: leaderChanged ? p.leaderEpoch + 1 : p.leaderEpoch,
    partitionEpoch: p.partitionEpoch + 1,
    isr: c.isr ?? p.isr,
    leaderRecoveryState: c.leaderRecoveryState === -1 ? p.leaderRecoveryState : c.leaderRecoveryState,
  };
}
