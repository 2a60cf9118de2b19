// Snapshot files (Kafka's FileRawSnapshotWriter / FileRawSnapshotReader). A writer appends whole record
// batches to `<id>-<random>.checkpoint.part`; freeze() fsyncs it, makes it read-only, renames it to
// `<id>.checkpoint` and fsyncs the directory, so a snapshot is either whole under its final name or
// not there at all (a `.part` left by a crash is removed when the log opens). A reader serves byte
// ranges of a frozen file (FetchSnapshot sends them unchanged) and whole batches for loading.

import { chmodSync, closeSync, fstatSync, fsync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { syncPathAsync } from "../../storage/checkpoint-file.ts";
import { assert } from "../../util/assert.ts";
import type { RawSnapshotReader, RawSnapshotWriter } from "../replicated-log.ts";
import type { SnapshotId } from "../types.ts";
import { filenameFromSnapshotId, PARTIAL_SUFFIX, snapshotPath } from "./snapshots.ts";

function fsyncAsync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (e) => (e ? reject(e) : resolve())));
}

export class FileRawSnapshotWriter implements RawSnapshotWriter {
  private fd: number | null;
  private size = 0;
  private frozen = false;
  private freezing = false;

  private constructor(
    readonly logDir: string,
    readonly snapshotId: SnapshotId,
    readonly tempPath: string,
    fd: number,
    /** Told once the snapshot is frozen under its final name (the log then lists it). */
    private readonly onFrozen: ((id: SnapshotId) => void) | null,
  ) {
    this.fd = fd;
  }

  /** A new, empty `.part` file for `snapshotId` in `logDir` (Kafka's Snapshots.createTempFile). */
  static create(logDir: string, snapshotId: SnapshotId, onFrozen: ((id: SnapshotId) => void) | null = null): FileRawSnapshotWriter {
    const temp = join(logDir, `${filenameFromSnapshotId(snapshotId)}-${randomBytes(8).readBigUInt64BE().toString()}${PARTIAL_SUFFIX}`);
    const fd = openSync(temp, "wx");
    return new FileRawSnapshotWriter(logDir, snapshotId, temp, fd, onFrozen);
  }

  get sizeInBytes(): number {
    return this.size;
  }

  get isFrozen(): boolean {
    return this.frozen;
  }

  append(batches: Uint8Array): void {
    assert(!this.frozen && !this.freezing && this.fd !== null, () => `append to snapshot ${filenameFromSnapshotId(this.snapshotId)} that is ${this.frozen ? "frozen" : "closed"}`);
    let done = 0;
    // Bounded: each write makes progress or throws.
    while (done < batches.length) done += writeSync(this.fd, batches, done, batches.length - done, this.size + done);
    this.size += batches.length;
  }

  async freeze(): Promise<void> {
    assert(!this.frozen && !this.freezing && this.fd !== null, () => `freeze of snapshot ${filenameFromSnapshotId(this.snapshotId)} that is ${this.frozen ? "frozen" : "closed"}`);
    this.freezing = true;
    const fd = this.fd;
    try {
      // On disk before the rename makes it visible: a crash never leaves a named snapshot half written.
      await fsyncAsync(fd);
      closeSync(fd);
      this.fd = null;
      chmodSync(this.tempPath, 0o400);
      const destination = snapshotPath(this.logDir, this.snapshotId);
      renameSync(this.tempPath, destination);
      await syncPathAsync(this.logDir);
      this.frozen = true;
    } finally {
      this.freezing = false;
    }
    this.onFrozen?.(this.snapshotId);
  }

  /** Drops an unfrozen snapshot (its `.part` file); nothing after freeze(). */
  close(): void {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
    if (!this.frozen) rmSync(this.tempPath, { force: true });
  }
}

export class FileRawSnapshotReader implements RawSnapshotReader {
  private fd: number | null;

  private constructor(
    readonly snapshotId: SnapshotId,
    readonly path: string,
    fd: number,
    readonly sizeInBytes: number,
  ) {
    this.fd = fd;
  }

  /** Opens `<id>.checkpoint` in `logDir`; throws ENOENT when it is not there. */
  static open(logDir: string, snapshotId: SnapshotId): FileRawSnapshotReader {
    const path = snapshotPath(logDir, snapshotId);
    const fd = openSync(path, "r");
    try {
      return new FileRawSnapshotReader(snapshotId, path, fd, fstatSync(fd).size);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  slice(position: number, maxBytes: number): Uint8Array {
    assert(this.fd !== null, () => `read of closed snapshot ${this.path}`);
    assert(Number.isInteger(position) && position >= 0 && Number.isInteger(maxBytes) && maxBytes >= 0, () => `snapshot slice(${position}, ${maxBytes})`);
    const end = Math.min(this.sizeInBytes, position + maxBytes);
    if (end <= position) return new Uint8Array(0);
    const buf = new Uint8Array(end - position);
    let done = 0;
    // Bounded by the slice length: each read makes progress, or the file is shorter than it was.
    while (done < buf.length) {
      const n = readSync(this.fd, buf, done, buf.length - done, position + done);
      if (n === 0) throw new Error(`snapshot ${this.path} ended at ${position + done}, expected ${this.sizeInBytes} bytes`);
      done += n;
    }
    return buf;
  }

  get isClosed(): boolean {
    return this.fd === null;
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
