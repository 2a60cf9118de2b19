// Kafka's OffsetMetadataManager.pendingTransactionalOffsets and openTransactionsByGroup: the offsets a
// TxnOffsetCommit wrote (in a transactional batch of its producer) whose transaction has not ended.
// They are invisible to OffsetFetch (which answers UNSTABLE_OFFSET_COMMIT for them when asked for stable
// offsets) until the producer's COMMIT marker moves them to the committed offsets; its ABORT marker
// drops them. A tombstone of a partition (OffsetDelete, group deletion) removes the partition from every
// open transaction of the group, as Kafka's replay of the tombstone does.
//
// Timeline state: the producer map and the group index are TimelineMaps and each producer's offsets an
// OffsetStore on the shard's SnapshotRegistry, so a failed append reverts exactly what its operation
// changed (a TxnOffsetCommit, a marker). Bounded by the producers with an open transaction touching
// this partition (the transaction coordinator aborts transactions past transaction.timeout.ms) times
// the partitions each committed.

import type { SnapshotRegistry } from "../runtime/snapshot-registry.ts";
import { TimelineMap } from "../runtime/snapshot-registry.ts";
import { OffsetStore, type OffsetAndMetadata, type TopicPartitionRef } from "./offset-store.ts";

export class PendingTransactionalOffsets {
  /** Kafka's pendingTransactionalOffsets: producer id -> its pending offsets, by group. */
  private readonly byProducer: TimelineMap<bigint, OffsetStore>;
  /** Kafka's openTransactionsByGroup: group -> producers with pending offsets for it (copy on write). */
  private readonly openByGroup: TimelineMap<string, ReadonlySet<bigint>>;

  constructor(private readonly registry: SnapshotRegistry | null = null) {
    this.byProducer = new TimelineMap(registry);
    this.openByGroup = new TimelineMap(registry);
  }

  /** Producers with an open transaction holding offsets here. */
  get producerCount(): number {
    return this.byProducer.size;
  }

  put(producerId: bigint, groupId: string, topic: string, partition: number, o: OffsetAndMetadata): void {
    let store = this.byProducer.get(producerId);
    if (!store) {
      store = new OffsetStore(this.registry);
      this.byProducer.set(producerId, store);
    }
    store.put(groupId, topic, partition, o);
    const open = this.openByGroup.get(groupId);
    if (!open?.has(producerId)) this.openByGroup.set(groupId, new Set([...(open ?? []), producerId]));
  }

  /** The pending offset of one producer (Kafka's pendingTransactionalOffset). */
  get(producerId: bigint, groupId: string, topic: string, partition: number): OffsetAndMetadata | undefined {
    return this.byProducer.get(producerId)?.get(groupId, topic, partition);
  }

  /** Kafka's hasPendingTransactionalOffsets: some open transaction holds an offset for the partition. */
  has(groupId: string, topic: string, partition: number): boolean {
    const open = this.openByGroup.get(groupId);
    if (!open) return false;
    for (const pid of open) if (this.byProducer.get(pid)?.get(groupId, topic, partition) !== undefined) return true;
    return false;
  }

  /** Kafka's openTransactionsByGroup.containsKey: the group is part of an open transaction. */
  hasOpenTransactions(groupId: string): boolean {
    return this.openByGroup.has(groupId);
  }

  /** The partitions of a group that some open transaction holds, deduplicated. */
  partitionsOf(groupId: string): TopicPartitionRef[] {
    const seen = new Map<string, TopicPartitionRef>();
    for (const pid of this.openByGroup.get(groupId) ?? []) {
      for (const e of this.byProducer.get(pid)?.entries(groupId) ?? []) seen.set(`${e.topic}\u0000${e.partition}`, { topic: e.topic, partition: e.partition });
    }
    return [...seen.values()];
  }

  /** A tombstone of the partition: no open transaction of the group keeps an offset for it. */
  removePartition(groupId: string, topic: string, partition: number): void {
    for (const pid of this.openByGroup.get(groupId) ?? []) this.byProducer.get(pid)?.delete(groupId, topic, partition);
  }

  /**
   * The producer's transaction ended (a marker): forget its pending offsets and return them (undefined
   * when it had none here), so a COMMIT can materialize them.
   */
  complete(producerId: bigint): OffsetStore | undefined {
    const store = this.byProducer.get(producerId);
    if (!store) return undefined;
    this.byProducer.delete(producerId);
    for (const groupId of store.groupIds()) this.dropOpen(groupId, producerId);
    // A producer whose offsets were all removed by tombstones no longer lists the group in its store.
    for (const [groupId, open] of [...this.openByGroup.entries()]) if (open.has(producerId)) this.dropOpen(groupId, producerId);
    return store;
  }

  private dropOpen(groupId: string, producerId: bigint): void {
    const open = this.openByGroup.get(groupId);
    if (!open?.has(producerId)) return;
    if (open.size === 1) this.openByGroup.delete(groupId);
    else this.openByGroup.set(groupId, new Set([...open].filter((p) => p !== producerId)));
  }
}
