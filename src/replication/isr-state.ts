// A leader's ISR state (Kafka's PartitionState: CommittedPartitionState, PendingExpandIsr,
// PendingShrinkIsr). LEADER SIDE of replication.
//
// While an AlterPartition is in flight the partition is "pending": the ISR the controller committed
// stays `isr`; `maximalIsr` is what the high watermark and acks=all count with (KIP-497): an expansion
// counts the joining replica at once (stricter, so safe whether or not it commits), a shrink keeps the
// removed replicas until the controller confirms (a failed shrink must not have advanced the HW).
// One change at a time: nothing new is proposed while one is pending.

export interface LeaderAndIsr {
  leaderId: number;
  leaderEpoch: number;
  /** The ISR with each member's broker epoch (AlterPartition v3's NewIsrWithEpochs; -1: not known). */
  isrWithEpochs: ReadonlyArray<{ brokerId: number; brokerEpoch: bigint }>;
  /** 0 RECOVERED, 1 RECOVERING (KIP-704). */
  leaderRecoveryState: number;
  partitionEpoch: number;
}

export interface CommittedIsr {
  readonly kind: "committed";
  readonly isr: readonly number[];
  readonly maximalIsr: readonly number[];
  readonly leaderRecoveryState: number;
}

export interface PendingIsrChange {
  readonly kind: "pendingExpand" | "pendingShrink";
  readonly isr: readonly number[];
  readonly maximalIsr: readonly number[];
  readonly leaderRecoveryState: number;
  /** The replica joining (expand) or the replicas leaving (shrink). */
  readonly changed: readonly number[];
  readonly sent: LeaderAndIsr;
  readonly lastCommitted: CommittedIsr;
}

export type IsrState = CommittedIsr | PendingIsrChange;

export function committedIsr(isr: readonly number[], leaderRecoveryState = 0): CommittedIsr {
  const copy = [...isr];
  return { kind: "committed", isr: copy, maximalIsr: copy, leaderRecoveryState };
}

export function isInflight(s: IsrState): s is PendingIsrChange {
  return s.kind !== "committed";
}

/** Kafka's PendingExpandIsr: `replicaId` counts as in sync for the HW before the controller agrees. */
export function pendingExpand(current: CommittedIsr, replicaId: number, sent: LeaderAndIsr): PendingIsrChange {
  return { kind: "pendingExpand", isr: current.isr, maximalIsr: [...current.isr, replicaId], leaderRecoveryState: 0, changed: [replicaId], sent, lastCommitted: current };
}

/** Kafka's PendingShrinkIsr: the leaving replicas still count until the controller agrees. */
export function pendingShrink(current: CommittedIsr, outOfSync: readonly number[], sent: LeaderAndIsr): PendingIsrChange {
  return { kind: "pendingShrink", isr: current.isr, maximalIsr: current.isr, leaderRecoveryState: 0, changed: [...outOfSync], sent, lastCommitted: current };
}

export function describeIsrState(s: IsrState): string {
  if (s.kind === "committed") return `Committed(isr=[${s.isr.join(",")}])`;
  const what = s.kind === "pendingExpand" ? `newInSyncReplicaId=${s.changed[0]}` : `outOfSyncReplicaIds=[${s.changed.join(",")}]`;
  return `${s.kind === "pendingExpand" ? "PendingExpandIsr" : "PendingShrinkIsr"}(${what}, sentIsr=[${s.sent.isrWithEpochs.map((b) => b.brokerId).join(",")}], sentPartitionEpoch=${s.sent.partitionEpoch}, lastCommittedIsr=[${s.lastCommitted.isr.join(",")}])`;
}
