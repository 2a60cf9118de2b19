// The cleaner's record walk: the records of a (decompressed) v2 batch read field by field into one
// reused cursor, offsets and timestamps as numbers, keys hashed in place: no object, BigInt or
// subarray per record (RecordIterator's, which the cleaner's profile showed at two thirds of its
// time). The cleaner copies a kept record from its key-length field (restStart) on, behind a
// re-encoded length, timestamp delta and offset delta (the batch's base timestamp may change, as in
// Kafka's rewrite).

export class CorruptRecordsError extends Error {
  override readonly name = "CorruptRecordsError";
}

export class RecordCursor {
  buf: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private end = 0;
  private left = 0;
  recordStart = 0;
  recordEnd = 0;
  timestampDelta = 0;
  offsetDelta = 0;
  /** Where the key length field starts: the bytes copied for a kept record run from here to recordEnd. */
  restStart = 0;
  keyStart = 0;
  /** -1 for a null key. */
  keyLength = -1;
  /** -1 for a null value (a tombstone). */
  valueLength = -1;

  reset(buf: Uint8Array, start: number, end: number, count: number): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.left = count;
  }

  private varint(): number {
    const b = this.buf;
    let p = this.pos;
    let raw = 0;
    let shift = 0;
    // Bounded: at most 5 bytes.
    for (;;) {
      if (p >= this.end) throw new CorruptRecordsError("varint runs past the records");
      const x = b[p++]!;
      raw |= (x & 0x7f) << shift;
      if ((x & 0x80) === 0) break;
      shift += 7;
      if (shift > 28) throw new CorruptRecordsError("varint longer than 5 bytes");
    }
    this.pos = p;
    return (raw >>> 1) ^ -(raw & 1);
  }

  private varlong(): number {
    const b = this.buf;
    let p = this.pos;
    let raw = 0;
    let mul = 1;
    // Bounded: at most 10 bytes.
    for (let n = 0; ; n++) {
      if (p >= this.end || n >= 10) throw new CorruptRecordsError("varlong runs past the records");
      const x = b[p++]!;
      raw += (x & 0x7f) * mul;
      if ((x & 0x80) === 0) break;
      mul *= 128;
    }
    this.pos = p;
    return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
  }

  /** Moves to the next record; false after the last. */
  next(): boolean {
    if (this.left <= 0) {
      if (this.pos !== this.end) throw new CorruptRecordsError(`${this.end - this.pos} bytes after the last record`);
      return false;
    }
    this.left--;
    this.recordStart = this.pos;
    const length = this.varint();
    if (length < 6 || this.pos + length > this.end) throw new CorruptRecordsError(`record length ${length} outside the records`);
    this.recordEnd = this.pos + length;
    this.pos++; // attributes
    this.timestampDelta = this.varlong();
    this.offsetDelta = this.varint();
    this.restStart = this.pos;
    this.keyLength = this.varint();
    this.keyStart = this.pos;
    if (this.keyLength > 0) this.pos += this.keyLength;
    this.valueLength = this.varint();
    if (this.keyLength > this.recordEnd - this.keyStart || this.pos > this.recordEnd) throw new CorruptRecordsError("key or value runs past its record");
    this.pos = this.recordEnd;
    return true;
  }
}

/** A 64-bit key hash as two 32-bit words (murmur3's mixing, two seeds, one pass over buf[start, end)). */
export function hashRange(buf: Uint8Array, start: number, end: number, out: Int32Array): void {
  let h1 = 0x9747b28c;
  let h2 = 0x5bd1e995;
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let i = start;
  // Bounded by the key's bytes.
  for (; i + 4 <= end; i += 4) {
    let k = buf[i]! | (buf[i + 1]! << 8) | (buf[i + 2]! << 16) | (buf[i + 3]! << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h1 ^= k;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
    h2 ^= Math.imul(k, 0x85ebca6b);
    h2 = (h2 << 17) | (h2 >>> 15);
    h2 = (Math.imul(h2, 9) + 0x38b34ae5) | 0;
  }
  const tail = end - i;
  if (tail > 0) {
    let k = buf[i]!;
    if (tail > 1) k ^= buf[i + 1]! << 8;
    if (tail > 2) k ^= buf[i + 2]! << 16;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h1 ^= k;
    h2 ^= Math.imul(k, 0x85ebca6b);
  }
  const len = end - start;
  out[0] = fmix(h1 ^ len);
  out[1] = fmix(h2 ^ Math.imul(len, 0x27d4eb2f));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
