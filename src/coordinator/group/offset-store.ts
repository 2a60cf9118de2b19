// Committed offsets per group and partition (Kafka's OffsetMetadataManager state): what OffsetCommit
// writes, OffsetFetch reads, OffsetDelete and expiry remove. Keys are "topic\0partition".
// Timeline state: with a SnapshotRegistry, each put/delete records the one entry it replaced, so a
// failed append reverts exactly the offsets its operation changed (never a copy of the group).

import type { SnapshotRegistry } from "../runtime/snapshot-registry.ts";

export interface OffsetAndMetadata {
  committedOffset: bigint;
  /** -1 when unknown. */
  leaderEpoch: number;
  metadata: string;
  commitTimestampMs: number;
  /** Explicit expiry (OffsetCommit v1-4 retention time), or null for the broker's retention. */
  expireTimestampMs: number | null;
  /** Topic id (base64url) when known, else the zero uuid. */
  topicId: string;
  /**
   * Where the record of this offset sits in __consumer_offsets (Kafka's recordOffset): a COMMIT marker
   * materializes a transactional offset only over an older committed one. Replay sets the record's
   * offset; a live write a number above every replayed offset and rising with each write (the log order).
   */
  recordOffset?: number;
}

export interface TopicPartitionRef {
  topic: string;
  partition: number;
}

function tpKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

function splitKey(k: string): TopicPartitionRef {
  const i = k.lastIndexOf("\u0000");
  return { topic: k.slice(0, i), partition: Number(k.slice(i + 1)) };
}

export class OffsetStore {
  private readonly byGroup = new Map<string, Map<string, OffsetAndMetadata>>();

  constructor(private readonly registry: SnapshotRegistry | null = null) {}

  /** Record how to put back what (groupId, key) holds now, when a snapshot is open. */
  private recordPrevious(groupId: string, key: string): void {
    if (!this.registry?.recording) return;
    const old = this.byGroup.get(groupId)?.get(key);
    this.registry.recordUndo(() => {
      let g = this.byGroup.get(groupId);
      if (old === undefined) {
        if (!g) return;
        g.delete(key);
        if (g.size === 0) this.byGroup.delete(groupId);
        return;
      }
      if (!g) this.byGroup.set(groupId, (g = new Map()));
      g.set(key, old);
    });
  }

  get(groupId: string, topic: string, partition: number): OffsetAndMetadata | undefined {
    return this.byGroup.get(groupId)?.get(tpKey(topic, partition));
  }

  put(groupId: string, topic: string, partition: number, o: OffsetAndMetadata): void {
    const key = tpKey(topic, partition);
    this.recordPrevious(groupId, key);
    let g = this.byGroup.get(groupId);
    if (!g) this.byGroup.set(groupId, (g = new Map()));
    g.set(key, o);
  }

  delete(groupId: string, topic: string, partition: number): boolean {
    const g = this.byGroup.get(groupId);
    if (!g) return false;
    const key = tpKey(topic, partition);
    if (!g.has(key)) return false;
    this.recordPrevious(groupId, key);
    const had = g.delete(key);
    if (g.size === 0) this.byGroup.delete(groupId);
    return had;
  }

  deleteGroup(groupId: string): TopicPartitionRef[] {
    const g = this.byGroup.get(groupId);
    if (!g) return [];
    if (this.registry?.recording) {
      // The group's map itself goes back: one undo entry, no copy.
      this.registry.recordUndo(() => void this.byGroup.set(groupId, g));
    }
    this.byGroup.delete(groupId);
    return [...g.keys()].map(splitKey);
  }

  hasOffsets(groupId: string): boolean {
    return (this.byGroup.get(groupId)?.size ?? 0) > 0;
  }

  groupIds(): string[] {
    return [...this.byGroup.keys()];
  }

  /** Every committed partition of a group, ordered by topic then partition. */
  entries(groupId: string): Array<TopicPartitionRef & { offset: OffsetAndMetadata }> {
    const g = this.byGroup.get(groupId);
    if (!g) return [];
    return [...g.entries()]
      .map(([k, offset]) => ({ ...splitKey(k), offset }))
      .sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition));
  }

  topics(groupId: string): Set<string> {
    return new Set(this.entries(groupId).map((e) => e.topic));
  }

  /** Every group's committed offsets, unordered (the consumer-lag metric). Bounded by the offsets held. */
  *allOffsets(): IterableIterator<{ groupId: string; topic: string; partition: number; offset: bigint }> {
    for (const [groupId, g] of this.byGroup) {
      for (const [k, o] of g) {
        const { topic, partition } = splitKey(k);
        yield { groupId, topic, partition, offset: o.committedOffset };
      }
    }
  }
}
