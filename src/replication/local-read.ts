// Kafka's ReplicaManager.readFromLocalLog + Partition.fetchRecords / readRecords: one fetch's read of
// every partition it names, as whole batches sliced from the segment files (zero copy).
//
// - Consumers read up to the high watermark (read_uncommitted) or the last stable offset
//   (read_committed, with the aborted transactions overlapping what was read). A consumer fetch with
//   client metadata (v11+) may be read from a follower, and the leader may point it at a preferred read
//   replica instead of reading (KIP-392, replica-selector.ts).
// - Followers (replica id >= 0) read up to the log end. The replica must be one of the partition's
//   (else UNKNOWN_LEADER_EPOCH when the fetch named a leader epoch, NOT_LEADER_OR_FOLLOWER when not).
//   Their first read of a request records where they are (the leader's view of the follower, which
//   moves the ISR and the high watermark: Partition.updateFollowerFetchState); a stale broker epoch
//   answers NOT_LEADER_OR_FOLLOWER.
// - A fetch naming its last fetched epoch (v12+) is checked against the leader-epoch cache first: a
//   fetcher whose log diverges gets the epoch and end offset to truncate to (DivergingEpoch) and no
//   records; an epoch whose end is unknown, or an offset below the log start, is OFFSET_OUT_OF_RANGE.
// - The first partition with data returns at least one batch (minOneMessage); the offsets returned
//   (high watermark, log start, log end) are those before the read.
// - A follower out of the ISR reading a partition throttled on the leader side while the leader's
//   replication quota is exceeded gets no records (Kafka's shouldLeaderThrottle); its read still
//   records where it is. The caller records the bytes sent for throttled partitions (recordThrottledBytes).

import { ErrorCode } from "../protocol/errors.ts";
import { fileRecords } from "../protocol/primitives/records-ref.ts";
import { LogClosedError, LogOfflineError, OffsetOutOfRangeError } from "../storage/errors.ts";
import { fetchUpperBoundOffset } from "../storage/fetch-upper-bound.ts";
import { checkLeaderEpoch, EMPTY_RECORDS, metadataError, readError, type FetchIsolation, type FetchParams, type FetchPartitionRequest, type FetchResults, type PartitionReadResult } from "./fetch-read.ts";
import { LeaderError } from "./leader-errors.ts";
import { Partition } from "./partition.ts";
import { shouldThrottle, UNBOUNDED_QUOTA, type ReplicaQuota } from "./replication-quota.ts";

export interface PartitionLookupError {
  errorCode: number;
  detail: string;
}

/** The hosted partition; `requireLeader` false also accepts a follower (a KIP-392 consumer read). */
export type PartitionLookup = (topic: string, partition: number, requireLeader: boolean) => Partition | PartitionLookupError;

/** KIP-392 on the leader: the preferred read replica for a consumer's fetch at `fetchOffset`, or -1. */
export type PreferredReadReplica = (p: Partition, fetchOffset: number, clientRack: string, listenerName: string, nowMs: number) => number;

export function readFromLocalLog(lookup: PartitionLookup, params: FetchParams, updateFetchState: boolean, nowMs: number, preferred: PreferredReadReplica | null = null, quota: ReplicaQuota = UNBOUNDED_QUOTA): FetchResults {
  const results = new Map<string, PartitionReadResult>();
  let limit = params.maxBytes;
  let minOne = true;
  let totalBytes = 0;
  let anyError = false;
  let anyDiverging = false;
  const replicaId = params.replicaId ?? -1;
  const isolation: FetchIsolation = replicaId >= 0 ? "logEnd" : (params.isolation ?? "highWatermark");
  // Kafka's FetchParams.fetchOnlyLeader: followers, and consumers without client metadata (below v11).
  const client = replicaId < 0 ? (params.clientMetadata ?? null) : null;
  // Bounded by the request's (or session's) partitions.
  for (const p of params.partitions) {
    const r = readPartition(lookup, p, limit, minOne, isolation, replicaId, params.replicaEpoch ?? -1n, updateFetchState, nowMs, client, preferred, quota);
    if (r.sizeBytes > 0) {
      minOne = false;
      limit = Math.max(0, limit - r.sizeBytes);
    }
    totalBytes += r.sizeBytes;
    if (r.errorCode !== 0) anyError = true;
    if (r.divergingEpoch || (r.preferredReadReplica ?? -1) >= 0) anyDiverging = true;
    results.set(p.key, r);
  }
  return { results, totalBytes, anyError, anyDiverging };
}

function readPartition(
  lookup: PartitionLookup,
  p: FetchPartitionRequest,
  limitBytes: number,
  minOneBatch: boolean,
  isolation: FetchIsolation,
  replicaId: number,
  replicaEpoch: bigint,
  updateFetchState: boolean,
  nowMs: number,
  client: { rackId: string; listenerName: string } | null,
  preferred: PreferredReadReplica | null,
  quota: ReplicaQuota,
): PartitionReadResult {
  if (p.unknownTopicId) return metadataError(ErrorCode.UNKNOWN_TOPIC_ID);
  const found = lookup(p.topic, p.partition, client === null);
  // UNKNOWN_TOPIC_OR_PARTITION comes only from a partition missing from the image: Kafka's metadata check.
  if (!(found instanceof Partition)) return found.errorCode === ErrorCode.UNKNOWN_TOPIC_OR_PARTITION ? metadataError(found.errorCode) : readError(found.errorCode);
  const epochError = checkLeaderEpoch(p.currentLeaderEpoch, found.leaderEpoch);
  if (epochError !== 0) return readError(epochError);
  const maxBytes = Math.max(0, Math.min(p.maxBytes, limitBytes));
  try {
    const follower = replicaId >= 0 ? found.followerReplica(replicaId, p.currentLeaderEpoch) : null;
    if (p.fetchOffset > BigInt(Number.MAX_SAFE_INTEGER) || p.fetchOffset < 0n) throw new OffsetOutOfRangeError(Number(p.fetchOffset), found.logStartOffset, found.logEndOffset);
    const fetchOffset = Number(p.fetchOffset);
    // Kafka's Partition.readRecords takes the offsets before the read; every isolation gets the LSO.
    const lastStableOffset = BigInt(found.lastStableOffset);
    // KIP-392: the leader points a consumer at a closer replica and reads nothing for it.
    if (client !== null && preferred !== null && found.isLeader) {
      const replica = preferred(found, fetchOffset, client.rackId, client.listenerName, nowMs);
      if (replica >= 0) {
        return { errorCode: 0, highWatermark: BigInt(found.highWatermark), lastStableOffset, logStartOffset: BigInt(found.logStartOffset), leaderEpoch: found.leaderEpoch, records: EMPTY_RECORDS, sizeBytes: 0, abortedTransactions: null, preferredReadReplica: replica };
      }
    }
    const lastFetchedEpoch = p.lastFetchedEpoch ?? -1;
    if (lastFetchedEpoch >= 0) {
      const diverging = found.divergingEpoch(lastFetchedEpoch, fetchOffset);
      if (diverging) {
        return {
          errorCode: 0,
          highWatermark: BigInt(found.highWatermark),
          lastStableOffset,
          logStartOffset: BigInt(found.logStartOffset),
          leaderEpoch: found.leaderEpoch,
          records: EMPTY_RECORDS,
          sizeBytes: 0,
          abortedTransactions: null,
          divergingEpoch: diverging,
        };
      }
    }
    const r = found.read(fetchOffset, maxBytes, minOneBatch, isolation);
    if (follower && updateFetchState) found.updateFollowerFetchState(follower, fetchOffset, Number(p.logStartOffset ?? -1n), nowMs, r.logEndOffset, replicaEpoch);
    const base = { errorCode: 0, highWatermark: BigInt(r.highWatermark), lastStableOffset, logStartOffset: BigInt(r.logStartOffset), leaderEpoch: found.leaderEpoch };
    const committed = isolation === "lastStable";
    // Nothing at this offset yet: Kafka's emptyFetchDataInfo, with an empty aborted list for read_committed.
    if (!r.slice) return { ...base, records: EMPTY_RECORDS, sizeBytes: 0, abortedTransactions: committed ? [] : null };
    // Kafka's checkFetchDataInfo: a throttled follower out of the ISR gets empty records.
    if (follower && shouldThrottle(quota, found.isr.includes(replicaId), p.topic, p.partition)) return { ...base, records: EMPTY_RECORDS, sizeBytes: 0, abortedTransactions: null };
    // A first batch larger than the limit: Kafka replaces the incomplete read with empty records and no aborted list.
    if (r.slice.length === 0) return { ...base, records: EMPTY_RECORDS, sizeBytes: 0, abortedTransactions: null };
    const abortedTransactions = committed ? found.log.collectAbortedTransactions(fetchOffset, fetchUpperBoundOffset(found.log.segments, found.logEndOffset, r.slice)) : null;
    return { ...base, records: fileRecords([{ file: r.slice.file, position: r.slice.position, length: r.slice.length }]), sizeBytes: r.slice.length, abortedTransactions, bytesOutCounter: found };
  } catch (e) {
    if (e instanceof OffsetOutOfRangeError) return readError(ErrorCode.OFFSET_OUT_OF_RANGE);
    if (e instanceof LogOfflineError || e instanceof LogClosedError) return readError(ErrorCode.KAFKA_STORAGE_ERROR);
    if (e instanceof LeaderError) return readError(e.code);
    throw e;
  }
}

/**
 * Kafka's KafkaApis.sizeOfThrottledPartitions + quotas.leader.record for a follower's fetch answer: the
 * bytes of the partitions throttled on the leader side, in sync or not. Counts record bytes (Kafka
 * counts each partition's encoded response size, a few dozen bytes more per partition).
 */
export function recordThrottledBytes(quota: ReplicaQuota, params: FetchParams, fetched: FetchResults): void {
  if ((params.replicaId ?? -1) < 0) return;
  let bytes = 0;
  for (const p of params.partitions) {
    const r = fetched.results.get(p.key);
    if (r && r.sizeBytes > 0 && quota.isThrottled(p.topic, p.partition)) bytes += r.sizeBytes;
  }
  quota.record(bytes);
}

/**
 * BytesOutPerSec (consumers) or ReplicationBytesOutPerSec (followers) of each partition, for the answer
 * actually sent (a delayed fetch's re-reads are not). Record bytes, as Kafka's BrokerTopicStats count them.
 */
export function countBytesOut(r: FetchResults, follower: boolean): void {
  if (r.totalBytes === 0) return;
  // Bounded by the request's partitions.
  for (const p of r.results.values()) {
    const c = p.bytesOutCounter;
    if (c === undefined) continue;
    if (follower) c.replicationBytesOut += p.sizeBytes;
    else c.bytesOut += p.sizeBytes;
  }
}
