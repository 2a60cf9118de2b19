// ChunkReader: a Reader over a frame that arrived as several socket chunks, read without joining them.
//
// Positions are global (0 .. total length), so the generated codecs and codec-runtime see the same
// positions as with a contiguous frame. A primitive that lies inside one chunk is read in place; one that
// straddles a boundary is copied into a small scratch buffer first (at most 16 bytes, or a string's length).
// A `records` field inside one chunk is a subarray; one that straddles is returned as SlicedRecords
// holding subarrays of the chunks (no copy of the record bytes). Other `bytes` fields and strings that
// straddle are copied (they are small in the requests this reader is used for).
//
// Every bounds check is the base Reader's (need/length use pos and end), so a hostile length is refused
// before anything is allocated, exactly as with a contiguous frame.

import { Reader } from "./reader.ts";
import { slicedRecords, type Records } from "./records-ref.ts";

const EMPTY = new Uint8Array(0);
const textDecoder = new TextDecoder("utf-8", { fatal: false });

export class ChunkReader extends Reader {
  private readonly chunks: readonly Uint8Array[];
  /** starts[i] is the global position of chunks[i][0]; starts[chunks.length] is the total length. */
  private readonly starts: number[];
  private readonly views: DataView[];
  /** Index of the chunk holding `pos` (reads only move forward, so this only moves forward). */
  private ci = 0;
  private readonly scratch = new Uint8Array(16);
  private readonly scratchView = new DataView(this.scratch.buffer);
  /** Where the last take() put its bytes. */
  private wbuf: Uint8Array = EMPTY;
  private wview: DataView = this.scratchView;

  constructor(chunks: readonly Uint8Array[]) {
    let total = 0;
    const starts: number[] = [];
    for (const c of chunks) {
      starts.push(total);
      total += c.length;
    }
    starts.push(total);
    super(EMPTY, 0, total);
    this.chunks = chunks;
    this.starts = starts;
    this.views = chunks.map((c) => new DataView(c.buffer, c.byteOffset, c.byteLength));
  }

  /** Move `ci` to the chunk holding global position p (p < end). Bounded by the chunk count. */
  private locate(p: number): number {
    if (p < this.starts[this.ci]!) this.ci = 0; // a sub-range read before the current chunk (not expected)
    while (this.ci < this.chunks.length - 1 && p >= this.starts[this.ci + 1]!) this.ci++;
    return this.ci;
  }

  /** Copy global [start, end) into dst (bounded by the chunk count). */
  private copyRange(dst: Uint8Array, start: number, end: number): void {
    let i = this.locate(start);
    let at = 0;
    let p = start;
    while (p < end) {
      const c = this.chunks[i]!;
      const off = p - this.starts[i]!;
      const k = Math.min(c.length - off, end - p);
      dst.set(c.subarray(off, off + k), at);
      at += k;
      p += k;
      i++;
    }
  }

  /**
   * Make n bytes at pos readable at the returned offset of wbuf/wview and advance pos; -1 after an error.
   * n is at most 16 here (the scratch size).
   */
  private take(n: number, what: string): number {
    if (!this.need(n, what)) return -1;
    const p = this.pos;
    const i = this.locate(p);
    const off = p - this.starts[i]!;
    this.pos = p + n;
    if (off + n <= this.chunks[i]!.length) {
      this.wbuf = this.chunks[i]!;
      this.wview = this.views[i]!;
      return off;
    }
    this.copyRange(this.scratch, p, p + n);
    this.wbuf = this.scratch;
    this.wview = this.scratchView;
    return 0;
  }

  protected override byteAt(p: number): number {
    const i = this.locate(p);
    return this.chunks[i]![p - this.starts[i]!]!;
  }

  override int8(): number {
    const o = this.take(1, "int8");
    return o < 0 ? 0 : this.wview.getInt8(o);
  }
  override int16(): number {
    const o = this.take(2, "int16");
    return o < 0 ? 0 : this.wview.getInt16(o);
  }
  override uint16(): number {
    const o = this.take(2, "uint16");
    return o < 0 ? 0 : this.wview.getUint16(o);
  }
  override int32(): number {
    const o = this.take(4, "int32");
    return o < 0 ? 0 : this.wview.getInt32(o);
  }
  override uint32(): number {
    const o = this.take(4, "uint32");
    return o < 0 ? 0 : this.wview.getUint32(o);
  }
  override int64(): bigint {
    const o = this.take(8, "int64");
    return o < 0 ? 0n : this.wview.getBigInt64(o);
  }
  override float64(): number {
    const o = this.take(8, "float64");
    return o < 0 ? 0 : this.wview.getFloat64(o);
  }
  override uuid(): string {
    const o = this.take(16, "uuid");
    if (o < 0) return "AAAAAAAAAAAAAAAAAAAAAA";
    return Buffer.from(this.wbuf.buffer, this.wbuf.byteOffset + o, 16).toString("base64url");
  }

  protected override stringOf(kind: "int16" | "compact", nullable: boolean): string | null {
    const n = this.length(kind, nullable, "string");
    if (n < 0) return n === -1 ? null : nullable ? null : "";
    const s = textDecoder.decode(this.bytesAt(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }

  protected override bytesOf(kind: "int32" | "compact", nullable: boolean): Uint8Array | null {
    const n = this.length(kind, nullable, "bytes");
    if (n < 0) return n === -1 ? null : nullable ? null : EMPTY;
    const b = this.bytesAt(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  override records(compact: boolean, nullable: boolean): Records | null {
    const n = this.length(compact ? "compact" : "int32", nullable, "bytes");
    if (n < 0) return n === -1 ? null : nullable ? null : EMPTY;
    const r = this.slices(this.pos, this.pos + n);
    this.pos += n;
    return r.length === 1 ? r[0]! : slicedRecords(r);
  }

  override raw(n: number): Uint8Array {
    if (!this.need(n, "raw bytes")) return EMPTY;
    const b = this.bytesAt(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  /** Global [start, end): a subarray when one chunk holds it, else a copy. */
  override bytesAt(start: number, end: number): Uint8Array {
    if (end <= start) return EMPTY;
    const i = this.locate(start);
    const off = start - this.starts[i]!;
    if (end <= this.starts[i + 1]!) return this.chunks[i]!.subarray(off, off + end - start);
    const out = new Uint8Array(end - start);
    this.copyRange(out, start, end);
    return out;
  }

  /** Global [start, end) as subarrays of the chunks, in order (at least one, possibly empty). */
  private slices(start: number, end: number): Uint8Array[] {
    if (end <= start) return [EMPTY];
    const out: Uint8Array[] = [];
    let i = this.locate(start);
    let p = start;
    // Bounded by the chunk count.
    while (p < end) {
      const c = this.chunks[i]!;
      const off = p - this.starts[i]!;
      const k = Math.min(c.length - off, end - p);
      if (k > 0) out.push(c.subarray(off, off + k));
      p += k;
      i++;
    }
    return out;
  }

  /** Tagged fields are small: a sub-reader over a copy (or subarray) of their bytes. */
  override subReader(size: number): Reader {
    return new Reader(this.bytesAt(this.pos, this.pos + size));
  }
}
