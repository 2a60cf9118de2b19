// An in-memory Persister with the share coordinator's semantics (Kafka's ShareCoordinatorShard), used
// by the broker until the share coordinator on `__share_group_state` is wired (DefaultStatePersister),
// and by unit tests. Nothing survives a restart.
//
// Semantics, as ShareCoordinatorShard in 4.4.0:
// - initializeState: creates (or resets) a share partition's state with the given state epoch and start
//   offset (-1: not yet known; the partition leader then applies share.auto.offset.reset), no batches;
//   a state epoch older than the stored one is FENCED_STATE_EPOCH;
// - readState: a negative leader epoch or an uninitialised partition is INVALID_REQUEST ("Read on
//   uninitialized share partition");
//   a leader epoch older than the last recorded one is FENCED_LEADER_EPOCH, a newer one is recorded;
// - writeState: an uninitialised partition is INVALID_REQUEST; an older leader epoch FENCED_LEADER_EPOCH,
//   an older state epoch FENCED_STATE_EPOCH; the written batches are merged over the stored ones (a new
//   batch replaces the offsets it covers, Kafka's PersisterStateBatchCombiner) and everything below the
//   new start offset is dropped;
// - deleteState: removes the partition's state (deleting an unknown one is not an error);
// - readSummary: start offset, state epoch, leader epoch and delivery-complete count; UNKNOWN_SERVER_ERROR
//   for an unknown partition, as the shard answers.
// Bounded by `maxPartitions` states (a write that would add one more is refused with UNKNOWN_SERVER_ERROR).

import { ErrorCode } from "../../protocol/errors.ts";
import type { Persister } from "./persister.ts";
import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import type { ReadShareGroupStateRequest } from "../../protocol/generated/messages/read-share-group-state-request.ts";
import type { ReadShareGroupStateResponse, StateBatch as ReadStateBatch } from "../../protocol/generated/messages/read-share-group-state-response.ts";
import type { WriteShareGroupStateRequest, StateBatch as WriteStateBatch } from "../../protocol/generated/messages/write-share-group-state-request.ts";
import type { WriteShareGroupStateResponse } from "../../protocol/generated/messages/write-share-group-state-response.ts";
import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../protocol/generated/messages/delete-share-group-state-response.ts";
import type { ReadShareGroupStateSummaryRequest } from "../../protocol/generated/messages/read-share-group-state-summary-request.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../protocol/generated/messages/read-share-group-state-summary-response.ts";

/** One persisted range of offsets with its delivery state (Kafka's PersisterStateBatch). */
export interface PersisterStateBatch {
  firstOffset: bigint;
  lastOffset: bigint;
  deliveryState: number;
  deliveryCount: number;
}

interface ShareState {
  stateEpoch: number;
  leaderEpoch: number;
  startOffset: bigint;
  deliveryCompleteCount: number;
  batches: PersisterStateBatch[];
}

const READ_UNINITIALIZED = "Read on uninitialized share partition";
const WRITE_UNINITIALIZED = "Write on uninitialized share partition";

/**
 * Kafka's PersisterStateBatchCombiner, simply: the new batches win over the offsets they cover, the
 * old ones keep the rest; all below `startOffset` is dropped; the result is sorted and adjacent equal
 * ranges are joined.
 */
export function combineStateBatches(old: readonly PersisterStateBatch[], added: readonly PersisterStateBatch[], startOffset: bigint): PersisterStateBatch[] {
  let out: PersisterStateBatch[] = old.map((b) => ({ ...b }));
  for (const n of added) {
    const next: PersisterStateBatch[] = [];
    for (const b of out) {
      if (b.lastOffset < n.firstOffset || b.firstOffset > n.lastOffset) {
        next.push(b);
        continue;
      }
      if (b.firstOffset < n.firstOffset) next.push({ ...b, lastOffset: n.firstOffset - 1n });
      if (b.lastOffset > n.lastOffset) next.push({ ...b, firstOffset: n.lastOffset + 1n });
    }
    next.push({ ...n });
    out = next;
  }
  out = out.filter((b) => b.lastOffset >= startOffset).map((b) => (b.firstOffset < startOffset ? { ...b, firstOffset: startOffset } : b));
  out.sort((a, b) => (a.firstOffset < b.firstOffset ? -1 : a.firstOffset > b.firstOffset ? 1 : 0));
  const joined: PersisterStateBatch[] = [];
  for (const b of out) {
    const last = joined[joined.length - 1];
    if (last !== undefined && last.lastOffset + 1n === b.firstOffset && last.deliveryState === b.deliveryState && last.deliveryCount === b.deliveryCount) last.lastOffset = b.lastOffset;
    else joined.push(b);
  }
  return joined;
}

export class InMemoryPersister implements Persister {
  private readonly states = new Map<string, ShareState>();

  constructor(private readonly maxPartitions = 100_000) {}

  private static key(groupId: string, topicId: string, partition: number): string {
    return `${groupId}\u0000${topicId}\u0000${partition}`;
  }

  /** How many share partitions have state (tests). */
  get size(): number {
    return this.states.size;
  }

  async initializeState(req: InitializeShareGroupStateRequest): Promise<InitializeShareGroupStateResponse> {
    return {
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const key = InMemoryPersister.key(req.groupId, t.topicId, p.partition);
          const cur = this.states.get(key);
          if (cur !== undefined && p.stateEpoch < cur.stateEpoch) return { partition: p.partition, errorCode: ErrorCode.FENCED_STATE_EPOCH, errorMessage: "Initialize request state epoch is smaller than last recorded" };
          if (cur === undefined && this.states.size >= this.maxPartitions) return { partition: p.partition, errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: "share state limit reached" };
          this.states.set(key, { stateEpoch: p.stateEpoch, leaderEpoch: cur?.leaderEpoch ?? -1, startOffset: p.startOffset, deliveryCompleteCount: 0, batches: [] });
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null };
        }),
      })),
    };
  }

  async readState(req: ReadShareGroupStateRequest): Promise<ReadShareGroupStateResponse> {
    return {
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const empty = { partition: p.partition, stateEpoch: 0, startOffset: -1n, stateBatches: [] as ReadStateBatch[] };
          const s = this.states.get(InMemoryPersister.key(req.groupId, t.topicId, p.partition));
          if (p.leaderEpoch < 0) return { ...empty, errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Request leader epoch is negative." };
          if (s === undefined) return { ...empty, errorCode: ErrorCode.INVALID_REQUEST, errorMessage: READ_UNINITIALIZED };
          if (p.leaderEpoch < s.leaderEpoch) return { ...empty, errorCode: ErrorCode.FENCED_LEADER_EPOCH, errorMessage: null };
          if (p.leaderEpoch > s.leaderEpoch) s.leaderEpoch = p.leaderEpoch;
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null, stateEpoch: s.stateEpoch, startOffset: s.startOffset, stateBatches: s.batches.map((b) => ({ ...b })) };
        }),
      })),
    };
  }

  async writeState(req: WriteShareGroupStateRequest): Promise<WriteShareGroupStateResponse> {
    return {
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const s = this.states.get(InMemoryPersister.key(req.groupId, t.topicId, p.partition));
          if (s === undefined) return { partition: p.partition, errorCode: ErrorCode.INVALID_REQUEST, errorMessage: WRITE_UNINITIALIZED };
          if (p.leaderEpoch !== -1 && p.leaderEpoch < s.leaderEpoch) return { partition: p.partition, errorCode: ErrorCode.FENCED_LEADER_EPOCH, errorMessage: "Write request leader epoch is smaller than last recorded" };
          if (p.stateEpoch < s.stateEpoch) return { partition: p.partition, errorCode: ErrorCode.FENCED_STATE_EPOCH, errorMessage: "Write request state epoch is smaller than last recorded" };
          if (p.leaderEpoch > s.leaderEpoch) s.leaderEpoch = p.leaderEpoch;
          s.stateEpoch = p.stateEpoch;
          // Kafka's shard keeps the start offset when the write carries -1 (no change).
          if (p.startOffset >= 0n) s.startOffset = p.startOffset;
          if (p.deliveryCompleteCount >= 0) s.deliveryCompleteCount = p.deliveryCompleteCount;
          s.batches = combineStateBatches(s.batches, p.stateBatches.map((b: WriteStateBatch) => ({ ...b })), s.startOffset);
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null };
        }),
      })),
    };
  }

  async deleteState(req: DeleteShareGroupStateRequest): Promise<DeleteShareGroupStateResponse> {
    return {
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          this.states.delete(InMemoryPersister.key(req.groupId, t.topicId, p.partition));
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null };
        }),
      })),
    };
  }

  async readSummary(req: ReadShareGroupStateSummaryRequest): Promise<ReadShareGroupStateSummaryResponse> {
    return {
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const s = this.states.get(InMemoryPersister.key(req.groupId, t.topicId, p.partition));
          if (s === undefined) return { partition: p.partition, errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: `Data not found for topic ${t.topicId}, partition ${p.partition} for group ${req.groupId}`, stateEpoch: 0, leaderEpoch: 0, startOffset: -1n, deliveryCompleteCount: 0 };
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null, stateEpoch: s.stateEpoch, leaderEpoch: s.leaderEpoch, startOffset: s.startOffset, deliveryCompleteCount: s.deliveryCompleteCount };
        }),
      })),
    };
  }
}
