// Kafka's time index (.timeindex): 12-byte entries of (timestamp: int64, offset - baseOffset: int32),
// big-endian, timestamps strictly increasing. lookup(ts) gives the last entry with timestamp <= ts.
// Timestamps are numbers: values beyond 2^53 (nonsense for milliseconds) lose precision only.
import { IndexFile } from "./index-file.ts";
import { lastAtOrBelow, SparseIndex } from "./sparse-index.ts";

const ENTRY_BYTES = 12;

export interface TimestampOffset {
  timestamp: number;
  offset: number;
}

export class TimeIndex extends SparseIndex {
  private ts = new Float64Array(64);
  private readonly scratch = new Uint8Array(ENTRY_BYTES);
  readonly damaged: boolean;

  private constructor(file: IndexFile, baseOffset: number, maxIndexBytes: number, bytes: Uint8Array) {
    super(file, baseOffset, maxIndexBytes, ENTRY_BYTES);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = Math.floor(bytes.length / ENTRY_BYTES);
    let damaged = bytes.length % ENTRY_BYTES !== 0;
    // Bounded by the entries in the file; trailing zero entries (an untrimmed preallocation) end it.
    for (let i = 0; i < n; i++) {
      const t = Number(view.getBigInt64(i * ENTRY_BYTES));
      const r = view.getInt32(i * ENTRY_BYTES + 8);
      if (r < 0 || (this.count > 0 && (t <= this.ts[this.count - 1]! || r < this.rel[this.count - 1]!))) {
        if (t !== 0 || r !== 0) damaged = true;
        break;
      }
      this.push(t, r);
    }
    this.damaged = damaged;
  }

  static open(path: string, baseOffset: number, maxIndexBytes: number): TimeIndex {
    const { file, bytes } = IndexFile.open(path, ENTRY_BYTES);
    return new TimeIndex(file, baseOffset, maxIndexBytes, bytes);
  }

  /** Kafka keeps one slot free for the entry written when the segment becomes inactive. */
  get isFull(): boolean {
    return this.count >= this.maxEntries - 1;
  }

  lastEntry(): TimestampOffset {
    return this.count === 0 ? { timestamp: -1, offset: this.baseOffset } : this.entry(this.count - 1);
  }

  entry(i: number): TimestampOffset {
    return { timestamp: this.ts[i]!, offset: this.baseOffset + this.rel[i]! };
  }

  protected growColumns(capacity: number): void {
    const ts = new Float64Array(capacity);
    ts.set(this.ts);
    this.ts = ts;
  }

  private push(t: number, r: number): void {
    const i = this.nextSlot();
    this.ts[i] = t;
    this.rel[i] = r;
    this.count++;
  }

  /** Appends when timestamp is above the last entry's; like Kafka's TimeIndex.maybeAppend. */
  maybeAppend(timestamp: number, offset: number, skipFullCheck = false): void {
    if (!skipFullCheck && this.isFull) throw new Error(`time index ${this.path} is full (${this.maxEntries} entries)`);
    const r = offset - this.baseOffset;
    if (!(r >= 0 && r <= 0x7fffffff)) throw new Error(`offset ${offset} does not fit time index ${this.path} (base ${this.baseOffset})`);
    if (this.count > 0) {
      if (r < this.rel[this.count - 1]!) throw new Error(`time index ${this.path}: offset ${offset} below the last entry's`);
      if (timestamp <= this.ts[this.count - 1]!) return;
    }
    const v = new DataView(this.scratch.buffer);
    v.setBigInt64(0, BigInt(timestamp));
    v.setInt32(8, r);
    this.file.write(this.count, this.scratch);
    this.push(timestamp, r);
  }

  /** The last entry with timestamp <= target, or (-1, baseOffset) when there is none. */
  lookup(target: number): TimestampOffset {
    const found = lastAtOrBelow(this.ts, this.count, target);
    return found < 0 ? { timestamp: -1, offset: this.baseOffset } : this.entry(found);
  }
}
