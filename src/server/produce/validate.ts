// Validation of the records of one produced partition, as Kafka does in three places:
// ProduceRequest.validateRecords (v3+: exactly one magic-2 batch, zstd only from v7),
// UnifiedLog.analyzeAndValidateRecords (base offset 0, max.message.bytes, CRC) and
// LogValidator (offset range vs record count, no control batches, sequence present with a
// producer id, per-record structure, timestamps and keys, inner offsets of compressed batches,
// recompression to the topic's compression.type, LogAppendTime).
//
// Records of a large request that arrived in several socket chunks come sliced: an uncompressed batch
// is then checked with the CRC and the record walk run across the slices and appended from them
// (BatchParts); compressed batches, and batches that fail the fast walk, are concatenated once first.
//
// Every record of every batch is walked, as Kafka's LogValidator does (its uncompressed path iterates
// the batch, and DefaultRecord.readFrom refuses a record count the bytes do not hold, a record length
// past the batch, malformed varints, fields that do not add up to the record's length and bytes left
// after the last record: InvalidRecordException -> INVALID_RECORD, no error message): a CRC-valid batch
// that lies about its records would otherwise be appended and break every consumer of the partition.
// The walk builds no objects (record-scan.ts, over the bytes or the slices in place, also checking
// keys and timestamps); only when it says no are the records decoded as objects (RecordIterator), which
// names the error, or accepts what the fast walk is stricter about (offset deltas other than the index).
// Compressed batches are decompressed (bounded) into a reused buffer and walked the same way; records
// are decoded as objects only to recompress or to name what is wrong.
//
// The batch header is parsed once (protocol/records/batch-header.ts readBatchHeader) after the size
// check; every check here reads that object, and it goes with the result (ValidatedBatch.header) to
// Log.append, which trusts it instead of parsing the header again.

import { ErrorCode } from "../../protocol/errors.ts";
import { concatSliced, type SlicedRecords } from "../../protocol/primitives/records-ref.ts";
import {
  ATTRIBUTES_OFFSET,
  BATCH_HEADER_SIZE,
  COMPRESSION_CODEC_MASK,
  CONTROL_FLAG_MASK,
  CRC_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
  readBatchHeader,
  viewOf,
  type BatchHeader,
  batchParts,
  copyRange,
  crcOfParts,
  setLogAppendTimeParts,
  type BatchParts,
  BATCH_LENGTH_OFFSET,
  LOG_OVERHEAD,
  MAGIC_OFFSET,
  RECORDS_OFFSET,
  RecordBatchError,
  RecordBatchView,
  buildRecordBatch,
  type Record,
  type RecordInput,
} from "../../protocol/records/index.ts";
import type { DecompressScratch } from "../../protocol/records/compression/codec.ts";
import { recordsPassCheck, slicedRecordsPassCheck, type RecordCheck } from "../../protocol/records/record-scan.ts";
import { ProducePartitionError, type RecordError } from "../../replication/errors.ts";
import { targetCompressionId, type TopicSettings } from "./topic-settings.ts";

/** Bound on a compressed batch's decompressed size when validating it. */
export const MAX_VALIDATION_UNCOMPRESSED_BYTES = 128 * 1024 * 1024;

export interface ValidatedBatch {
  /**
   * The batch to append: the request's bytes, a rebuilt batch after recompression, or (records that
   * arrived sliced) a header copy + the request's slices.
   */
  bytes: Uint8Array | BatchParts;
  /** Over the batch (for BatchParts: over the header copy; header fields only). */
  view: RecordBatchView;
  /**
   * The batch's header, parsed once and kept in step with the stamps made here (LogAppendTime): hand it
   * to Log.append (AppendOptions.header) so the append does not parse it again.
   */
  header: BatchHeader;
  /** The LogAppendTime stamped (the batch is stamped already), or -1 under CreateTime. */
  logAppendTimeMs: number;
}

/** The LogAppendTime to stamp on the batch (now), or -1 under CreateTime. */
function logAppendTimeOf(o: ValidateOptions): number {
  return o.settings.logAppendTime ? o.nowMs : -1;
}

function invalid(message: string): ProducePartitionError {
  return new ProducePartitionError(ErrorCode.INVALID_RECORD, message);
}

/**
 * Kafka's ProduceRequest.validateRecords: a v3+ request carries exactly one magic-2 batch per
 * partition; zstd needs v7. Trailing bytes too short to be a batch are dropped later, as Kafka does.
 */
function checkRequestShape(records: Uint8Array | SlicedRecords, apiVersion: number): { size: number } {
  const at = byteReader(records);
  const complete = (pos: number): number => {
    if (records.length - pos < LOG_OVERHEAD) return -1;
    const length = at.int32(pos + BATCH_LENGTH_OFFSET);
    // Kafka's ByteBufferLogInputStream: a size below the smallest legacy record is corrupt.
    if (length < 14) throw new ProducePartitionError(ErrorCode.CORRUPT_MESSAGE, `record size ${length} is less than the minimum record overhead (14)`);
    const size = length + LOG_OVERHEAD;
    if (records.length - pos < size || records.length - pos <= MAGIC_OFFSET) return -1;
    return size;
  };
  const size = complete(0);
  if (size < 0) throw invalid(`Produce requests with version ${apiVersion} must have at least one record batch per partition`);
  const magic = at.byte(MAGIC_OFFSET);
  if (magic !== 2) throw invalid(`Produce requests with version ${apiVersion} are only allowed to contain record batches with magic version 2`);
  if (size >= BATCH_HEADER_SIZE && apiVersion < 7 && (at.byte(ATTRIBUTES_OFFSET + 1) & COMPRESSION_CODEC_MASK) === 4) {
    throw new ProducePartitionError(ErrorCode.UNSUPPORTED_COMPRESSION_TYPE, `Produce requests with version ${apiVersion} are not allowed to use ZStandard compression`);
  }
  if (complete(size) >= 0) throw invalid(`Produce requests with version ${apiVersion} are only allowed to contain exactly one record batch per partition`);
  return { size };
}

/** Big-endian reads at any position of contiguous or sliced records (sliced: a small copy per read). */
function byteReader(records: Uint8Array | SlicedRecords): { int32(pos: number): number; byte(pos: number): number } {
  if (records instanceof Uint8Array) {
    const dv = new DataView(records.buffer, records.byteOffset, records.byteLength);
    return { int32: (pos) => dv.getInt32(pos), byte: (pos) => records[pos]! };
  }
  return {
    int32: (pos) => {
      const b = copyRange(records.slices, pos, pos + 4);
      return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) | 0;
    },
    byte: (pos) => copyRange(records.slices, pos, pos + 1)[0]!,
  };
}

export interface ValidateOptions {
  apiVersion: number;
  settings: TopicSettings;
  /** "topic-partition", for messages. */
  partitionName: string;
  nowMs: number;
}

/**
 * Validate one partition's records. `records` may be sliced (a large request that arrived in several
 * socket chunks): an uncompressed batch that needs no per-record walk is then validated and returned as
 * BatchParts (header copy + the request's slices, CRC run across them); anything else is concatenated
 * once and takes the contiguous path.
 */
export function validateProducedRecords(records: Uint8Array | SlicedRecords, o: ValidateOptions): ValidatedBatch {
  if (!(records instanceof Uint8Array)) {
    const sliced = validateSliced(records, o);
    if (sliced) return sliced;
    records = concatSliced(records);
  }
  const { size } = checkRequestShape(records, o.apiVersion);
  const bytes = records.subarray(0, size);
  const view = new RecordBatchView(bytes);
  const header = checkBatchHeader(bytes, size, () => view.computeCrc(), o);

  const target = targetCompressionId(o.settings.compression);
  const source = header.attributes & COMPRESSION_CODEC_MASK;
  if (source === 0 && (target === -1 || target === 0)) return validateUncompressed(bytes, view, header, o);
  return validateCompressed(view, header, target === -1 ? source : target, o);
}

/**
 * The zero-copy path for sliced records, or null when the contiguous path must run instead (a batch
 * below the header size, compressed or to be recompressed, or one whose records fail the fast walk:
 * the contiguous path names the error).
 */
function validateSliced(records: SlicedRecords, o: ValidateOptions): ValidatedBatch | null {
  const { size } = checkRequestShape(records, o.apiVersion);
  if (size < BATCH_HEADER_SIZE) return null;
  const parts = batchParts(records.slices, size);
  const target = targetCompressionId(o.settings.compression);
  if (!((parts.header[ATTRIBUTES_OFFSET + 1]! & COMPRESSION_CODEC_MASK) === 0 && (target === -1 || target === 0))) return null;
  const header = checkBatchHeader(parts.header, size, () => crcOfParts(parts), o);
  const check = fastRecordCheck(header, o);
  if (check === null || !slicedRecordsPassCheck(records.slices, RECORDS_OFFSET, size, header.recordCount, check)) return null;
  const logAppendTimeMs = logAppendTimeOf(o);
  if (logAppendTimeMs >= 0) {
    setLogAppendTimeParts(parts, BigInt(logAppendTimeMs));
    stamped(header, parts.header, logAppendTimeMs);
  }
  return { bytes: parts, view: new RecordBatchView(parts.header), header, logAppendTimeMs };
}

/**
 * Kafka's analyzeAndValidateRecords and LogValidator.validateBatch, on the header of the batch at the
 * start of `buf` (`computeCrc` over the whole batch). Parses the header once, after the size check
 * that guarantees its bytes, and returns it.
 */
function checkBatchHeader(buf: Uint8Array, size: number, computeCrc: () => number, o: ValidateOptions): BatchHeader {
  const tp = o.partitionName;
  // analyzeAndValidateRecords
  if (size < BATCH_HEADER_SIZE) throw new ProducePartitionError(ErrorCode.CORRUPT_MESSAGE, `Record is corrupt: batch size ${size} is below the ${BATCH_HEADER_SIZE}-byte header in topic partition ${tp}.`);
  const h = readBatchHeader(buf, 0);
  // baseOffset is -1 for an int64 outside [0, 2^53-1]: the message shows the stored value.
  if (h.baseOffset !== 0) throw invalid(`The baseOffset of the record batch in the append to ${tp} should be 0, but it is ${viewOf(buf).getBigInt64(0)}`);
  if (size > o.settings.maxMessageBytes) {
    throw new ProducePartitionError(ErrorCode.MESSAGE_TOO_LARGE, `The record batch size in the append to ${tp} is ${size} bytes which exceeds the maximum configured value of ${o.settings.maxMessageBytes}.`);
  }
  if (h.crc !== computeCrc()) throw new ProducePartitionError(ErrorCode.CORRUPT_MESSAGE, `Record is corrupt (stored crc = ${h.crc}) in topic partition ${tp}.`);
  const compression = h.attributes & COMPRESSION_CODEC_MASK;
  if (compression > 4) throw new ProducePartitionError(ErrorCode.UNKNOWN_SERVER_ERROR, `Unknown compression type id: ${compression}`);
  // LogValidator.validateBatch
  const count = h.recordCount;
  const countFromOffsets = h.lastOffsetDelta + 1;
  if (countFromOffsets <= 0) throw invalid(`Batch has an invalid offset range: [0, ${h.lastOffsetDelta}] in topic partition ${tp}`);
  if (count <= 0) throw invalid(`Invalid reported count for record batch: ${count} in topic partition ${tp}`);
  if (countFromOffsets !== count) throw invalid(`Inconsistent batch offset range [0, ${h.lastOffsetDelta}] and count of records ${count} in topic partition ${tp}`);
  if ((h.attributes & CONTROL_FLAG_MASK) !== 0) throw invalid(`Clients are not allowed to write control records in topic partition ${tp}`);
  if (h.producerId >= 0n && h.baseSequence < 0) {
    throw invalid(`Invalid sequence number ${h.baseSequence} in record batch with producerId ${h.producerId} in topic partition ${tp}`);
  }
  return h;
}

/** Brings a parsed header in step with the LogAppendTime just stamped into `buf` (attributes, max timestamp, CRC). */
function stamped(h: BatchHeader, buf: Uint8Array, timestampMs: number): void {
  h.attributes |= TIMESTAMP_TYPE_MASK;
  h.maxTimestamp = timestampMs;
  h.crc = viewOf(buf).getUint32(CRC_OFFSET);
}

function timestampError(o: ValidateOptions, ts: bigint, offset: bigint, index: number): RecordError | null {
  if (o.settings.logAppendTime || ts === -1n) return null;
  const t = Number(ts);
  if (o.nowMs - t > o.settings.timestampBeforeMaxMs || t - o.nowMs > o.settings.timestampAfterMaxMs) {
    return {
      batchIndex: index,
      message: `Timestamp ${ts} of message with offset ${offset} is out of range. The timestamp should be within [${o.nowMs - o.settings.timestampBeforeMaxMs}, ${o.nowMs + o.settings.timestampAfterMaxMs}]`,
    };
  }
  return null;
}

/** Kafka's validateRecord (key and timestamp); collects the errors of every record. */
function checkRecords(records: Iterable<Record>, o: ValidateOptions, compressed: boolean): void {
  const errors: RecordError[] = [];
  let timestampErrors = 0;
  let index = 0;
  try {
    for (const r of records) {
      if (compressed && r.offset !== BigInt(index)) {
        throw new ProducePartitionError(
          ErrorCode.INVALID_RECORD,
          `Inner record with offset ${r.offset} inside the compressed record batch does not have incremental offsets, expected offset is ${index} in topic partition ${o.partitionName}`,
          [],
          true,
        );
      }
      if (o.settings.compact && r.key === null) {
        errors.push({ batchIndex: index, message: `Compacted topic cannot accept message without key in topic partition ${o.partitionName}` });
      } else {
        const e = timestampError(o, r.timestamp, r.offset, index);
        if (e) {
          errors.push(e);
          timestampErrors++;
        }
      }
      index++;
    }
  } catch (e) {
    if (e instanceof RecordBatchError) throw new ProducePartitionError(e.kafkaErrorCode, `${e.message} in topic partition ${o.partitionName}`);
    throw e;
  }
  if (errors.length === 0) return;
  if (timestampErrors > 0) {
    throw new ProducePartitionError(ErrorCode.INVALID_TIMESTAMP, "One or more records have been rejected due to invalid timestamp", errors, true);
  }
  const shown = errors.slice(0, 3).map((e) => `RecordError(batchIndex=${e.batchIndex}, message='${e.message}')`);
  throw new ProducePartitionError(
    ErrorCode.INVALID_RECORD,
    `One or more records have been rejected due to ${errors.length} record errors in total, and only showing the first three errors at most: [${shown.join(", ")}]`,
    errors,
    true,
  );
}

/**
 * What the fast walk checks of this batch's records, or null when only the object walk can judge them
 * (a batch the producer marked LogAppendTime: every record then carries maxTimestamp).
 */
function fastRecordCheck(h: BatchHeader, o: ValidateOptions): RecordCheck | null {
  if ((h.attributes & TIMESTAMP_TYPE_MASK) !== 0) return null;
  const s = o.settings;
  return {
    baseTimestampMs: h.baseTimestamp,
    checkTimestamps: !s.logAppendTime,
    minTimestampMs: o.nowMs - s.timestampBeforeMaxMs,
    maxTimestampMs: o.nowMs + s.timestampAfterMaxMs,
    requireKeys: s.compact,
  };
}

/** The batch's records as objects, a malformed batch answered with Kafka's code. */
function recordsOf(view: RecordBatchView, o: ValidateOptions): Iterable<Record> {
  try {
    return view.records();
  } catch (e) {
    if (e instanceof RecordBatchError) throw new ProducePartitionError(e.kafkaErrorCode, `${e.message} in topic partition ${o.partitionName}`);
    throw e;
  }
}

function validateUncompressed(bytes: Uint8Array, view: RecordBatchView, header: BatchHeader, o: ValidateOptions): ValidatedBatch {
  const check = fastRecordCheck(header, o);
  if (check === null || !recordsPassCheck(bytes, RECORDS_OFFSET, bytes.length, header.recordCount, check)) checkRecords(recordsOf(view, o), o, false);
  const logAppendTimeMs = logAppendTimeOf(o);
  if (logAppendTimeMs >= 0) {
    view.setLogAppendTime(BigInt(logAppendTimeMs));
    stamped(header, bytes, logAppendTimeMs);
  }
  return { bytes, view, header, logAppendTimeMs };
}

// Decompression buffer reused by every compressed batch validated in place (validation is synchronous,
// so one suffices); a buffer grown past SCRATCH_KEEP_BYTES by an unusually large batch is dropped after
// use instead of being held for the life of the process.
const scratch: DecompressScratch = { buf: new Uint8Array(0) };
const SCRATCH_KEEP_BYTES = 8 * 1024 * 1024;

/** Records decompressed and walked as objects: the slow path (recompression, naming errors). */
function decodeRecords(view: RecordBatchView, o: ValidateOptions): Record[] {
  try {
    return [...view.records({ maxUncompressedBytes: MAX_VALIDATION_UNCOMPRESSED_BYTES })];
  } catch (e) {
    if (e instanceof RecordBatchError) throw new ProducePartitionError(e.kafkaErrorCode, `${e.message} in topic partition ${o.partitionName}`);
    throw e;
  }
}

/**
 * The common case of a compressed batch kept in its codec: decompress into the scratch and walk the
 * records without objects (record-scan.ts). True when every record passes; false sends the caller to
 * the slow path, which names the problem (or, for a check the scan is stricter about, passes).
 */
function passesFastCheck(view: RecordBatchView, header: BatchHeader, o: ValidateOptions): boolean {
  const check = fastRecordCheck(header, o);
  if (check === null) return false;
  let bytes: Uint8Array;
  try {
    bytes = view.recordsBytes({ maxUncompressedBytes: MAX_VALIDATION_UNCOMPRESSED_BYTES, scratch });
  } catch (e) {
    if (e instanceof RecordBatchError) throw new ProducePartitionError(e.kafkaErrorCode, `${e.message} in topic partition ${o.partitionName}`);
    throw e;
  }
  try {
    return recordsPassCheck(bytes, 0, bytes.length, header.recordCount, check);
  } finally {
    if (scratch.buf.length > SCRATCH_KEEP_BYTES) scratch.buf = new Uint8Array(0);
  }
}

function validateCompressed(view: RecordBatchView, header: BatchHeader, targetId: number, o: ValidateOptions): ValidatedBatch {
  const s = o.settings;
  if (targetId === (header.attributes & COMPRESSION_CODEC_MASK)) {
    // In place: only the timestamp (and so the CRC) may change.
    if (!passesFastCheck(view, header, o)) checkRecords(decodeRecords(view, o), o, true);
    const logAppendTimeMs = logAppendTimeOf(o);
    const bytes = view.bytes;
    if (logAppendTimeMs >= 0) {
      view.setLogAppendTime(BigInt(logAppendTimeMs));
      stamped(header, bytes, logAppendTimeMs);
    }
    return { bytes, view, header, logAppendTimeMs };
  }
  const records = decodeRecords(view, o);
  checkRecords(records, o, true);
  // Recompress into the topic's codec, keeping producer fields, timestamps and offset deltas.
  const inputs: RecordInput[] = records.map((r) => ({ key: r.key, value: r.value, headers: r.headers, timestamp: r.timestamp, offsetDelta: r.offsetDelta }));
  const rebuilt = buildRecordBatch({
    records: inputs,
    producerId: header.producerId,
    producerEpoch: header.producerEpoch,
    baseSequence: header.baseSequence,
    isTransactional: (header.attributes & TRANSACTIONAL_FLAG_MASK) !== 0,
    compression: targetId,
  });
  const out = new RecordBatchView(rebuilt);
  if (rebuilt.length > s.maxMessageBytes) {
    throw new ProducePartitionError(
      ErrorCode.MESSAGE_TOO_LARGE,
      `The record batch size in the append to ${o.partitionName} is ${rebuilt.length} bytes which exceeds the maximum configured value of ${s.maxMessageBytes}.`,
    );
  }
  const logAppendTimeMs = logAppendTimeOf(o);
  if (logAppendTimeMs >= 0) out.setLogAppendTime(BigInt(logAppendTimeMs));
  // A new batch: its header is parsed once, here.
  return { bytes: rebuilt, view: out, header: readBatchHeader(rebuilt, 0), logAppendTimeMs };
}
