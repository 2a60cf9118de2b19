// A connection's output queue. Bun's socket.write() does not buffer: it returns how many bytes the
// kernel took. Everything not taken waits here, in order, and goes out from the socket's drain callback.
// File slices go out with sendfile(2) when it is available (zero copy), else with pread + write.
//
// The copy path (TLS connections, where sendfile would bypass the encryption) reads into one buffer
// shared by every queue of the process: socket.write encrypts, or takes into the kernel, what it accepts
// before it returns, and what it did not accept is read again from the file on the next flush, so no
// queue needs its bytes after a write. Before, each response got a fresh 256 KiB buffer (dropped when
// the queue emptied): zero-filled pages and page faults on every fetch. A TLS flush of more than one
// record's worth is corked (tcp-cork.ts) so the records leave in full TCP segments.
//
// The queue is bounded by its owner: Connection stops reading requests while queuedBytes is above its
// limit, so a slow reader cannot make the broker hold unbounded response data.
//
// A queued file slice holds a reference to its file (FileHandle.retain) from push() until its last
// byte is out or the queue is discarded: the segment may be deleted meanwhile, and only a descriptor
// kept open still names the same file (a closed number is soon another file's, another topic's).

import { readSync } from "node:fs";
import type { FileHandle, FileSlice } from "../protocol/primitives/records-ref.ts";
import { EAGAIN, sendfileImpl, type SendfileFn } from "./sendfile.ts";
import type { CorkFn } from "./tcp-cork.ts";

/** The subset of Bun's Socket the queue uses (tests pass a fake). */
export interface WritableSocket {
  write(data: Uint8Array): number;
  readonly fd?: number;
}

interface PendingSlice {
  file: FileHandle;
  position: number;
  remaining: number;
}

/** Small buffers are gathered into one write up to this size: one syscall instead of many. */
const COALESCE_BYTES = 64 * 1024;
/** pread chunk for the no-sendfile path and for re-arming drain after EAGAIN. */
const READ_CHUNK_BYTES = 256 * 1024;
/** A flush corks the socket only when more than this is queued: more than one TLS record (16 KiB of plaintext). */
const CORK_MIN_BYTES = 16 * 1024;

/**
 * The process's one gather / copy buffer (see the top comment): allocated on first use and kept, so a
 * response costs no allocation; 256 KiB for the process, not per connection.
 */
let sharedBuf: Uint8Array | null = null;
function copyBuffer(): Uint8Array {
  sharedBuf ??= new Uint8Array(READ_CHUNK_BYTES);
  return sharedBuf;
}

export type FlushResult = "empty" | "blocked" | "error";

export class OutputQueue {
  private parts: Array<Uint8Array | PendingSlice> = [];
  private head = 0;
  queuedBytes = 0;
  private readonly sendfile: SendfileFn | null;
  /** Gives the cork function (loaded on first use), or null: never cork (plaintext: sendfile sends whole segments). */
  private readonly cork: (() => CorkFn | null) | null;
  /** Set when a write failed for good (socket closed, file unreadable). */
  error: string | null = null;

  constructor(sendfile: SendfileFn | null = sendfileImpl, cork: (() => CorkFn | null) | null = null) {
    this.sendfile = sendfile;
    this.cork = cork;
  }

  get isEmpty(): boolean {
    return this.head >= this.parts.length;
  }

  push(part: Uint8Array | FileSlice): void {
    if (part instanceof Uint8Array) {
      if (part.length === 0) return;
      this.parts.push(part);
      this.queuedBytes += part.length;
    } else {
      if (part.length === 0) return;
      // The file was closed before its response got here: what the response promised cannot be sent,
      // so the connection fails (the next flush says "error") rather than send a stranger's bytes.
      if (!part.file.retain()) {
        this.fail(`a response's file was closed before it was queued (${part.length} bytes at ${part.position})`);
        return;
      }
      this.parts.push({ file: part.file, position: part.position, remaining: part.length });
      this.queuedBytes += part.length;
    }
  }

  /** Drops everything still queued (the connection is gone) and lets go of the files it held. */
  discard(): void {
    // Bounded by the parts queued.
    for (let i = this.head; i < this.parts.length; i++) {
      const part = this.parts[i]!;
      if (!(part instanceof Uint8Array)) part.file.release();
    }
    this.parts = [];
    this.head = 0;
    this.queuedBytes = 0;
  }

  /**
   * Write as much as the socket takes. Returns "empty" when all is out, "blocked" when the kernel
   * buffer is full (the caller waits for drain), "error" when the socket or a file failed.
   */
  flush(socket: WritableSocket): FlushResult {
    if (this.error) return "error";
    const fd = socket.fd;
    const cork = this.cork !== null && this.queuedBytes > CORK_MIN_BYTES && fd !== undefined && fd >= 0 ? this.cork() : null;
    if (cork === null) return this.flushParts(socket);
    // Uncorked before returning, whatever happened: the tail segment leaves now, as it would have uncorked.
    const corked = cork(fd!, true);
    try {
      return this.flushParts(socket);
    } finally {
      if (corked) cork(fd!, false);
    }
  }

  private flushParts(socket: WritableSocket): FlushResult {
    // Bound: each iteration either finishes a part or returns.
    while (this.head < this.parts.length) {
      const part = this.parts[this.head]!;
      if (part instanceof Uint8Array) {
        const { data, count } = this.gather();
        const n = socket.write(data);
        if (n < 0) return this.fail("socket closed while writing");
        this.advanceBuffers(n, count);
        if (n < data.length) return "blocked";
      } else {
        const r = this.sendSlice(socket, part);
        if (r !== "empty") return r;
        part.file.release();
        this.head++;
      }
    }
    this.parts = [];
    this.head = 0;
    return "empty";
  }

  /** The next run of buffers as one write: the first buffer alone if large, else small ones gathered. */
  private gather(): { data: Uint8Array; count: number } {
    const first = this.parts[this.head] as Uint8Array;
    let total = first.length;
    let count = 1;
    while (total < COALESCE_BYTES && this.head + count < this.parts.length) {
      const next = this.parts[this.head + count]!;
      if (!(next instanceof Uint8Array) || total + next.length > COALESCE_BYTES) break;
      total += next.length;
      count++;
    }
    if (count === 1) return { data: first, count };
    const scratch = copyBuffer();
    let at = 0;
    for (let i = 0; i < count; i++) {
      const b = this.parts[this.head + i] as Uint8Array;
      scratch.set(b, at);
      at += b.length;
    }
    return { data: scratch.subarray(0, at), count };
  }

  private advanceBuffers(written: number, count: number): void {
    this.queuedBytes -= written;
    for (let i = 0; i < count && written > 0; i++) {
      const b = this.parts[this.head] as Uint8Array;
      if (written >= b.length) {
        written -= b.length;
        this.head++;
      } else {
        this.parts[this.head] = b.subarray(written);
        written = 0;
      }
    }
  }

  private sendSlice(socket: WritableSocket, s: PendingSlice): FlushResult {
    // Held since push(), so never -1; checked because a reused number would send another file.
    const fd = s.file.fd;
    if (fd < 0) return this.fail(`a queued response's file was closed with ${s.remaining} bytes at ${s.position} unsent`);
    // Bound: each iteration sends bytes or returns; a slice is finite.
    while (s.remaining > 0) {
      if (this.sendfile && socket.fd !== undefined && socket.fd >= 0) {
        const n = this.sendfile(socket.fd, fd, s.position, s.remaining);
        if (n > 0) {
          this.consumeSlice(s, n);
          continue;
        }
        if (n === 0) return this.fail(`file ended early: ${s.remaining} bytes of fd ${fd} at ${s.position} missing`);
        if (n !== -EAGAIN) return this.fail(`sendfile failed with errno ${-n}`);
        // The socket is full. Bun fires drain only after a partial socket.write(), so write the next
        // chunk through it: either the kernel takes some (progress) or drain gets armed.
      }
      const chunk = this.readChunk(fd, s);
      if (!chunk) return "error";
      const n = socket.write(chunk);
      if (n < 0) return this.fail("socket closed while writing");
      this.consumeSlice(s, n);
      if (n < chunk.length) return "blocked";
    }
    return "empty";
  }

  private readChunk(fd: number, s: PendingSlice): Uint8Array | null {
    const want = Math.min(s.remaining, READ_CHUNK_BYTES);
    const buf = copyBuffer().subarray(0, want);
    let got = 0;
    try {
      // Bound: each pread returns > 0 bytes or we stop.
      while (got < want) {
        const n = readSync(fd, buf, got, want - got, s.position + got);
        if (n <= 0) break;
        got += n;
      }
    } catch (e) {
      this.fail(`reading fd ${fd} at ${s.position}: ${(e as Error).message}`);
      return null;
    }
    if (got < want) {
      this.fail(`file ended early: wanted ${want} bytes of fd ${fd} at ${s.position}, got ${got}`);
      return null;
    }
    return buf;
  }

  private consumeSlice(s: PendingSlice, n: number): void {
    s.position += n;
    s.remaining -= n;
    this.queuedBytes -= n;
  }

  private fail(why: string): FlushResult {
    this.error ??= why;
    return "error";
  }
}

/**
 * Takes a reference to every file a response frame points into, for as long as the frame waits for
 * its turn. All or nothing: false (and nothing held) when one of them is already closed.
 */
export function retainFrameFiles(parts: ReadonlyArray<Uint8Array | FileSlice>): boolean {
  // Bounded by the frame's parts.
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p instanceof Uint8Array || p.file.retain()) continue;
    releaseFrameFiles(parts.slice(0, i));
    return false;
  }
  return true;
}

/** Gives back what retainFrameFiles took. */
export function releaseFrameFiles(parts: ReadonlyArray<Uint8Array | FileSlice>): void {
  // Bounded by the frame's parts.
  for (const p of parts) if (!(p instanceof Uint8Array)) p.file.release();
}
