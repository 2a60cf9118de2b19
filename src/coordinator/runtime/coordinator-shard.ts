// Kafka's CoordinatorShard: the state machine of one coordinator partition (a group coordinator shard
// for __consumer_offsets, a transaction coordinator shard for __transaction_state). The runtime builds
// it with a CoordinatorShardContext, replays the partition into it, and runs every write operation
// against it one at a time.

import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import type { CoordinatorRecord, TopicPartition } from "./partition-writer.ts";
import type { SnapshotRegistry } from "./snapshot-registry.ts";

export interface CoordinatorShard {
  /**
   * One record read back while loading (later records win), with its offset and the producer id and
   * epoch of its batch (-1n / -1 outside a transaction: a transactional record stays pending until
   * its producer's end marker).
   */
  replay(offset: number, producerId: bigint, producerEpoch: number, key: Uint8Array, value: Uint8Array | null): void;
  /**
   * A COMMIT or ABORT marker of `producerId`'s transaction: read back while loading, or written by
   * CoordinatorRuntime.scheduleTransactionCompletion (inside its write's snapshot, so a failed marker
   * append reverts it). Optional: a shard that never holds transactional records ignores markers.
   */
  replayEndTransactionMarker?(producerId: bigint, producerEpoch: number, result: TransactionResult): void;
  /** Loading finished: arm timers of the loaded state. */
  onLoaded(): void;
  /** The shard is dropped (no longer leader, failed, or the broker stops): cancel timers, fail waiters. */
  onUnloaded(): void;
}

/** What the runtime gives a shard it builds. */
export interface CoordinatorShardContext {
  readonly tp: TopicPartition;
  /** Timeline state registers its undo entries here (reverted when an append fails). */
  readonly snapshotRegistry: SnapshotRegistry;
  /**
   * Append records of the running write operation; resolves once they are committed, rejects with a
   * CoordinatorError (the append's error mapped as Kafka's coordinator maps it). Called outside a write
   * operation (a promise continuation), it becomes a write of its own whose state change cannot be
   * reverted: a failure then reloads the shard from its partition. `revertable` false says the same of
   * state the shard keeps outside timeline structures.
   */
  append(records: readonly CoordinatorRecord[], revertable?: boolean): Promise<void>;
  /** Run `fn` as a write operation of this shard (timer expiries, periodic tasks). */
  scheduleWrite(name: string, fn: () => void): void;
}

export type CoordinatorShardBuilder<S extends CoordinatorShard> = (ctx: CoordinatorShardContext) => S;
