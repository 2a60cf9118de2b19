// Zig-zag varints as Kafka's DefaultRecord uses them (ByteUtils.readVarint / readVarlong).
//
//   VarintCursor        reads from a Uint8Array between pos and end; on malformed input sets `error`
//                       (latched: later reads return 0) instead of throwing, so a record parser checks once.
//   sizeOfVarint(v), sizeOfVarlong(v)       encoded sizes; writeVarint / writeVarlong append at a position.
//
// Varlongs are returned as numbers: the values inside a record (timestamp and offset deltas) fit in
// 2^53 for any real batch; a varlong outside +-2^53 latches an error rather than losing precision.

export class VarintCursor {
  pos: number;
  error: string | null = null;
  constructor(
    readonly buf: Uint8Array,
    start: number,
    public end: number,
  ) {
    this.pos = start;
  }

  fail(message: string): 0 {
    if (this.error === null) this.error = `${message} at byte ${this.pos}`;
    this.pos = this.end;
    return 0;
  }

  readInt8(): number {
    if (this.pos >= this.end) return this.fail("truncated int8");
    return (this.buf[this.pos++]! << 24) >> 24;
  }

  /** Signed zig-zag varint, at most 5 bytes. */
  readVarint(): number {
    const b = this.buf;
    let raw = 0;
    let shift = 0;
    // At most 5 bytes: Kafka rejects longer varints.
    for (let i = 0; i < 5; i++) {
      if (this.pos >= this.end) return this.fail("truncated varint");
      const byte = b[this.pos++]!;
      raw |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return (raw >>> 1) ^ -(raw & 1);
      shift += 7;
    }
    return this.fail("varint longer than 5 bytes");
  }

  /** Signed zig-zag varlong, at most 10 bytes, as a number (must fit +-2^53). */
  readVarlong(): number {
    const b = this.buf;
    let raw = 0; // unsigned magnitude as a double: exact up to 2^53
    let mul = 1;
    // At most 10 bytes: Kafka rejects longer varlongs.
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) return this.fail("truncated varlong");
      const byte = b[this.pos++]!;
      raw += (byte & 0x7f) * mul;
      if ((byte & 0x80) === 0) {
        if (raw > Number.MAX_SAFE_INTEGER) return this.fail("varlong beyond 2^53");
        // zig-zag: even -> raw/2, odd -> -(raw+1)/2
        return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
      }
      mul *= 128;
    }
    return this.fail("varlong longer than 10 bytes");
  }
}

export function sizeOfVarint(v: number): number {
  let u = ((v << 1) ^ (v >> 31)) >>> 0;
  let n = 1;
  while (u >= 0x80) {
    u >>>= 7;
    n++;
  }
  return n;
}

/** Write a zig-zag varint at pos; returns the position after it. */
export function writeVarint(buf: Uint8Array, pos: number, v: number): number {
  let u = ((v << 1) ^ (v >> 31)) >>> 0;
  while (u >= 0x80) {
    buf[pos++] = (u & 0x7f) | 0x80;
    u >>>= 7;
  }
  buf[pos++] = u;
  return pos;
}

function zigzag64(v: number): number {
  if (!Number.isSafeInteger(v)) throw new RangeError(`varlong ${v} is not a safe integer`);
  return v >= 0 ? v * 2 : -v * 2 - 1;
}

export function sizeOfVarlong(v: number): number {
  let u = zigzag64(v);
  let n = 1;
  while (u >= 128) {
    u = Math.floor(u / 128);
    n++;
  }
  return n;
}

/** Write a zig-zag varlong (safe-integer range) at pos; returns the position after it. */
export function writeVarlong(buf: Uint8Array, pos: number, v: number): number {
  let u = zigzag64(v);
  while (u >= 128) {
    buf[pos++] = (u % 128) | 0x80;
    u = Math.floor(u / 128);
  }
  buf[pos++] = u;
  return pos;
}
