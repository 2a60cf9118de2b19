// The file under an index: fixed-size entries written with pwrite, preallocated to the index's
// maximum size while the segment is active (as Kafka does with its mmap) and trimmed to the valid
// entries when the segment rolls or closes.
import { closeSync, constants, fstatSync, fsync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, writeSync } from "node:fs";

export class IndexFile {
  private fd: number;
  private preallocatedBytes = 0;

  private constructor(
    public path: string,
    fd: number,
    readonly entryBytes: number,
  ) {
    this.fd = fd;
  }

  /** Opens (creating if missing) and returns the file with its current bytes. */
  static open(path: string, entryBytes: number): { file: IndexFile; bytes: Uint8Array } {
    // Read-write, created if missing, never truncated, not O_APPEND (so pwrite lands where asked): one
    // open per file (creating thousands of partitions pays for every open).
    const rw = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
    const size = fstatSync(rw).size;
    const bytes = new Uint8Array(size);
    let got = 0;
    // Bounded: each read returns > 0 bytes until size is reached, or we stop at EOF.
    while (got < size) {
      const n = readSync(rw, bytes, got, size - got, got);
      if (n <= 0) break;
      got += n;
    }
    return { file: new IndexFile(path, rw, entryBytes), bytes: bytes.subarray(0, got) };
  }

  write(entryIndex: number, entry: Uint8Array): void {
    const pos = entryIndex * this.entryBytes;
    const n = writeSync(this.fd, entry, 0, this.entryBytes, pos);
    if (n !== this.entryBytes) throw new Error(`short write to ${this.path}: ${n} of ${this.entryBytes} bytes`);
  }

  /** Extends the file to maxBytes (zero-filled); entries beyond `entries` read back as zeros. */
  preallocate(maxBytes: number): void {
    ftruncateSync(this.fd, maxBytes);
    this.preallocatedBytes = maxBytes;
  }

  get isPreallocated(): boolean {
    return this.preallocatedBytes > 0;
  }

  /** Cuts the file to exactly `entries` entries (and zero-fills again up to the preallocation). */
  truncateTo(entries: number): void {
    ftruncateSync(this.fd, entries * this.entryBytes);
    if (this.preallocatedBytes > 0) ftruncateSync(this.fd, this.preallocatedBytes);
  }

  trim(entries: number): void {
    this.preallocatedBytes = 0;
    ftruncateSync(this.fd, entries * this.entryBytes);
  }

  sync(): void {
    fsyncSync(this.fd);
  }

  /** fsync on the thread pool: does not block the event loop. */
  syncAsync(): Promise<void> {
    const fd = this.fd;
    return new Promise((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve())));
  }

  rename(to: string): void {
    renameSync(this.path, to);
    this.path = to;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
