// One partition hosted by this broker (Kafka's kafka.cluster.Partition): its assignment as the metadata
// image states it (leader, leader epoch, partition epoch, replicas, ISR), its log, and the offsets it
// exposes: log start, high watermark, log end. This class is the only place the high watermark of a
// produced-to partition moves (the metadata log keeps its own raft high watermark; the group
// coordinator's __consumer_offsets appends still set theirs until its runtime appends through
// ReplicaManager).
//
// The high watermark as leader: at most what the leader's own log allows, which is its log end, except
// - with strand.log.fsync.before.ack (broker) or the topic's fsync setting, where it is what is on disk
//   (group commit), so a consumer never reads a record a crash could lose;
// - while a forced flush (flush.messages / flush.ms) is pending, where it moves once that flush has
//   returned (Kafka flushes inside the append, before the high watermark moves);
// and, with followers, at most the smallest log end of the maximal ISR and of the caught-up eligible
// followers, and not at all while the ISR is below min.insync.replicas (the LEADER SIDE section below,
// state and rules in partition-leader.ts). On a single node (no followers) that leaves the log end.
// Every move is checked (util/assert.ts): log start <= high watermark <= log end. Reads never move it.
// That rule is the leader's (and a leaderless partition's, whose appends may still wait for a sync).
// As a follower (another broker leads) the high watermark and log start come from the leader's fetch
// answers and appends keep the leader's offsets: the follower section at the end (follower-log.ts),
// driven by the replica fetcher; appendRecordsToLeader refuses with NOT_LEADER_OR_FOLLOWER.
//
// Durability is reached through the LogDurability seam (the Log itself in the broker; tests inject one
// whose syncs they settle by hand). When the high watermark moves, or a sync the partition waits for
// settles, the host's tryCompleteDelayedRequests runs (delayed produces and fetches re-check).
//
// Sharding: a Partition holds no state shared with other partitions (its host callbacks are the only
// way out), so a worker that owns a subset of partitions owns their Partition objects outright.

import { BATCH_HEADER_SIZE, CONTROL_FLAG_MASK, readBatchHeader, TRANSACTIONAL_FLAG_MASK, type BatchHeader } from "../protocol/records/batch-header.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { endTxnMarkerOf } from "../storage/control-record.ts";
import type { PartitionImage } from "../metadata/image.ts";
import { concatParts, type BatchParts } from "../protocol/records/batch-parts.ts";
import type { Log, ReadResult } from "../storage/log.ts";
import type { ProducerBatch } from "../storage/producer-state.ts";
import { assert } from "../util/assert.ts";
import { checkDataBatchTxnState, checkEndTxnMarker, checkProducerEpoch } from "./producer-append-check.ts";
import { checkProducerSequence, type ProducedBatchIds } from "./producer-sequence.ts";
import { ProducePartitionError } from "./errors.ts";
import { LeaderError, NotLeaderOrFollowerError } from "./leader-errors.ts";
import { OffsetOutOfRangeError } from "../storage/errors.ts";
import { PartitionLeader, type LeaderHost } from "./partition-leader.ts";
import type { ReplicaState } from "./replica-state.ts";
import { endOffsetForEpoch, type OffsetAndEpoch } from "./follower-records.ts";
import { appendAsFollower, followLeaderLogStartOffset, updateFollowerHighWatermark, type FollowerAppendInfo } from "./follower-log.ts";

/** Who appends (Kafka's AppendOrigin): clients get every idempotence check; coordinators epochs only. */
export type AppendOrigin = "client" | "coordinator";

/** What the high-watermark rule needs of the log's durability (group commit and forced flushes). */
export interface LogDurability {
  /** Offsets below this are on disk. */
  readonly durableOffset: number;
  /** The offset a pending forced flush must reach before the latest append is exposed, or -1. */
  readonly pendingFlushOffset: number;
  /** Resolves once every offset below `offset` is on disk (group commit). */
  waitDurable(offset: number): Promise<void>;
  /** Resolves once the forced flush up to `offset` has returned. */
  waitFlushed(offset: number): Promise<void>;
}

export interface PartitionHost {
  /** strand.log.fsync.before.ack of the broker's static configuration (the topic's own is in log.config). */
  brokerFsyncBeforeAck(): boolean;
  /** The high watermark moved or a durability wait settled: re-check delayed produces and fetches. */
  tryCompleteDelayedRequests(partition: Partition): void;
  /** The leader side of replication (followers' state, ISR changes); absent: a partition never has followers. */
  leaderHost?: LeaderHost;
}

export interface LeaderAppendInfo {
  firstOffset: number;
  /** The offset after the last appended (or, for a duplicate, originally appended) record. */
  endOffset: number;
  /** The LogAppendTime stamped, or the duplicate's original timestamp; -1 under CreateTime. */
  logAppendTimeMs: number;
  logStartOffset: number;
  /** -1, or the offset a forced flush must reach before this append is answered (acks 1 and -1). */
  flushOffset: number;
  /** An idempotent retry of a batch already in the log: answered with its offsets, not appended. */
  duplicate: boolean;
}

export class Partition {
  readonly topic: string;
  readonly partition: number;
  topicId = "";
  leaderId = -1;
  leaderEpoch = -1;
  partitionEpoch = -1;
  replicas: readonly number[] = [];
  /** The ISR the image stated; as leader, the committed ISR is the leader state's (see `isr`). */
  private imageIsr: readonly number[] = [];
  /** LEADER SIDE: the followers' state and the ISR while this broker leads; null as follower. */
  private leader: PartitionLeader | null = null;
  /** The purgatory key delayed operations on this partition watch. */
  readonly watchKey: string;
  private readonly durability: LogDurability;
  /** Durability waits running (bounded: one per append awaiting a sync, each settles with its sync). */
  private durabilityWaits = 0;
  /** This broker's id, from the last applyAssignment (-1 before the first). */
  private localBrokerId = -1;
  /**
   * Kafka's BrokerTopicMetrics, counted where the partition is already in hand (ReplicaManager's append
   * and fetch answers): plain number fields, no lookup or allocation per request; summed per topic at
   * scrape time. Record bytes appended as leader, records appended, record bytes sent to consumers
   * (BytesOutPerSec) and to followers (ReplicationBytesOutPerSec).
   */
  bytesIn = 0;
  messagesIn = 0;
  bytesOut = 0;
  replicationBytesOut = 0;

  constructor(
    readonly log: Log,
    private readonly host: PartitionHost,
    watchKey: string,
    durability?: LogDurability,
  ) {
    this.topic = log.tp.topic;
    this.partition = log.tp.partition;
    this.watchKey = watchKey;
    this.durability = durability ?? log;
  }

  get name(): string {
    return this.log.name;
  }
  get highWatermark(): number {
    return this.log.highWatermark;
  }
  get logStartOffset(): number {
    return this.log.logStartOffset;
  }
  /** Kafka's lastStableOffset: below it no record belongs to an open transaction, and all is below the HW. */
  get lastStableOffset(): number {
    return this.log.lastStableOffset;
  }
  get logEndOffset(): number {
    return this.log.logEndOffset;
  }
  get durableOffset(): number {
    return this.durability.durableOffset;
  }
  get isOffline(): boolean {
    return this.log.isOffline;
  }

  /** In-sync replicas: the leader's committed ISR (it may be newer than the image's), else the image's. */
  get isr(): readonly number[] {
    return this.leader?.isr ?? this.imageIsr;
  }

  fsyncBeforeAck(): boolean {
    return this.log.config.fsyncBeforeAck || this.host.brokerFsyncBeforeAck();
  }

  /**
   * Takes the assignment the metadata image states (Kafka's makeLeader / makeFollower). As leader, the
   * high watermark catches up at once with what the rule allows (a checkpointed one may lag the log end).
   * Returns true when the leader epoch moved up (Kafka's isNewLeaderEpoch): a follower then restarts its
   * fetcher.
   */
  applyAssignment(state: PartitionImage, localBrokerId: number): boolean {
    // Kafka's makeLeader / makeFollower skip a state older than the partition epoch held (an
    // AlterPartition answer may have brought a newer one before the metadata did).
    if (state.partitionEpoch < this.partitionEpoch) return false;
    this.localBrokerId = localBrokerId;
    const unchanged = state.partitionEpoch === this.partitionEpoch && state.leaderEpoch === this.leaderEpoch && state.leader === this.leaderId;
    const wasLeader = this.leaderId === localBrokerId && this.leader !== null;
    const isNewLeaderEpoch = state.leaderEpoch > this.leaderEpoch;
    this.topicId = state.topicId;
    this.leaderId = state.leader;
    this.leaderEpoch = state.leaderEpoch;
    this.partitionEpoch = state.partitionEpoch;
    this.replicas = state.replicas;
    this.imageIsr = state.isr;
    if (state.leader === localBrokerId && !this.log.isOffline) {
      // Kafka's makeLeader: the new leader epoch starts at the log end in the epoch cache before any
      // append, so ListOffsets earliest on an empty partition answers epoch 0 and OffsetForLeaderEpoch
      // knows the epoch. A known epoch is not assigned again. The leader-epoch-checkpoint gets it with
      // the next append or flush, not one file write per partition at start-up.
      this.log.epochs.assignWithoutWrite(state.leaderEpoch, this.log.logEndOffset);
      // LEADER SIDE: followers and ISR. The image is published whole, so a partition whose state did
      // not change keeps its pending ISR change (Kafka only calls makeLeader for changed partitions).
      if (!unchanged || this.leader === null) {
        const lh = this.host.leaderHost;
        const leader = this.leader ?? new PartitionLeader(this, lh ?? SINGLE_NODE_HOST, localBrokerId);
        leader.update(state.replicas, state.isr, !wasLeader, isNewLeaderEpoch || !wasLeader, this.log.logEndOffset);
        this.leader = leader;
      }
      this.maybeIncrementHighWatermark();
    } else {
      this.leader?.detach();
      this.leader = null;
    }
    return isNewLeaderEpoch;
  }

  /**
   * Another broker leads: the leader's rule for the high watermark does not apply here (it comes from
   * the leader's fetch responses). A partition with no leader at all is neither: appends that wait for
   * their sync there still move the high watermark (a controlled shutdown of the only replica).
   */
  get isLeader(): boolean {
    return this.localBrokerId >= 0 && this.leaderId === this.localBrokerId;
  }

  get isFollower(): boolean {
    return this.leaderId >= 0 && this.leaderId !== this.localBrokerId;
  }

  /**
   * Appends validated batches as leader (Kafka's appendRecordsToLeader): idempotence and transaction
   * checks over the log's producer state (a duplicate is answered with its original offsets; see
   * producer-append-check.ts), Log.append, then the high watermark as the rule allows. Synchronous, so
   * appends keep the order they were called in. Origin "coordinator" (markers, coordinator records)
   * skips the sequence checks, as Kafka's AppendOrigin.COORDINATOR. `transactionVersion` is a marker's
   * (WriteTxnMarkers v2), 0 when not given. With `requiredAcks` -1, an ISR smaller than the effective
   * min.insync.replicas refuses the append first (NOT_ENOUGH_REPLICAS, as Kafka). Throws
   * ProducePartitionError (min ISR / sequence / epoch / txn state), InvalidBatchError,
   * OffsetOverflowError, LogOfflineError or LogClosedError.
   */
  appendRecordsToLeader(
    records: Uint8Array | BatchParts,
    batch: ProducedBatchIds,
    nowMs: number,
    crcVerified: boolean,
    header?: BatchHeader,
    origin: AppendOrigin = "client",
    transactionVersion = 0,
    requiredAcks = 1,
  ): LeaderAppendInfo {
    const log = this.log;
    const d = this.durability;
    if (this.isFollower) throw new ProducePartitionError(ErrorCode.NOT_LEADER_OR_FOLLOWER, `${log.name} is led by ${this.leaderId}, not ${this.localBrokerId}`);
    if (requiredAcks === -1 && this.leader?.hasFollowers) {
      const minIsr = this.leader.effectiveMinIsr();
      const isr = this.leader.isr;
      if (isr.length < minIsr) {
        throw new ProducePartitionError(ErrorCode.NOT_ENOUGH_REPLICAS, `The size of the current ISR [${isr.join(", ")}] is insufficient to satisfy the min.isr requirement of ${minIsr} for partition ${log.name}`);
      }
    }
    const dup = this.checkProducerState(records, batch, header, origin, transactionVersion);
    if (dup !== null) {
      this.maybeIncrementHighWatermark();
      const endOffset = dup.lastOffset + 1;
      const flushOffset = endOffset > d.durableOffset ? d.pendingFlushOffset : -1;
      // The retry waits like the original would have: wake it when the pending forced flush returns.
      if (flushOffset >= 0) this.settleAfter(() => d.waitFlushed(flushOffset));
      return { firstOffset: dup.firstOffset, endOffset, logAppendTimeMs: dup.timestamp, logStartOffset: log.logStartOffset, flushOffset, duplicate: true };
    }
    // Offsets are checked monotonic inside Log.append (base = previous log end, last >= base).
    const r = log.append(records, { leaderEpoch: this.leaderEpoch, crcVerified, header, nowMs });
    const endOffset = r.lastOffset + 1;
    const flushOffset = d.pendingFlushOffset;
    if (this.fsyncBeforeAck()) {
      this.advanceAfter(() => d.waitDurable(endOffset), endOffset);
      // acks=1 waits for the forced flush only: wake it when that flush returns.
      if (flushOffset >= 0) this.settleAfter(() => d.waitFlushed(flushOffset));
    } else if (flushOffset >= 0) {
      this.advanceAfter(() => d.waitFlushed(flushOffset), endOffset);
    } else {
      this.raiseHighWatermark(endOffset);
      this.host.tryCompleteDelayedRequests(this);
    }
    return { firstOffset: r.firstOffset, endOffset, logAppendTimeMs: r.logAppendTimeMs, logStartOffset: r.logStartOffset, flushOffset, duplicate: false };
  }

  /**
   * Kafka's analyzeAndValidateProducerState for the one batch of an append: the remembered batch a
   * client's retry duplicates, or null to append. Throws ProducePartitionError.
   */
  private checkProducerState(records: Uint8Array | BatchParts, batch: ProducedBatchIds, header: BatchHeader | undefined, origin: AppendOrigin, transactionVersion: number): ProducerBatch | null {
    if (batch.producerId < 0n) return null;
    const log = this.log;
    const state = log.producers.get(batch.producerId);
    const offset = log.logEndOffset;
    const h = header ?? headerOf(records);
    // A batch too short for a header: Log.append refuses it (InvalidBatchError).
    if (h === null) return null;
    if ((h.attributes & CONTROL_FLAG_MASK) !== 0) {
      if (origin === "client") throw new ProducePartitionError(ErrorCode.INVALID_RECORD, `Clients are not allowed to write control records in topic partition ${log.name}`);
      const bytes = records instanceof Uint8Array ? records : concatParts(records);
      const marker = endTxnMarkerOf(bytes, 0, h);
      if (marker === null) return null; // an empty control batch completes nothing
      checkEndTxnMarker(state, batch.producerId, batch.producerEpoch, marker, transactionVersion, log.name, offset);
      return null;
    }
    if (origin === "client") {
      const seq = checkProducerSequence(state, batch, log.name, offset);
      if (seq.kind === "duplicate") return seq.batch;
    } else {
      checkProducerEpoch(state, batch.producerId, batch.producerEpoch, -1, log.name, offset);
    }
    checkDataBatchTxnState(state, batch.producerId, (h.attributes & TRANSACTIONAL_FLAG_MASK) !== 0, log.name, offset);
    return null;
  }

  /**
   * Whole batches from `fetchOffset`, never beyond the high watermark (read_uncommitted consumers) or
   * the last stable offset (read_committed). Does not move either.
   */
  read(fetchOffset: number, maxBytes: number, minOneBatch: boolean, upTo: "highWatermark" | "lastStable" | "logEnd" = "highWatermark"): ReadResult {
    return this.log.read(fetchOffset, maxBytes, upTo, minOneBatch);
  }

  /**
   * DeleteRecords as leader (Kafka's deleteRecordsOnLeader): moves the log start (at most to the high
   * watermark); returns the low watermark, which reaches the offset once every follower followed.
   */
  deleteRecordsOnLeader(offset: number): number {
    this.log.setLogStartOffset(offset);
    // Fetches waiting below the new log start answer OFFSET_OUT_OF_RANGE now.
    this.host.tryCompleteDelayedRequests(this);
    return this.lowWatermarkIfLeader();
  }

  /**
   * Kafka's lowWatermarkIfLeader: the least log start of this leader and of its followers on live
   * brokers (partition-leader.ts); the log start alone without followers. Only for a partition led here.
   */
  lowWatermarkIfLeader(): number {
    // Callers reach this through ReplicaManager.getPartitionOrError, which answers NOT_LEADER_OR_FOLLOWER.
    const start = this.log.logStartOffset;
    return this.leader === null ? start : this.leader.lowWatermark(start);
  }

  /**
   * Moves the high watermark as far as the rule allows (see the file comment); when what is appended
   * is not durable yet and no wait runs, waits for it (group commit / the forced flush) and moves then.
   * True when it moved now (delayed operations were re-checked).
   */
  maybeIncrementHighWatermark(): boolean {
    const log = this.log;
    const end = log.logEndOffset;
    // A follower's high watermark is the leader's (updateFollowerHighWatermark).
    if (this.isFollower || log.highWatermark >= end) return false;
    const fsync = this.fsyncBeforeAck();
    const d = this.durability;
    const flushAt = fsync ? -1 : d.pendingFlushOffset;
    if (!fsync && flushAt < 0) {
      const moved = this.raiseHighWatermark(end);
      if (moved) this.host.tryCompleteDelayedRequests(this);
      return moved;
    }
    const durable = Math.min(d.durableOffset, end);
    const moved = durable > log.highWatermark && this.raiseHighWatermark(durable);
    if (moved) this.host.tryCompleteDelayedRequests(this);
    if (durable >= end || this.durabilityWaits > 0) return moved;
    this.advanceAfter(fsync ? () => d.waitDurable(end) : () => d.waitFlushed(flushAt), end);
    return moved;
  }

  /**
   * The high watermark to `localEnd` (what the leader's own log allows: its log end, or its durable
   * offset under fsync-before-ack / a pending forced flush), capped by the followers (partition-leader.ts:
   * the maximal ISR's smallest log end; no move while under min ISR). Never back. True when it moved.
   */
  private raiseHighWatermark(localEnd: number): boolean {
    const log = this.log;
    const target = this.leader === null || !this.leader.hasFollowers ? localEnd : Math.min(localEnd, this.leader.highWatermarkBound(localEnd));
    if (target <= log.highWatermark) return false;
    this.moveHighWatermark(target);
    return true;
  }

  /** Once `sync` resolves, the high watermark moves to `offset` (never back); either way delayed ops re-check. */
  private advanceAfter(sync: () => Promise<void>, offset: number): void {
    this.durabilityWaits++;
    started(sync).then(
      () => {
        this.durabilityWaits--;
        const log = this.log;
        if (log.isOffline || this.isFollower) return this.host.tryCompleteDelayedRequests(this);
        if (offset > log.highWatermark) this.raiseHighWatermark(Math.min(offset, log.logEndOffset));
        // Appended meanwhile and no wait of its own (a duplicate, a catch-up): keep going until the
        // high watermark reaches the log end. Each further round waits for a real sync or flush.
        if (log.highWatermark < log.logEndOffset && this.durabilityWaits === 0) this.maybeIncrementHighWatermark();
        this.host.tryCompleteDelayedRequests(this);
      },
      () => {
        // The sync failed and took the log offline: waiting produces settle with KAFKA_STORAGE_ERROR.
        this.durabilityWaits--;
        this.host.tryCompleteDelayedRequests(this);
      },
    );
  }

  private settleAfter(sync: () => Promise<void>): void {
    const wake = (): void => this.host.tryCompleteDelayedRequests(this);
    started(sync).then(wake, wake);
  }

  // ---- LEADER SIDE of replication (Kafka's Partition.scala leader half; state in partition-leader.ts) ----

  /** The leader's followers and ISR state; null unless this broker leads the partition. */
  get leaderState(): PartitionLeader | null {
    return this.leader;
  }

  /**
   * Kafka's followerReplicaOrThrow: the state of follower `replicaId`. A replica not in the assignment
   * gets UNKNOWN_LEADER_EPOCH when the fetch named a leader epoch (it may not know the reassignment yet,
   * and retries), NOT_LEADER_OR_FOLLOWER otherwise.
   */
  followerReplica(replicaId: number, currentLeaderEpoch: number): ReplicaState {
    const r = this.leader?.replica(replicaId);
    if (r) return r;
    const msg = `Replica ${replicaId} is not recognized as a valid replica of ${this.name} in leader epoch ${this.leaderEpoch} with partition epoch ${this.partitionEpoch}`;
    if (currentLeaderEpoch !== -1) throw new LeaderError(ErrorCode.UNKNOWN_LEADER_EPOCH, msg);
    throw new NotLeaderOrFollowerError(msg);
  }

  /**
   * Kafka's updateFollowerFetchState, after a follower's read at `fetchOffset` (its log end): records
   * it (NOT_LEADER_OR_FOLLOWER for a stale broker epoch), may propose it for the ISR, and moves the high
   * watermark when its log end moved.
   */
  updateFollowerFetchState(r: ReplicaState, fetchOffset: number, followerStartOffset: number, fetchTimeMs: number, leaderEndOffset: number, brokerEpoch: bigint): void {
    const leader = this.leader;
    if (!leader) throw new NotLeaderOrFollowerError(`Leader not local for partition ${this.name}`);
    const before = r.logEndOffset;
    // Only a follower's log start moves the low watermark: compare when it moved (O(replicas) then).
    const startBefore = r.logStartOffset;
    const lowBefore = followerStartOffset !== startBefore ? leader.lowWatermark(this.log.logStartOffset) : 0;
    leader.updateFollowerFetchState(r, fetchOffset, followerStartOffset, fetchTimeMs, leaderEndOffset, brokerEpoch);
    leader.maybeExpandIsr(r);
    const hwMoved = before !== r.logEndOffset && this.maybeIncrementHighWatermark();
    // A waiting DeleteRecords may be satisfied (Kafka's leaderLWIncremented); a moved HW re-checked already.
    if (!hwMoved && r.logStartOffset !== startBefore && leader.lowWatermark(this.log.logStartOffset) > lowBefore) this.host.tryCompleteDelayedRequests(this);
  }

  /** Kafka's maybeShrinkIsr (the broker's isr-expiration task). */
  maybeShrinkIsr(): void {
    if (this.log.isOffline) return;
    this.leader?.maybeShrinkIsr();
  }

  /**
   * Kafka's checkEnoughReplicasReachOffset for an acks=-1 produce: null while the high watermark is
   * below `requiredOffset`, else 0, or NOT_ENOUGH_REPLICAS_AFTER_APPEND when the maximal ISR shrank
   * below min.insync.replicas while it waited.
   */
  checkEnoughReplicasReachOffset(requiredOffset: number): number | null {
    if (this.highWatermark < requiredOffset) return null;
    const leader = this.leader;
    if (leader === null || !leader.hasFollowers) return 0;
    return leader.effectiveMinIsr() <= leader.isrState.maximalIsr.length ? 0 : ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND;
  }

  /**
   * Kafka's readRecords check of a fetch's last fetched epoch (KIP-595 / KIP-320): null when the fetch
   * continues this log; else the epoch and end offset the fetcher must truncate to (FetchResponse's
   * DivergingEpoch). Throws OffsetOutOfRangeError when the epoch's end is unknown or the offset is
   * below the log start.
   */
  divergingEpoch(lastFetchedEpoch: number, fetchOffset: number): { epoch: number; endOffset: number } | null {
    const log = this.log;
    const e = log.epochs.endOffsetFor(lastFetchedEpoch, log.logEndOffset);
    if (e.epoch === -1 || e.endOffset === -1) throw new OffsetOutOfRangeError(fetchOffset, log.logStartOffset, log.logEndOffset);
    if (fetchOffset < log.logStartOffset) throw new OffsetOutOfRangeError(fetchOffset, log.logStartOffset, log.logEndOffset);
    return e.epoch < lastFetchedEpoch || e.endOffset < fetchOffset ? e : null;
  }

  private moveHighWatermark(offset: number): void {
    const log = this.log;
    assert(offset <= log.logEndOffset, () => `${log.name}: high watermark ${offset} above the log end ${log.logEndOffset}`);
    log.setHighWatermark(offset);
    const hw = log.highWatermark;
    assert(hw >= log.logStartOffset && hw <= log.logEndOffset, () => `${log.name}: high watermark ${hw} outside [${log.logStartOffset}, ${log.logEndOffset}]`);
  }

  // ---------------------------------------------------------------------------------------------------
  // Follower side (Kafka's makeFollower, appendRecordsToFollowerOrFutureReplica, and what
  // ReplicaFetcherThread.processPartitionData / truncate do to the log). The replica fetcher calls these
  // while another broker leads; none of them follows the leader's high-watermark rule.
  // ---------------------------------------------------------------------------------------------------

  /** The epoch of the latest entry of the leader-epoch cache (Kafka's latestEpoch), -1 when none. */
  get latestEpoch(): number {
    return this.log.epochs.latestEpoch();
  }

  /** Kafka's UnifiedLog.endOffsetForEpoch over this log's leader-epoch cache (null: unknown here). */
  endOffsetForEpoch(epoch: number): OffsetAndEpoch | null {
    return endOffsetForEpoch(this.log.epochs.all, epoch, this.log.logEndOffset);
  }

  /**
   * Appends what the leader sent, keeping its offsets and leader epochs (Kafka's appendAsFollower; see
   * follower-log.ts). Null when `records` holds no whole batch. Throws InvalidBatchError (corrupt or
   * out of order), LogOfflineError, LogClosedError.
   */
  appendRecordsToFollower(records: Uint8Array, nowMs: number): FollowerAppendInfo | null {
    return appendAsFollower(this.log, records, nowMs);
  }

  /**
   * The follower's high watermark from a fetch response (Kafka's UnifiedLog.maybeUpdateHighWatermark):
   * the leader's, bounded by this log's end and start; it may move down. True when it changed;
   * delayed operations re-check then.
   */
  updateFollowerHighWatermark(leaderHighWatermark: number): boolean {
    if (!updateFollowerHighWatermark(this.log, leaderHighWatermark)) return false;
    this.host.tryCompleteDelayedRequests(this);
    return true;
  }

  /** The leader's log start offset from a fetch response (Kafka's maybeIncrementLogStartOffset; follower-log.ts). */
  maybeIncrementLogStartOffset(leaderLogStartOffset: number): boolean {
    return followLeaderLogStartOffset(this.log, leaderLogStartOffset);
  }

  /** Removes every offset >= `offset` (a diverging epoch, or the leader's log ends there). */
  truncateTo(offset: number): void {
    this.log.truncateTo(offset);
    this.host.tryCompleteDelayedRequests(this);
  }

  /** Drops the whole log and restarts it, empty, at `offset` (this replica is below the leader's log start). */
  truncateFullyAndStartAt(offset: number, nowMs: number): void {
    this.log.truncateFullyAndStartAt(offset, nowMs);
    this.host.tryCompleteDelayedRequests(this);
  }
}

/** The header of the first batch of an append, or null when the bytes are too short to hold one. */
function headerOf(records: Uint8Array | BatchParts): BatchHeader | null {
  const bytes = records instanceof Uint8Array ? records : records.header;
  return bytes.length >= BATCH_HEADER_SIZE ? readBatchHeader(bytes, 0) : null;
}

/** Runs `sync`, turning a synchronous throw (log offline or closed) into a rejected promise. */
function started(sync: () => Promise<void>): Promise<void> {
  try {
    return sync();
  } catch (e) {
    return Promise.reject(e);
  }
}

/** The leader host of a partition without a replication-aware broker (tests): no followers ever join. */
const SINGLE_NODE_HOST: LeaderHost = {
  nowMs: () => Date.now(),
  replicaLagTimeMaxMs: () => 30_000,
  minInsyncReplicas: () => 1,
  brokerLiveness: () => undefined,
  localBrokerEpoch: () => -1n,
  submitAlterPartition: () => Promise.reject(new LeaderError(ErrorCode.OPERATION_NOT_ATTEMPTED, "no AlterPartition manager on this broker")),
  logger: () => undefined,
};
