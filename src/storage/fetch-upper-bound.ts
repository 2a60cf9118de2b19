// The offset a fetch's returned data ends before: the upper bound of the aborted transactions a
// read_committed response carries (Kafka's LocalLog.addAbortedTransactions, which asks the offset
// index for the first entry at or after the end of the fetched bytes, else the next segment's base
// offset, else the log end).
//
// A fetch slice holds whole batches (LogSegment.read ends it at a batch start or at the segment's
// end), so the batch that starts where the slice ends is the first one not returned: its base offset
// is an exact bound where Kafka's index lookup gives one up to an index interval further. Both bounds
// cover every aborted transaction the consumer can meet in the returned batches; this one never lists
// a transaction that starts after them.

import { readSync } from "node:fs";
import type { FileSlice } from "./log-types.ts";
import type { LogSegment } from "./segment.ts";

/** The first offset not in `slice` (a slice read from `segments`), or `logEndOffset` past the last one. */
export function fetchUpperBoundOffset(segments: readonly LogSegment[], logEndOffset: number, slice: FileSlice): number {
  // Bounded by the number of segments; the slice's segment is found by its file.
  const i = segments.findIndex((s) => s.file === slice.file);
  const next = i >= 0 ? (segments[i + 1]?.baseOffset ?? logEndOffset) : logEndOffset;
  if (i < 0) return next;
  const seg = segments[i]!;
  const end = slice.position + slice.length;
  if (end >= seg.sizeBytes) return next;
  // The base offset (int64, big-endian) opens the next batch's header.
  const buf = new Uint8Array(8);
  const got = readSync(seg.fileDescriptor, buf, 0, 8, end);
  if (got < 8) return next;
  const base = new DataView(buf.buffer).getBigInt64(0);
  // A base offset outside (slice start, next] is not a batch start this log wrote: fall back to Kafka's bound.
  if (base <= BigInt(slice.firstBatchBaseOffset) || base > BigInt(next)) return next;
  return Number(base);
}
