// What a Partition does while this broker leads it and it has followers (Kafka's Partition.scala, leader
// half): the followers' fetch state (replica-state.ts), the ISR with its pending change (isr-state.ts),
// the high watermark's bound from the followers, ISR expansion and shrinking through AlterPartition
// (alter-partition-manager.ts), and the min.insync.replicas checks of acks=all. LEADER SIDE of
// replication; the follower side (fetcher, truncation) lives elsewhere.
//
// - High watermark (maybeIncrementLeaderHW): not moved at all while the committed ISR is smaller than
//   min(min.insync.replicas, replicas) (Kafka 4.x, KIP-966); else at most the smallest log end of the
//   followers in the maximal ISR, and of followers not in it that are caught up and eligible (KIP-841:
//   not fenced, not shutting down, fetching with the broker epoch the image has), so a catching-up
//   follower gets to join instead of chasing the HW forever. The Partition combines this bound with its
//   own durability rule for the leader's log.
// - Expand (maybeExpandIsr, after a follower's fetch): an eligible follower outside the ISR whose log end
//   reached the HW and this leader epoch's start offset, with no change pending.
// - Shrink (maybeShrinkIsr, the broker's isr-expiration task every replica.lag.time.max.ms / 2): the
//   followers in the ISR not caught up within replica.lag.time.max.ms, with no change pending.
// - AlterPartition answers (handleAlterPartitionUpdate / handleAlterPartitionError) as Kafka handles them.

import { ErrorCode, errorName } from "../protocol/errors.ts";
import type { Logger } from "../util/log.ts";
import { committedIsr, describeIsrState, isInflight, pendingExpand, pendingShrink, type CommittedIsr, type IsrState, type LeaderAndIsr, type PendingIsrChange } from "./isr-state.ts";
import { AlterPartitionError, LeaderError } from "./leader-errors.ts";
import { ReplicaState } from "./replica-state.ts";

/** A broker's registration as the metadata image states it. */
export interface BrokerLiveness {
  readonly brokerEpoch: bigint;
  readonly fenced: boolean;
  readonly inControlledShutdown: boolean;
}

/** What a leading partition needs of its broker (ReplicaManager implements it). */
export interface LeaderHost {
  nowMs(): number;
  replicaLagTimeMaxMs(): number;
  /** The topic's min.insync.replicas (topic config, else the broker's). */
  minInsyncReplicas(topic: string): number;
  /** The image's registration of broker `id`, or undefined when it has none. */
  brokerLiveness(id: number): BrokerLiveness | undefined;
  /** This broker's epoch (its registration's), -1 when not registered. */
  localBrokerEpoch(): bigint;
  /** Sends an ISR change to the controller (AlterPartitionManager.submit). */
  submitAlterPartition(topicId: string, topic: string, partition: number, leaderAndIsr: LeaderAndIsr): Promise<LeaderAndIsr>;
  logger(): Logger | undefined;
}

/** The Partition fields the leader state reads and updates. */
export interface LeaderPartitionView {
  readonly name: string;
  readonly topic: string;
  readonly partition: number;
  readonly topicId: string;
  readonly leaderEpoch: number;
  partitionEpoch: number;
  readonly logEndOffset: number;
  readonly highWatermark: number;
  /** Moves the HW as far as every rule allows; true when it moved (delayed operations re-checked). */
  maybeIncrementHighWatermark(): boolean;
}

/** At most this many replicas per partition (Kafka allows any; the wire's arrays are bounded by frames). */
const MAX_REPLICAS = 1_000;

export class PartitionLeader {
  private readonly remotes = new Map<number, ReplicaState>();
  private state: IsrState;
  /** Where this leader epoch's records start (Kafka's leaderEpochStartOffsetOpt). */
  leaderEpochStartOffset = 0;
  /** No longer the partition's leader state (it became a follower): late AlterPartition answers are ignored. */
  private detached = false;

  constructor(
    private readonly p: LeaderPartitionView,
    private readonly host: LeaderHost,
    readonly localBrokerId: number,
  ) {
    this.state = committedIsr([localBrokerId]);
  }

  get isrState(): IsrState {
    return this.state;
  }
  get isr(): readonly number[] {
    return this.state.isr;
  }
  get hasFollowers(): boolean {
    return this.remotes.size > 0;
  }
  replica(id: number): ReplicaState | undefined {
    return this.remotes.get(id);
  }
  followers(): IterableIterator<ReplicaState> {
    return this.remotes.values();
  }

  /**
   * Kafka's makeLeader / updateAssignmentAndIsr: the replica set and committed ISR of the image; on a new
   * leader epoch, each follower's state is reset (in-sync ones count as caught up now).
   */
  update(replicas: readonly number[], isr: readonly number[], isNewLeader: boolean, isNewLeaderEpoch: boolean, leaderEndOffset: number): void {
    if (replicas.length > MAX_REPLICAS) throw new LeaderError(ErrorCode.INVALID_REPLICA_ASSIGNMENT, `${this.p.name}: ${replicas.length} replicas, at most ${MAX_REPLICAS}`);
    const followers = replicas.filter((r) => r !== this.localBrokerId);
    for (const id of followers) if (!this.remotes.has(id)) this.remotes.set(id, new ReplicaState(id));
    for (const id of [...this.remotes.keys()]) if (!followers.includes(id)) this.remotes.delete(id);
    const before = this.state;
    this.state = committedIsr(isr);
    // The metadata may commit a pending change before its AlterPartition answer arrives (the answer is
    // then ignored): say so, as the answer would have.
    if (isInflight(before) && !isNewLeaderEpoch) {
      this.host.logger()?.info("ISR updated from the metadata", { partition: this.p.name, isr: isr.join(","), partitionEpoch: this.p.partitionEpoch, pending: describeIsrState(before) });
    }
    if (isNewLeaderEpoch) {
      const nowMs = this.host.nowMs();
      this.leaderEpochStartOffset = leaderEndOffset;
      for (const r of this.remotes.values()) r.reset(nowMs, leaderEndOffset, isNewLeader, isr.includes(r.brokerId));
    }
  }

  /** Kafka's effectiveMinIsr: min.insync.replicas, at most the replication factor. */
  effectiveMinIsr(): number {
    return Math.min(this.host.minInsyncReplicas(this.p.topic), this.remotes.size + 1);
  }

  isUnderMinIsr(): boolean {
    return this.state.isr.length < this.effectiveMinIsr();
  }

  /**
   * The highest offset the followers allow the HW to reach (Kafka's maybeIncrementLeaderHW over the
   * remote replicas), given the leader's own end `leaderEnd`; -1 (no move at all) while under min ISR.
   */
  highWatermarkBound(leaderEnd: number): number {
    if (this.remotes.size === 0) return leaderEnd;
    if (this.isUnderMinIsr()) return -1;
    const nowMs = this.host.nowMs();
    const lagMs = this.host.replicaLagTimeMaxMs();
    const maximal = this.state.maximalIsr;
    const leaderLogEnd = this.p.logEndOffset;
    let bound = leaderEnd;
    for (const r of this.remotes.values()) {
      if (r.logEndOffset >= bound) continue;
      if (maximal.includes(r.brokerId) || (r.isCaughtUp(leaderLogEnd, nowMs, lagMs) && this.isReplicaIsrEligible(r.brokerId))) bound = r.logEndOffset;
    }
    return bound;
  }

  /**
   * Kafka's isReplicaIsrEligible (KRaft): a known replica whose broker is neither fenced nor in controlled
   * shutdown, and whose last fetch carried the image's broker epoch (or -1, an old request version).
   */
  isReplicaIsrEligible(id: number): boolean {
    const r = this.remotes.get(id);
    if (!r) return false;
    const b = this.host.brokerLiveness(id);
    if (!b || b.fenced || b.inControlledShutdown) return false;
    return r.brokerEpoch !== null && (r.brokerEpoch === -1n || r.brokerEpoch === b.brokerEpoch);
  }

  /**
   * Kafka's lowWatermarkIfLeader over the followers: the least of `leaderLogStart` and the log starts of
   * the followers whose broker is alive (registered, not fenced); a follower not heard from since this
   * leader epoch's start counts with -1 (unknown), so DeleteRecords waits for its first fetch.
   */
  lowWatermark(leaderLogStart: number): number {
    let low = leaderLogStart;
    for (const r of this.remotes.values()) {
      if (r.logStartOffset >= low) continue;
      const b = this.host.brokerLiveness(r.brokerId);
      if (b !== undefined && !b.fenced) low = r.logStartOffset;
    }
    return low;
  }

  /** Kafka's updateFollowerFetchState (the state part): throws NOT_LEADER_OR_FOLLOWER for a stale broker epoch. */
  updateFollowerFetchState(r: ReplicaState, fetchOffset: number, followerStartOffset: number, fetchTimeMs: number, leaderEndOffset: number, brokerEpoch: bigint): void {
    const b = this.host.brokerLiveness(r.brokerId);
    const cached = b && !b.fenced ? b.brokerEpoch : undefined;
    r.updateFetchState(fetchOffset, followerStartOffset, fetchTimeMs, leaderEndOffset, brokerEpoch, cached);
  }

  /** Kafka's maybeExpandIsr, after follower `r` fetched. */
  maybeExpandIsr(r: ReplicaState): void {
    const s = this.state;
    if (s.kind !== "committed" || s.isr.includes(r.brokerId) || !this.isReplicaIsrEligible(r.brokerId)) return;
    const end = r.logEndOffset;
    if (end < this.p.highWatermark || end < this.leaderEpochStartOffset) return;
    const next = pendingExpand(s, r.brokerId, this.leaderAndIsr([...s.isr, r.brokerId]));
    this.host.logger()?.info("expanding ISR", { partition: this.p.name, from: s.isr.join(","), to: next.sent.isrWithEpochs.map((b) => b.brokerId).join(","), followerEndOffset: end, highWatermark: this.p.highWatermark });
    this.submit(next);
  }

  /** Kafka's getOutOfSyncReplicas: ISR followers not caught up within `maxLagMs` (none while a change is pending). */
  outOfSyncReplicas(maxLagMs: number): number[] {
    const s = this.state;
    if (isInflight(s)) return [];
    const nowMs = this.host.nowMs();
    const leaderEnd = this.p.logEndOffset;
    return s.isr.filter((id) => {
      if (id === this.localBrokerId) return false;
      const r = this.remotes.get(id);
      return r === undefined || !r.isCaughtUp(leaderEnd, nowMs, maxLagMs);
    });
  }

  /** Kafka's maybeShrinkIsr (the isr-expiration task). */
  maybeShrinkIsr(): void {
    const s = this.state;
    if (s.kind !== "committed") return;
    const out = this.outOfSyncReplicas(this.host.replicaLagTimeMaxMs());
    if (out.length === 0) return;
    const isr = s.isr.filter((id) => !out.includes(id));
    this.host.logger()?.info("shrinking ISR", {
      partition: this.p.name,
      from: s.isr.join(","),
      to: isr.join(","),
      highWatermark: this.p.highWatermark,
      endOffset: this.p.logEndOffset,
      outOfSync: out.map((id) => this.remotes.get(id)?.toString() ?? `(brokerId: ${id}, unknown)`).join(" "),
    });
    this.submit(pendingShrink(s, out, this.leaderAndIsr(isr)));
  }

  /** Kafka's addBrokerEpochToIsr: this broker's epoch, each follower's from its last fetch (-1 when none). */
  private leaderAndIsr(isr: readonly number[]): LeaderAndIsr {
    const isrWithEpochs = isr.map((id) => ({ brokerId: id, brokerEpoch: id === this.localBrokerId ? this.host.localBrokerEpoch() : (this.remotes.get(id)?.brokerEpoch ?? -1n) }));
    return { leaderId: this.localBrokerId, leaderEpoch: this.p.leaderEpoch, isrWithEpochs, leaderRecoveryState: 0, partitionEpoch: this.p.partitionEpoch };
  }

  /** Kafka's submitAlterPartition: the proposal becomes the state, its answer is applied if still current. */
  private submit(proposed: PendingIsrChange): void {
    this.state = proposed;
    this.host.submitAlterPartition(this.p.topicId, this.p.topic, this.p.partition, proposed.sent).then(
      (l) => {
        if (this.state !== proposed || this.detached) return this.ignored(proposed);
        if (this.handleAlterPartitionUpdate(proposed, l)) this.p.maybeIncrementHighWatermark();
      },
      (e: unknown) => {
        if (this.state !== proposed || this.detached) return this.ignored(proposed);
        const code = e instanceof AlterPartitionError ? e.code : ErrorCode.UNKNOWN_SERVER_ERROR;
        if (this.handleAlterPartitionError(proposed, code)) this.submit(proposed);
      },
    );
  }

  private ignored(proposed: PendingIsrChange): void {
    this.host.logger()?.debug("ignoring AlterPartition answer: the partition state changed meanwhile", { partition: this.p.name, proposed: describeIsrState(proposed), current: describeIsrState(this.state) });
  }

  /** Kafka's handleAlterPartitionUpdate; true when the committed state changed (the HW may move). */
  private handleAlterPartitionUpdate(proposed: PendingIsrChange, l: LeaderAndIsr): boolean {
    const log = this.host.logger();
    if (l.leaderEpoch !== this.p.leaderEpoch) {
      log?.debug("ignoring new ISR with a leader epoch other than ours", { partition: this.p.name, answered: l.leaderEpoch, ours: this.p.leaderEpoch });
      return false;
    }
    if (l.partitionEpoch < this.p.partitionEpoch) {
      log?.debug("ignoring new ISR older than ours", { partition: this.p.name, answered: l.partitionEpoch, ours: this.p.partitionEpoch });
      return false;
    }
    // Applied (a newer partition epoch) or nothing to do (the same): committed either way.
    this.state = committedIsr(l.isrWithEpochs.map((b) => b.brokerId), l.leaderRecoveryState);
    this.p.partitionEpoch = l.partitionEpoch;
    log?.info("ISR updated", { partition: this.p.name, isr: this.state.isr.join(","), partitionEpoch: l.partitionEpoch, underMinIsr: this.isUnderMinIsr() || undefined, change: proposed.kind });
    return true;
  }

  /** Kafka's handleAlterPartitionError: true to send the same change again. */
  private handleAlterPartitionError(proposed: PendingIsrChange, code: number): boolean {
    const log = this.host.logger();
    switch (code) {
      case ErrorCode.OPERATION_NOT_ATTEMPTED:
      case ErrorCode.INELIGIBLE_REPLICA:
        // The controller says the partition epoch is right and nothing was applied: back to the last committed state.
        this.state = proposed.lastCommitted;
        log?.info("ISR change refused by the controller; back to the last committed state", { partition: this.p.name, proposed: describeIsrState(proposed), error: errorName(code) });
        return false;
      case ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
      case ErrorCode.UNKNOWN_TOPIC_ID:
      case ErrorCode.FENCED_LEADER_EPOCH:
      case ErrorCode.INVALID_UPDATE_VERSION:
      case ErrorCode.INVALID_REQUEST:
      case ErrorCode.NEW_LEADER_ELECTED:
        // Out of date here: stay pending until the metadata brings the partition's new state.
        log?.info("ISR change failed; waiting for the latest metadata", { partition: this.p.name, proposed: describeIsrState(proposed), error: errorName(code) });
        return false;
      default:
        log?.warn("ISR change failed with an unexpected error; retrying", { partition: this.p.name, proposed: describeIsrState(proposed), error: errorName(code) });
        return true;
    }
  }

  /** This broker no longer leads the partition (Kafka's makeFollower clears the remote replicas). */
  detach(): void {
    this.detached = true;
    this.remotes.clear();
  }

  /** Back to a committed state without waiting for an answer (tests and the image's newer state). */
  resetTo(state: CommittedIsr): void {
    this.state = state;
  }
}
