// The `.log` descriptor of a segment, reference-counted. The segment owns one reference; each fetch
// response waiting in a connection's output queue holds another for every slice of the file it will
// send. Closing the segment (retention, topic deletion, truncation, shutdown) gives back the owner's
// reference; the descriptor itself closes with the last one. Until then a deleted file keeps its
// bytes (an unlinked inode lives while it is open), so a slow consumer gets exactly the records that
// were read for it, and the descriptor number cannot be handed by the kernel to another file.
//
// Chosen over dup(2) per queued slice: retain/release are two integer updates on the fetch path, where
// dup + close would be two system calls per partition per response.
import { closeSync } from "node:fs";
import type { FileHandle } from "../protocol/primitives/records-ref.ts";

export class SegmentFile implements FileHandle {
  private descriptor: number;
  /** The owner's reference plus one per holder; 0 once closed. */
  private refs = 1;

  constructor(fd: number) {
    this.descriptor = fd;
  }

  get fd(): number {
    return this.descriptor;
  }

  /** References held, the owner's included (0 when closed): for tests and diagnostics. */
  get refCount(): number {
    return this.refs;
  }

  retain(): boolean {
    if (this.refs <= 0) return false;
    this.refs++;
    return true;
  }

  release(): void {
    if (this.refs <= 0) return;
    this.refs--;
    if (this.refs > 0) return;
    const fd = this.descriptor;
    this.descriptor = -1;
    try {
      closeSync(fd);
    } catch {
      // Nothing to do about a failed close of a descriptor we owned (the kernel freed it either way),
      // and it must not break the send path that released the last reference.
    }
  }
}
