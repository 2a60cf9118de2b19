// Kafka's sparse offset index (.index): 8-byte entries of (offset - baseOffset: int32,
// position: int32), big-endian, offsets strictly increasing. Each entry names a batch's last offset
// and the file position where that batch starts, so lookup(target) gives a position at or before
// the batch holding target.
import { IndexFile } from "./index-file.ts";
import { lastAtOrBelow, SparseIndex } from "./sparse-index.ts";

const ENTRY_BYTES = 8;

export interface OffsetPosition {
  offset: number;
  position: number;
}

export class OffsetIndex extends SparseIndex {
  private pos = new Int32Array(64);
  private readonly scratch = new Uint8Array(ENTRY_BYTES);
  /** True when the file held entries that are not a valid index (rebuild it). */
  readonly damaged: boolean;

  private constructor(file: IndexFile, baseOffset: number, maxIndexBytes: number, bytes: Uint8Array) {
    super(file, baseOffset, maxIndexBytes, ENTRY_BYTES);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = Math.floor(bytes.length / ENTRY_BYTES);
    let damaged = bytes.length % ENTRY_BYTES !== 0;
    // Bounded by the entries in the file. A preallocated file that was never trimmed (crash) ends
    // in zero entries; they end the valid prefix.
    for (let i = 0; i < n; i++) {
      const r = view.getInt32(i * ENTRY_BYTES);
      const p = view.getInt32(i * ENTRY_BYTES + 4);
      const last = this.count > 0;
      if (r < 0 || p < 0 || (last && (r <= this.rel[this.count - 1]! || p < this.pos[this.count - 1]!))) {
        if (r !== 0 || p !== 0) damaged = true;
        break;
      }
      this.push(r, p);
    }
    this.damaged = damaged;
  }

  static open(path: string, baseOffset: number, maxIndexBytes: number): OffsetIndex {
    const { file, bytes } = IndexFile.open(path, ENTRY_BYTES);
    return new OffsetIndex(file, baseOffset, maxIndexBytes, bytes);
  }

  get isFull(): boolean {
    return this.count >= this.maxEntries;
  }

  get lastOffset(): number {
    return this.count === 0 ? this.baseOffset : this.baseOffset + this.rel[this.count - 1]!;
  }

  entry(i: number): OffsetPosition {
    return { offset: this.baseOffset + this.rel[i]!, position: this.pos[i]! };
  }

  protected growColumns(capacity: number): void {
    const pos = new Int32Array(capacity);
    pos.set(this.pos);
    this.pos = pos;
  }

  private push(r: number, p: number): void {
    const i = this.nextSlot();
    this.rel[i] = r;
    this.pos[i] = p;
    this.count++;
  }

  append(offset: number, position: number): void {
    const r = offset - this.baseOffset;
    if (!(r >= 0 && r <= 0x7fffffff)) throw new Error(`offset ${offset} does not fit index ${this.path} (base ${this.baseOffset})`);
    if (this.count > 0 && r <= this.rel[this.count - 1]!) {
      throw new Error(`index ${this.path}: offset ${offset} is not above the last entry ${this.lastOffset}`);
    }
    if (this.isFull) throw new Error(`index ${this.path} is full (${this.maxEntries} entries)`);
    const v = new DataView(this.scratch.buffer);
    v.setInt32(0, r);
    v.setInt32(4, position);
    this.file.write(this.count, this.scratch);
    this.push(r, position);
  }

  /**
   * The largest indexed batch start at or below `position` (a file position where a whole batch
   * begins), or -1 when no entry is that low. No syscall: the positions are in memory.
   */
  batchStartAtOrBelow(position: number): number {
    const found = lastAtOrBelow(this.pos, this.count, position);
    return found < 0 ? -1 : this.pos[found]!;
  }

  /** The last entry with offset <= target, or (baseOffset, 0) when there is none. */
  lookup(target: number): OffsetPosition {
    const found = lastAtOrBelow(this.rel, this.count, target - this.baseOffset);
    return found < 0 ? { offset: this.baseOffset, position: 0 } : this.entry(found);
  }
}
