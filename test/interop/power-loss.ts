// A power loss, simulated on a stopped Strand broker's data: SIGKILL alone keeps every write() in the
// page cache, so it cannot tell an fsynced acknowledgement from an unsynced one. With
// STRAND_TEST_SYNC_LOG (src/storage/sync-hook.ts) the broker appends "<partition> <sync|flush> <end>"
// after each fsync returns and before the appends it covers are acknowledged; cutting a partition's
// segments back to the largest such end leaves what a power cut would: only the bytes fsync reached.
import { existsSync, readdirSync, readFileSync, truncateSync, unlinkSync } from "node:fs";
import { join } from "node:path";

/** The end offset (exclusive) up to which `partition` was fsynced, 0 if it never was. */
export function durableEnd(syncLogPath: string, partition: string): number {
  if (!existsSync(syncLogPath)) return 0;
  let end = 0;
  for (const line of readFileSync(syncLogPath, "utf8").split("\n")) {
    const [name, kind, offset] = line.split(" ");
    if (name === partition && (kind === "sync" || kind === "flush")) end = Math.max(end, Number(offset));
  }
  return end;
}

export interface PowerLossCut {
  /** Log end offset left on disk. */
  endOffset: number;
  cutBytes: number;
  cutBatches: number;
}

const BATCH_HEADER_BYTES = 61;

/**
 * Truncates the segments of the partition directory `dir` so that no batch at or above `end` is left
 * (later segments are deleted, the indexes are left for recovery to check and rebuild, as after a
 * crash). Throws on a batch that straddles `end`: a sync always covers whole appends.
 */
export function cutToDurable(dir: string, end: number): PowerLossCut {
  const segments = readdirSync(dir).filter((f) => /^\d{20}\.log$/.test(f)).sort();
  let cutBytes = 0;
  let cutBatches = 0;
  let endOffset = 0;
  for (const name of segments) {
    const path = join(dir, name);
    const bytes = readFileSync(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let keep = 0;
    // Bounded by the file size: each step moves past one batch, or stops.
    while (keep + BATCH_HEADER_BYTES <= bytes.length) {
      const baseOffset = Number(view.getBigInt64(keep));
      const size = 12 + view.getInt32(keep + 8);
      const lastOffset = baseOffset + view.getInt32(keep + 23);
      if (size < BATCH_HEADER_BYTES || keep + size > bytes.length) break; // a torn tail, never acknowledged: cut too
      if (baseOffset >= end) break;
      if (lastOffset >= end) throw new Error(`${path}: batch ${baseOffset}..${lastOffset} straddles the fsynced end ${end}`);
      endOffset = lastOffset + 1;
      keep += size;
    }
    if (keep === bytes.length) continue;
    // Count the whole batches cut (a torn tail counts as one).
    for (let at = keep; at < bytes.length; cutBatches++) {
      const size = at + 12 <= bytes.length ? 12 + view.getInt32(at + 8) : 0;
      at = size >= BATCH_HEADER_BYTES ? at + size : bytes.length;
    }
    cutBytes += bytes.length - keep;
    if (keep > 0 || name === segments[0]) {
      truncateSync(path, keep);
    } else {
      // A segment that started after the cut is gone with its indexes, as if never rolled.
      const base = name.slice(0, 20);
      for (const f of readdirSync(dir)) if (f.startsWith(`${base}.`)) unlinkSync(join(dir, f));
    }
  }
  return { endOffset, cutBytes, cutBatches };
}
