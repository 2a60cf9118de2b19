// The checks and header rewrites of an append, done before a byte is written: every batch is
// validated (lengths, magic, record count, CRC unless the caller verified it), offsets are assigned
// by rewriting base offsets in place (or checked, for a follower), and LogAppendTime is stamped.
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
