// Kafka's SnapshotRegistry (server-common timeline), reduced to an undo log: each write operation of
// a coordinator shard opens a snapshot at its epoch; every change made to timeline state while the
// snapshot is open records how to undo itself (the old value of one key, never a copy of a group).
// revertToSnapshot(epoch) undoes, newest first, everything done since that snapshot (a failed append);
// deleteSnapshotsUpTo(epoch) forgets the undo entries of snapshots before `epoch` (their writes are
// committed and can no longer be reverted). With no snapshot open, changes record nothing (loading).
//
// Bounded: snapshots exist only for writes not yet committed (CoordinatorRuntime caps them), and each
// holds one undo entry per change its operation made.

interface Snapshot {
  epoch: number;
  undo: Array<() => void>;
}

export class SnapshotRegistry {
  private readonly snapshots: Snapshot[] = [];

  /** Open (or return) the snapshot of `epoch`; epochs must grow. */
  getOrCreateSnapshot(epoch: number): void {
    const last = this.snapshots[this.snapshots.length - 1];
    if (last && last.epoch === epoch) return;
    if (last && last.epoch > epoch) throw new RangeError(`snapshot epoch ${epoch} is below the latest ${last.epoch}`);
    this.snapshots.push({ epoch, undo: [] });
  }

  /** Whether changes are being recorded. */
  get recording(): boolean {
    return this.snapshots.length > 0;
  }

  /** Record how to undo a change just made (no-op when no snapshot is open). */
  recordUndo(undo: () => void): void {
    const last = this.snapshots[this.snapshots.length - 1];
    if (last) last.undo.push(undo);
  }

  /** Undo every change made since the snapshot of `epoch` was opened, and drop it and later ones. */
  revertToSnapshot(epoch: number): void {
    const i = this.snapshots.findIndex((s) => s.epoch === epoch);
    if (i < 0) throw new RangeError(`no snapshot at epoch ${epoch}`);
    const undone = this.snapshots.splice(i);
    for (let s = undone.length - 1; s >= 0; s--) {
      const undo = undone[s]!.undo;
      for (let u = undo.length - 1; u >= 0; u--) undo[u]!();
    }
  }

  /** Forget the snapshots before `epoch` (their changes are committed). */
  deleteSnapshotsUpTo(epoch: number): void {
    let n = 0;
    while (n < this.snapshots.length && this.snapshots[n]!.epoch < epoch) n++;
    if (n > 0) this.snapshots.splice(0, n);
  }

  /** Forget every snapshot. */
  clear(): void {
    this.snapshots.length = 0;
  }

  get snapshotCount(): number {
    return this.snapshots.length;
  }

  /** Undo entries held (for tests and the bench: one per changed key, not per group). */
  get undoEntryCount(): number {
    let n = 0;
    for (const s of this.snapshots) n += s.undo.length;
    return n;
  }
}

/**
 * A Map whose set/delete are undone by SnapshotRegistry.revertToSnapshot (Kafka's TimelineHashMap,
 * as an undo log: each change remembers the key's previous value only).
 */
export class TimelineMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly registry: SnapshotRegistry | null) {}

  get size(): number {
    return this.map.size;
  }
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  has(key: K): boolean {
    return this.map.has(key);
  }
  keys(): IterableIterator<K> {
    return this.map.keys();
  }
  values(): IterableIterator<V> {
    return this.map.values();
  }
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  set(key: K, value: V): this {
    if (this.registry?.recording) this.recordPrevious(key);
    this.map.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (!this.map.has(key)) return false;
    if (this.registry?.recording) this.recordPrevious(key);
    return this.map.delete(key);
  }

  private recordPrevious(key: K): void {
    const had = this.map.has(key);
    const old = this.map.get(key);
    this.registry!.recordUndo(() => {
      if (had) this.map.set(key, old as V);
      else this.map.delete(key);
    });
  }
}
