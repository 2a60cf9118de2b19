// One positioned gathered write (pwritev) of several buffers, as node:fs writevSync(fd, buffers, position).
// Measured on Bun 1.4.5 (test/unit/storage/gathered-write.test.ts): writevSync honours the position and
// subarray offsets. A short write is continued from where it stopped; at most IOV_MAX buffers go to one
// call (Linux refuses more with EINVAL).

import { writevSync } from "node:fs";

/** Linux's IOV_MAX: the most buffers one writev may take. */
export const IOV_MAX = 1024;

/** Write every byte of `buffers`, in order, at file position `position`. Returns the bytes written. */
export function writeGathered(fd: number, buffers: readonly Uint8Array[], position: number, pathForErrors: string): number {
  const pending = buffers.filter((b) => b.length > 0);
  let total = 0;
  for (const b of pending) total += b.length;
  let written = 0;
  let idx = 0;
  // Bounded: each round writes > 0 bytes (no progress throws) of a finite total.
  while (written < total) {
    let n = writevSync(fd, pending.slice(idx, idx + IOV_MAX), position + written);
    if (n <= 0) throw new Error(`gathered write to ${pathForErrors} made no progress at ${position + written}`);
    written += n;
    // Skip the buffers written whole; keep the rest of one written in part. Bounded by pending.length.
    while (n > 0) {
      const cur = pending[idx]!;
      if (n >= cur.length) {
        n -= cur.length;
        idx++;
      } else {
        pending[idx] = cur.subarray(n);
        n = 0;
      }
    }
  }
  return written;
}
