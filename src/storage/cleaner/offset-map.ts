// Kafka's SkimpyOffsetMap: key hash -> the latest offset of that key in the dirty section of a log,
// bounded by log.cleaner.dedupe.buffer.size. Kafka stores a 16-byte MD5 and an 8-byte offset per slot,
// so a buffer of B bytes holds B / 24 slots and the cleaner stops adding keys at slots * load factor
// (log.cleaner.io.buffer.load.factor): the same number of keys fits here. The hash is 64 bits (two
// seeded murmur3 words, native in Bun) instead of 128: with a few million keys a collision, which
// would drop the older of two keys sharing a hash as in Kafka, stays below one in a billion cleanings
// of a log. The table is open addressing with linear probing, grown by doubling as keys arrive (up to
// the bound), so a log with few keys does not allocate the whole dedupe buffer.
import { assert } from "../../util/assert.ts";

/** Kafka's bytes per SkimpyOffsetMap slot (MD5 hash + offset): what the dedupe buffer is divided by. */
export const KAFKA_BYTES_PER_ENTRY = 24;
const MIN_TABLE = 1024;

export function keyHash(key: Uint8Array, out: Int32Array): void {
  out[0] = Bun.hash.murmur32v3(key, 0x9747b28c);
  out[1] = Bun.hash.murmur32v3(key, 0x5bd1e995);
}

export class SkimpyOffsetMap {
  /** Kafka's slot count for this buffer size. */
  readonly slots: number;
  private h1: Int32Array;
  private h2: Int32Array;
  /** -1 marks an empty slot (offsets are >= 0). */
  private offsets: Float64Array;
  private mask: number;
  private entries = 0;
  private latest = -1;
  private readonly scratch = new Int32Array(2);

  constructor(memoryBytes: number) {
    this.slots = Math.floor(memoryBytes / KAFKA_BYTES_PER_ENTRY);
    assert(this.slots >= 1, () => `offset map of ${memoryBytes} bytes holds no entry`);
    this.h1 = new Int32Array(MIN_TABLE);
    this.h2 = new Int32Array(MIN_TABLE);
    this.offsets = new Float64Array(MIN_TABLE).fill(-1);
    this.mask = MIN_TABLE - 1;
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
    this.offsets.fill(-1);
  }

  updateLatestOffset(offset: number): void {
    if (offset > this.latest) this.latest = offset;
  }

  put(key: Uint8Array, offset: number): void {
    assert(offset >= 0, () => `offset map: negative offset ${offset}`);
    keyHash(key, this.scratch);
    const a = this.scratch[0]!;
    const b = this.scratch[1]!;
    const i = this.find(a, b);
    if (this.offsets[i]! < 0) {
      assert(this.entries < this.slots, () => `offset map is full (${this.slots} slots)`);
      this.h1[i] = a;
      this.h2[i] = b;
      this.entries++;
      this.offsets[i] = offset;
      // Load factor at most 1/2 of the table: probes stay short.
      if (this.entries * 2 > this.offsets.length) this.grow();
    } else this.offsets[i] = offset;
    this.updateLatestOffset(offset);
  }

  /** The latest offset of the key, or -1 when it was not put. */
  get(key: Uint8Array): number {
    keyHash(key, this.scratch);
    return this.offsets[this.find(this.scratch[0]!, this.scratch[1]!)]!;
  }

  /** The slot holding (a, b), or the empty slot where it would go. Bounded: the table is never full. */
  private find(a: number, b: number): number {
    let i = a & this.mask;
    while (this.offsets[i]! >= 0 && (this.h1[i] !== a || this.h2[i] !== b)) i = (i + 1) & this.mask;
    return i;
  }

  private grow(): void {
    const oh1 = this.h1;
    const oh2 = this.h2;
    const oo = this.offsets;
    const n = oo.length * 2;
    this.h1 = new Int32Array(n);
    this.h2 = new Int32Array(n);
    this.offsets = new Float64Array(n).fill(-1);
    this.mask = n - 1;
    for (let j = 0; j < oo.length; j++) {
      if (oo[j]! < 0) continue;
      const i = this.find(oh1[j]!, oh2[j]!);
      this.h1[i] = oh1[j]!;
      this.h2[i] = oh2[j]!;
      this.offsets[i] = oo[j]!;
    }
  }
}
