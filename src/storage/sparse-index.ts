// What Kafka's two sparse indexes (.index and .timeindex) share: entries kept in memory as columns (the
// relative offset column here, the other column in the subclass), mirrored to a preallocated file that
// is trimmed on roll/close, truncation by offset, and the binary search used by every lookup.
import type { IndexFile } from "./index-file.ts";

/** Index of the last value <= target in the sorted prefix values[0, count), or -1. */
export function lastAtOrBelow(values: ArrayLike<number>, count: number, target: number): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  // Bounded: halves the range each step.
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= target) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export abstract class SparseIndex {
  /** Offsets relative to baseOffset, one per entry, increasing. */
  protected rel = new Int32Array(64);
  protected count = 0;
  readonly maxEntries: number;

  protected constructor(
    protected readonly file: IndexFile,
    readonly baseOffset: number,
    maxIndexBytes: number,
    private readonly entryBytes: number,
  ) {
    this.maxEntries = Math.floor(maxIndexBytes / entryBytes);
  }

  /** Grow the subclass's other column to `capacity` entries (the rel column is grown here). */
  protected abstract growColumns(capacity: number): void;

  /** Make room for one more entry; returns the slot to fill. */
  protected nextSlot(): number {
    if (this.count === this.rel.length) {
      const rel = new Int32Array(this.rel.length * 2);
      rel.set(this.rel);
      this.rel = rel;
      this.growColumns(rel.length);
    }
    return this.count;
  }

  get path(): string {
    return this.file.path;
  }

  get entries(): number {
    return this.count;
  }

  /** Removes every entry with offset >= target. */
  truncateTo(target: number): void {
    const r = target - this.baseOffset;
    let n = this.count;
    while (n > 0 && this.rel[n - 1]! >= r) n--;
    if (n === this.count) return;
    this.count = n;
    this.file.truncateTo(n);
  }

  reset(): void {
    this.count = 0;
    this.file.truncateTo(0);
  }

  preallocate(maxIndexBytes: number): void {
    this.file.preallocate(Math.floor(maxIndexBytes / this.entryBytes) * this.entryBytes);
  }

  trim(): void {
    this.file.trim(this.count);
  }

  sync(): void {
    this.file.sync();
  }

  syncAsync(): Promise<void> {
    return this.file.syncAsync();
  }

  rename(to: string): void {
    this.file.rename(to);
  }

  close(): void {
    this.file.trim(this.count);
    this.file.close();
  }
}
