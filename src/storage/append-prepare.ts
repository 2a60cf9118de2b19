// The checks and header rewrites of an append, done before a byte is written: every batch is
// validated (lengths, magic, record count, CRC unless the caller verified it), offsets are assigned
// by rewriting base offsets in place (or checked, for a follower), and LogAppendTime is stamped.
import { CRC_OFFSET, TIMESTAMP_TYPE_MASK, ATTRIBUTES_OFFSET, MAX_TIMESTAMP_OFFSET } from "../protocol/records/batch-header.ts";
import { crcOfParts, setLogAppendTimeParts, type BatchParts } from "../protocol/records/batch-parts.ts";
import { checkBatch, readBatchHeader, readOffset, setBaseOffset, setPartitionLeaderEpoch, stampLogAppendTime, viewOf } from "./batch.ts";
import type { BatchHeader } from "./batch.ts";
import { InvalidBatchError, OffsetOverflowError } from "./errors.ts";
import type { LogConfig } from "./log-config.ts";
import type { AppendOptions } from "./log-types.ts";
import { MAX_OFFSET } from "./offset-bound.ts";
import type { AppendedBatch } from "./segment.ts";

export interface PreparedAppend {
  batches: AppendedBatch[];
  headers: BatchHeader[];
  firstOffset: number;
  lastOffset: number;
  maxTimestamp: number;
  offsetOfMaxTimestamp: number;
  logAppendTime: boolean;
}

export function prepareAppend(records: Uint8Array, nextOffset: number, config: LogConfig, opts: AppendOptions, nowMs: number): PreparedAppend {
  const assign = opts.assignOffsets ?? true;
  const logAppendTime = assign && config.timestampType === "LogAppendTime";
  const view = viewOf(records);
  const batches: AppendedBatch[] = [];
  const headers: BatchHeader[] = [];
  let pos = 0;
  let next = nextOffset;
  let maxTimestamp = -1;
  let offsetOfMaxTimestamp = -1;
  if (records.length === 0) throw new InvalidBatchError(0, "no record batches");
  // Bounded by records.length: every batch is at least the 61-byte header.
  while (pos < records.length) {
    const reason = checkBatch(records, pos, records.length, config.maxMessageBytes, opts.crcVerified ?? false);
    if (reason) throw new InvalidBatchError(pos, reason);
    const size = view.getInt32(pos + 8) + 12;
    if (size > config.segmentBytes) throw new InvalidBatchError(pos, `batch size ${size} exceeds segment.bytes ${config.segmentBytes}`);
    if (assign) {
      setBaseOffset(view, pos, next);
      if (opts.leaderEpoch !== undefined) setPartitionLeaderEpoch(view, pos, opts.leaderEpoch);
    } else {
      const base = readOffset(view, pos);
      if (base < next) throw new InvalidBatchError(pos, `base offset ${base} is below the log end offset ${next}`);
    }
    const h = readBatchHeader(records, pos);
    if (logAppendTime) {
      stampLogAppendTime(records, pos, h.sizeBytes, nowMs);
      h.maxTimestamp = nowMs;
    }
    if (h.lastOffset > MAX_OFFSET) throw new OffsetOverflowError(h.lastOffset, "2^53-1, the storage layer's offset bound");
    if (h.maxTimestamp > maxTimestamp) {
      maxTimestamp = h.maxTimestamp;
      offsetOfMaxTimestamp = h.lastOffset;
    }
    batches.push({ lastOffset: h.lastOffset, sizeBytes: h.sizeBytes, maxTimestamp: h.maxTimestamp });
    headers.push(h);
    next = h.lastOffset + 1;
    pos += h.sizeBytes;
  }
  return { batches, headers, firstOffset: headers[0]!.baseOffset, lastOffset: next - 1, maxTimestamp, offsetOfMaxTimestamp, logAppendTime };
}

/**
 * prepareAppend for one batch held as BatchParts (header copy + slices): the same checks, with the CRC
 * run across the slices unless the caller verified it, and every rewrite done in the header copy.
 */
export function prepareAppendParts(parts: BatchParts, nextOffset: number, config: LogConfig, opts: AppendOptions, nowMs: number): PreparedAppend {
  const assign = opts.assignOffsets ?? true;
  const logAppendTime = assign && config.timestampType === "LogAppendTime";
  const header = parts.header;
  const view = viewOf(header);
  // The header holds the fields checkBatch reads; the CRC (over the slices) is checked below.
  const reason = checkBatch(header, 0, parts.length, config.maxMessageBytes, true);
  if (reason) throw new InvalidBatchError(0, reason);
  const size = view.getInt32(8) + 12;
  if (size !== parts.length) throw new InvalidBatchError(0, `batch size ${size} but ${parts.length} bytes given: BatchParts holds exactly one batch`);
  if (!(opts.crcVerified ?? false)) {
    const stored = view.getUint32(CRC_OFFSET);
    const actual = crcOfParts(parts);
    if (stored !== actual) throw new InvalidBatchError(0, `CRC mismatch: stored ${stored}, computed ${actual}`);
  }
  if (size > config.segmentBytes) throw new InvalidBatchError(0, `batch size ${size} exceeds segment.bytes ${config.segmentBytes}`);
  if (assign) {
    setBaseOffset(view, 0, nextOffset);
    if (opts.leaderEpoch !== undefined) setPartitionLeaderEpoch(view, 0, opts.leaderEpoch);
  } else {
    const base = readOffset(view, 0);
    if (base < nextOffset) throw new InvalidBatchError(0, `base offset ${base} is below the log end offset ${nextOffset}`);
  }
  const h = readBatchHeader(header, 0);
  if (logAppendTime) {
    // As stampLogAppendTime: nothing to do when the batch already carries this LogAppendTime.
    const already = (view.getInt16(ATTRIBUTES_OFFSET) & TIMESTAMP_TYPE_MASK) !== 0 && view.getBigInt64(MAX_TIMESTAMP_OFFSET) === BigInt(nowMs);
    if (!already) setLogAppendTimeParts(parts, BigInt(nowMs));
    h.maxTimestamp = nowMs;
  }
  if (h.lastOffset > MAX_OFFSET) throw new OffsetOverflowError(h.lastOffset, "2^53-1, the storage layer's offset bound");
  return {
    batches: [{ lastOffset: h.lastOffset, sizeBytes: h.sizeBytes, maxTimestamp: h.maxTimestamp }],
    headers: [h],
    firstOffset: h.baseOffset,
    lastOffset: h.lastOffset,
    maxTimestamp: h.maxTimestamp > -1 ? h.maxTimestamp : -1,
    offsetOfMaxTimestamp: h.maxTimestamp > -1 ? h.lastOffset : -1,
    logAppendTime,
  };
}
