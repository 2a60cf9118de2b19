// Per-producer state kept with a partition's log: the latest epoch, sequence and offset of each
// producer id, and the first offset of its open transaction. Rebuilt on load from the newest
// `.snapshot` at or below the log end plus the batches after it. The idempotence checks themselves
// (duplicate / out-of-order sequence) belong to the broker; it reads `lastBatches` to answer a
// retried batch with its original offsets.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { BatchHeader } from "./batch.ts";
import { isControl, isTransactional } from "./batch.ts";
import { offsetFileName, offsetFromFileName, SNAPSHOT_SUFFIX } from "./file-names.ts";
import { decodeProducerSnapshot, encodeProducerSnapshot } from "./producer-snapshot.ts";
import type { SnapshotEntry } from "./producer-snapshot.ts";

/** Kafka remembers the last 5 batches of each producer (max.in.flight.requests.per.connection). */
export const BATCHES_REMEMBERED = 5;

export interface ProducerBatch {
  firstSequence: number;
  lastSequence: number;
  firstOffset: number;
  lastOffset: number;
  timestamp: number;
}

export interface ProducerState {
  producerId: bigint;
  epoch: number;
  coordinatorEpoch: number;
  currentTxnFirstOffset: number;
  /** Oldest first; at most BATCHES_REMEMBERED. */
  lastBatches: ProducerBatch[];
}

export class ProducerStateManager {
  private readonly producers = new Map<bigint, ProducerState>();

  constructor(private readonly dir: string) {}

  get size(): number {
    return this.producers.size;
  }

  get(producerId: bigint): ProducerState | undefined {
    return this.producers.get(producerId);
  }

  all(): IterableIterator<ProducerState> {
    return this.producers.values();
  }

  /** Applies one batch appended to (or replayed from) the log. */
  update(h: BatchHeader): void {
    if (h.producerId < 0n) return;
    let s = this.producers.get(h.producerId);
    if (!s || h.producerEpoch > s.epoch) {
      s = { producerId: h.producerId, epoch: h.producerEpoch, coordinatorEpoch: s?.coordinatorEpoch ?? -1, currentTxnFirstOffset: -1, lastBatches: [] };
      this.producers.set(h.producerId, s);
    }
    if (isControl(h.attributes)) {
      // A commit/abort marker ends the transaction. (Its coordinator epoch is in the record value,
      // which the storage layer does not decode; the transaction work will pass it in.)
      s.currentTxnFirstOffset = -1;
      return;
    }
    if (isTransactional(h.attributes) && s.currentTxnFirstOffset < 0) s.currentTxnFirstOffset = h.baseOffset;
    if (h.baseSequence < 0) return;
    const lastSequence = (h.baseSequence + h.lastOffsetDelta) % 0x80000000; // sequences wrap at int32
    s.lastBatches.push({ firstSequence: h.baseSequence, lastSequence, firstOffset: h.baseOffset, lastOffset: h.lastOffset, timestamp: h.maxTimestamp });
    if (s.lastBatches.length > BATCHES_REMEMBERED) s.lastBatches.shift();
  }

  private toEntries(): SnapshotEntry[] {
    const out: SnapshotEntry[] = [];
    for (const s of this.producers.values()) {
      const last = s.lastBatches[s.lastBatches.length - 1];
      out.push({
        producerId: s.producerId,
        epoch: s.epoch,
        lastSequence: last ? last.lastSequence : -1,
        lastOffset: last ? last.lastOffset : -1,
        offsetDelta: last ? last.lastOffset - last.firstOffset : 0,
        timestamp: last ? last.timestamp : -1,
        coordinatorEpoch: s.coordinatorEpoch,
        currentTxnFirstOffset: s.currentTxnFirstOffset,
      });
    }
    return out;
  }

  /** Writes `<offset>.snapshot` (offset = the log end offset it describes), fsynced when sync. */
  takeSnapshot(offset: number, sync = true): string {
    const path = join(this.dir, offsetFileName(offset) + SNAPSHOT_SUFFIX);
    const bytes = encodeProducerSnapshot(this.toEntries());
    const fd = openSync(path, "w");
    try {
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off); // bounded: progresses or throws
      if (sync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return path;
  }

  snapshotOffsets(): number[] {
    return readdirSync(this.dir)
      .map((n) => offsetFromFileName(n, SNAPSHOT_SUFFIX))
      .filter((o) => o >= 0)
      .sort((a, b) => a - b);
  }

  /**
   * Loads the newest readable snapshot at or below maxOffset, deleting those above it (they
   * describe offsets the log no longer has) and unreadable ones. Returns its offset, or -1.
   */
  loadLatest(maxOffset: number): number {
    this.producers.clear();
    const offsets = this.snapshotOffsets();
    for (const o of offsets) if (o > maxOffset) this.deleteSnapshot(o);
    const candidates = offsets.filter((o) => o <= maxOffset).reverse();
    for (const o of candidates) {
      const path = join(this.dir, offsetFileName(o) + SNAPSHOT_SUFFIX);
      try {
        for (const e of decodeProducerSnapshot(new Uint8Array(readFileSync(path)), path)) {
          const batch: ProducerBatch[] =
            e.lastSequence >= 0
              ? [{ firstSequence: Math.max(0, e.lastSequence - e.offsetDelta), lastSequence: e.lastSequence, firstOffset: e.lastOffset - e.offsetDelta, lastOffset: e.lastOffset, timestamp: e.timestamp }]
              : [];
          this.producers.set(e.producerId, { producerId: e.producerId, epoch: e.epoch, coordinatorEpoch: e.coordinatorEpoch, currentTxnFirstOffset: e.currentTxnFirstOffset, lastBatches: batch });
        }
        return o;
      } catch {
        // A torn snapshot (crash while writing) is dropped, as Kafka does; an older one or the log replay covers it.
        this.producers.clear();
        this.deleteSnapshot(o);
      }
    }
    return -1;
  }

  deleteSnapshot(offset: number): void {
    rmSync(join(this.dir, offsetFileName(offset) + SNAPSHOT_SUFFIX), { force: true });
  }

  /** Deletes snapshots below offset, keeping the newest one below it (Kafka keeps it for recovery). */
  deleteSnapshotsBelow(offset: number): void {
    for (const o of this.snapshotOffsets()) if (o < offset) this.deleteSnapshot(o);
  }

  clear(): void {
    this.producers.clear();
  }
}
