// Kafka's PersisterStateBatchCombiner (share-coordinator): the in-flight state batches of a share
// partition, combined so no two overlap. Batches below the start offset are dropped and a batch that
// straddles it is cut at it (startOffset -1: nothing is pruned). Where batches overlap, the one with the
// higher delivery count wins, then the higher delivery state (ARCHIVED 4 > ACKNOWLEDGED 2 > AVAILABLE 0):
// state only moves forward, so the later write of an offset is the one that counts. Adjacent ranges
// with the same state and count are coalesced. The sweep keeps, per priority, how many batches are
// open; the result is sorted by offset.

/** Kafka's PersisterStateBatch: offsets [firstOffset, lastOffset] in one delivery state and count. */
export interface PersisterStateBatch {
  firstOffset: bigint;
  lastOffset: bigint;
  deliveryState: number;
  deliveryCount: number;
}

interface Event {
  offset: bigint;
  begin: boolean;
  /** deliveryCount * 256 + deliveryState: higher wins (count first, then state, as Kafka's comparator). */
  priority: number;
}

function priorityOf(b: PersisterStateBatch): number {
  return b.deliveryCount * 256 + (b.deliveryState & 0xff);
}

export function combineStateBatches(soFar: readonly PersisterStateBatch[], newBatches: readonly PersisterStateBatch[], startOffset: bigint): PersisterStateBatch[] {
  const pruned: PersisterStateBatch[] = [];
  for (const src of [soFar, newBatches]) {
    for (const b of src) {
      if (startOffset !== -1n && b.lastOffset < startOffset) continue;
      if (startOffset !== -1n && b.firstOffset < startOffset) pruned.push({ ...b, firstOffset: startOffset });
      else pruned.push({ ...b });
    }
  }
  if (pruned.length <= 1) return pruned;
  return sweepMerge(pruned);
}

function sweepMerge(batches: readonly PersisterStateBatch[]): PersisterStateBatch[] {
  const events: Event[] = [];
  for (const b of batches) {
    const priority = priorityOf(b);
    events.push({ offset: b.firstOffset, begin: true, priority }, { offset: b.lastOffset + 1n, begin: false, priority });
  }
  // Ends before begins at one offset (Kafka: Boolean.compare(isBegin), false first).
  events.sort((a, b) => (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : Number(a.begin) - Number(b.begin)));
  const active = new Map<number, number>();
  const out: PersisterStateBatch[] = [];
  let openFrom = -1n;
  let winner: number | null = null;
  let i = 0;
  // Bounded by 2 * batches.length events.
  while (i < events.length) {
    const offset = events[i]!.offset;
    if (winner !== null && offset > openFrom) appendCoalesced(out, openFrom, offset - 1n, winner);
    while (i < events.length && events[i]!.offset === offset) {
      const e = events[i++]!;
      const n = active.get(e.priority) ?? 0;
      if (e.begin) active.set(e.priority, n + 1);
      else if (n <= 1) active.delete(e.priority);
      else active.set(e.priority, n - 1);
    }
    winner = null;
    for (const p of active.keys()) if (winner === null || p > winner) winner = p;
    openFrom = offset;
  }
  return out;
}

function appendCoalesced(out: PersisterStateBatch[], from: bigint, to: bigint, priority: number): void {
  const deliveryCount = Math.floor(priority / 256);
  const deliveryState = ((priority % 256) + 256) % 256;
  const tail = out[out.length - 1];
  if (tail && tail.lastOffset + 1n === from && tail.deliveryState === deliveryState && tail.deliveryCount === deliveryCount) {
    tail.lastOffset = to;
    return;
  }
  out.push({ firstOffset: from, lastOffset: to, deliveryState, deliveryCount });
}
