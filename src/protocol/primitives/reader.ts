// Reader: decodes Kafka's wire primitives from a byte slice, latching the first error.
//
// Every read checks the bytes left before it touches them. A length read from the input (string, bytes,
// array) is checked against the bytes that remain *before* anything is allocated, so a small hostile
// frame cannot make us allocate much (CVE-2022-34917 was exactly this in Kafka). After the first error
// every read returns a zero value and the error stays in `error`; callers check it once at the end
// instead of after each field. Nothing here throws on bad input.
//
// Zero-copy: `bytes()` and `records()` return subarrays of the input, not copies. Hold on to them only
// as long as the input buffer is not reused.

export type ReadErrorKind =
  | "truncated" // needed more bytes than remain
  | "length-too-large" // a declared length exceeds the bytes that remain
  | "negative-length" // a length below -1 (or -1 where null is not allowed)
  | "varint-too-long" // an unsigned varint longer than 5 bytes (or a varlong over 10)
  | "invalid-value"; // a value outside what the schema allows (e.g. a null where none is allowed)

export class ReadError extends Error {
  readonly kind: ReadErrorKind;
  /** Byte position in the input where the failing read started. */
  readonly position: number;
  readonly what: string;
  constructor(kind: ReadErrorKind, position: number, what: string) {
    super(`${kind} at byte ${position}: ${what}`);
    this.name = "ReadError";
    this.kind = kind;
    this.position = position;
    this.what = what;
  }
}

import type { Records } from "./records-ref.ts";

const textDecoder = new TextDecoder("utf-8", { fatal: false });
const EMPTY = new Uint8Array(0);
const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";

export class Reader {
  readonly buf: Uint8Array;
  private readonly view: DataView;
  pos: number;
  readonly end: number;
  error: ReadError | null = null;

  constructor(buf: Uint8Array, start = 0, end = buf.length) {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.error ? 0 : this.end - this.pos;
  }

  get ok(): boolean {
    return this.error === null;
  }

  /** Latch an error (first one wins). Returns false so callers can `return r.fail(...)`-style chain. */
  fail(kind: ReadErrorKind, what: string, position = this.pos): false {
    if (!this.error) this.error = new ReadError(kind, position, what);
    this.pos = this.end;
    return false;
  }

  protected need(n: number, what: string): boolean {
    if (this.error) return false;
    if (this.end - this.pos < n) return this.fail("truncated", `${what} needs ${n} bytes, ${this.end - this.pos} left`);
    return true;
  }

  bool(): boolean {
    return this.int8() !== 0;
  }

  int8(): number {
    if (!this.need(1, "int8")) return 0;
    return this.view.getInt8(this.pos++);
  }

  int16(): number {
    if (!this.need(2, "int16")) return 0;
    const v = this.view.getInt16(this.pos);
    this.pos += 2;
    return v;
  }

  uint16(): number {
    if (!this.need(2, "uint16")) return 0;
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }

  int32(): number {
    if (!this.need(4, "int32")) return 0;
    const v = this.view.getInt32(this.pos);
    this.pos += 4;
    return v;
  }

  uint32(): number {
    if (!this.need(4, "uint32")) return 0;
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }

  int64(): bigint {
    if (!this.need(8, "int64")) return 0n;
    const v = this.view.getBigInt64(this.pos);
    this.pos += 8;
    return v;
  }

  float64(): number {
    if (!this.need(8, "float64")) return 0;
    const v = this.view.getFloat64(this.pos);
    this.pos += 8;
    return v;
  }

  /** The byte at position p (< end); a reader over several buffers (ChunkReader) finds it there. */
  protected byteAt(p: number): number {
    return this.buf[p]!;
  }

  /** Unsigned varint, at most 5 bytes (Kafka's ByteUtils.readUnsignedVarint). */
  uvarint(): number {
    if (this.error) return 0;
    const start = this.pos;
    let value = 0;
    // Bound: 5 bytes carry 35 bits; a 6th continuation byte is an error, as in Kafka.
    for (let i = 0; i < 5; i++) {
      if (this.pos >= this.end) {
        this.fail("truncated", "unsigned varint runs past the end", start);
        return 0;
      }
      const b = this.byteAt(this.pos++);
      value |= (b & 0x7f) << (7 * i);
      if ((b & 0x80) === 0) return value >>> 0;
    }
    this.fail("varint-too-long", "unsigned varint longer than 5 bytes", start);
    return 0;
  }

  /** Signed zig-zag varint (int32). */
  varint(): number {
    const u = this.uvarint();
    return (u >>> 1) ^ -(u & 1);
  }

  /** Signed zig-zag varlong (int64), at most 10 bytes. */
  varlong(): bigint {
    if (this.error) return 0n;
    const start = this.pos;
    let value = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) {
        this.fail("truncated", "varlong runs past the end", start);
        return 0n;
      }
      const b = this.byteAt(this.pos++);
      value |= BigInt(b & 0x7f) << BigInt(7 * i);
      if ((b & 0x80) === 0) return (value >> 1n) ^ -(value & 1n);
    }
    this.fail("varint-too-long", "varlong longer than 10 bytes", start);
    return 0n;
  }

  /** A UUID as Kafka prints it: URL-safe base64 of the 16 bytes, without padding. */
  uuid(): string {
    if (!this.need(16, "uuid")) return ZERO_UUID;
    const s = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.pos, 16).toString("base64url");
    this.pos += 16;
    return s;
  }

  /**
   * Read a length for a sized item. `compact` lengths are uvarint N+1 (0 means null); classic ones are
   * int16 (strings) or int32 (bytes, arrays) with -1 for null. Returns -1 for null, or -2 after an error.
   * The length is checked against the bytes left: `minItemBytes` is the least each item can take
   * (1 for bytes; for arrays, 1 is safe since every element takes at least one byte except empty structs
   * in classic versions, which Kafka also bounds this way).
   */
  protected length(kind: "int16" | "int32" | "compact", nullable: boolean, what: string): number {
    const start = this.pos;
    let n: number;
    if (kind === "compact") n = this.uvarint() - 1;
    else if (kind === "int16") n = this.int16();
    else n = this.int32();
    if (this.error) return -2;
    if (n < -1 || (n === -1 && !nullable)) {
      this.fail("negative-length", `${what} has length ${n}${n === -1 ? " but is not nullable" : ""}`, start);
      return -2;
    }
    if (n > this.end - this.pos) {
      this.fail("length-too-large", `${what} declares ${n} but only ${this.end - this.pos} bytes remain`, start);
      return -2;
    }
    return n;
  }

  string(): string {
    return this.stringOf("int16", false) ?? "";
  }
  nullableString(): string | null {
    return this.stringOf("int16", true);
  }
  compactString(): string {
    return this.stringOf("compact", false) ?? "";
  }
  compactNullableString(): string | null {
    return this.stringOf("compact", true);
  }

  protected stringOf(kind: "int16" | "compact", nullable: boolean): string | null {
    const n = this.length(kind, nullable, "string");
    if (n < 0) return n === -1 ? null : nullable ? null : "";
    const s = textDecoder.decode(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }

  bytes(): Uint8Array {
    return this.bytesOf("int32", false) ?? EMPTY;
  }
  nullableBytes(): Uint8Array | null {
    return this.bytesOf("int32", true);
  }
  compactBytes(): Uint8Array {
    return this.bytesOf("compact", false) ?? EMPTY;
  }
  compactNullableBytes(): Uint8Array | null {
    return this.bytesOf("compact", true);
  }

  protected bytesOf(kind: "int32" | "compact", nullable: boolean): Uint8Array | null {
    const n = this.length(kind, nullable, "bytes");
    if (n < 0) return n === -1 ? null : nullable ? null : EMPTY;
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  /**
   * A `records` field: bytes with an int32 (or compact) length. Here a subarray of the input; a reader
   * over several buffers (network/chunk-reader.ts) may return the slices instead of a copy.
   */
  records(compact: boolean, nullable: boolean): Records | null {
    const b = this.bytesOf(compact ? "compact" : "int32", nullable);
    return b ?? (nullable ? null : EMPTY);
  }

  /** The input's bytes [start, end) (already read or checked by the caller), without copying. */
  bytesAt(start: number, end: number): Uint8Array {
    return this.buf.subarray(start, end);
  }

  /** A reader limited to the next `size` bytes (checked by the caller); this reader does not advance. */
  subReader(size: number): Reader {
    return new Reader(this.buf, this.pos, this.pos + size);
  }

  /** Array length (int32, -1 null), checked against the bytes left. Returns -1 for null, -2 on error. */
  arrayLength(nullable: boolean): number {
    return this.length("int32", nullable, "array");
  }
  compactArrayLength(nullable: boolean): number {
    return this.length("compact", nullable, "array");
  }

  /** `n` raw bytes as a subarray (no copy). */
  raw(n: number): Uint8Array {
    if (!this.need(n, "raw bytes")) return EMPTY;
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  skip(n: number): void {
    if (this.need(n, "skipped bytes")) this.pos += n;
  }
}
