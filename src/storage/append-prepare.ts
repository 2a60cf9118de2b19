// The checks and header rewrites of an append, done before a byte is written: every batch is
// validated (lengths, magic, record count, CRC unless the caller verified it), offsets are assigned
// by rewriting base offsets in place (or checked, for a follower), and LogAppendTime is stamped.
//
// Headers are read by the one parser (protocol/records/batch-header.ts). A produced batch comes with
// the header produce validation parsed (AppendOptions.header): it is used as is, so the header of a
// produced batch is parsed once on its way to the log.
import { ATTRIBUTES_OFFSET, CRC_OFFSET, MAX_TIMESTAMP_OFFSET, TIMESTAMP_TYPE_MASK, checkBatch, readBatchHeader, readOffset, viewOf, type BatchHeader } from "../protocol/records/batch-header.ts";
import { crcOfParts, setLogAppendTimeParts, type BatchParts } from "../protocol/records/batch-parts.ts";
import { setBaseOffset, setPartitionLeaderEpoch, stampLogAppendTime } from "./batch.ts";
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

/**
 * The header of the batch at `pos`: the caller's (checked against the bytes it claims to describe, and
 * the log's limits) or parsed here after the structural checks.
 */
function headerAt(buf: Uint8Array, pos: number, end: number, config: LogConfig, opts: AppendOptions, skipCrc: boolean): BatchHeader {
  const given = opts.header;
  if (given) {
    if (pos !== 0 || given.sizeBytes !== end) throw new InvalidBatchError(pos, `the validated header describes a ${given.sizeBytes}-byte batch but ${end} bytes were given`);
    if (given.sizeBytes > config.maxMessageBytes) throw new InvalidBatchError(pos, `batch size ${given.sizeBytes} exceeds the limit ${config.maxMessageBytes}`);
    return given;
  }
  const reason = checkBatch(buf, pos, end, opts.ignoreRecordSize ? Number.MAX_SAFE_INTEGER : config.maxMessageBytes, skipCrc);
  if (reason) throw new InvalidBatchError(pos, reason);
  return readBatchHeader(buf, pos);
}

/** Assigns (leader) or checks (follower) the offsets of one batch, in the bytes and in its header. */
function placeBatch(view: DataView, pos: number, h: BatchHeader, next: number, config: LogConfig, opts: AppendOptions): void {
  if (h.sizeBytes > config.segmentBytes) throw new InvalidBatchError(pos, `batch size ${h.sizeBytes} exceeds segment.bytes ${config.segmentBytes}`);
  if (opts.assignOffsets ?? true) {
    setBaseOffset(view, pos, next);
    h.baseOffset = next;
    h.lastOffset = next + h.lastOffsetDelta;
    if (opts.leaderEpoch !== undefined) {
      setPartitionLeaderEpoch(view, pos, opts.leaderEpoch);
      h.partitionLeaderEpoch = opts.leaderEpoch;
    }
  } else {
    const base = readOffset(view, pos);
    if (base < next) throw new InvalidBatchError(pos, `base offset ${base} is below the log end offset ${next}`);
  }
  if (h.lastOffset > MAX_OFFSET) throw new OffsetOverflowError(h.lastOffset, "2^53-1, the storage layer's offset bound");
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
    const h = headerAt(records, pos, records.length, config, opts, opts.crcVerified ?? false);
    placeBatch(view, pos, h, next, config, opts);
    if (logAppendTime) {
      if (stampLogAppendTime(records, pos, h.sizeBytes, nowMs)) {
        h.attributes |= TIMESTAMP_TYPE_MASK;
        h.crc = view.getUint32(pos + CRC_OFFSET);
      }
      h.maxTimestamp = nowMs;
    }
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
  // The header copy holds the fields checkBatch reads; the CRC (over the slices) is checked below.
  const h = headerAt(header, 0, parts.length, config, opts, true);
  if (h.sizeBytes !== parts.length) throw new InvalidBatchError(0, `batch size ${h.sizeBytes} but ${parts.length} bytes given: BatchParts holds exactly one batch`);
  if (!(opts.crcVerified ?? false)) {
    const actual = crcOfParts(parts);
    if (h.crc !== actual) throw new InvalidBatchError(0, `CRC mismatch: stored ${h.crc}, computed ${actual}`);
  }
  placeBatch(view, 0, h, nextOffset, config, opts);
  if (logAppendTime) {
    // As stampLogAppendTime: nothing to do when the batch already carries this LogAppendTime.
    const already = (view.getInt16(ATTRIBUTES_OFFSET) & TIMESTAMP_TYPE_MASK) !== 0 && view.getBigInt64(MAX_TIMESTAMP_OFFSET) === BigInt(nowMs);
    if (!already) {
      setLogAppendTimeParts(parts, BigInt(nowMs));
      h.attributes |= TIMESTAMP_TYPE_MASK;
      h.crc = view.getUint32(CRC_OFFSET);
    }
    h.maxTimestamp = nowMs;
  }
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
