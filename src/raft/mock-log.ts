// An in-memory ReplicatedLog (Kafka's raft MockLog) for tests and simulations: whole v2 batches in an
// array, a leader-epoch cache, truncation, a high watermark, a flushed offset that moves on flush(),
// and snapshots held as byte arrays. A simulated crash keeps the object: `crash()` drops what was not
// flushed, as a real crash loses the page cache.

import { assert } from "../util/assert.ts";
import type { LogAppendInfo, LogFetchInfo, RawSnapshotReader, RawSnapshotWriter, ReplicatedLog } from "./replicated-log.ts";
import { batchesOf } from "./raft-records.ts";
import type { OffsetAndEpoch, SnapshotId, ValidOffsetAndEpoch } from "./types.ts";

interface StoredBatch {
  baseOffset: number;
  lastOffset: number;
  epoch: number;
  bytes: Uint8Array;
}

interface EpochEntry {
  epoch: number;
  startOffset: number;
}

/** Bound on batches held: a test that needs more is leaking appends. */
const MAX_BATCHES = 1_000_000;

function key(id: SnapshotId): string {
  return `${id.offset}-${id.epoch}`;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export class MockLog implements ReplicatedLog {
  private batches: StoredBatch[] = [];
  private epochs: EpochEntry[] = [];
  private logStartOffset = 0;
  private hw = 0;
  private flushedOffset = 0;
  private readonly snapshots = new Map<string, { id: SnapshotId; bytes: Uint8Array }>();
  closed = false;

  /** Reopen after a simulated crash: unflushed records are gone, the high watermark is not persisted. */
  crash(): void {
    this.truncateUnchecked(Math.max(this.flushedOffset, this.logStartOffset));
    this.hw = this.logStartOffset;
    this.closed = false;
  }

  private get endOffsetValue(): number {
    const last = this.batches[this.batches.length - 1];
    return last ? last.lastOffset + 1 : this.logStartOffset;
  }

  appendAsLeader(batches: Uint8Array, epoch: number): LogAppendInfo {
    assert(!this.closed, () => "log closed");
    let next = this.endOffsetValue;
    const first = next;
    for (const b of batchesOf(batches)) {
      const copy = b.bytes.slice();
      const count = b.lastOffsetDelta + 1;
      const view = new DataView(copy.buffer);
      view.setBigInt64(0, BigInt(next));
      view.setInt32(12, epoch);
      this.push({ baseOffset: next, lastOffset: next + count - 1, epoch, bytes: copy });
      next += count;
    }
    assert(next > first, () => "appendAsLeader: no batch");
    return { firstOffset: first, lastOffset: next - 1 };
  }

  appendAsFollower(batches: Uint8Array, _epoch: number): LogAppendInfo {
    assert(!this.closed, () => "log closed");
    let first = -1;
    let last = -1;
    for (const b of batchesOf(batches)) {
      const base = Number(b.baseOffset);
      const lastOffset = Number(b.lastOffset);
      // Kafka's follower append requires contiguity; a batch already held (a re-sent fetch) is skipped.
      if (lastOffset < this.endOffsetValue) continue;
      assert(base === this.endOffsetValue, () => `appendAsFollower: batch at ${base}, log ends at ${this.endOffsetValue}`);
      this.push({ baseOffset: base, lastOffset, epoch: b.partitionLeaderEpoch, bytes: b.bytes.slice() });
      if (first < 0) first = base;
      last = lastOffset;
    }
    return { firstOffset: first, lastOffset: last };
  }

  private push(b: StoredBatch): void {
    assert(this.batches.length < MAX_BATCHES, () => `MockLog holds more than ${MAX_BATCHES} batches`);
    const lastEpoch = this.epochs[this.epochs.length - 1];
    if (!lastEpoch || b.epoch > lastEpoch.epoch) this.epochs.push({ epoch: b.epoch, startOffset: b.baseOffset });
    assert(!lastEpoch || b.epoch >= lastEpoch.epoch, () => `batch epoch ${b.epoch} below the log's ${lastEpoch!.epoch}`);
    this.batches.push(b);
  }

  read(startOffset: number, isolation: "UNCOMMITTED" | "COMMITTED", maxBytes: number): LogFetchInfo {
    const limit = isolation === "COMMITTED" ? this.hw : this.endOffsetValue;
    const parts: Uint8Array[] = [];
    let size = 0;
    let start = startOffset;
    for (const b of this.batches) {
      if (b.lastOffset < startOffset) continue;
      if (b.baseOffset >= limit) break;
      if (isolation === "COMMITTED" && b.lastOffset >= limit) break;
      if (parts.length > 0 && size + b.bytes.length > maxBytes) break;
      if (parts.length === 0) start = b.baseOffset;
      parts.push(b.bytes);
      size += b.bytes.length;
    }
    return { records: concat(parts), startOffset: start };
  }

  lastFetchedEpoch(): number {
    const last = this.epochs[this.epochs.length - 1];
    if (last) return last.epoch;
    return this.latestSnapshotId()?.epoch ?? 0;
  }

  endOffsetForEpoch(epoch: number): OffsetAndEpoch {
    // Kafka's LeaderEpochFileCache.endOffsetFor, then KafkaMetadataLog.endOffsetForEpoch's snapshot rule.
    const found = this.epochCacheEndOffsetFor(epoch);
    const snap = this.earliestSnapshotId();
    if (found && snap && found.offset === snap.offset && found.epoch === epoch) return { offset: snap.offset, epoch: snap.epoch };
    if (found) return found;
    return { offset: this.endOffsetValue, epoch: this.lastFetchedEpoch() };
  }

  /** null where Kafka's cache answers UNDEFINED_EPOCH_OFFSET. */
  private epochCacheEndOffsetFor(epoch: number): OffsetAndEpoch | null {
    if (epoch < 0 || this.epochs.length === 0) return null;
    const latest = this.epochs[this.epochs.length - 1]!;
    if (latest.epoch === epoch) return { offset: this.endOffsetValue, epoch };
    const higher = this.epochs.find((e) => e.epoch > epoch);
    if (!higher) return null;
    let floor: EpochEntry | null = null;
    for (const e of this.epochs) if (e.epoch <= epoch) floor = e;
    // Older than every epoch here: it ends where the first later epoch starts.
    if (!floor) return { offset: higher.startOffset, epoch };
    return { offset: higher.startOffset, epoch: floor.epoch };
  }

  validateOffsetAndEpoch(offset: number, epoch: number): ValidOffsetAndEpoch {
    return validateOffsetAndEpoch(this, offset, epoch);
  }

  endOffset(): OffsetAndEpoch {
    return { offset: this.endOffsetValue, epoch: this.lastFetchedEpoch() };
  }

  startOffset(): number {
    return this.logStartOffset;
  }

  initializeLeaderEpoch(epoch: number): void {
    const last = this.epochs[this.epochs.length - 1];
    if (!last || epoch > last.epoch) this.epochs.push({ epoch, startOffset: this.endOffsetValue });
  }

  updateHighWatermark(offset: number): void {
    this.hw = Math.max(this.logStartOffset, Math.min(offset, this.endOffsetValue));
  }

  highWatermark(): number {
    return this.hw;
  }

  truncateTo(offset: number): void {
    assert(offset >= this.hw, () => `truncateTo(${offset}) below the high watermark ${this.hw}`);
    this.truncateUnchecked(offset);
  }

  private truncateUnchecked(offset: number): void {
    if (offset >= this.endOffsetValue) return;
    // Batches are whole: truncation lands on a batch boundary at or below `offset`.
    this.batches = this.batches.filter((b) => b.lastOffset < offset);
    const end = this.endOffsetValue;
    this.epochs = this.epochs.filter((e) => e.startOffset < end);
    if (this.flushedOffset > end) this.flushedOffset = end;
  }

  truncateToLatestSnapshot(): boolean {
    // Kafka's KafkaMetadataLog: only when the snapshot is ahead of the log (a newer epoch, or further on).
    const snap = this.latestSnapshotId();
    const latestEpoch = this.epochs[this.epochs.length - 1]?.epoch ?? 0;
    if (!snap || !(snap.epoch > latestEpoch || (snap.epoch === latestEpoch && snap.offset > this.endOffsetValue))) return false;
    this.batches = [];
    this.epochs = [];
    this.logStartOffset = snap.offset;
    this.hw = snap.offset;
    this.flushedOffset = snap.offset;
    return true;
  }

  async flush(): Promise<void> {
    this.flushedOffset = this.endOffsetValue;
  }

  lastFlushedOffset(): number {
    return this.flushedOffset;
  }

  createNewSnapshot(snapshotId: SnapshotId): RawSnapshotWriter | null {
    if (snapshotId.offset < this.logStartOffset) return null;
    // As KafkaMetadataLog: a snapshot of this log holds only what it committed.
    assert(snapshotId.offset <= this.hw, () => `cannot create a snapshot at ${snapshotId.offset}, past the high watermark ${this.hw}`);
    return this.createNewSnapshotUnchecked(snapshotId);
  }

  createNewSnapshotUnchecked(snapshotId: SnapshotId): RawSnapshotWriter | null {
    if (this.snapshots.has(key(snapshotId))) return null;
    const parts: Uint8Array[] = [];
    let size = 0;
    let done = false;
    const log = this;
    return {
      snapshotId,
      append(batches: Uint8Array) {
        assert(!done, () => "snapshot writer closed");
        parts.push(batches.slice());
        size += batches.length;
      },
      get sizeInBytes() {
        return size;
      },
      async freeze() {
        done = true;
        log.snapshots.set(key(snapshotId), { id: snapshotId, bytes: concat(parts) });
      },
      close() {
        done = true;
      },
    };
  }

  readSnapshot(snapshotId: SnapshotId): RawSnapshotReader | null {
    const s = this.snapshots.get(key(snapshotId));
    if (!s) return null;
    return {
      snapshotId: s.id,
      sizeInBytes: s.bytes.length,
      slice: (position, maxBytes) => s.bytes.subarray(position, Math.min(s.bytes.length, position + maxBytes)),
    };
  }

  private sortedSnapshots(): SnapshotId[] {
    return [...this.snapshots.values()].map((s) => s.id).sort((a, b) => a.offset - b.offset || a.epoch - b.epoch);
  }

  latestSnapshotId(): SnapshotId | null {
    const all = this.sortedSnapshots();
    return all[all.length - 1] ?? null;
  }

  earliestSnapshotId(): SnapshotId | null {
    return this.sortedSnapshots()[0] ?? null;
  }

  deleteBeforeSnapshot(snapshotId: SnapshotId): boolean {
    if (!this.snapshots.has(key(snapshotId)) || snapshotId.offset > this.hw || snapshotId.offset <= this.logStartOffset) return false;
    this.batches = this.batches.filter((b) => b.baseOffset >= snapshotId.offset);
    // A batch straddling the snapshot offset keeps the log start at its base (whole batches only).
    this.logStartOffset = this.batches[0] ? Math.min(snapshotId.offset, this.batches[0].baseOffset) : snapshotId.offset;
    if (this.logStartOffset === snapshotId.offset) {
      this.epochs = this.epochs.filter((e, i) => i === this.epochs.length - 1 || this.epochs[i + 1]!.startOffset > snapshotId.offset);
      for (const e of this.epochs) if (e.startOffset < snapshotId.offset) e.startOffset = snapshotId.offset;
    }
    for (const s of this.sortedSnapshots()) if (s.offset < snapshotId.offset) this.snapshots.delete(key(s));
    if (this.flushedOffset < this.logStartOffset) this.flushedOffset = this.logStartOffset;
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** Every batch held (tests compare logs). */
  allBatches(): readonly StoredBatch[] {
    return this.batches;
  }
}

/**
 * Kafka's ReplicatedLog.validateOffsetAndEpoch, shared by every ReplicatedLog: a position before the log
 * start (or at it with another epoch, or older than the oldest snapshot) gets the latest snapshot; one
 * whose epoch ends earlier here gets DIVERGING with where that epoch ends; else VALID.
 */
export function validateOffsetAndEpoch(log: ReplicatedLog, offset: number, epoch: number): ValidOffsetAndEpoch {
  if (log.startOffset() === 0 && offset === 0) return { kind: "VALID", offsetAndEpoch: { offset: 0, epoch: 0 } };
  const earliest = log.earliestSnapshotId();
  if (earliest && (offset < log.startOffset() || (offset === log.startOffset() && epoch !== earliest.epoch) || epoch < earliest.epoch)) {
    const latest = log.latestSnapshotId();
    assert(latest !== null, () => "a log with a snapshot has a latest snapshot");
    return { kind: "SNAPSHOT", offsetAndEpoch: latest };
  }
  const end = log.endOffsetForEpoch(epoch);
  if (end.epoch !== epoch || end.offset < offset) return { kind: "DIVERGING", offsetAndEpoch: end };
  return { kind: "VALID", offsetAndEpoch: { offset, epoch } };
}
