// Types of a fetch's read of one partition (Kafka's FetchPartitionData / LogReadResult) and the leader
// epoch check every partition-addressed request makes (Kafka's Partition.checkCurrentLeaderEpoch).

import { ErrorCode } from "../protocol/errors.ts";
import type { Records } from "../protocol/primitives/records-ref.ts";
import type { AbortedTxnInfo } from "../storage/log-types.ts";

export const EMPTY_RECORDS: Uint8Array = new Uint8Array(0);

/** One partition of a fetch (consumers now; followers in the replication issue). */
export interface FetchPartitionRequest {
  /** Distinct per partition of the fetch; the results are keyed by it. */
  key: string;
  topic: string;
  partition: number;
  fetchOffset: bigint;
  maxBytes: number;
  currentLeaderEpoch: number;
  /** v13+: the request's topic id is not in the metadata image (answered UNKNOWN_TOPIC_ID). */
  unknownTopicId: boolean;
  /** v12+: the epoch of the last batch the fetcher holds, -1 (or absent) when not sent: checked for divergence. */
  lastFetchedEpoch?: number;
  /** v5+: a follower's log start offset (-1 or absent for consumers). */
  logStartOffset?: bigint;
}

/**
 * How far a fetch reads (Kafka's FetchIsolation): consumers read_uncommitted up to the high watermark,
 * read_committed up to the last stable offset, followers (replica id >= 0) to the log end.
 */
export type FetchIsolation = "highWatermark" | "lastStable" | "logEnd";

export interface PartitionReadResult {
  errorCode: number;
  highWatermark: bigint;
  /** The partition's last stable offset, sent for both isolation levels as Kafka does; -1 on error. */
  lastStableOffset: bigint;
  logStartOffset: bigint;
  records: Records;
  /** Bytes of records returned. */
  sizeBytes: number;
  /** Leader epoch of the partition, -1 when unknown. */
  leaderEpoch: number;
  /**
   * read_committed: the aborted transactions overlapping the returned records ([] when none or when
   * nothing was returned); null for read_uncommitted, read errors and a first batch too large to send,
   * as Kafka answers (its FetchDataInfo then carries no aborted list); [] for the partitions Kafka
   * refuses before reading (metadataError).
   */
  abortedTransactions: readonly AbortedTxnInfo[] | null;
  /** The fetcher's log diverges from this one (FetchResponse v12+ DivergingEpoch): truncate to it; no records. */
  divergingEpoch?: { epoch: number; endOffset: number } | null;
  /** KIP-392: the replica the consumer should fetch this partition from instead (no records); absent or -1: none. */
  preferredReadReplica?: number;
  /** Where the bytes sent are counted (the Partition read), when records were read. */
  bytesOutCounter?: BytesOutCounter;
}

/** Kafka's BytesOutPerSec / ReplicationBytesOutPerSec of one partition (Partition's fields). */
export interface BytesOutCounter {
  bytesOut: number;
  replicationBytesOut: number;
}

/** A partition the read failed on (Kafka's LogReadResult for an exception): no aborted list. */
export function readError(errorCode: number): PartitionReadResult {
  return { errorCode, highWatermark: -1n, lastStableOffset: -1n, logStartOffset: -1n, records: EMPTY_RECORDS, sizeBytes: 0, leaderEpoch: -1, abortedTransactions: null };
}

/**
 * A partition Kafka refuses before reading (FetchResponse.partitionResponse for an unknown topic id or
 * a partition not in the metadata): its PartitionData defaults, so an empty aborted list, not null.
 */
export function metadataError(errorCode: number): PartitionReadResult {
  return { ...readError(errorCode), abortedTransactions: [] };
}

/** Kafka's leader epoch check: -1 skips it; older is FENCED_LEADER_EPOCH, newer UNKNOWN_LEADER_EPOCH. */
export function checkLeaderEpoch(requested: number, current: number): number {
  if (requested === -1 || requested === current) return 0;
  return requested < current ? ErrorCode.FENCED_LEADER_EPOCH : ErrorCode.UNKNOWN_LEADER_EPOCH;
}

export interface FetchParams {
  partitions: readonly FetchPartitionRequest[];
  /** Over the whole response (already capped by fetch.max.bytes). */
  maxBytes: number;
  minBytes: number;
  maxWaitMs: number;
  /** Up to where every partition is read (default "highWatermark"); a delayed fetch counts bytes up to it too. */
  isolation?: FetchIsolation;
  /** A follower's broker id (Fetch replica_id / ReplicaState.ReplicaId), -1 (absent) for consumers. */
  replicaId?: number;
  /** A follower's broker epoch (ReplicaState.ReplicaEpoch, v15+), -1 when not sent. */
  replicaEpoch?: bigint;
  /**
   * Kafka's ClientMetadata, sent by consumers from Fetch v11: such a fetch may be served by a follower
   * and may be pointed at a preferred read replica (KIP-392). Absent: only the leader serves it.
   */
  clientMetadata?: { rackId: string; listenerName: string };
}

export interface FetchResults {
  /** By FetchPartitionRequest.key. */
  results: Map<string, PartitionReadResult>;
  totalBytes: number;
  anyError: boolean;
  /** A partition answered with a diverging epoch or a preferred read replica (Kafka answers such a fetch at once). */
  anyDiverging?: boolean;
}
