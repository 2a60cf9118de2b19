// The file under an index: fixed-size entries written with pwrite, preallocated to the index's
// maximum size while the segment is active (as Kafka does with its mmap) and trimmed to the valid
// entries when the segment rolls or closes.
//
// Descriptors: the entries live in memory (the index classes), so the file is touched only to write an
// entry, resize or sync. Its descriptor is therefore held in a process-wide cache of at most
// `indexFdLimit` open index files (1024 by default) (least recently used closed first), so a broker with tens of
// thousands of partitions keeps about one descriptor per segment (its .log), as Kafka does with its
// mmapped indexes, instead of three. fsync flushes the file whatever descriptor wrote to it, so a
// descriptor closed with unsynced entries loses nothing.
import { closeSync, constants, fstatSync, fsync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, writeSync } from "node:fs";

/**
 * Entries gathered in memory before one pwrite writes them all: two syscalls per appended batch (offset
 * and time index) become two per this many entries. Pending entries are written before any sync, trim,
 * truncation, rename or descriptor release, so a flush (the recovery point) always covers them; a crash
 * can lose only entries past the recovery point, whose segments recovery re-reads and re-indexes, as it
 * does for Kafka's mmapped indexes whose dirty pages the crash lost.
 */
const PENDING_ENTRIES = 128;

/** Entries in the first read of an index file at open; each further read doubles, up to MAX_READ_BYTES. */
const FIRST_READ_ENTRIES = 512;
const MAX_READ_BYTES = 1 << 20;

/** Bytes read from index files by IndexFile.open since the process started (for tests and metrics). */
let bytesRead = 0;

export function indexFileBytesRead(): number {
  return bytesRead;
}

/** Whether an entry in bytes[from, to) (entry-aligned) is all zeros. */
function hasZeroEntry(bytes: Uint8Array, from: number, to: number, entryBytes: number): boolean {
  // Bounded by (to - from) bytes.
  for (let e = from; e + entryBytes <= to; e += entryBytes) {
    let zero = true;
    for (let i = 0; i < entryBytes; i++) {
      if (bytes[e + i] !== 0) {
        zero = false;
        break;
      }
    }
    if (zero) return true;
  }
  return false;
}

/** Open index descriptors kept at most (STRAND_INDEX_FD_LIMIT overrides it). */
let indexFdLimit = Math.max(2, Number(process.env.STRAND_INDEX_FD_LIMIT ?? 1024) || 1024);

export function setIndexFdLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 2) throw new RangeError(`index descriptor limit ${limit}: must be an integer of at least 2`);
  indexFdLimit = limit;
}

/** Index files holding a descriptor, least recently used first (Map keeps insertion order). */
const openFiles = new Map<IndexFile, true>();

/** How many index descriptors are open now (for tests and metrics). */
export function openIndexDescriptors(): number {
  return openFiles.size;
}

export class IndexFile {
  private fd = -1;
  /** In-flight async syncs using the descriptor: it is not closed under them. */
  private pins = 0;
  private closed = false;
  private preallocatedBytes = 0;
  /** Entries [pendingFirst, pendingFirst + pendingCount) not yet written (see PENDING_ENTRIES). */
  private pending: Uint8Array | null = null;
  private pendingFirst = 0;
  private pendingCount = 0;

  private constructor(
    public path: string,
    readonly entryBytes: number,
  ) {}

  /**
   * Opens (creating if missing) and returns the file's entries up to the first all-zero entry, the
   * end of the valid prefix (Kafka's sanity check counts entries the same way). A preallocated index
   * left untrimmed by a crash is 10 MiB of zeros after a few entries: it is read in chunks that start
   * small and double, and reading stops at the chunk holding the first zero entry, so the bytes read
   * follow the entries, not the file size (2,000 partitions read 40 GB at restart before).
   */
  static open(path: string, entryBytes: number): { file: IndexFile; bytes: Uint8Array } {
    const file = new IndexFile(path, entryBytes);
    const rw = file.descriptor();
    const size = fstatSync(rw).size;
    const firstChunk = FIRST_READ_ENTRIES * entryBytes;
    let bytes = new Uint8Array(Math.min(size, firstChunk));
    let got = 0;
    let chunk = firstChunk;
    let sawZeroEntry = false;
    // Bounded by the file size: each pass reads > 0 bytes, or stops at EOF or at a zero entry.
    while (got < size && !sawZeroEntry) {
      const want = Math.min(chunk, size - got);
      if (got + want > bytes.length) {
        const grown = new Uint8Array(Math.min(size, Math.max(got + want, bytes.length * 2)));
        grown.set(bytes.subarray(0, got));
        bytes = grown;
      }
      const n = readSync(rw, bytes, got, want, got);
      if (n <= 0) break;
      const firstNew = got - (got % entryBytes);
      got += n;
      bytesRead += n;
      sawZeroEntry = hasZeroEntry(bytes, firstNew, got - (got % entryBytes), entryBytes);
      chunk = Math.min(chunk * 2, MAX_READ_BYTES);
    }
    // Stopped at a zero entry: whole entries only (a short read may have ended mid-entry).
    return { file, bytes: bytes.subarray(0, sawZeroEntry ? got - (got % entryBytes) : got) };
  }

  /** The descriptor, opened on demand; marks this file most recently used and evicts beyond the limit. */
  private descriptor(): number {
    if (this.closed) throw new Error(`index ${this.path} is closed`);
    if (this.fd >= 0) {
      openFiles.delete(this);
      openFiles.set(this, true);
      return this.fd;
    }
    // Read-write, created if missing, never truncated, not O_APPEND (so pwrite lands where asked).
    this.fd = openSync(this.path, constants.O_RDWR | constants.O_CREAT, 0o644);
    openFiles.set(this, true);
    // Bounded: at most one pass over the open files, closing unpinned ones until under the limit.
    if (openFiles.size > indexFdLimit) {
      for (const f of openFiles.keys()) {
        if (openFiles.size <= indexFdLimit) break;
        if (f !== this && f.pins === 0) f.release();
      }
    }
    return this.fd;
  }

  private release(): void {
    this.writePending();
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    openFiles.delete(this);
  }

  /** Queues entry `entryIndex` (its first entryBytes bytes); written with the next PENDING_ENTRIES - 1. */
  write(entryIndex: number, entry: Uint8Array): void {
    if (this.closed) throw new Error(`index ${this.path} is closed`);
    if (this.pendingCount > 0 && entryIndex !== this.pendingFirst + this.pendingCount) this.writePending();
    this.pending ??= new Uint8Array(PENDING_ENTRIES * this.entryBytes);
    if (this.pendingCount === 0) this.pendingFirst = entryIndex;
    this.pending.set(entry.subarray(0, this.entryBytes), this.pendingCount * this.entryBytes);
    this.pendingCount++;
    if (this.pendingCount === PENDING_ENTRIES) this.writePending();
  }

  /** Writes the pending entries with one pwrite. */
  private writePending(): void {
    if (this.pendingCount === 0) return;
    const bytes = this.pendingCount * this.entryBytes;
    const pos = this.pendingFirst * this.entryBytes;
    this.pendingCount = 0; // even if the write throws: the caller takes the log offline
    const n = writeSync(this.fd >= 0 ? this.fd : this.descriptor(), this.pending!, 0, bytes, pos);
    if (n !== bytes) throw new Error(`short write to ${this.path}: ${n} of ${bytes} bytes`);
  }

  /** Extends the file to maxBytes (zero-filled); entries beyond `entries` read back as zeros. */
  preallocate(maxBytes: number): void {
    ftruncateSync(this.descriptor(), maxBytes);
    this.preallocatedBytes = maxBytes;
  }

  get isPreallocated(): boolean {
    return this.preallocatedBytes > 0;
  }

  /** Cuts the file to exactly `entries` entries (and zero-fills again up to the preallocation). */
  truncateTo(entries: number): void {
    this.writePending();
    const fd = this.descriptor();
    ftruncateSync(fd, entries * this.entryBytes);
    if (this.preallocatedBytes > 0) ftruncateSync(fd, this.preallocatedBytes);
  }

  trim(entries: number): void {
    this.writePending();
    this.preallocatedBytes = 0;
    ftruncateSync(this.descriptor(), entries * this.entryBytes);
  }

  sync(): void {
    this.writePending();
    fsyncSync(this.descriptor());
  }

  /** fsync on the thread pool: does not block the event loop. The descriptor stays open meanwhile. */
  syncAsync(): Promise<void> {
    this.writePending();
    const fd = this.descriptor();
    this.pins++;
    return new Promise<void>((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve()))).finally(() => {
      this.pins--;
      if (this.closed && this.pins === 0) this.release();
    });
  }

  rename(to: string): void {
    this.writePending();
    renameSync(this.path, to);
    this.path = to;
  }

  close(): void {
    this.writePending();
    this.closed = true;
    if (this.pins === 0) this.release();
  }
}
