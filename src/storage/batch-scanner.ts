// Walks the record batches of a segment file from a position, by reading either only each batch's
// header (pread of 61 bytes: offset translation, producer-state rebuild) or whole batches through a
// chunk buffer (recovery, which must check every CRC).
import { readSync } from "node:fs";
import { BATCH_HEADER_SIZE, BATCH_LENGTH_OFFSET, LOG_OVERHEAD } from "../protocol/records/batch-header.ts";

export interface ScannedBatch {
  /** File position of the batch. */
  position: number;
  /** Declared size (batchLength + 12); may be nonsense on a corrupt file: check before trusting. */
  sizeBytes: number;
  /** Buffer holding the batch from bufPos: the header (headers mode) or the whole batch (full mode). */
  buf: Uint8Array;
  bufPos: number;
  /** End of the bytes present in buf for this batch (bounded by the file end). */
  bufEnd: number;
}

export type ScanMode = "headers" | "full";

export class BatchScanner {
  private buf: Uint8Array;
  /** File position of buf[0], and how many bytes of buf are loaded. */
  private bufFilePos = 0;
  private bufLen = 0;
  private pos: number;

  constructor(
    private readonly fd: number,
    startPosition: number,
    private readonly endPosition: number,
    private readonly mode: ScanMode,
    /** Largest batch this scan loads whole; a declared size above it is reported, not read. */
    private readonly maxBatchBytes: number = 0x7fffffff,
    chunkBytes = 1 << 20,
  ) {
    this.pos = startPosition;
    this.buf = new Uint8Array(mode === "headers" ? BATCH_HEADER_SIZE : chunkBytes);
  }

  get position(): number {
    return this.pos;
  }

  /** The next batch, or null at the end. A batch whose bytes run past the end is still returned. */
  next(): ScannedBatch | null {
    const remaining = this.endPosition - this.pos;
    if (remaining <= 0) return null;
    const want = this.mode === "headers" ? Math.min(BATCH_HEADER_SIZE, remaining) : Math.min(LOG_OVERHEAD, remaining);
    this.load(this.pos, want);
    const bufPos = this.pos - this.bufFilePos;
    let sizeBytes = -1;
    if (want >= LOG_OVERHEAD) {
      const v = new DataView(this.buf.buffer, this.buf.byteOffset);
      sizeBytes = v.getInt32(bufPos + BATCH_LENGTH_OFFSET) + LOG_OVERHEAD;
    }
    let bufEnd = bufPos + want;
    if (this.mode === "full" && sizeBytes >= LOG_OVERHEAD && sizeBytes <= this.maxBatchBytes) {
      const have = Math.min(sizeBytes, remaining);
      this.load(this.pos, have);
      bufEnd = this.pos - this.bufFilePos + have;
    }
    const result: ScannedBatch = {
      position: this.pos,
      sizeBytes,
      buf: this.buf,
      bufPos: this.pos - this.bufFilePos,
      bufEnd,
    };
    return result;
  }

  /** Moves past the batch just returned (call only when its size is valid). */
  advance(sizeBytes: number): void {
    this.pos += sizeBytes;
  }

  /** Makes buf hold file bytes [filePos, filePos + n). */
  private load(filePos: number, n: number): void {
    if (filePos >= this.bufFilePos && filePos + n <= this.bufFilePos + this.bufLen) return;
    if (n > this.buf.length) this.buf = new Uint8Array(n);
    const toRead = this.mode === "headers" ? n : Math.min(this.buf.length, this.endPosition - filePos);
    let got = 0;
    // Bounded: each pass reads > 0 bytes or stops at EOF.
    while (got < toRead) {
      const r = readSync(this.fd, this.buf, got, toRead - got, filePos + got);
      if (r <= 0) break;
      got += r;
    }
    this.bufFilePos = filePos;
    this.bufLen = got;
    if (got < n) throw new Error(`short read at position ${filePos + got}: file shrank during scan`);
  }
}
