// A segment's `.txnindex` (Kafka's TransactionIndex): one 34-byte entry per aborted transaction whose
// ABORT marker lies in the segment, in marker order, laid out as Kafka's AbortedTxn:
//   version int16 (0) | producerId int64 | firstOffset int64 | lastOffset int64 | lastStableOffset int64
// firstOffset is the transaction's first record (it may lie in an earlier segment), lastOffset its
// ABORT marker, lastStableOffset the partition's LSO right after the abort completed (UnifiedLog
// computes it with ProducerStateManager.lastStableOffset): a read_committed fetch below it needs no
// later segment's entries.
//
// The file is opened on first use (Kafka creates it only when an entry is written; Strand's segments
// create an empty one so the layout matches Kafka's tools, see segment.ts). Entries are few (one per
// aborted transaction), so reads go through the whole file with positioned reads; a torn last entry
// (a crash mid-write) is ignored by readers, as Kafka's iterator ignores fewer than 34 trailing bytes,
// and recovery rebuilds the index of every re-read segment.
import { closeSync, constants, existsSync, fstatSync, fsync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { assert } from "../util/assert.ts";
import type { AbortedTxnInfo } from "./log-types.ts";

export const ABORTED_TXN_SIZE = 34;
export const ABORTED_TXN_VERSION = 0;

export class CorruptTxnIndexError extends Error {
  override readonly name = "CorruptTxnIndexError";
}

/** Kafka's AbortedTxn bytes for one entry. */
export function encodeAbortedTxn(t: AbortedTxnInfo): Uint8Array {
  const out = new Uint8Array(ABORTED_TXN_SIZE);
  const v = new DataView(out.buffer);
  v.setInt16(0, ABORTED_TXN_VERSION);
  v.setBigInt64(2, t.producerId);
  v.setBigInt64(10, BigInt(t.firstOffset));
  v.setBigInt64(18, BigInt(t.lastOffset));
  v.setBigInt64(26, BigInt(t.lastStableOffset));
  return out;
}

/** One entry at `pos`; throws CorruptTxnIndexError for a version Kafka 4.4 does not know (as Kafka does). */
export function decodeAbortedTxn(buf: Uint8Array, pos: number, file: string): AbortedTxnInfo {
  const v = new DataView(buf.buffer, buf.byteOffset + pos, ABORTED_TXN_SIZE);
  const version = v.getInt16(0);
  if (version > ABORTED_TXN_VERSION) {
    throw new CorruptTxnIndexError(`Unexpected aborted transaction version ${version} in transaction index ${file}, current version is ${ABORTED_TXN_VERSION}`);
  }
  return {
    producerId: v.getBigInt64(2),
    firstOffset: Number(v.getBigInt64(10)),
    lastOffset: Number(v.getBigInt64(18)),
    lastStableOffset: Number(v.getBigInt64(26)),
  };
}

/** Kafka's TxnIndexSearchResult: the entries found, and whether no later segment can hold more. */
export interface TxnIndexSearchResult {
  abortedTransactions: AbortedTxnInfo[];
  isComplete: boolean;
}

export class TransactionIndex {
  private fd = -1;
  /** Bytes of whole entries in the file. */
  private size = 0;
  /** Last offset of the last entry, -1 when none (appends must increase it, as Kafka checks). */
  private lastOffset = -1;

  constructor(
    readonly startOffset: number,
    private filePath: string,
  ) {}

  get path(): string {
    return this.filePath;
  }

  get entries(): number {
    this.open(false);
    return this.size / ABORTED_TXN_SIZE;
  }

  /** Opens the file (creating it when `create`); a missing file is an empty index. */
  private open(create: boolean): boolean {
    if (this.fd >= 0) return true;
    if (!create && !existsSync(this.filePath)) return false;
    this.fd = openSync(this.filePath, constants.O_RDWR | constants.O_CREAT, 0o644);
    const bytes = fstatSync(this.fd).size;
    this.size = bytes - (bytes % ABORTED_TXN_SIZE);
    this.lastOffset = -1;
    if (this.size > 0) {
      const last = new Uint8Array(ABORTED_TXN_SIZE);
      readSync(this.fd, last, 0, ABORTED_TXN_SIZE, this.size - ABORTED_TXN_SIZE);
      this.lastOffset = decodeAbortedTxn(last, 0, this.filePath).lastOffset;
    }
    return true;
  }

  append(t: AbortedTxnInfo): void {
    this.open(true);
    if (this.lastOffset >= 0 && this.lastOffset >= t.lastOffset) {
      throw new Error(`The last offset of appended transactions must increase sequentially, but ${t.lastOffset} is not greater than current last offset ${this.lastOffset} of index ${this.filePath}`);
    }
    assert(t.firstOffset <= t.lastOffset, () => `${this.filePath}: aborted transaction first offset ${t.firstOffset} above its marker ${t.lastOffset}`);
    const bytes = encodeAbortedTxn(t);
    let written = 0;
    // Bounded: each write takes > 0 bytes or throws.
    while (written < bytes.length) {
      const n = writeSync(this.fd, bytes, written, bytes.length - written, this.size + written);
      if (n <= 0) throw new Error(`write to ${this.filePath} made no progress`);
      written += n;
    }
    this.size += ABORTED_TXN_SIZE;
    this.lastOffset = t.lastOffset;
  }

  /** Every entry, in file order (bounded by the file: one entry per aborted transaction in the segment). */
  all(): AbortedTxnInfo[] {
    if (!this.open(false) || this.size === 0) return [];
    const buf = new Uint8Array(this.size);
    let read = 0;
    while (read < this.size) {
      const n = readSync(this.fd, buf, read, this.size - read, read);
      if (n <= 0) break;
      read += n;
    }
    const out: AbortedTxnInfo[] = [];
    for (let p = 0; p + ABORTED_TXN_SIZE <= read; p += ABORTED_TXN_SIZE) out.push(decodeAbortedTxn(buf, p, this.filePath));
    return out;
  }

  /**
   * Kafka's collectAbortedTxns: the entries overlapping [fetchOffset, upperBoundOffset), and complete
   * once an entry's LSO reaches the upper bound (no later segment can hold an overlapping abort).
   */
  collectAbortedTxns(fetchOffset: number, upperBoundOffset: number): TxnIndexSearchResult {
    const found: AbortedTxnInfo[] = [];
    for (const t of this.all()) {
      if (t.lastOffset >= fetchOffset && t.firstOffset < upperBoundOffset) found.push(t);
      if (t.lastStableOffset >= upperBoundOffset) return { abortedTransactions: found, isComplete: true };
    }
    return { abortedTransactions: found, isComplete: false };
  }

  /** Drops the entries whose marker is at or above `offset` (Kafka's truncateTo). */
  truncateTo(offset: number): void {
    const all = this.all();
    const keep = all.findIndex((t) => t.lastOffset >= offset);
    if (keep < 0) return;
    ftruncateSync(this.fd, keep * ABORTED_TXN_SIZE);
    this.size = keep * ABORTED_TXN_SIZE;
    this.lastOffset = keep > 0 ? all[keep - 1]!.lastOffset : -1;
  }

  /** Empties the index (recovery rebuilds it). */
  reset(): void {
    if (!this.open(false)) return;
    ftruncateSync(this.fd, 0);
    this.size = 0;
    this.lastOffset = -1;
  }

  /** Kafka's sanityCheck: every entry's marker lies in this segment or later. Returns why not, or null. */
  sanityCheck(): string | null {
    for (const t of this.all()) {
      if (t.lastOffset < this.startOffset) return `Last offset of aborted transaction ${JSON.stringify({ ...t, producerId: String(t.producerId) })} in index ${this.filePath} is less than start offset ${this.startOffset}`;
    }
    return null;
  }

  sync(): Promise<void> {
    if (this.fd < 0) return Promise.resolve();
    const fd = this.fd;
    return new Promise((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve())));
  }

  /** fsync on the calling thread (the cleaner's worker). */
  syncBlocking(): void {
    if (this.fd >= 0) fsyncSync(this.fd);
  }

  rename(to: string): void {
    if (existsSync(this.filePath)) renameSync(this.filePath, to);
    this.filePath = to;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  deleteIfExists(): void {
    this.close();
    rmSync(this.filePath, { force: true });
  }
}
