// What a share partition writes through the Persister and how it reads the Persister's errors.

import { ErrorCode } from "../../protocol/errors.ts";
import type { StateBatch } from "../../protocol/generated/messages/write-share-group-state-request.ts";

// Kafka's InvalidRecordStateException / InvalidRequestException messages for acknowledgements.
export const NOT_FOUND = "Batch record not found. The request batch offsets are not found in the cache.";
export const FIRST_PAST_END = "Batch record not found. The first offset in request is past acquired records.";
export const LAST_PAST_END = "Batch record not found. The last offset in request is past acquired records.";
export const NOT_ACQUIRED = "The batch cannot be acknowledged. The batch is not in the acquired state.";
export const NOT_OWNER = "Member is not the owner of batch record";

/** One offset's state before a change (to write the new state, or to undo the change). */
export interface OffsetChange {
  offset: number;
  state: number;
  deliveryCount: number;
  memberId: string | null;
  lockId: number;
}

/** Sorted offsets' states joined into Kafka's PersisterStateBatch ranges (same state and count). */
export function persistedBatches(changes: readonly OffsetChange[]): StateBatch[] {
  const sorted = [...changes].sort((a, b) => a.offset - b.offset);
  const out: StateBatch[] = [];
  for (const c of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && last.lastOffset + 1n === BigInt(c.offset) && last.deliveryState === c.state && last.deliveryCount === c.deliveryCount) last.lastOffset = BigInt(c.offset);
    else if (last === undefined || last.lastOffset < BigInt(c.offset)) out.push({ firstOffset: BigInt(c.offset), lastOffset: BigInt(c.offset), deliveryState: c.state, deliveryCount: c.deliveryCount });
  }
  return out;
}

/** Kafka's SharePartition.fetchPersisterError: the persister's code as the share partition reports it. */
export function readErrorCode(code: number): number {
  switch (code) {
    case ErrorCode.NOT_COORDINATOR:
    case ErrorCode.COORDINATOR_NOT_AVAILABLE:
    case ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
      return ErrorCode.COORDINATOR_NOT_AVAILABLE;
    case ErrorCode.GROUP_ID_NOT_FOUND:
      return ErrorCode.GROUP_ID_NOT_FOUND;
    case ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
      return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
    case ErrorCode.FENCED_STATE_EPOCH:
    case ErrorCode.FENCED_LEADER_EPOCH:
      return ErrorCode.NOT_LEADER_OR_FOLLOWER;
    case ErrorCode.INVALID_REQUEST:
      // An uninitialised share partition (no assignment yet): Kafka drops it and answers as for a
      // partition it does not host.
      return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
    default:
      return ErrorCode.UNKNOWN_SERVER_ERROR;
  }
}
