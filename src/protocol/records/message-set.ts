// Iterate the batches of a message set: record batches laid end to end, as in a Produce request's
// `records`, a Fetch response, or a segment file.
//
//   const it = new MessageSetIterator(buf, start?, end?)
//   for (const batch of it) ...       yields a RecordBatchView for each *whole* batch (any magic:
//                                      the caller validates; legacy magic 0/1 share the 12-byte framing)
//   it.stoppedAt                       byte position where iteration stopped (== end when all was whole)
//   it.stop                            why it stopped: "end" | "truncated" (a partial last batch, normal
//                                      in Fetch responses and torn log tails) | "corrupt" (size field bad)
//   it.error                           RecordBatchError for "truncated"/"corrupt", else null
//
//   splitMessageSet(buf) -> { batches, stoppedAt, stop, error }   the same, collected into an array
import { BATCH_LENGTH_OFFSET, LOG_OVERHEAD, MAGIC_OFFSET } from "./batch-header.ts";
import { RecordBatchView } from "./batch-view.ts";
import { RecordBatchError } from "./errors.ts";

export type MessageSetStop = "end" | "truncated" | "corrupt";

/**
 * Smallest size field that reaches the magic byte. Kafka's legacy message v0 is 14 bytes after the
 * size field; anything below 5 cannot even hold crc + magic and is corrupt.
 */
const MIN_BATCH_LENGTH = MAGIC_OFFSET + 1 - LOG_OVERHEAD;

export class MessageSetIterator implements IterableIterator<RecordBatchView> {
  stoppedAt: number;
  stop: MessageSetStop | null = null;
  error: RecordBatchError | null = null;
  private pos: number;
  private readonly end: number;
  private readonly dv: DataView;

  constructor(
    readonly buf: Uint8Array,
    start = 0,
    end = buf.length,
  ) {
    if (start < 0 || end > buf.length || start > end) {
      throw new RangeError(`message set range [${start}, ${end}) outside a ${buf.length}-byte buffer`);
    }
    this.pos = start;
    this.stoppedAt = start;
    this.end = end;
    this.dv = new DataView(buf.buffer, buf.byteOffset, buf.length);
  }

  [Symbol.iterator](): IterableIterator<RecordBatchView> {
    return this;
  }

  private finish(stop: MessageSetStop, message: string | null): IteratorResult<RecordBatchView> {
    this.stop = stop;
    this.stoppedAt = this.pos;
    if (message) this.error = new RecordBatchError(stop === "corrupt" ? "bad-length" : "truncated", message, this.pos);
    this.pos = this.end;
    return { done: true, value: undefined };
  }

  next(): IteratorResult<RecordBatchView> {
    if (this.stop) return { done: true, value: undefined };
    const left = this.end - this.pos;
    if (left === 0) return this.finish("end", null);
    if (left < MAGIC_OFFSET + 1) {
      return this.finish("truncated", `batch at byte ${this.pos}: only ${left} bytes, header incomplete`);
    }
    const length = this.dv.getInt32(this.pos + BATCH_LENGTH_OFFSET);
    if (length < MIN_BATCH_LENGTH) {
      return this.finish("corrupt", `batch at byte ${this.pos}: size field ${length} below the minimum ${MIN_BATCH_LENGTH}`);
    }
    const size = length + LOG_OVERHEAD;
    if (size > left) {
      return this.finish("truncated", `batch at byte ${this.pos}: declares ${size} bytes, only ${left} present`);
    }
    // A view over exactly this batch's bytes, so its reads cannot run into the next batch.
    const view = new RecordBatchView(this.buf.subarray(0, this.pos + size), this.pos);
    this.pos += size;
    this.stoppedAt = this.pos;
    return { done: false, value: view };
  }
}

export interface SplitMessageSet {
  readonly batches: RecordBatchView[];
  readonly stoppedAt: number;
  readonly stop: MessageSetStop;
  readonly error: RecordBatchError | null;
}

export function splitMessageSet(buf: Uint8Array, start = 0, end = buf.length): SplitMessageSet {
  const it = new MessageSetIterator(buf, start, end);
  // Each batch is >= 17 bytes, so this collects at most (end - start) / 17 views.
  const batches = Array.from(it);
  return { batches, stoppedAt: it.stoppedAt, stop: it.stop ?? "end", error: it.error };
}
