// Per-producer state kept with a partition's log (Kafka's ProducerStateManager): the latest epoch,
// sequence and offset of each producer id, the timestamp of its last write, and the first offset of
// its open transaction. Rebuilt on load from the newest `.snapshot` at or below the log end plus the
// batches after it. The idempotence checks themselves (duplicate / out-of-order sequence) belong to
// the broker; it reads `lastBatches` to answer a retried batch with its original offsets.
//
// Expiry (Kafka's removeExpiredProducers): a producer with no open transaction whose last write is
// `producer.id.expiration.ms` old or older is forgotten. The log manager's scheduler calls
// removeExpiredProducers every `producer.id.expiration.check.interval.ms`, never the produce path;
// loading a snapshot skips the entries already expired, as Kafka's loadFromSnapshot does.
//
// Transactions (Kafka's ongoingTxns / unreplicatedTxns): a producer's first transactional batch opens
// its transaction (currentTxnFirstOffset, and an entry in ongoingTxns keyed by that offset); its
// COMMIT/ABORT marker completes it (update returns a CompletedTxn, which the log turns into a
// `.txnindex` entry for an abort, then calls completeTxn). A completed transaction stays unstable
// until the high watermark passes its marker (unreplicatedTxns), so firstUnstableOffset is the
// smallest first offset among the open and the completed-but-unreplicated transactions. Validation
// (epochs, coordinator epochs, a non-transactional write inside a transaction) is the caller's,
// before the append (replication/producer-append-check.ts); update only applies what was appended.
//
// Bound: Kafka keeps any number of producers per partition until they expire, so a client that
// makes up producer ids can grow a partition's map without limit for a day. Strand keeps at most
// `maxProducers` (default MAX_PRODUCERS_PER_PARTITION) per partition: when a new producer would
// exceed it, expiry is brought forward for the producers that would expire first: the idle ones
// (no open transaction) with the oldest lastTimestamp go, down to 90% of the bound, so the O(n log n)
// sweep runs once per tenth of the bound of new producers, never per batch. A forgotten producer
// loses only what expiry costs it (a retry of its last batch is appended again, not recognised).
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { EndTxnMarkerInfo } from "../protocol/records/control-batch.ts";
import { assert } from "../util/assert.ts";
import type { BatchHeader } from "./batch.ts";
import { isControl, isTransactional } from "./batch.ts";
import { CorruptSnapshotError } from "./errors.ts";
import { offsetFileName, offsetFromFileName, SNAPSHOT_SUFFIX } from "./file-names.ts";
import { readProducerSnapshotBytes, writeProducerSnapshotBytes } from "./producer-snapshot.ts";
import type { ProducerEntry } from "./producer-snapshot.ts";

/** Kafka remembers the last 5 batches of each producer (max.in.flight.requests.per.connection). */
export const BATCHES_REMEMBERED = 5;

/** Kafka's default producer.id.expiration.ms (one day). */
export const DEFAULT_PRODUCER_ID_EXPIRATION_MS = 86_400_000;

/**
 * Strand's bound on producer ids per partition (Kafka has none but expiry). 100k entries of at most
 * five remembered batches are tens of MB: far above what a partition sees from real producers in a
 * day, small enough that made-up producer ids cannot exhaust the broker's memory through one partition.
 */
export const MAX_PRODUCERS_PER_PARTITION = 100_000;

const INT32_MAX = 0x7fffffff;

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
  /** Max timestamp of the producer's last batch or marker (Kafka's lastTimestamp); -1 if none. Expiry counts from it. */
  lastTimestamp: number;
  /** Oldest first; at most BATCHES_REMEMBERED. */
  lastBatches: ProducerBatch[];
}

/** Kafka's CompletedTxn: a transaction its marker just ended. */
export interface CompletedTxn {
  producerId: bigint;
  firstOffset: number;
  /** Offset of the COMMIT/ABORT marker. */
  lastOffset: number;
  isAborted: boolean;
}

/** Kafka's TxnMetadata: an open transaction, or a completed one (lastOffset >= 0) not yet below the HW. */
export interface TxnMetadata {
  producerId: bigint;
  firstOffset: number;
  lastOffset: number;
}

export interface ProducerStateOptions {
  /** producer.id.expiration.ms (default one day). */
  producerIdExpirationMs?: number;
  /** At most this many producers per partition (default MAX_PRODUCERS_PER_PARTITION). */
  maxProducers?: number;
  /** Where a dropped corrupt snapshot is reported. */
  logger?: { warn(msg: string, fields?: Record<string, unknown>): void };
}

/** Kafka's DefaultRecordBatch.decrementSequence: sequences wrap from 2^31-1 to 0. */
function decrementSequence(sequence: number, decrement: number): number {
  return sequence < decrement ? sequence - decrement + INT32_MAX + 1 : sequence - decrement;
}

export class ProducerStateManager {
  private readonly producers = new Map<bigint, ProducerState>();
  /**
   * Open transactions by first offset. Insertion order is offset order: transactions open in log
   * order, and a snapshot's are inserted sorted. Bounded by the producers (one open each).
   */
  private readonly ongoingTxns = new Map<number, TxnMetadata>();
  /** Completed transactions whose marker is not below the high watermark yet; bounded like ongoingTxns. */
  private readonly unreplicatedTxns = new Map<number, TxnMetadata>();
  /** First offset of the latest transaction opened: the next one must start above it. */
  private lastTxnStart = -1;
  private producerIdExpirationMs: number;
  private readonly maxProducers: number;
  private readonly logger: ProducerStateOptions["logger"];
  /** Producers forgotten early because the partition held maxProducers (expiry not counted). */
  evictedCount = 0;

  constructor(
    private readonly dir: string,
    options: ProducerStateOptions = {},
  ) {
    this.producerIdExpirationMs = options.producerIdExpirationMs ?? DEFAULT_PRODUCER_ID_EXPIRATION_MS;
    this.maxProducers = Math.max(1, options.maxProducers ?? MAX_PRODUCERS_PER_PARTITION);
    this.logger = options.logger;
  }

  get size(): number {
    return this.producers.size;
  }

  get expirationMs(): number {
    return this.producerIdExpirationMs;
  }

  /** producer.id.expiration.ms changed (a dynamic cluster-wide key in Kafka). */
  setProducerIdExpirationMs(ms: number): void {
    this.producerIdExpirationMs = ms;
  }

  get(producerId: bigint): ProducerState | undefined {
    return this.producers.get(producerId);
  }

  all(): IterableIterator<ProducerState> {
    return this.producers.values();
  }

  /** Adds a producer not in the map, making room first when the partition holds maxProducers. */
  private insert(s: ProducerState): void {
    if (this.producers.size >= this.maxProducers) this.evictOldest();
    this.producers.set(s.producerId, s);
  }

  /** Forgets the idle producers with the oldest lastTimestamp, down to 90% of maxProducers. */
  private evictOldest(): void {
    const target = Math.floor(this.maxProducers * 0.9);
    let toRemove = Math.max(1, this.producers.size - target);
    const idle: number[] = [];
    for (const s of this.producers.values()) if (s.currentTxnFirstOffset < 0) idle.push(s.lastTimestamp);
    if (idle.length === 0) {
      // Every producer has an open transaction: the bound still holds, the first one goes, its
      // transaction with it (no longer holding the LSO back; a degenerate case of made-up ids).
      const first = this.producers.values().next();
      if (!first.done) {
        this.producers.delete(first.value.producerId);
        this.ongoingTxns.delete(first.value.currentTxnFirstOffset);
      }
      this.evictedCount++;
      return;
    }
    idle.sort((a, b) => a - b);
    const threshold = idle[Math.min(toRemove, idle.length) - 1]!;
    // Bounded by the map's size.
    for (const [id, s] of this.producers) {
      if (toRemove === 0) break;
      if (s.currentTxnFirstOffset >= 0 || s.lastTimestamp > threshold) continue;
      this.producers.delete(id);
      this.evictedCount++;
      toRemove--;
    }
  }

  /**
   * Applies one batch appended to (or replayed from) the log, as Kafka's ProducerAppendInfo.append
   * without its checks. `marker` is the end-transaction marker of a control batch (null for an empty
   * one: it completes nothing). Returns the transaction a marker completed, for the caller to index
   * (an abort) and then pass to completeTxn; null otherwise.
   */
  update(h: BatchHeader, marker: EndTxnMarkerInfo | null = null): CompletedTxn | null {
    if (h.producerId < 0n) return null;
    const control = isControl(h.attributes);
    if (control && marker === null) return null;
    let s = this.producers.get(h.producerId);
    if (!s) {
      s = { producerId: h.producerId, epoch: h.producerEpoch, coordinatorEpoch: -1, currentTxnFirstOffset: -1, lastTimestamp: -1, lastBatches: [] };
      this.insert(s);
    }
    // Kafka's maybeUpdateProducerEpoch: another epoch forgets the remembered batches (TV2 bumps the
    // epoch with every transaction's marker, and the next transaction starts at sequence 0).
    if (h.producerEpoch !== s.epoch) {
      s.epoch = h.producerEpoch;
      s.lastBatches = [];
    }
    s.lastTimestamp = h.maxTimestamp;
    if (control) {
      const completed: CompletedTxn | null =
        s.currentTxnFirstOffset >= 0 ? { producerId: s.producerId, firstOffset: s.currentTxnFirstOffset, lastOffset: h.baseOffset, isAborted: marker!.result === "ABORT" } : null;
      s.coordinatorEpoch = marker!.coordinatorEpoch;
      s.currentTxnFirstOffset = -1;
      return completed;
    }
    if (isTransactional(h.attributes) && s.currentTxnFirstOffset < 0) {
      s.currentTxnFirstOffset = h.baseOffset;
      this.addOngoing({ producerId: s.producerId, firstOffset: h.baseOffset, lastOffset: -1 });
    }
    if (h.baseSequence < 0) return null;
    const lastSequence = (h.baseSequence + h.lastOffsetDelta) % 0x80000000; // sequences wrap at int32
    s.lastBatches.push({ firstSequence: h.baseSequence, lastSequence, firstOffset: h.baseOffset, lastOffset: h.lastOffset, timestamp: h.maxTimestamp });
    if (s.lastBatches.length > BATCHES_REMEMBERED) s.lastBatches.shift();
    return null;
  }

  private addOngoing(t: TxnMetadata): void {
    assert(t.firstOffset > this.lastTxnStart, () => `transaction of producer ${t.producerId} opens at ${t.firstOffset}, not above the previous one at ${this.lastTxnStart}`);
    this.lastTxnStart = t.firstOffset;
    this.ongoingTxns.set(t.firstOffset, t);
  }

  /**
   * Kafka's lastStableOffset(CompletedTxn), computed before completeTxn: the first offset of the oldest
   * transaction of another producer still open, else the offset after the marker.
   */
  lastStableOffset(completed: CompletedTxn): number {
    // Bounded by the open transactions; the first one of another producer ends it.
    for (const t of this.ongoingTxns.values()) if (t.producerId !== completed.producerId) return t.firstOffset;
    return completed.lastOffset + 1;
  }

  /** Kafka's completeTxn: the transaction is decided; it stays unstable until the HW passes its marker. */
  completeTxn(completed: CompletedTxn): void {
    const t = this.ongoingTxns.get(completed.firstOffset);
    assert(t !== undefined && t.producerId === completed.producerId, () => `completing transaction of producer ${completed.producerId} at ${completed.firstOffset}, which was not started`);
    this.ongoingTxns.delete(completed.firstOffset);
    t.lastOffset = completed.lastOffset;
    this.unreplicatedTxns.set(t.firstOffset, t);
  }

  /** Completed transactions whose marker is below the high watermark are stable now. */
  onHighWatermarkUpdated(highWatermark: number): void {
    this.removeUnreplicatedTransactions(highWatermark);
  }

  onLogStartOffsetIncremented(logStartOffset: number): void {
    this.removeUnreplicatedTransactions(logStartOffset);
  }

  private removeUnreplicatedTransactions(offset: number): void {
    if (this.unreplicatedTxns.size === 0) return;
    // Bounded by the completed-but-unreplicated transactions.
    for (const [k, t] of this.unreplicatedTxns) if (t.lastOffset < offset) this.unreplicatedTxns.delete(k);
  }

  /**
   * Kafka's firstUnstableOffset: the first offset of the oldest transaction that is open, or decided
   * with its marker at or above the high watermark; null when there is none.
   */
  firstUnstableOffset(): number | null {
    const first = this.ongoingTxns.values().next();
    let fuo = first.done ? -1 : first.value.firstOffset;
    // Bounded by the unreplicated transactions (on one node: those above a lagging HW).
    for (const t of this.unreplicatedTxns.values()) if (fuo < 0 || t.firstOffset < fuo) fuo = t.firstOffset;
    return fuo < 0 ? null : fuo;
  }

  /** Kafka's firstUndecidedOffset: the oldest open transaction's first offset, or null. */
  firstUndecidedOffset(): number | null {
    const first = this.ongoingTxns.values().next();
    return first.done ? null : first.value.firstOffset;
  }

  /** The open transactions, oldest first (tests, DescribeProducers-style tools). */
  ongoingTransactions(): TxnMetadata[] {
    return [...this.ongoingTxns.values()].map((t) => ({ ...t }));
  }

  /** Kafka's isProducerExpired: no open transaction, and the last write is expiration ms old or older. */
  isExpired(s: { currentTxnFirstOffset: number; lastTimestamp: number }, nowMs: number): boolean {
    return s.currentTxnFirstOffset < 0 && nowMs - s.lastTimestamp >= this.producerIdExpirationMs;
  }

  /** Forgets every expired producer (the periodic producer-id expiration check). Returns how many. */
  removeExpiredProducers(nowMs: number): number {
    let removed = 0;
    // Bounded by the map's size (at most maxProducers); deleting while iterating a Map is safe.
    for (const [id, s] of this.producers) {
      if (!this.isExpired(s, nowMs)) continue;
      this.producers.delete(id);
      removed++;
    }
    return removed;
  }

  private toEntries(): ProducerEntry[] {
    const out: ProducerEntry[] = [];
    for (const s of this.producers.values()) {
      const last = s.lastBatches[s.lastBatches.length - 1];
      // What Kafka's ProducerStateEntry reports when it holds no batch: sequence -1, offset -1, delta 0.
      out.push({
        producerId: s.producerId,
        epoch: s.epoch,
        lastSequence: last ? last.lastSequence : -1,
        lastOffset: BigInt(last ? last.lastOffset : -1),
        offsetDelta: last ? last.lastOffset - last.firstOffset : 0,
        timestamp: BigInt(s.lastTimestamp),
        coordinatorEpoch: s.coordinatorEpoch,
        currentTxnFirstOffset: BigInt(s.currentTxnFirstOffset),
      });
    }
    return out;
  }

  private fromEntry(e: ProducerEntry): ProducerState {
    const lastOffset = Number(e.lastOffset);
    const timestamp = Number(e.timestamp);
    // As Kafka's readSnapshot: a batch is remembered when the entry has a last offset.
    const lastBatches: ProducerBatch[] =
      lastOffset >= 0
        ? [{ firstSequence: decrementSequence(e.lastSequence, e.offsetDelta), lastSequence: e.lastSequence, firstOffset: lastOffset - e.offsetDelta, lastOffset, timestamp }]
        : [];
    const txn = Number(e.currentTxnFirstOffset);
    return { producerId: e.producerId, epoch: e.epoch, coordinatorEpoch: e.coordinatorEpoch, currentTxnFirstOffset: txn >= 0 ? txn : -1, lastTimestamp: timestamp, lastBatches };
  }

  /** Writes `<offset>.snapshot` (offset = the log end offset it describes), fsynced when sync. */
  takeSnapshot(offset: number, sync = true): string {
    const path = join(this.dir, offsetFileName(offset) + SNAPSHOT_SUFFIX);
    const bytes = writeProducerSnapshotBytes(this.toEntries());
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
   * describe offsets the log no longer has) and corrupt ones (Kafka's CorruptSnapshotException:
   * logged, deleted, and the next older one tried). Producers already expired at nowMs are not
   * loaded. Returns the snapshot's offset, or -1 when none is usable (the log replay rebuilds the
   * state). An I/O error reading a snapshot propagates, as in Kafka. `keepNewer`: leave the snapshots
   * above maxOffset (recovery positions a second manager at a segment's base without the log's own
   * snapshots going).
   */
  loadLatest(maxOffset: number, nowMs = Date.now(), keepNewer = false): number {
    this.clear();
    const offsets = this.snapshotOffsets();
    if (!keepNewer) for (const o of offsets) if (o > maxOffset) this.deleteSnapshot(o);
    const candidates = offsets.filter((o) => o <= maxOffset).reverse();
    for (const o of candidates) {
      const path = join(this.dir, offsetFileName(o) + SNAPSHOT_SUFFIX);
      try {
        for (const e of readProducerSnapshotBytes(new Uint8Array(readFileSync(path)), path)) {
          const s = this.fromEntry(e);
          if (this.isExpired(s, nowMs)) continue;
          if (this.producers.has(s.producerId)) this.producers.set(s.producerId, s);
          else this.insert(s);
        }
        // Kafka's loadProducerEntry: every entry with a currentTxnFirstOffset is an open transaction.
        const open: TxnMetadata[] = [];
        for (const s of this.producers.values()) if (s.currentTxnFirstOffset >= 0) open.push({ producerId: s.producerId, firstOffset: s.currentTxnFirstOffset, lastOffset: -1 });
        open.sort((a, b) => a.firstOffset - b.firstOffset);
        // A damaged snapshot could name one offset twice: the first producer keeps it.
        for (const t of open) if (!this.ongoingTxns.has(t.firstOffset)) this.addOngoing(t);
        return o;
      } catch (e) {
        if (!(e instanceof CorruptSnapshotError)) throw e;
        // A torn snapshot (a crash while writing) or a damaged one: dropped, as Kafka does; an older
        // one or the log replay covers it.
        this.logger?.warn(`Failed to load producer snapshot from '${path}': ${e.reason}`, { snapshot: path });
        this.clear();
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
    this.ongoingTxns.clear();
    this.unreplicatedTxns.clear();
    this.lastTxnStart = -1;
  }
}
