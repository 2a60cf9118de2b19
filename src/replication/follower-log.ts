// What a follower does to its log with a leader's fetch answer (Kafka's UnifiedLog.appendAsFollower,
// maybeUpdateHighWatermark and maybeIncrementLogStartOffset with LeaderOffsetIncremented, and
// Partition.appendRecordsToFollowerOrFutureReplica's recovery from an append below the log end).
// Partition's follower section calls these; none follows the leader's high-watermark rule.

import type { Log } from "../storage/log.ts";
import { assert } from "../util/assert.ts";
import { firstBatchOffsets, wholeBatches } from "./follower-records.ts";

/** What a follower append wrote (Kafka's LogAppendInfo, the fields the fetcher uses). */
export interface FollowerAppendInfo {
  firstOffset: number;
  lastOffset: number;
  /** The leader-epoch cache's latest epoch after the append (the last batch's epoch). */
  lastLeaderEpoch: number;
  /** Bytes of whole batches appended. */
  validBytes: number;
}

/**
 * Appends the whole batches of `records` (a cut-off last batch is fetched again) keeping their offsets
 * and leader epochs: each is checked (length, magic, CRC; not max.message.bytes, which the leader
 * applied, as Kafka's ignoreRecordSize) and must start at or after the log end, in increasing order,
 * before a byte is written. The epochs go into the leader-epoch cache and the producer state follows
 * the batches (Log.append), so this replica dedupes retries and knows open transactions if it becomes
 * leader. Null when `records` holds no whole batch.
 */
export function appendAsFollower(log: Log, records: Uint8Array, nowMs: number): FollowerAppendInfo | null {
  const whole = wholeBatches(records);
  if (whole.length === 0) return null;
  const first = firstBatchOffsets(whole);
  // Kafka's UnexpectedAppendOffsetException case: an empty log that starts inside the leader's first
  // batch (the leader's log start fell mid-batch, DeleteRecords) restarts at that batch's base offset.
  if (first !== null && log.logEndOffset === log.logStartOffset && first.baseOffset < log.logEndOffset && first.lastOffset >= log.logEndOffset) {
    log.truncateFullyAndStartAt(first.baseOffset, nowMs);
  }
  const before = log.logEndOffset;
  const r = log.append(whole, { assignOffsets: false, ignoreRecordSize: true, nowMs });
  assert(r.firstOffset >= before && log.logEndOffset === r.lastOffset + 1, () => `${log.name}: follower append of ${r.firstOffset}-${r.lastOffset} left the log end at ${log.logEndOffset} (was ${before})`);
  return { firstOffset: r.firstOffset, lastOffset: r.lastOffset, lastLeaderEpoch: log.epochs.latestEpoch(), validBytes: whole.length };
}

/** The leader's high watermark, bounded by this log's end (and start); it may move down. True when it changed. */
export function updateFollowerHighWatermark(log: Log, leaderHighWatermark: number): boolean {
  const old = log.highWatermark;
  log.setHighWatermark(Math.min(leaderHighWatermark, log.logEndOffset));
  const hw = log.highWatermark;
  assert(hw >= log.logStartOffset && hw <= log.logEndOffset, () => `${log.name}: follower high watermark ${hw} outside [${log.logStartOffset}, ${log.logEndOffset}]`);
  return hw !== old;
}

/**
 * The leader's log start offset: moved up, never past this replica's high watermark (Kafka would throw
 * OffsetOutOfRange there; the next fetch catches up instead). Segments wholly below it are deleted by
 * the log's retention pass, as on the leader after DeleteRecords. True when it moved.
 */
export function followLeaderLogStartOffset(log: Log, leaderLogStartOffset: number): boolean {
  const target = Math.min(leaderLogStartOffset, log.highWatermark);
  if (target <= log.logStartOffset) return false;
  log.setLogStartOffset(target);
  return true;
}
