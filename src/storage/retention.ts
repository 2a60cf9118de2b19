// Retention on whole segments, as Kafka's UnifiedLog.deleteOldSegments: segments wholly below the
// log start offset (DeleteRecords), then by retention.ms (the segment's largest timestamp), then by
// retention.bytes (oldest first while the log stays above the limit). Only segments below the high
// watermark go. retention.ms / retention.bytes apply only under cleanup.policy=delete. Deletion renames to `.deleted` and removes after file.delete.delay.ms.
import type { Log } from "./log.ts";
import type { LogSegment } from "./segment.ts";

export interface RetentionResult {
  deletedSegments: number;
  deletedBytes: number;
}

/** Oldest-first segments that satisfy keepGoing, stopping at the first that does not. */
function leadingSegments(log: Log, keepGoing: (seg: LogSegment, next: LogSegment | undefined) => boolean): LogSegment[] {
  const out: LogSegment[] = [];
  const segs = log.segments;
  // Bounded by the number of segments.
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    const next = segs[i + 1];
    // A segment may go only when all of it is below the high watermark.
    const upper = next ? next.baseOffset : log.logEndOffset;
    if (upper > log.highWatermark) break;
    if (!next && seg.sizeBytes === 0) break;
    if (!keepGoing(seg, next)) break;
    out.push(seg);
  }
  return out;
}

export function deleteOldSegments(log: Log, nowMs: number): RetentionResult {
  const result: RetentionResult = { deletedSegments: 0, deletedBytes: 0 };
  const apply = (segs: LogSegment[]): void => {
    for (const s of segs) result.deletedBytes += s.sizeBytes;
    result.deletedSegments += segs.length;
    log.deleteSegments(segs);
  };
  apply(leadingSegments(log, (_seg, next) => next !== undefined && next.baseOffset <= log.logStartOffset));
  // Kafka's UnifiedLog.deleteOldSegments: without cleanup.policy=delete only the log start offset
  // (DeleteRecords) removes segments; retention.ms / retention.bytes do not apply to a compact-only log.
  if (!log.config.delete) return result;
  const retentionMs = log.config.retentionMs;
  if (retentionMs >= 0) apply(leadingSegments(log, (seg) => seg.largestTimestamp >= 0 && nowMs - seg.largestTimestamp > retentionMs));
  const retentionBytes = log.config.retentionBytes;
  if (retentionBytes >= 0) {
    let excess = log.sizeBytes - retentionBytes;
    apply(
      leadingSegments(log, (seg) => {
        if (excess - seg.sizeBytes < 0) return false;
        excess -= seg.sizeBytes;
        return true;
      }),
    );
  }
  return result;
}

/** DeleteRecords: raise the log start offset, then drop segments wholly below it. */
export function deleteRecordsBefore(log: Log, offset: number, nowMs: number): number {
  log.setLogStartOffset(offset);
  deleteOldSegments(log, nowMs);
  return log.logStartOffset;
}
