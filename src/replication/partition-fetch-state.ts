// A replica fetcher's state for one partition (Kafka's PartitionFetchState / InitialFetchState) and the
// offset a follower truncates to when the leader reports a diverging epoch (Kafka's
// AbstractFetcherThread.getOffsetTruncationState, the truncation-on-fetch path).

import type { OffsetAndEpoch } from "./follower-records.ts";

export type ReplicaFetchPhase = "Truncating" | "Fetching";

/** Where a partition starts fetching (Kafka's InitialFetchState). */
export interface InitialFetchState {
  topic: string;
  topicId: string;
  partition: number;
  currentLeaderEpoch: number;
  /** The log end when a leader epoch is known locally, else the high watermark (Kafka's initialFetchOffset). */
  initOffset: number;
}

/** Kafka's PartitionFetchState. Replaced, never mutated, so a response can tell it is still current. */
export interface PartitionFetchState {
  readonly topic: string;
  readonly topicId: string;
  readonly partition: number;
  readonly fetchOffset: number;
  readonly currentLeaderEpoch: number;
  /** -1: none known. */
  readonly lastFetchedEpoch: number;
  readonly phase: ReplicaFetchPhase;
  /** Backing off until then (clock ms); 0: not delayed. */
  readonly delayedUntilMs: number;
  /** The leader's high watermark minus the next fetch offset, once known. */
  readonly lag: number | null;
}

/** Kafka's PartitionFetchState.isReplicaInSync: caught up with the leader's high watermark (lag known and 0). */
export function isReplicaInSync(s: PartitionFetchState): boolean {
  return s.lag !== null && s.lag <= 0;
}

/**
 * Kafka's getOffsetTruncationState for a diverging epoch (leaderEpoch, leaderEndOffset) from the
 * leader: where this replica's log stops agreeing with the leader's.
 * - no end offset (-1): the fetch offset (this replica's high watermark or log end);
 * - no epoch (-1): the leader's end offset, at most this log's end;
 * - an epoch this replica holds: the lower of its end here and there (and this log's end);
 * - an epoch this replica does not hold: the end of the largest lower epoch here; the next fetch,
 *   with that epoch as last fetched, finds the rest;
 * - no epoch at or below it here: the leader's end offset, at most this log's end.
 */
export function offsetTruncationState(fetchOffset: number, logEndOffset: number, leaderEpoch: number, leaderEndOffset: number, endOffsetForEpoch: (epoch: number) => OffsetAndEpoch | null): number {
  if (leaderEndOffset < 0) return fetchOffset;
  if (leaderEpoch < 0) return Math.min(leaderEndOffset, logEndOffset);
  const local = endOffsetForEpoch(leaderEpoch);
  if (local === null) return Math.min(leaderEndOffset, logEndOffset);
  if (local.epoch !== leaderEpoch) return Math.min(local.offset, logEndOffset);
  return Math.min(local.offset, leaderEndOffset, logEndOffset);
}
