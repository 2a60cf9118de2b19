// The log batches a share fetch read, seen through their headers only (base offset, last offset delta,
// length): what SharePartition.acquire needs, without decoding a record. Records in memory are read
// in place; records in segment files (the zero-copy fetch path) by a 12+4+4-byte pread per batch
// header, while the slices are valid (synchronously after the read). The answer's records are then
// cut to the batches that hold acquired offsets, still as slices of the same bytes or files.

import { readSync } from "node:fs";
import { fileRecords, type FileSlice, type Records } from "../../protocol/primitives/records-ref.ts";
import { concatSliced } from "../../protocol/primitives/records-ref.ts";
import type { BatchSpan } from "./share-partition.ts";

/**
 * Base offset (8) + batch length (4), partition leader epoch (4), magic (1), crc (4), attributes (2),
 * last offset delta (4), base / max timestamps (8 + 8), producer id (8).
 */
const HEADER_PREFIX_BYTES = 51;
const ATTRIBUTES_AT = 21;
const LAST_OFFSET_DELTA_AT = 23;
const PRODUCER_ID_AT = 43;
const TRANSACTIONAL_FLAG = 0x10;
const CONTROL_FLAG = 0x20;

export interface BatchSpanAt extends BatchSpan {
  /** Byte position in the records value and size of the whole batch. */
  position: number;
  sizeBytes: number;
  producerId: bigint;
  isTransactional: boolean;
  isControl: boolean;
}

function spanOf(view: DataView, at: number, position: number): BatchSpanAt | null {
  const baseOffset = Number(view.getBigInt64(at));
  const sizeBytes = view.getInt32(at + 8) + 12;
  if (baseOffset < 0 || sizeBytes < HEADER_PREFIX_BYTES) return null;
  const attributes = view.getInt16(at + ATTRIBUTES_AT);
  return {
    baseOffset,
    lastOffset: baseOffset + view.getInt32(at + LAST_OFFSET_DELTA_AT),
    position,
    sizeBytes,
    producerId: view.getBigInt64(at + PRODUCER_ID_AT),
    isTransactional: (attributes & TRANSACTIONAL_FLAG) !== 0,
    isControl: (attributes & CONTROL_FLAG) !== 0,
  };
}

/** Every complete batch of `records` (a partial trailing batch is not counted, as a consumer drops it). */
export function batchSpans(records: Records): BatchSpanAt[] {
  const out: BatchSpanAt[] = [];
  if (records instanceof Uint8Array || records.kind === "sliced") {
    const buf = records instanceof Uint8Array ? records : concatSliced(records);
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    for (let pos = 0; pos + HEADER_PREFIX_BYTES <= buf.length; ) {
      const s = spanOf(view, pos, pos);
      if (s === null || pos + s.sizeBytes > buf.length) break;
      out.push(s);
      pos += s.sizeBytes;
    }
    return out;
  }
  const header = new Uint8Array(HEADER_PREFIX_BYTES);
  const view = new DataView(header.buffer);
  let base = 0;
  for (const slice of records.slices) {
    for (let pos = 0; pos + HEADER_PREFIX_BYTES <= slice.length; ) {
      if (readSync(slice.file.fd, header, 0, HEADER_PREFIX_BYTES, slice.position + pos) !== HEADER_PREFIX_BYTES) break;
      const s = spanOf(view, 0, base + pos);
      if (s === null || pos + s.sizeBytes > slice.length) break;
      out.push(s);
      pos += s.sizeBytes;
    }
    base += slice.length;
  }
  return out;
}

/** The bytes [start, end) of `records`, as the same kind of value (no copy of file data). */
export function sliceRecords(records: Records, start: number, end: number): Records {
  if (records instanceof Uint8Array) return records.subarray(start, end);
  if (records.kind === "sliced") return concatSliced(records).subarray(start, end);
  const out: FileSlice[] = [];
  let base = 0;
  for (const s of records.slices) {
    const from = Math.max(start, base);
    const to = Math.min(end, base + s.length);
    if (from < to) out.push({ file: s.file, position: s.position + (from - base), length: to - from });
    base += s.length;
  }
  return fileRecords(out);
}

/**
 * read_committed: marks the data batches of aborted transactions (Kafka's
 * SharePartition.fetchAbortedTransactionRecordBatches): an aborted transaction's producer is aborted
 * from its first offset until its abort marker (a control batch), and its transactional data batches
 * in between are archived instead of acquired. The markers themselves are delivered (clients
 * acknowledge them as gaps).
 */
export function markAborted(spans: BatchSpanAt[], aborted: readonly { producerId: bigint; firstOffset: number }[]): void {
  if (aborted.length === 0) return;
  const pending = [...aborted].sort((a, b) => a.firstOffset - b.firstOffset);
  const abortedProducers = new Set<bigint>();
  let next = 0;
  for (const s of spans) {
    while (next < pending.length && pending[next]!.firstOffset <= s.lastOffset) abortedProducers.add(pending[next++]!.producerId);
    if (!s.isTransactional || !abortedProducers.has(s.producerId)) continue;
    if (s.isControl) abortedProducers.delete(s.producerId);
    else s.archive = true;
  }
}
