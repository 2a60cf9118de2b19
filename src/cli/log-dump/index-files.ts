// `strand log dump` of a segment's `.index`, `.timeindex`, `.txnindex` and `.snapshot` files, as Kafka's
// DumpLogSegments prints them (dumpIndex, dumpTimeIndex, dumpTxnIndex, dumpProducerIdSnapshot).
// The offset and time indexes are checked against their `.log` as Kafka checks them (each entry names
// the last offset of a batch); mismatches are collected for the report printed after every file.
import { closeSync, openSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readProducerSnapshotBytes } from "../../storage/producer-snapshot.ts";
import { ABORTED_TXN_SIZE, decodeAbortedTxn } from "../../storage/transaction-index.ts";
import { CorruptSnapshotError } from "../../storage/errors.ts";
import { RecordBatchView } from "../../protocol/records/batch-view.ts";
import { LOG_OVERHEAD, MAGIC_OFFSET } from "../../protocol/records/batch-header.ts";
import { fileBatches, readAt } from "./file-batches.ts";
import { INT32_MAX, type DumpSink } from "./segment.ts";

const OFFSET_ENTRY_BYTES = 8;
const TIME_ENTRY_BYTES = 12;
/** Kafka's RecordBatch.NO_TIMESTAMP. */
const NO_TIMESTAMP = -1n;

export class CorruptIndexError extends Error {
  override readonly name = "CorruptIndexError";
}

/** Index problems found, per file (absolute path), printed on stderr after the dump. */
export interface IndexReport {
  /** .index: index offset -> the batch's last offset (Kafka prints them by index offset, highest first). */
  offsetMismatches: Map<string, Map<bigint, bigint>>;
  timeMismatches: Map<string, Array<[bigint, bigint]>>;
  outOfOrder: Map<string, Array<[bigint, bigint]>>;
  shallowNotFound: Map<string, Array<[bigint, bigint]>>;
}

export function newIndexReport(): IndexReport {
  return { offsetMismatches: new Map(), timeMismatches: new Map(), outOfOrder: new Map(), shallowNotFound: new Map() };
}

function push(m: Map<string, Array<[bigint, bigint]>>, file: string, pair: [bigint, bigint]): void {
  const list = m.get(file) ?? [];
  list.push(pair);
  m.set(file, list);
}

function baseOffsetOf(path: string): bigint {
  return BigInt(basename(path).split(".")[0]!);
}

function sibling(path: string, suffix: string): string {
  return join(dirname(path), basename(path).split(".")[0]! + suffix);
}

interface IndexEntries {
  bytes: Uint8Array;
  dv: DataView;
  entries: number;
}

/** The whole file as entries, as Kafka maps a read-only index: length rounded down to whole entries. */
function readEntries(path: string, entryBytes: number): IndexEntries {
  const bytes = new Uint8Array(readFileSync(path));
  return { bytes, dv: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), entries: Math.floor(bytes.length / entryBytes) };
}

function offsetEntry(ix: IndexEntries, base: bigint, i: number): { offset: bigint; position: number } {
  return { offset: base + BigInt(ix.dv.getInt32(i * OFFSET_ENTRY_BYTES)), position: ix.dv.getInt32(i * OFFSET_ENTRY_BYTES + 4) };
}

function timeEntry(ix: IndexEntries, base: bigint, i: number): { timestamp: bigint; offset: bigint } {
  return { timestamp: ix.dv.getBigInt64(i * TIME_ENTRY_BYTES), offset: base + BigInt(ix.dv.getInt32(i * TIME_ENTRY_BYTES + 8)) };
}

/** The batch starting at `position` of the log (null past its end). */
function batchAt(fd: number, position: number): RecordBatchView | null {
  const head = readAt(fd, position, LOG_OVERHEAD);
  if (head.length < LOG_OVERHEAD) return null;
  const size = new DataView(head.buffer).getInt32(8) + LOG_OVERHEAD;
  const bytes = readAt(fd, position, size);
  return bytes.length === size && size > MAGIC_OFFSET + 1 ? new RecordBatchView(bytes) : null;
}

export function dumpOffsetIndex(path: string, abs: string, mode: { sanity: boolean; verifyOnly: boolean }, sink: DumpSink, report: IndexReport): void {
  const base = baseOffsetOf(path);
  const ix = readEntries(path, OFFSET_ENTRY_BYTES);
  if (ix.entries === 0) {
    sink.out(`${path} is empty.`);
    return;
  }
  if (mode.sanity) {
    const last = offsetEntry(ix, base, ix.entries - 1).offset;
    if (last < base) throw new CorruptIndexError(`Corrupt index found, index file (${abs}) has non-zero size but the last offset is ${last} which is less than the base offset ${base}.`);
    if (ix.bytes.length % OFFSET_ENTRY_BYTES !== 0) throw new CorruptIndexError(`Index file ${abs} is corrupt, found ${ix.bytes.length} bytes which is neither positive nor a multiple of ${OFFSET_ENTRY_BYTES}.`);
    sink.out(`${path} passed sanity check.`);
    return;
  }
  const fd = openSync(sibling(path, ".log"), "r");
  try {
    for (let i = 0; i < ix.entries; i++) {
      const e = offsetEntry(ix, base, i);
      // A preallocated index ends in zero entries (a crash before trimming): stop at the first.
      if (e.offset === base && i > 0) return;
      const batch = batchAt(fd, e.position);
      if (!batch) throw new CorruptIndexError(`${path}: entry ${i} points at position ${e.position}, where the log holds no whole batch`);
      if (batch.lastOffset !== e.offset) {
        const m = report.offsetMismatches.get(abs) ?? new Map<bigint, bigint>();
        m.set(e.offset, batch.lastOffset);
        report.offsetMismatches.set(abs, m);
      }
      if (!mode.verifyOnly) sink.out(`offset: ${e.offset} position: ${e.position}`);
    }
  } finally {
    closeSync(fd);
  }
}

/** Kafka's OffsetIndex.lookup: the position of the largest entry at or below `offset`, else 0. */
function lookupPosition(ix: IndexEntries | null, base: bigint, offset: bigint): number {
  if (!ix || ix.entries === 0) return 0;
  let lo = 0;
  let hi = ix.entries - 1;
  if (offsetEntry(ix, base, 0).offset > offset) return 0;
  // Binary search: bounded by log2(entries) steps.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (offsetEntry(ix, base, mid).offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return offsetEntry(ix, base, lo).position;
}

export function dumpTimeIndex(path: string, abs: string, mode: { sanity: boolean; verifyOnly: boolean }, sink: DumpSink, report: IndexReport): void {
  const base = baseOffsetOf(path);
  const tix = readEntries(path, TIME_ENTRY_BYTES);
  if (mode.sanity) {
    if (tix.entries !== 0) {
      const first = timeEntry(tix, base, 0).timestamp;
      const last = timeEntry(tix, base, tix.entries - 1);
      if (last.timestamp < first) {
        throw new CorruptIndexError(`Corrupt time index found, time index file (${abs}) has non-zero size but the last timestamp is ${last.timestamp} which is less than the first timestamp ${first}`);
      }
      if (last.offset < base) {
        throw new CorruptIndexError(`Corrupt time index found, time index file (${abs}) has non-zero size but the last offset is ${last.offset} which is less than the first offset ${base}`);
      }
    }
    if (tix.bytes.length % TIME_ENTRY_BYTES !== 0) throw new CorruptIndexError(`Time index file ${abs} is corrupt, found ${tix.bytes.length} bytes which is neither positive nor a multiple of ${TIME_ENTRY_BYTES}.`);
    sink.out(`${path} passed sanity check.`);
    return;
  }
  let offsets: IndexEntries | null = null;
  try {
    offsets = readEntries(sibling(path, ".index"), OFFSET_ENTRY_BYTES);
  } catch {
    offsets = null; // no offset index: every lookup starts at the segment's first byte
  }
  const logPath = sibling(path, ".log");
  let prev = NO_TIMESTAMP;
  for (let i = 0; i < tix.entries; i++) {
    const e = timeEntry(tix, base, i);
    if (e.offset === base && i > 0) return;
    const position = lookupPosition(offsets, base, e.offset);
    let found: RecordBatchView | null = null;
    const result = { validBytes: 0 };
    for (const { view } of fileBatches(logPath, INT32_MAX, result, position)) {
      if (view.lastOffset >= e.offset) {
        found = view;
        break;
      }
    }
    if (!found) push(report.shallowNotFound, abs, [e.offset, -1n]);
    else if (found.lastOffset !== e.offset) push(report.shallowNotFound, abs, [e.offset, found.lastOffset]);
    else {
      let max = NO_TIMESTAMP;
      for (const r of found.records()) if (r.timestamp > max) max = r.timestamp;
      if (max !== e.timestamp) push(report.timeMismatches, abs, [e.timestamp, max]);
      if (prev >= e.timestamp) push(report.outOfOrder, abs, [e.timestamp, prev]);
    }
    if (!mode.verifyOnly) sink.out(`timestamp: ${e.timestamp} offset: ${e.offset}`);
    prev = e.timestamp;
  }
}

export function dumpTxnIndex(path: string, sink: DumpSink): void {
  const bytes = new Uint8Array(readFileSync(path));
  // A torn last entry (fewer than 34 bytes) is ignored, as Kafka's iterator ignores it.
  for (let pos = 0; pos + ABORTED_TXN_SIZE <= bytes.length; pos += ABORTED_TXN_SIZE) {
    const t = decodeAbortedTxn(bytes, pos, path);
    sink.out(`version: 0 producerId: ${t.producerId} firstOffset: ${t.firstOffset} lastOffset: ${t.lastOffset} lastStableOffset: ${t.lastStableOffset}`);
  }
}

/** Kafka's DefaultRecordBatch.decrementSequence. */
function decrementSequence(sequence: number, decrement: number): number {
  if (sequence < decrement) return INT32_MAX - (decrement - sequence) + 1;
  return sequence - decrement;
}

export function dumpProducerSnapshot(path: string, sink: DumpSink): void {
  let entries;
  try {
    entries = readProducerSnapshotBytes(new Uint8Array(readFileSync(path)), path);
  } catch (e) {
    // Kafka prints the CorruptSnapshotException's message and goes on with the next file.
    if (e instanceof CorruptSnapshotError) {
      sink.err(e.reason);
      return;
    }
    throw e;
  }
  for (const p of entries) {
    const txnFirst = p.currentTxnFirstOffset >= 0n ? `OptionalLong[${p.currentTxnFirstOffset}]` : "OptionalLong.empty";
    let line = `producerId: ${p.producerId} producerEpoch: ${p.epoch} coordinatorEpoch: ${p.coordinatorEpoch} currentTxnFirstOffset: ${txnFirst} lastTimestamp: ${p.timestamp}`;
    if (p.lastOffset >= 0n) {
      line += ` firstSequence: ${decrementSequence(p.lastSequence, p.offsetDelta)} lastSequence: ${p.lastSequence} lastOffset: ${p.lastOffset} offsetDelta: ${p.offsetDelta} timestamp: ${p.timestamp}`;
    }
    sink.out(line);
  }
}
