// The whole batches of a log file, read in bounded windows (a segment can be a gigabyte): Kafka's
// FileRecords.batches() as `strand log dump` needs it. Iteration stops at the first batch that does
// not fit before `endPosition` (a torn tail, or the --max-bytes limit), as Kafka's FileLogInputStream
// does; the caller reports the bytes left over. A size field below Kafka's minimum is corruption.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { BATCH_LENGTH_OFFSET, LOG_OVERHEAD, MAGIC_OFFSET } from "../../protocol/records/batch-header.ts";
import { RecordBatchView } from "../../protocol/records/batch-view.ts";

/** Bytes read at a time; a larger batch gets a window of its own size. */
const WINDOW_BYTES = 8 << 20;
/** Kafka's HEADER_SIZE_UP_TO_MAGIC: fewer bytes than this left means the end of the batches. */
const HEADER_SIZE_UP_TO_MAGIC = MAGIC_OFFSET + 1;
/** Kafka's LegacyRecord.RECORD_OVERHEAD_V0: the smallest size field FileLogInputStream accepts. */
const MIN_SIZE_FIELD = 14;

export class CorruptLogFileError extends Error {
  override readonly name = "CorruptLogFileError";
}

export interface FileBatch {
  /** A view over exactly this batch's bytes (position 0). */
  readonly view: RecordBatchView;
  /** The batch's byte position in the file. */
  readonly position: number;
}

export function fileSize(path: string): number {
  const fd = openSync(path, "r");
  try {
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export function readAt(fd: number, position: number, length: number): Uint8Array {
  const buf = new Uint8Array(length);
  let got = 0;
  // Bounded: each read returns > 0 bytes or ends the loop.
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n <= 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/**
 * Batches of `path` within [startPosition, endPosition). After the generator finishes, `result.validBytes` is
 * where the last whole batch ended.
 */
export function* fileBatches(path: string, endPosition: number, result: { validBytes: number }, startPosition = 0): Generator<FileBatch> {
  const fd = openSync(path, "r");
  try {
    const end = Math.min(endPosition, fstatSync(fd).size);
    let pos = startPosition;
    result.validBytes = pos;
    // Bounded: every pass moves pos forward by at least one batch or returns.
    while (end - pos >= HEADER_SIZE_UP_TO_MAGIC) {
      const window = readAt(fd, pos, Math.min(WINDOW_BYTES, end - pos));
      const dv = new DataView(window.buffer, window.byteOffset, window.byteLength);
      let at = 0;
      while (window.length - at >= HEADER_SIZE_UP_TO_MAGIC) {
        const sizeField = dv.getInt32(at + BATCH_LENGTH_OFFSET);
        if (sizeField < MIN_SIZE_FIELD) {
          throw new CorruptLogFileError(`Found record size ${sizeField} smaller than minimum record overhead (${MIN_SIZE_FIELD}) in file ${path}.`);
        }
        const size = sizeField + LOG_OVERHEAD;
        if (at + size > window.length) break;
        yield { view: new RecordBatchView(window.subarray(at, at + size)), position: pos + at };
        at += size;
        result.validBytes = pos + at;
      }
      if (at > 0) {
        pos += at;
        continue;
      }
      // Not one whole batch in the window: read exactly the next batch, or stop when it runs past the end.
      const size = dv.getInt32(BATCH_LENGTH_OFFSET) + LOG_OVERHEAD;
      if (pos + size > end) return;
      const whole = readAt(fd, pos, size);
      if (whole.length < size) return;
      yield { view: new RecordBatchView(whole), position: pos };
      pos += size;
      result.validBytes = pos;
    }
  } finally {
    closeSync(fd);
  }
}
