// Writer: encodes Kafka's wire primitives with exactly one allocation per message.
//
// Encoding runs the same generated code twice: first into a SizeCounter (which only adds up lengths),
// then into a Writer over a buffer of exactly that size. Both implement Sink, so the generated encoders
// are written once. A Writer that is asked to go past its buffer throws: that is a bug in the size pass,
// never a property of the input.
//
// A `records` field may hold file slices (FileRecords) instead of bytes: the Writer then leaves a hole at
// that point, and encodeFramedParts returns the frame as parts (buffers and file slices) for the network
// layer to send with sendfile. encodeExact/encodeFramed refuse file slices: they return one buffer.

import type { FileRecords, FileSlice, Records } from "./records-ref.ts";

export interface Sink {
  int8(v: number): void;
  bool(v: boolean): void;
  int16(v: number): void;
  uint16(v: number): void;
  int32(v: number): void;
  uint32(v: number): void;
  int64(v: bigint): void;
  float64(v: number): void;
  uvarint(v: number): void;
  varint(v: number): void;
  varlong(v: bigint): void;
  uuid(v: string): void;
  /** int16 length + UTF-8, or uvarint length+1 when compact. null writes -1 / 0. */
  string(v: string | null, compact: boolean): void;
  /** int32 length + bytes, or uvarint length+1 when compact. null writes -1 / 0. */
  bytes(v: Uint8Array | null, compact: boolean): void;
  /** Array length: int32, or uvarint length+1 when compact; -1 / 0 for null. */
  arrayLength(n: number, compact: boolean): void;
  raw(v: Uint8Array): void;
  /** A records field: length prefix (int32, or compact uvarint length+1) then the bytes or file slices. */
  records(v: Records | null, compact: boolean): void;
  /** Bytes written (Writer) or counted (SizeCounter) so far. */
  readonly length: number;
}

/** Bytes an unsigned varint takes (1..5). */
export function uvarintSize(v: number): number {
  v >>>= 0;
  if (v < 0x80) return 1;
  if (v < 0x4000) return 2;
  if (v < 0x200000) return 3;
  if (v < 0x10000000) return 4;
  return 5;
}

/** Bytes a zig-zag varlong takes (1..10). */
export function varlongSize(v: bigint): number {
  let u = BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));
  let n = 1;
  while (u >= 0x80n) {
    u >>= 7n;
    n++;
  }
  return n;
}

/** UTF-8 byte length of a string without encoding it. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3; // lone surrogates encode as U+FFFD (3 bytes), as TextEncoder does
  }
  return n;
}

const MAX_INT16 = 0x7fff;

/** Counts the bytes an encoding would take. */
export class SizeCounter implements Sink {
  length = 0;
  int8(): void {
    this.length += 1;
  }
  bool(): void {
    this.length += 1;
  }
  int16(): void {
    this.length += 2;
  }
  uint16(): void {
    this.length += 2;
  }
  int32(): void {
    this.length += 4;
  }
  uint32(): void {
    this.length += 4;
  }
  int64(): void {
    this.length += 8;
  }
  float64(): void {
    this.length += 8;
  }
  uvarint(v: number): void {
    this.length += uvarintSize(v);
  }
  varint(v: number): void {
    this.length += uvarintSize((v << 1) ^ (v >> 31));
  }
  varlong(v: bigint): void {
    this.length += varlongSize(v);
  }
  uuid(): void {
    this.length += 16;
  }
  string(v: string | null, compact: boolean): void {
    if (v === null) {
      this.length += compact ? 1 : 2;
      return;
    }
    const n = utf8Length(v);
    if (!compact && n > MAX_INT16) throw new RangeError(`string of ${n} bytes exceeds the int16 length limit ${MAX_INT16}`);
    this.length += (compact ? uvarintSize(n + 1) : 2) + n;
  }
  bytes(v: Uint8Array | null, compact: boolean): void {
    if (v === null) {
      this.length += compact ? 1 : 4;
      return;
    }
    this.length += (compact ? uvarintSize(v.length + 1) : 4) + v.length;
  }
  arrayLength(n: number, compact: boolean): void {
    this.length += compact ? uvarintSize(n + 1) : 4;
  }
  raw(v: Uint8Array): void {
    this.length += v.length;
  }
  /** Bytes that will come from files rather than the buffer. */
  fileBytes = 0;
  records(v: Records | null, compact: boolean): void {
    if (v === null || v instanceof Uint8Array) return this.bytes(v, compact);
    this.length += (compact ? uvarintSize(v.length + 1) : 4) + v.length;
    if (v.kind === "file") this.fileBytes += v.length;
  }
}

const textEncoder = new TextEncoder();

/** Writes into a fixed buffer whose size the SizeCounter pass computed. */
export class Writer implements Sink {
  readonly buf: Uint8Array;
  private readonly view: DataView;
  length = 0;

  constructor(size: number) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }

  private room(n: number): number {
    const at = this.length;
    if (at + n > this.buf.length) {
      throw new RangeError(`writer overflow: ${at}+${n} > ${this.buf.length} (size pass and write pass disagree)`);
    }
    this.length = at + n;
    return at;
  }

  int8(v: number): void {
    this.view.setInt8(this.room(1), v);
  }
  bool(v: boolean): void {
    this.buf[this.room(1)] = v ? 1 : 0;
  }
  int16(v: number): void {
    this.view.setInt16(this.room(2), v);
  }
  uint16(v: number): void {
    this.view.setUint16(this.room(2), v);
  }
  int32(v: number): void {
    this.view.setInt32(this.room(4), v);
  }
  uint32(v: number): void {
    this.view.setUint32(this.room(4), v);
  }
  int64(v: bigint): void {
    this.view.setBigInt64(this.room(8), v);
  }
  float64(v: number): void {
    this.view.setFloat64(this.room(8), v);
  }
  uvarint(v: number): void {
    v >>>= 0;
    // Bound: at most 5 iterations for a 32-bit value.
    while (v >= 0x80) {
      this.buf[this.room(1)] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.room(1)] = v;
  }
  varint(v: number): void {
    this.uvarint((v << 1) ^ (v >> 31));
  }
  varlong(v: bigint): void {
    let u = BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));
    // Bound: at most 10 iterations for a 64-bit value.
    while (u >= 0x80n) {
      this.buf[this.room(1)] = Number(u & 0x7fn) | 0x80;
      u >>= 7n;
    }
    this.buf[this.room(1)] = Number(u);
  }
  uuid(v: string): void {
    const b = Buffer.from(v, "base64url");
    if (b.length !== 16) throw new RangeError(`uuid "${v}" does not decode to 16 bytes`);
    this.buf.set(b, this.room(16));
  }
  string(v: string | null, compact: boolean): void {
    if (v === null) {
      if (compact) this.uvarint(0);
      else this.int16(-1);
      return;
    }
    const n = utf8Length(v);
    if (compact) this.uvarint(n + 1);
    else this.int16(n);
    const at = this.room(n);
    const { written } = textEncoder.encodeInto(v, this.buf.subarray(at, at + n));
    if (written !== n) throw new RangeError(`utf-8 length mismatch: counted ${n}, wrote ${written}`);
  }
  bytes(v: Uint8Array | null, compact: boolean): void {
    if (v === null) {
      if (compact) this.uvarint(0);
      else this.int32(-1);
      return;
    }
    if (compact) this.uvarint(v.length + 1);
    else this.int32(v.length);
    this.buf.set(v, this.room(v.length));
  }
  arrayLength(n: number, compact: boolean): void {
    if (compact) this.uvarint(n + 1);
    else this.int32(n);
  }
  raw(v: Uint8Array): void {
    this.buf.set(v, this.room(v.length));
  }
  /** File records met so far, with the buffer position they go before. */
  readonly holes: Array<{ at: number; records: FileRecords }> = [];
  records(v: Records | null, compact: boolean): void {
    if (v === null || v instanceof Uint8Array) return this.bytes(v, compact);
    if (compact) this.uvarint(v.length + 1);
    else this.int32(v.length);
    if (v.kind === "sliced") {
      for (const slice of v.slices) this.raw(slice);
      return;
    }
    this.holes.push({ at: this.length, records: v });
  }
}

/** Encode with one size pass and one allocation. */
export function encodeExact(encode: (s: Sink) => void): Uint8Array {
  const counter = new SizeCounter();
  encode(counter);
  if (counter.fileBytes > 0) throw new RangeError("encodeExact cannot hold file records: use encodeFramedParts");
  const w = new Writer(counter.length);
  encode(w);
  if (w.length !== counter.length) throw new RangeError(`encoded ${w.length} bytes, size pass said ${counter.length}`);
  return w.buf;
}

/** Encode with a 4-byte size prefix in front (a Kafka frame), in one allocation. */
export function encodeFramed(encode: (s: Sink) => void): Uint8Array {
  const counter = new SizeCounter();
  encode(counter);
  if (counter.fileBytes > 0) throw new RangeError("encodeFramed cannot hold file records: use encodeFramedParts");
  const w = new Writer(4 + counter.length);
  w.int32(counter.length);
  encode(w);
  if (w.length !== 4 + counter.length) throw new RangeError(`encoded ${w.length - 4} bytes, size pass said ${counter.length}`);
  return w.buf;
}

/** A frame made of buffers and file slices, in send order. `size` counts every byte incl. the prefix. */
export interface FrameParts {
  parts: Array<Uint8Array | FileSlice>;
  size: number;
}

/** Encode a frame whose records may live in files: one buffer allocation, file slices left in place. */
export function encodeFramedParts(encode: (s: Sink) => void): FrameParts {
  const counter = new SizeCounter();
  encode(counter);
  const w = new Writer(4 + counter.length - counter.fileBytes);
  w.int32(counter.length);
  encode(w);
  if (w.length !== w.buf.length) throw new RangeError(`encoded ${w.length} bytes, size pass said ${w.buf.length}`);
  const parts: Array<Uint8Array | FileSlice> = [];
  let from = 0;
  for (const h of w.holes) {
    if (h.at > from) parts.push(w.buf.subarray(from, h.at));
    for (const slice of h.records.slices) if (slice.length > 0) parts.push(slice);
    from = h.at;
  }
  if (from < w.buf.length) parts.push(w.buf.subarray(from));
  return { parts, size: 4 + counter.length };
}
