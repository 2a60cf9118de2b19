// Kafka's ShareCoordinatorShard: the share-group state of the share partitions whose key
// (groupId:topicId:partition) maps to one __share_group_state partition. Per share partition it keeps
// the ShareGroupOffset (snapshot epoch, state epoch, leader epoch, start offset, delivery-complete
// count, in-flight state batches, timestamps), the highest leader epoch and state epoch seen, and how
// many ShareUpdate records were written since the last ShareSnapshot.
//
// Every operation takes one share partition (the service splits requests) and, when it changes state,
// produces one record that it applies at once (as Kafka's runtime replays a write's records into the
// shard) inside the write's snapshot, so a failed append reverts it. Writes produce a ShareUpdate
// carrying only the new batches, or a ShareSnapshot with everything once
// share.coordinator.snapshot.update.records.per.snapshot updates were written since the last one.
// Read with a leader epoch not yet recorded writes that epoch (Kafka's readStateAndMaybeUpdateLeaderEpoch).
// Fencing as 4.4.0: a write or read whose leader epoch is below the recorded one gets
// FENCED_LEADER_EPOCH, a write or initialize whose state epoch is below the recorded one
// FENCED_STATE_EPOCH; validation and unknown-state errors as ShareCoordinatorShard answers them.
//
// The offsets manager follows each share partition's latest snapshot offset for the service's prune
// job; snapshotColdPartitions writes a fresh snapshot of share partitions not written for
// share.coordinator.cold.partition.snapshot.interval.ms, so the prune can move past their old records.

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { ShareSnapshotValue } from "../../protocol/generated/coordinator/share-snapshot-value.ts";
import type { ShareUpdateValue } from "../../protocol/generated/coordinator/share-update-value.ts";
import type { CoordinatorShard, CoordinatorShardContext } from "../runtime/coordinator-shard.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import { TimelineMap } from "../runtime/snapshot-registry.ts";
import { combineStateBatches, type PersisterStateBatch } from "./persister-state-batch-combiner.ts";
import { decodeShareRecord, shareSnapshotRecord, shareStateTombstone, shareUpdateRecord } from "./share-coordinator-records.ts";
import { parseSharePartitionKey, sharePartitionMapKey, type SharePartitionKey } from "./share-partition-key.ts";
import { ShareCoordinatorOffsetsManager } from "./share-coordinator-offsets-manager.ts";
import type { CoordinatorRecord } from "../runtime/partition-writer.ts";

/** Kafka's ShareGroupOffset: the state of one share partition. */
export interface ShareGroupOffset {
  snapshotEpoch: number;
  stateEpoch: number;
  leaderEpoch: number;
  startOffset: bigint;
  deliveryCompleteCount: number;
  stateBatches: PersisterStateBatch[];
  createTimestamp: bigint;
  writeTimestamp: bigint;
}

export interface ShareCoordinatorShardDeps {
  snapshotUpdateRecordsPerSnapshot: number;
  coldPartitionSnapshotIntervalMs: number;
  nowMs: () => number;
  /** Partitions of the topic with this id in the metadata image; undefined when there is none. */
  topicPartitionCount: (topicId: string) => number | undefined;
  logger: CoordinatorLogger;
}

/** One partition's answer: Kafka's code and message, plus what a read gives back. */
export interface SharePartitionAnswer {
  errorCode: number;
  errorMessage: string | null;
}

export interface ReadAnswer extends SharePartitionAnswer {
  stateEpoch: number;
  startOffset: bigint;
  stateBatches: PersisterStateBatch[];
}

export interface SummaryAnswer extends SharePartitionAnswer {
  stateEpoch: number;
  leaderEpoch: number;
  startOffset: bigint;
  deliveryCompleteCount: number;
}

export interface WritePartition {
  partition: number;
  stateEpoch: number;
  leaderEpoch: number;
  startOffset: bigint;
  deliveryCompleteCount: number;
  stateBatches: readonly PersisterStateBatch[];
}

const NEGATIVE_PARTITION_ID = "The partition id cannot be a negative number.";
const NEGATIVE_LEADER_EPOCH = "The leader epoch cannot be a negative number.";
const NEGATIVE_STATE_EPOCH = "The state epoch cannot be a negative number.";
const WRITE_UNINITIALIZED = "Write operation on uninitialized share partition not allowed.";
const READ_UNINITIALIZED = "Read operation on uninitialized share partition not allowed.";

const OK: SharePartitionAnswer = { errorCode: ErrorCode.NONE, errorMessage: null };

function fail(code: number, message?: string): SharePartitionAnswer {
  return { errorCode: code, errorMessage: message ?? errorMessage(code) };
}

export class ShareCoordinatorShard implements CoordinatorShard {
  readonly shareStateMap: TimelineMap<string, ShareGroupOffset>;
  readonly leaderEpochMap: TimelineMap<string, number>;
  readonly stateEpochMap: TimelineMap<string, number>;
  readonly snapshotUpdateCount: TimelineMap<string, number>;
  readonly offsetsManager = new ShareCoordinatorOffsetsManager();

  constructor(
    private readonly ctx: CoordinatorShardContext,
    private readonly deps: ShareCoordinatorShardDeps,
  ) {
    const reg = ctx.snapshotRegistry;
    this.shareStateMap = new TimelineMap(reg);
    this.leaderEpochMap = new TimelineMap(reg);
    this.stateEpochMap = new TimelineMap(reg);
    this.snapshotUpdateCount = new TimelineMap(reg);
  }

  // ---- replay -------------------------------------------------------------------------------------

  replay(offset: number, _producerId: bigint, _producerEpoch: number, key: Uint8Array, value: Uint8Array | null): void {
    const r = decodeShareRecord(key, value);
    const k = r.type === "unknown" ? null : sharePartitionMapKey(r.key.groupId, r.key.topicId, r.key.partition);
    if (r.type === "snapshot") {
      this.applySnapshot(k!, r.value);
      this.offsetsManager.updateState(k!, offset, r.value === null);
    } else if (r.type === "update" && r.value !== null) this.applyUpdate(k!, r.value);
  }

  /** A record this shard wrote is committed at `offset`: a snapshot or tombstone moves its key's offset. */
  onCommitted(offset: number, record: CoordinatorRecord): void {
    const r = decodeShareRecord(record.key, null);
    if (r.type !== "snapshot") return;
    this.offsetsManager.updateState(sharePartitionMapKey(r.key.groupId, r.key.topicId, r.key.partition), offset, record.value === null);
  }

  /** Kafka's snapshotColdPartitions: a new snapshot of each share partition not written for the interval. */
  snapshotColdPartitions(): Promise<void> {
    let cold = 0;
    for (const o of this.shareStateMap.values()) if (o.createTimestamp !== o.writeTimestamp) cold++;
    if (cold === this.shareStateMap.size) return Promise.resolve();
    const now = this.deps.nowMs();
    const records: CoordinatorRecord[] = [];
    const applies: Array<() => void> = [];
    for (const [key, o] of this.shareStateMap) {
      if (now - Number(o.writeTimestamp) < this.deps.coldPartitionSnapshotIntervalMs) continue;
      const k = parseSharePartitionKey(key);
      const value: ShareSnapshotValue = { ...o, snapshotEpoch: o.snapshotEpoch + 1, writeTimestamp: BigInt(now), stateBatches: o.stateBatches.map((b) => ({ ...b })) };
      records.push(shareSnapshotRecord(k, value));
      applies.push(() => this.applySnapshot(key, value));
    }
    if (records.length === 0) return Promise.resolve();
    for (const apply of applies) apply();
    return this.ctx.append(records);
  }

  onLoaded(): void {}

  onUnloaded(): void {}

  private applySnapshot(key: string, value: ShareSnapshotValue | null): void {
    if (value === null) {
      this.shareStateMap.delete(key);
      this.leaderEpochMap.delete(key);
      this.stateEpochMap.delete(key);
      this.snapshotUpdateCount.delete(key);
      return;
    }
    this.raise(this.leaderEpochMap, key, value.leaderEpoch);
    this.raise(this.stateEpochMap, key, value.stateEpoch);
    this.shareStateMap.set(key, {
      snapshotEpoch: value.snapshotEpoch,
      stateEpoch: value.stateEpoch,
      leaderEpoch: value.leaderEpoch,
      startOffset: value.startOffset,
      deliveryCompleteCount: value.deliveryCompleteCount,
      stateBatches: value.stateBatches.map(toBatch),
      createTimestamp: value.createTimestamp,
      writeTimestamp: value.writeTimestamp,
    });
    const n = this.snapshotUpdateCount.get(key);
    if (n !== undefined && n >= this.deps.snapshotUpdateRecordsPerSnapshot) this.snapshotUpdateCount.set(key, 0);
  }

  private applyUpdate(key: string, value: ShareUpdateValue): void {
    this.raise(this.leaderEpochMap, key, value.leaderEpoch);
    const soFar = this.shareStateMap.get(key);
    const batches = value.stateBatches.map(toBatch);
    if (soFar === undefined) {
      // Kafka's ShareGroupOffset.fromRecord(ShareUpdateValue): no state epoch nor timestamps.
      this.shareStateMap.set(key, { snapshotEpoch: value.snapshotEpoch, stateEpoch: 0, leaderEpoch: value.leaderEpoch, startOffset: value.startOffset, deliveryCompleteCount: value.deliveryCompleteCount, stateBatches: batches, createTimestamp: 0n, writeTimestamp: 0n });
    } else {
      const startOffset = value.startOffset === -1n ? soFar.startOffset : value.startOffset;
      this.shareStateMap.set(key, {
        ...soFar,
        startOffset,
        deliveryCompleteCount: value.deliveryCompleteCount,
        leaderEpoch: value.leaderEpoch === -1 ? soFar.leaderEpoch : value.leaderEpoch,
        stateBatches: combineStateBatches(soFar.stateBatches, batches, startOffset),
      });
    }
    this.snapshotUpdateCount.set(key, (this.snapshotUpdateCount.get(key) ?? 0) + 1);
  }

  private raise(map: TimelineMap<string, number>, key: string, epoch: number): void {
    const cur = map.get(key);
    if (cur === undefined || cur < epoch) map.set(key, epoch);
  }

  // ---- operations (each inside a write operation of the runtime) -----------------------------------

  private topicError(topicId: string, partition: number): SharePartitionAnswer | null {
    const count = this.deps.topicPartitionCount(topicId);
    if (count === undefined || count <= partition) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
    return null;
  }

  /** Apply `record`'s change now and append it; resolves with `answer` once committed. */
  private commit<T>(record: ReturnType<typeof shareSnapshotRecord>, apply: () => void, answer: T): Promise<T> {
    apply();
    return this.ctx.append([record]).then(() => answer);
  }

  initializeState(groupId: string, topicId: string, partition: number, stateEpoch: number, startOffset: bigint): Promise<SharePartitionAnswer> | SharePartitionAnswer {
    if (partition < 0) return fail(ErrorCode.INVALID_REQUEST, NEGATIVE_PARTITION_ID);
    if (stateEpoch < 0) return fail(ErrorCode.INVALID_REQUEST, NEGATIVE_STATE_EPOCH);
    const key = sharePartitionMapKey(groupId, topicId, partition);
    const recorded = this.stateEpochMap.get(key);
    if (recorded !== undefined && recorded > stateEpoch) return fail(ErrorCode.FENCED_STATE_EPOCH);
    const topicError = this.topicError(topicId, partition);
    if (topicError) return topicError;
    const cur = this.shareStateMap.get(key);
    const now = BigInt(this.deps.nowMs());
    const value: ShareSnapshotValue = {
      snapshotEpoch: cur ? cur.snapshotEpoch + 1 : 0,
      stateEpoch,
      leaderEpoch: 0,
      startOffset,
      deliveryCompleteCount: startOffset === -1n ? -1 : 0,
      createTimestamp: now,
      writeTimestamp: now,
      stateBatches: [],
    };
    return this.commit(shareSnapshotRecord({ groupId, topicId, partition }, value), () => this.applySnapshot(key, value), OK);
  }

  writeState(groupId: string, topicId: string, p: WritePartition): Promise<SharePartitionAnswer> | SharePartitionAnswer {
    if (p.partition < 0) return fail(ErrorCode.INVALID_REQUEST, NEGATIVE_PARTITION_ID);
    if (p.leaderEpoch < 0) return fail(ErrorCode.INVALID_REQUEST, NEGATIVE_LEADER_EPOCH);
    if (p.stateEpoch < 0) return fail(ErrorCode.INVALID_REQUEST, NEGATIVE_STATE_EPOCH);
    const key = sharePartitionMapKey(groupId, topicId, p.partition);
    if (!this.shareStateMap.has(key)) return fail(ErrorCode.INVALID_REQUEST, WRITE_UNINITIALIZED);
    const leader = this.leaderEpochMap.get(key);
    if (leader !== undefined && leader > p.leaderEpoch) return fail(ErrorCode.FENCED_LEADER_EPOCH);
    const state = this.stateEpochMap.get(key);
    if (state !== undefined && state > p.stateEpoch) return fail(ErrorCode.FENCED_STATE_EPOCH);
    const topicError = this.topicError(topicId, p.partition);
    if (topicError) return topicError;
    return this.writeRecord(groupId, topicId, key, p, false, OK);
  }

  readStateAndMaybeUpdateLeaderEpoch(groupId: string, topicId: string, partition: number, leaderEpoch: number): Promise<ReadAnswer> | ReadAnswer {
    const none = (a: SharePartitionAnswer): ReadAnswer => ({ ...a, stateEpoch: 0, startOffset: 0n, stateBatches: [] });
    if (partition < 0) return none(fail(ErrorCode.INVALID_REQUEST, NEGATIVE_PARTITION_ID));
    if (leaderEpoch < 0) return none(fail(ErrorCode.INVALID_REQUEST, NEGATIVE_LEADER_EPOCH));
    const key = sharePartitionMapKey(groupId, topicId, partition);
    const cur = this.shareStateMap.get(key);
    if (cur === undefined) return none(fail(ErrorCode.INVALID_REQUEST, READ_UNINITIALIZED));
    const leader = this.leaderEpochMap.get(key);
    if (leader !== undefined && leader > leaderEpoch) return none(fail(ErrorCode.FENCED_LEADER_EPOCH));
    const topicError = this.topicError(topicId, partition);
    if (topicError) return none(topicError);
    const answer: ReadAnswer = { ...OK, stateEpoch: cur.stateEpoch, startOffset: cur.startOffset, stateBatches: cur.stateBatches.map((b) => ({ ...b })) };
    if (leader === leaderEpoch) return answer;
    const p: WritePartition = { partition, leaderEpoch, stateBatches: [], startOffset: cur.startOffset, deliveryCompleteCount: cur.deliveryCompleteCount, stateEpoch: cur.stateEpoch };
    return this.writeRecord(groupId, topicId, key, p, true, answer);
  }

  readStateSummary(groupId: string, topicId: string, partition: number): SummaryAnswer {
    const none = (a: SharePartitionAnswer): SummaryAnswer => ({ ...a, stateEpoch: 0, leaderEpoch: 0, startOffset: 0n, deliveryCompleteCount: -1 });
    if (partition < 0) return none(fail(ErrorCode.INVALID_REQUEST, NEGATIVE_PARTITION_ID));
    const topicError = this.topicError(topicId, partition);
    if (topicError) return none(topicError);
    const cur = this.shareStateMap.get(sharePartitionMapKey(groupId, topicId, partition));
    if (cur === undefined) return { ...OK, startOffset: -1n, deliveryCompleteCount: -1, leaderEpoch: 0, stateEpoch: 0 };
    return { ...OK, startOffset: cur.startOffset, deliveryCompleteCount: cur.deliveryCompleteCount, leaderEpoch: cur.leaderEpoch, stateEpoch: cur.stateEpoch };
  }

  deleteState(groupId: string, topicId: string, partition: number): Promise<SharePartitionAnswer> | SharePartitionAnswer {
    if (partition < 0) return fail(ErrorCode.INVALID_REQUEST, NEGATIVE_PARTITION_ID);
    const topicError = this.topicError(topicId, partition);
    if (topicError) return topicError;
    const key = sharePartitionMapKey(groupId, topicId, partition);
    if (!this.shareStateMap.has(key)) return OK;
    return this.commit(shareStateTombstone({ groupId, topicId, partition }), () => this.applySnapshot(key, null), OK);
  }

  /** Kafka's maybeCleanupShareState: tombstones for every share partition of the deleted topics. */
  cleanupDeletedTopics(deletedTopicIds: ReadonlySet<string>): Promise<void> {
    const keys: SharePartitionKey[] = [];
    for (const k of this.shareStateMap.keys()) {
      const parsed = parseSharePartitionKey(k);
      if (deletedTopicIds.has(parsed.topicId)) keys.push(parsed);
    }
    if (keys.length === 0) return Promise.resolve();
    for (const k of keys) this.applySnapshot(sharePartitionMapKey(k.groupId, k.topicId, k.partition), null);
    return this.ctx.append(keys.map((k) => shareStateTombstone(k)));
  }

  /** The topic ids this shard holds state for (the service's deleted-topic check). */
  topicIds(): Set<string> {
    const ids = new Set<string>();
    for (const k of this.shareStateMap.keys()) ids.add(parseSharePartitionKey(k).topicId);
    return ids;
  }

  /** Kafka's generateShareStateRecord: a ShareUpdate, or a ShareSnapshot once enough updates were written. */
  private writeRecord<T>(groupId: string, topicId: string, key: string, p: WritePartition, updateLeaderEpoch: boolean, answer: T): Promise<T> {
    const cur = this.shareStateMap.get(key)!;
    const leaderEpoch = updateLeaderEpoch ? p.leaderEpoch : cur.leaderEpoch;
    const startOffset = p.startOffset > cur.startOffset ? p.startOffset : cur.startOffset;
    let deliveryCompleteCount = p.deliveryCompleteCount;
    if (p.startOffset === cur.startOffset) deliveryCompleteCount = Math.max(p.deliveryCompleteCount, cur.deliveryCompleteCount);
    else if (p.startOffset < cur.startOffset) deliveryCompleteCount = cur.deliveryCompleteCount;
    const rk = { groupId, topicId, partition: p.partition };
    if ((this.snapshotUpdateCount.get(key) ?? 0) >= this.deps.snapshotUpdateRecordsPerSnapshot) {
      const now = BigInt(this.deps.nowMs());
      const value: ShareSnapshotValue = {
        snapshotEpoch: cur.snapshotEpoch + 1,
        stateEpoch: cur.stateEpoch,
        leaderEpoch,
        startOffset,
        deliveryCompleteCount,
        createTimestamp: now,
        writeTimestamp: now,
        stateBatches: combineStateBatches(cur.stateBatches, p.stateBatches, startOffset),
      };
      return this.commit(shareSnapshotRecord(rk, value), () => this.applySnapshot(key, value), answer);
    }
    const value: ShareUpdateValue = { snapshotEpoch: cur.snapshotEpoch, leaderEpoch, startOffset, deliveryCompleteCount, stateBatches: combineStateBatches([], p.stateBatches, startOffset) };
    return this.commit(shareUpdateRecord(rk, value), () => this.applyUpdate(key, value), answer);
  }
}

function toBatch(b: { firstOffset: bigint; lastOffset: bigint; deliveryState: number; deliveryCount: number }): PersisterStateBatch {
  return { firstOffset: b.firstOffset, lastOffset: b.lastOffset, deliveryState: b.deliveryState, deliveryCount: b.deliveryCount };
}
