// Kafka's SkimpyOffsetMap: key hash -> the latest offset of that key in the dirty section of a log,
// bounded by log.cleaner.dedupe.buffer.size. Kafka stores a 16-byte MD5 and an 8-byte offset per slot,
// so a buffer of B bytes holds B / 24 slots and the cleaner stops adding keys at slots * load factor
// (log.cleaner.io.buffer.load.factor): the same number of keys fits here. The hash is 64 bits (two
// murmur3-mixed words) instead of 128: with a few million keys a collision, which
// would drop the older of two keys sharing a hash as in Kafka, stays below one in a billion cleanings
// of a log. hashRange (record-scan.ts) hashes a key where it lies in the batch. The table is open addressing with linear probing, grown by doubling as keys arrive (up to
// the bound), so a log with few keys does not allocate the whole dedupe buffer.
import { assert } from "../../util/assert.ts";
import { hashRange } from "./record-scan.ts";

/** Kafka's bytes per SkimpyOffsetMap slot (MD5 hash + offset): what the dedupe buffer is divided by. */
export const KAFKA_BYTES_PER_ENTRY = 24;
const MIN_TABLE = 1024;

export function keyHash(key: Uint8Array, out: Int32Array): void {
  hashRange(key, 0, key.length, out);
}

const STRIDE = 4; // h1, h2, offset low 32 bits, offset high bits (-1: empty slot)
const TWO_32 = 4294967296;

export class SkimpyOffsetMap {
  /** Kafka's slot count for this buffer size. */
  readonly slots: number;
  /** One slot per STRIDE words, interleaved so a probe touches one cache line. */
  private table: Int32Array;
  private mask: number;
  private entries = 0;
  private latest = -1;
  private readonly scratch = new Int32Array(2);

  constructor(memoryBytes: number) {
    this.slots = Math.floor(memoryBytes / KAFKA_BYTES_PER_ENTRY);
    assert(this.slots >= 1, () => `offset map of ${memoryBytes} bytes holds no entry`);
    this.table = SkimpyOffsetMap.emptyTable(MIN_TABLE);
    this.mask = MIN_TABLE - 1;
  }

  private static emptyTable(n: number): Int32Array {
    const t = new Int32Array(n * STRIDE);
    for (let i = 3; i < t.length; i += STRIDE) t[i] = -1;
    return t;
  }

  get size(): number {
    return this.entries;
  }

  /** The highest offset put or recorded (Kafka's latestOffset); -1 when empty. */
  get latestOffset(): number {
    return this.latest;
  }

  get utilization(): number {
    return this.entries / this.slots;
  }

  clear(): void {
    this.entries = 0;
    this.latest = -1;
    const t = this.table;
    for (let i = 3; i < t.length; i += STRIDE) t[i] = -1;
  }

  updateLatestOffset(offset: number): void {
    if (offset > this.latest) this.latest = offset;
  }

  put(key: Uint8Array, offset: number): void {
    keyHash(key, this.scratch);
    this.putHashed(offset);
  }

  /** put() of the key at buf[start, end). */
  putRange(buf: Uint8Array, start: number, end: number, offset: number): void {
    hashRange(buf, start, end, this.scratch);
    this.putHashed(offset);
  }

  /** The latest offset of the key, or -1 when it was not put. */
  get(key: Uint8Array): number {
    keyHash(key, this.scratch);
    return this.offsetAt(this.find(this.scratch[0]!, this.scratch[1]!));
  }

  /** get() of the key at buf[start, end). */
  getRange(buf: Uint8Array, start: number, end: number): number {
    hashRange(buf, start, end, this.scratch);
    return this.offsetAt(this.find(this.scratch[0]!, this.scratch[1]!));
  }

  private offsetAt(slot: number): number {
    const hi = this.table[slot + 3]!;
    return hi < 0 ? -1 : hi * TWO_32 + (this.table[slot + 2]! >>> 0);
  }

  private putHashed(offset: number): void {
    assert(offset >= 0, () => `offset map: negative offset ${offset}`);
    const a = this.scratch[0]!;
    const b = this.scratch[1]!;
    const t = this.table;
    const i = this.find(a, b);
    if (t[i + 3]! < 0) {
      assert(this.entries < this.slots, () => `offset map is full (${this.slots} slots)`);
      t[i] = a;
      t[i + 1] = b;
      this.entries++;
    }
    t[i + 2] = offset % TWO_32 | 0;
    t[i + 3] = Math.floor(offset / TWO_32);
    this.updateLatestOffset(offset);
    // Load factor at most 1/2 of the table: probes stay short.
    if (this.entries * 2 > this.mask + 1) this.grow();
  }

  /** The slot (word index) holding (a, b), or the empty one where it would go. Bounded: the table is never full. */
  private find(a: number, b: number): number {
    const t = this.table;
    const mask = this.mask;
    let i = a & mask;
    // Bounded: at most half the slots are used.
    for (;;) {
      const w = i * STRIDE;
      if (t[w + 3]! < 0 || (t[w] === a && t[w + 1] === b)) return w;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.table;
    const n = (this.mask + 1) * 2;
    this.table = SkimpyOffsetMap.emptyTable(n);
    this.mask = n - 1;
    for (let w = 0; w < old.length; w += STRIDE) {
      if (old[w + 3]! < 0) continue;
      const i = this.find(old[w]!, old[w + 1]!);
      this.table[i] = old[w]!;
      this.table[i + 1] = old[w + 1]!;
      this.table[i + 2] = old[w + 2]!;
      this.table[i + 3] = old[w + 3]!;
    }
  }
}
