// Kafka's ShareCoordinatorOffsetsManager: the offset of each live share partition's latest ShareSnapshot
// record in its __share_group_state partition. Every record below the least of them is redundant (each
// share partition's state is its latest snapshot plus the updates after it), so the prune job may
// delete the partition's records up to that offset. A tombstone removes its key (the key's records are
// then all redundant). Fed by replay while loading and by each snapshot's commit (the offset is known
// only then here: appends are asynchronous), so it never names an offset a live state still needs.

export class ShareCoordinatorOffsetsManager {
  /** Map key (groupId:topicId:partition) -> offset of its latest snapshot; bounded by the live keys. */
  private readonly offsets = new Map<string, number>();
  private lastRedundant = Number.MAX_SAFE_INTEGER;

  updateState(key: string, offset: number, isDelete: boolean): void {
    this.lastRedundant = Math.min(this.lastRedundant, offset);
    this.offsets.set(key, offset);
    const redundant = this.findRedundantOffset();
    if (redundant !== null) this.lastRedundant = redundant;
    if (isDelete) this.offsets.delete(key);
  }

  private findRedundantOffset(): number | null {
    if (this.offsets.size === 0) return null;
    let soFar = Number.MAX_SAFE_INTEGER;
    for (const offset of this.offsets.values()) {
      soFar = Math.min(soFar, offset);
      if (soFar === this.lastRedundant) return soFar;
    }
    return soFar;
  }

  /** The offset records may be deleted below, or null (none yet). */
  lastRedundantOffset(): number | null {
    const v = this.lastRedundant;
    return v > 0 && v !== Number.MAX_SAFE_INTEGER ? v : null;
  }
}
