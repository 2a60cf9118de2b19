// One share partition on the partition's leader (Kafka's kafka.server.share.SharePartition): which
// records of (groupId, topic-partition) are in flight, each AVAILABLE, ACQUIRED (by a member, with an
// acquisition lock), ACKNOWLEDGED or ARCHIVED, with its delivery count.
//
// Behaviour, as 4.4.0's SharePartition:
// - maybeInitialize: Persister.readState once; a start offset of -1 (state initialised by the group
//   coordinator without offsets) is resolved by share.auto.offset.reset (earliest / latest /
//   by_duration); the persisted batches become in-flight state (an offset between them that was never
//   persisted is AVAILABLE, delivery count 0); a read error fails the partition (Kafka's error mapping);
// - acquire: from the first AVAILABLE offset (nextFetchOffset), over the log batches read: AVAILABLE
//   in-flight records and new records past the end offset, whole log batches (batch-optimised mode) or
//   exactly max_records (record-limit mode, ShareFetch v2), up to max_records and to
//   share.partition.max.record.locks records in flight; each acquired range holds one lock on the
//   broker's timing wheel for share.record.lock.duration.ms; delivery count + 1;
// - acknowledge: all-or-nothing per partition: offsets below the start offset are ignored, every other
//   offset must be in flight, ACQUIRED, by this member (INVALID_RECORD_STATE with Kafka's messages);
//   ACCEPT -> ACKNOWLEDGED, RELEASE -> AVAILABLE, REJECT / GAP -> ARCHIVED, RENEW -> a fresh lock; a
//   released record at share.delivery.count.limit is ARCHIVED; the change is written through
//   Persister.writeState (the changed ranges and the start offset) and undone if the write fails;
// - a lock that expires releases its records as RELEASE does and writes the state;
// - the start offset moves past every acknowledged / archived record at the front (Kafka's
//   maybeUpdateCachedStateAndOffsets), and the in-flight window is trimmed to it.
// In-flight state is kept per offset in arrays over [startOffset, endOffset] (bounded by the max record
// locks plus one log batch), not as objects per record.
//
// - read_committed (share.isolation.level): the fetch reads up to the last stable offset and the batches
//   of aborted transactions are archived, not acquired (record-batches.ts markAborted).
// Left out: delivery throttling near the limit, the DLQ (KIP-1191).

import { ErrorCode } from "../../protocol/errors.ts";
import type { Persister } from "../../coordinator/share/persister.ts";
import type { StateBatch } from "../../protocol/generated/messages/write-share-group-state-request.ts";
import type { Timer } from "../../util/purgatory/index.ts";
import { AcquisitionLockTimerTask } from "./acquisition-lock.ts";
import { AcknowledgeType, RecordState, isTerminal, type ShareAcknowledgementBatch } from "./record-state.ts";
import { FIRST_PAST_END, LAST_PAST_END, NOT_ACQUIRED, NOT_FOUND, NOT_OWNER, persistedBatches, readErrorCode, type OffsetChange } from "./share-partition-state.ts";
import type { AcquiredRange, BatchSpan, PartitionOffsets, SharePartitionConfig, ShareResult } from "./share-partition-types.ts";

export type { SharePartitionConfig, PartitionOffsets, BatchSpan, AcquiredRange, ShareResult } from "./share-partition-types.ts";

const OK: ShareResult = { errorCode: ErrorCode.NONE, errorMessage: null };
export type SharePartitionState = "EMPTY" | "INITIALIZING" | "ACTIVE" | "FAILED" | "FENCED";

export class SharePartition {
  state: SharePartitionState = "EMPTY";
  startOffset = 0;
  /** Last offset in flight; startOffset - 1 when nothing is. */
  endOffset = -1;
  stateEpoch = 0;
  private initializing: Promise<ShareResult> | null = null;
  // Per offset from startOffset: state, delivery count, owning member, lock id (0: none).
  private st: number[] = [];
  private dc: number[] = [];
  private owner: (string | null)[] = [];
  private lockOf: number[] = [];
  /** Each lock's task and how many offsets still hold it (cancelled at 0). */
  private readonly locks = new Map<number, { task: AcquisitionLockTimerTask; held: number }>();
  private nextLockId = 1;
  /** Writes in order: a later write must not overtake an earlier one at the persister. */
  private writeChain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly groupId: string,
    readonly topicId: string,
    readonly partition: number,
    readonly leaderEpoch: number,
    private readonly timer: Timer,
    private readonly persister: Persister,
    private readonly config: () => SharePartitionConfig,
    private readonly offsets: PartitionOffsets,
    /** Told when records become available again (a delayed share fetch may now complete). */
    private readonly onAvailable: () => void = () => {},
  ) {}

  /** Kafka's maybeInitialize: read the persisted state once; later calls share the first answer. */
  maybeInitialize(): Promise<ShareResult> {
    if (this.state === "ACTIVE") return Promise.resolve(OK);
    if (this.state === "FENCED") return Promise.resolve({ errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, errorMessage: null });
    this.initializing ??= this.initialize();
    return this.initializing;
  }

  private async initialize(): Promise<ShareResult> {
    this.state = "INITIALIZING";
    const res = await this.persister.readState({ groupId: this.groupId, topics: [{ topicId: this.topicId, partitions: [{ partition: this.partition, leaderEpoch: this.leaderEpoch }] }] });
    const p = res.results[0]?.partitions[0];
    if (p === undefined || p.errorCode !== ErrorCode.NONE) {
      this.state = "FAILED";
      return { errorCode: readErrorCode(p?.errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR), errorMessage: p?.errorMessage ?? null };
    }
    this.stateEpoch = p.stateEpoch;
    const start = p.startOffset < 0n ? this.offsetFromReset() : Number(p.startOffset);
    this.startOffset = start;
    this.endOffset = start - 1;
    for (const b of p.stateBatches) {
      const first = Math.max(Number(b.firstOffset), start);
      const last = Number(b.lastOffset);
      if (last < first) continue;
      this.extendTo(last, RecordState.AVAILABLE);
      // A record persisted while acquired comes back available (the lock died with the old leader).
      const state = b.deliveryState === RecordState.ACQUIRED ? RecordState.AVAILABLE : b.deliveryState;
      for (let o = first; o <= last; o++) {
        this.st[o - start] = state;
        this.dc[o - start] = b.deliveryCount;
      }
    }
    this.state = "ACTIVE";
    this.advanceStartOffset();
    return OK;
  }

  private offsetFromReset(): number {
    const r = this.config().autoOffsetReset;
    if (r.type === "earliest") return this.offsets.logStartOffset();
    if (r.type === "latest") return this.offsets.logEndOffset();
    return this.offsets.offsetForTimestamp(Date.now() - r.durationMs);
  }

  /** Grows the window to `last` with new records in `state` (delivery count 0). */
  private extendTo(last: number, state: number): void {
    for (let o = this.endOffset + 1; o <= last; o++) {
      this.st.push(state);
      this.dc.push(0);
      this.owner.push(null);
      this.lockOf.push(0);
    }
    if (last > this.endOffset) this.endOffset = last;
  }

  get inFlightRecords(): number {
    return this.endOffset - this.startOffset + 1;
  }

  /** Kafka's nextFetchOffset: the first AVAILABLE in-flight offset, else the one after the end. */
  nextFetchOffset(): number {
    for (let i = 0; i < this.st.length; i++) if (this.st[i] === RecordState.AVAILABLE) return this.startOffset + i;
    return this.endOffset + 1;
  }

  /** Kafka's canAcquireRecords: an available record in flight, or room for new ones. */
  canAcquireRecords(): boolean {
    if (this.state !== "ACTIVE") return false;
    return this.nextFetchOffset() <= this.endOffset || this.inFlightRecords < this.config().maxInFlightRecords;
  }

  /** A record state (tests, describe). */
  recordState(offset: number): { state: number; deliveryCount: number; memberId: string | null } | null {
    const i = offset - this.startOffset;
    if (i < 0 || i >= this.st.length) return null;
    return { state: this.st[i]!, deliveryCount: this.dc[i]!, memberId: this.owner[i]! };
  }

  /**
   * Acquires records of the batches read from the log for `memberId`. `recordLimit`: ShareFetch v2's
   * record-limit mode (exactly maxRecords); else whole batches (Kafka's batch-optimised default).
   */
  acquire(memberId: string, batches: readonly BatchSpan[], maxRecords: number, batchSize: number, recordLimit = false): AcquiredRange[] {
    if (this.state !== "ACTIVE" || maxRecords <= 0) return [];
    const cfg = this.config();
    const acquired: number[] = [];
    for (const b of batches) {
      if (acquired.length >= maxRecords) break;
      if (b.lastOffset < this.startOffset) continue;
      if (b.lastOffset > this.endOffset) {
        // Nothing in flight and the log skips offsets (compacted away, deleted): the start offset jumps
        // to the batch rather than tracking the gap.
        if (this.st.length === 0 && b.baseOffset > this.endOffset + 1) {
          this.startOffset = b.baseOffset;
          this.endOffset = b.baseOffset - 1;
        }
        // New records only while the in-flight window has room (checked at batch starts): this also
        // bounds a gap tracked below.
        if (Math.max(b.baseOffset, this.endOffset + 1) - this.startOffset >= cfg.maxInFlightRecords) break;
      }
      // Offsets between the end and this batch hold no record (compacted away): archived.
      if (b.baseOffset > this.endOffset + 1) this.extendTo(b.baseOffset - 1, RecordState.ARCHIVED);
      this.extendTo(b.lastOffset, RecordState.AVAILABLE);
      for (let o = Math.max(b.baseOffset, this.startOffset); o <= b.lastOffset; o++) {
        if (recordLimit && acquired.length >= maxRecords) break;
        const i = o - this.startOffset;
        if (this.st[i] !== RecordState.AVAILABLE) continue;
        if (b.archive === true) {
          this.st[i] = RecordState.ARCHIVED;
          continue;
        }
        this.st[i] = RecordState.ACQUIRED;
        this.dc[i]! += 1;
        this.owner[i] = memberId;
        acquired.push(o);
      }
    }
    const ranges = this.toRanges(acquired, Math.max(1, batchSize));
    for (const r of ranges) this.lock(r.firstOffset, r.lastOffset, cfg.recordLockDurationMs);
    // Aborted records archived at the front move the start offset.
    this.advanceStartOffset();
    return ranges;
  }

  /** Sorted offsets as contiguous ranges of one delivery count, at most `batchSize` records each. */
  private toRanges(offsets: readonly number[], batchSize: number): AcquiredRange[] {
    const out: AcquiredRange[] = [];
    for (const o of offsets) {
      const count = this.dc[o - this.startOffset]!;
      const last = out[out.length - 1];
      if (last !== undefined && last.lastOffset + 1 === o && last.deliveryCount === count && o - last.firstOffset < batchSize) last.lastOffset = o;
      else out.push({ firstOffset: o, lastOffset: o, deliveryCount: count });
    }
    return out;
  }

  private lock(first: number, last: number, durationMs: number): void {
    const id = this.nextLockId++;
    for (let o = first; o <= last; o++) this.lockOf[o - this.startOffset] = id;
    const task = new AcquisitionLockTimerTask(this.timer.clock.deadlineAfterMs(durationMs), this, id, first, last);
    this.locks.set(id, { task, held: last - first + 1 });
    this.timer.add(task);
  }

  /** The offset at index `i` lets go of its lock; the lock is cancelled once no offset holds it. */
  private unlockOffset(i: number): void {
    const id = this.lockOf[i]!;
    this.lockOf[i] = 0;
    if (id === 0) return;
    const lock = this.locks.get(id);
    if (lock === undefined || --lock.held > 0) return;
    lock.task.cancel();
    this.locks.delete(id);
  }

  /** An acquisition lock expired: its records still acquired under it are released (Kafka's releaseAcquisitionLockOnTimeout). */
  onLockTimeout(task: AcquisitionLockTimerTask): void {
    this.locks.delete(task.lockId);
    if (this.state !== "ACTIVE") return;
    const changes: OffsetChange[] = [];
    const limit = this.config().deliveryCountLimit;
    for (let o = Math.max(task.firstOffset, this.startOffset); o <= Math.min(task.lastOffset, this.endOffset); o++) {
      const i = o - this.startOffset;
      if (this.lockOf[i] !== task.lockId || this.st[i] !== RecordState.ACQUIRED) continue;
      changes.push(this.snapshot(o));
      this.lockOf[i] = 0;
      this.release(i, limit);
    }
    if (changes.length === 0) return;
    this.advanceStartOffset();
    void this.persist(changes);
    this.onAvailable();
  }

  /** Back to AVAILABLE, or ARCHIVED at the delivery count limit (read once per operation by the caller). */
  private release(i: number, deliveryCountLimit: number): void {
    this.owner[i] = null;
    this.st[i] = this.dc[i]! >= deliveryCountLimit ? RecordState.ARCHIVED : RecordState.AVAILABLE;
  }

  private snapshot(offset: number): OffsetChange {
    const i = offset - this.startOffset;
    return { offset, state: this.st[i]!, deliveryCount: this.dc[i]!, memberId: this.owner[i]!, lockId: this.lockOf[i]! };
  }

  /** Kafka's acknowledge: validate every batch, apply them, write the state; undone when the write fails. */
  async acknowledge(memberId: string, batches: readonly ShareAcknowledgementBatch[]): Promise<ShareResult> {
    if (this.state !== "ACTIVE") return { errorCode: this.state === "FENCED" ? ErrorCode.NOT_LEADER_OR_FOLLOWER : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: null };
    for (const b of batches) {
      if (b.lastOffset < this.startOffset) continue;
      // Kafka: nothing in flight is INVALID_RECORD_STATE; offsets past the in-flight ones INVALID_REQUEST.
      if (this.inFlightRecords <= 0) return { errorCode: ErrorCode.INVALID_RECORD_STATE, errorMessage: NOT_FOUND };
      if (b.firstOffset > this.endOffset) return { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: FIRST_PAST_END };
      if (b.lastOffset > this.endOffset) return { errorCode: ErrorCode.INVALID_REQUEST, errorMessage: LAST_PAST_END };
      for (let o = Math.max(b.firstOffset, this.startOffset); o <= b.lastOffset; o++) {
        const i = o - this.startOffset;
        if (this.st[i] !== RecordState.ACQUIRED) return { errorCode: ErrorCode.INVALID_RECORD_STATE, errorMessage: NOT_ACQUIRED };
        if (this.owner[i] !== memberId) return { errorCode: ErrorCode.INVALID_RECORD_STATE, errorMessage: NOT_OWNER };
      }
    }
    const changes: OffsetChange[] = [];
    const renewed: number[] = [];
    let released = false;
    const limit = this.config().deliveryCountLimit;
    for (const b of batches) {
      for (let o = Math.max(b.firstOffset, this.startOffset); o <= b.lastOffset; o++) {
        const i = o - this.startOffset;
        const type = b.acknowledgeTypes.length === 1 ? b.acknowledgeTypes[0]! : b.acknowledgeTypes[o - b.firstOffset]!;
        if (type === AcknowledgeType.RENEW) {
          renewed.push(o);
          continue;
        }
        changes.push(this.snapshot(o));
        this.unlockOffset(i);
        if (type === AcknowledgeType.ACCEPT) {
          this.st[i] = RecordState.ACKNOWLEDGED;
          this.owner[i] = null;
        } else if (type === AcknowledgeType.RELEASE) {
          this.release(i, limit);
          released ||= this.st[i] === RecordState.AVAILABLE;
        } else {
          this.st[i] = RecordState.ARCHIVED;
          this.owner[i] = null;
        }
      }
    }
    for (const o of renewed) this.unlockOffset(o - this.startOffset);
    for (const r of this.toRanges(renewed, Number.MAX_SAFE_INTEGER)) this.lock(r.firstOffset, r.lastOffset, this.config().recordLockDurationMs);
    if (changes.length === 0) return OK;
    const startBefore = this.startOffset;
    this.advanceStartOffset();
    const result = await this.persist(changes);
    if (result.errorCode !== ErrorCode.NONE) this.rollback(changes, startBefore);
    // Released records, or a start offset moved past accepted ones (room under
    // share.partition.max.record.locks again): a fetch waiting on a full window can acquire now.
    else if (released || this.startOffset > startBefore) this.onAvailable();
    return result;
  }

  /** Puts back the offsets a failed write changed (those still in the window and not changed since). */
  private rollback(changes: readonly OffsetChange[], startBefore: number): void {
    if (startBefore < this.startOffset) {
      // The window moved past some of them: grow it back at the front.
      const n = this.startOffset - startBefore;
      this.st.unshift(...new Array<number>(n).fill(RecordState.ACKNOWLEDGED));
      this.dc.unshift(...new Array<number>(n).fill(0));
      this.owner.unshift(...new Array<string | null>(n).fill(null));
      this.lockOf.unshift(...new Array<number>(n).fill(0));
      this.startOffset = startBefore;
    }
    for (const c of changes) {
      const i = c.offset - this.startOffset;
      if (i < 0 || i >= this.st.length) continue;
      this.st[i] = c.state;
      this.dc[i] = c.deliveryCount;
      this.owner[i] = c.memberId;
      // The old lock may be gone; a record put back as acquired gets a fresh one.
      if (c.state === RecordState.ACQUIRED) this.lock(c.offset, c.offset, this.config().recordLockDurationMs);
    }
  }

  /** Releases every record `memberId` holds (its share session closed or it left the group). */
  async releaseAcquiredRecords(memberId: string): Promise<ShareResult> {
    if (this.state !== "ACTIVE") return OK;
    const changes: OffsetChange[] = [];
    const limit = this.config().deliveryCountLimit;
    for (let i = 0; i < this.st.length; i++) {
      if (this.st[i] !== RecordState.ACQUIRED || this.owner[i] !== memberId) continue;
      changes.push(this.snapshot(this.startOffset + i));
      this.unlockOffset(i);
      this.release(i, limit);
    }
    if (changes.length === 0) return OK;
    this.advanceStartOffset();
    const r = await this.persist(changes);
    this.onAvailable();
    return r;
  }

  /** Kafka's maybeUpdateCachedStateAndOffsets: move the start offset past the terminal prefix. */
  private advanceStartOffset(): void {
    let n = 0;
    while (n < this.st.length && isTerminal(this.st[n]!)) n++;
    if (n === 0) return;
    this.st.splice(0, n);
    this.dc.splice(0, n);
    this.owner.splice(0, n);
    this.lockOf.splice(0, n);
    this.startOffset += n;
  }

  /**
   * The log start moved past the start offset (retention, DeleteRecords): those records are gone
   * (Kafka's updateCacheAndOffsets on OFFSET_OUT_OF_RANGE).
   */
  updateCacheAndOffsets(logStartOffset: number): void {
    if (logStartOffset <= this.startOffset) return;
    const n = Math.min(logStartOffset - this.startOffset, this.st.length);
    for (let i = 0; i < n; i++) this.unlockOffset(i);
    this.st.splice(0, n);
    this.dc.splice(0, n);
    this.owner.splice(0, n);
    this.lockOf.splice(0, n);
    this.startOffset = logStartOffset;
    if (this.endOffset < logStartOffset - 1) this.endOffset = logStartOffset - 1;
  }

  /** Records in a terminal state still in the window (WriteShareGroupState's DeliveryCompleteCount). */
  private deliveryCompleteCount(): number {
    let n = 0;
    for (const s of this.st) if (isTerminal(s)) n++;
    return n;
  }

  /** Kafka's writeShareGroupState: the changed offsets' new states and the start offset, in order. */
  private persist(changes: readonly OffsetChange[]): Promise<ShareResult> {
    const batches: StateBatch[] = persistedBatches(changes.map((c) => c.offset).filter((o) => o >= this.startOffset).map((o) => this.snapshot(o)));
    const request = {
      groupId: this.groupId,
      topics: [{ topicId: this.topicId, partitions: [{ partition: this.partition, stateEpoch: this.stateEpoch, leaderEpoch: this.leaderEpoch, startOffset: BigInt(this.startOffset), deliveryCompleteCount: this.deliveryCompleteCount(), stateBatches: batches }] }],
    };
    const write = this.writeChain.then(() => this.persister.writeState(request));
    this.writeChain = write.catch(() => undefined);
    return write.then(
      (res) => {
        const p = res.results[0]?.partitions[0];
        if (p === undefined) return { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: null };
        return p.errorCode === ErrorCode.NONE ? OK : { errorCode: readErrorCode(p.errorCode), errorMessage: p.errorMessage };
      },
      () => ({ errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: "Failed to write the share group state" }),
    );
  }

  /** No longer the leader (or removed): locks cancelled, nothing more is served or written. */
  close(): void {
    this.state = "FENCED";
    for (const l of this.locks.values()) l.task.cancel();
    this.locks.clear();
  }
}
