// Rebuilding a partition's producer state from its log (Kafka's UnifiedLog.rebuildProducerState /
// loadProducersFromRecords): every batch with a producer id in [fromOffset, toOffset) is applied in
// order, end-transaction markers read from the control batches (a few dozen bytes each) so open
// transactions close as they did when written. Nothing is written to the transaction indexes here: a
// replay re-derives state the indexes already reflect (recovery rebuilds them, recovery.ts).
import { isControl } from "./batch.ts";
import { endTxnMarkerOf } from "./control-record.ts";
import type { ProducerStateManager } from "./producer-state.ts";
import type { LogSegment } from "./segment.ts";

/** Index of the last segment whose base offset is <= offset (0 when none is). */
export function floorSegmentIndex(segments: readonly LogSegment[], offset: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (segments[mid]!.baseOffset <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function replayProducerState(segments: readonly LogSegment[], producers: ProducerStateManager, fromOffset: number, toOffset = Number.POSITIVE_INFINITY): void {
  // Bounded by the segments and, within each, by its size (headers only, plus each control batch).
  for (let i = floorSegmentIndex(segments, fromOffset); i < segments.length && segments[i]!.baseOffset < toOffset; i++) {
    const seg = segments[i]!;
    const start = seg.translateOffset(fromOffset);
    if (!start) continue;
    seg.forEachHeader(start.position, (h, position) => {
      if (h.lastOffset < fromOffset || h.baseOffset >= toOffset || h.producerId < 0n) return;
      let marker = null;
      if (isControl(h.attributes)) {
        try {
          marker = endTxnMarkerOf(seg.readBatchBytes(position, h.sizeBytes), 0, h);
        } catch {
          // An undecodable control record completes nothing, as an empty control batch.
          return;
        }
      }
      const completed = producers.update(h, marker);
      if (completed) producers.completeTxn(completed);
    });
  }
}
