// Leader-epoch questions asked of a partition's epoch cache (src/storage/leader-epoch-cache.ts entries):
// which epoch wrote an offset (ListOffsets' leader epoch) and Kafka's LeaderEpochFileCache.endOffsetFor
// (OffsetForLeaderEpoch), including its answer for an epoch older than every cached one: the requested
// epoch with the start offset of the first later epoch.

export interface EpochStart {
  readonly epoch: number;
  readonly startOffset: number;
}

/** The epoch of the last entry starting at or before `offset`, or -1. */
export function epochForOffset(entries: readonly EpochStart[], offset: number): number {
  let epoch = -1;
  // Bounded by the cache entries (one per leader change).
  for (const e of entries) {
    if (e.startOffset > offset) break;
    epoch = e.epoch;
  }
  return epoch;
}

/** Kafka's endOffsetFor: (epoch, end offset), or (-1, -1) when undefined. */
export function endOffsetForEpoch(entries: readonly EpochStart[], requested: number, logEndOffset: number): { epoch: number; endOffset: number } {
  const undefinedEpoch = { epoch: -1, endOffset: -1 };
  if (requested === -1 || entries.length === 0) return undefinedEpoch;
  const latest = entries[entries.length - 1]!;
  if (latest.epoch === requested) return { epoch: requested, endOffset: logEndOffset };
  let floor: EpochStart | null = null;
  let higher: EpochStart | null = null;
  for (const e of entries) {
    if (e.epoch <= requested) floor = e;
    else if (!higher) higher = e;
  }
  if (!higher) return undefinedEpoch;
  if (!floor) return { epoch: requested, endOffset: higher.startOffset };
  return { epoch: floor.epoch, endOffset: higher.startOffset };
}
