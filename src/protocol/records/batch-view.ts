// RecordBatchView: a zero-copy view over one record batch (magic 2) inside a larger buffer.
//
//   new RecordBatchView(buf, position = 0)   no copy; reads need only the header bytes to be present
//   view.baseOffset, .lastOffset, .sizeInBytes, .magic, .crc, .attributes, .compression, ...
//   view.validate(options?) -> RecordBatchError | null
//       checks magic 2 (0/1 refused with INVALID_RECORD, as Kafka 4), header and declared lengths,
//       record count vs lastOffsetDelta, compression id, and CRC32C over attributes..end.
//   view.assertValid(options?)              same, throwing the error
//   view.records(options?) -> RecordIterator lazy records; decompresses compressed batches first,
//       bounded by options.maxUncompressedBytes (DecompressionError -> RecordBatchError "decompression")
//   view.bytes                               the batch's bytes (subarray)
//   view.setBaseOffset(o), .setPartitionLeaderEpoch(e)   in-place; both are outside the CRC
//   view.setLogAppendTime(ts)               sets the timestamp type and maxTimestamp, rewrites the CRC
import {
  ATTRIBUTES_OFFSET,
  BASE_OFFSET_OFFSET,
  BASE_SEQUENCE_OFFSET,
  BASE_TIMESTAMP_OFFSET,
  BATCH_HEADER_SIZE,
  BATCH_LENGTH_OFFSET,
  COMPRESSION_CODEC_MASK,
  CONTROL_FLAG_MASK,
  CRC_OFFSET,
  CRC_START,
  CURRENT_MAGIC,
  DELETE_HORIZON_FLAG_MASK,
  LAST_OFFSET_DELTA_OFFSET,
  LOG_OVERHEAD,
  MAGIC_OFFSET,
  MAX_TIMESTAMP_OFFSET,
  PARTITION_LEADER_EPOCH_OFFSET,
  PRODUCER_EPOCH_OFFSET,
  PRODUCER_ID_OFFSET,
  RECORD_COUNT_OFFSET,
  RECORDS_OFFSET,
  TIMESTAMP_TYPE_MASK,
  TRANSACTIONAL_FLAG_MASK,
} from "./batch-header.ts";
import type { DecompressScratch } from "./compression/codec.ts";
import { codecForId, compressionName } from "./compression/registry.ts";
import { crc32c } from "./crc32c.ts";
import { DecompressionError, RecordBatchError } from "./errors.ts";
import { MIN_RECORD_BYTES, RecordIterator } from "./record.ts";

/** Default bound on a compressed batch's decompressed records: 64 MiB. */
export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

export interface ValidateOptions {
  /**
   * Require recordCount > 0 and lastOffsetDelta + 1 === recordCount (true, the default: what Kafka's
   * LogValidator demands of produced batches). Compacted batches on disk may have fewer records than
   * their offset range; pass false when checking those.
   */
  readonly strictRecordCount?: boolean;
}

export interface RecordsOptions {
  readonly maxUncompressedBytes?: number;
  /**
   * Decompress into this reusable buffer (lz4, xerial snappy): the records then live in the scratch and
   * are valid only until its next use. Without it every call allocates.
   */
  readonly scratch?: DecompressScratch;
}

export class RecordBatchView {
  readonly buf: Uint8Array;
  readonly position: number;
  private readonly dv: DataView;

  constructor(buf: Uint8Array, position = 0) {
    if (!Number.isInteger(position) || position < 0 || position + MAGIC_OFFSET + 1 > buf.length) {
      throw new RangeError(`batch position ${position} leaves fewer than ${MAGIC_OFFSET + 1} bytes of a ${buf.length}-byte buffer`);
    }
    this.buf = buf;
    this.position = position;
    this.dv = new DataView(buf.buffer, buf.byteOffset + position, buf.length - position);
  }

  /** Bytes present in the underlying buffer from this batch's start. */
  get availableBytes(): number {
    return this.buf.length - this.position;
  }
  get baseOffset(): bigint {
    return this.dv.getBigInt64(BASE_OFFSET_OFFSET);
  }
  get batchLength(): number {
    return this.dv.getInt32(BATCH_LENGTH_OFFSET);
  }
  /** Whole batch size: batchLength + 12. */
  get sizeInBytes(): number {
    return this.batchLength + LOG_OVERHEAD;
  }
  get partitionLeaderEpoch(): number {
    return this.dv.getInt32(PARTITION_LEADER_EPOCH_OFFSET);
  }
  get magic(): number {
    return this.dv.getInt8(MAGIC_OFFSET);
  }
  get crc(): number {
    return this.dv.getUint32(CRC_OFFSET);
  }
  get attributes(): number {
    return this.dv.getInt16(ATTRIBUTES_OFFSET);
  }
  /** Kafka compression id: 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd. */
  get compression(): number {
    return this.attributes & COMPRESSION_CODEC_MASK;
  }
  get isLogAppendTime(): boolean {
    return (this.attributes & TIMESTAMP_TYPE_MASK) !== 0;
  }
  get isTransactional(): boolean {
    return (this.attributes & TRANSACTIONAL_FLAG_MASK) !== 0;
  }
  get isControl(): boolean {
    return (this.attributes & CONTROL_FLAG_MASK) !== 0;
  }
  get hasDeleteHorizon(): boolean {
    return (this.attributes & DELETE_HORIZON_FLAG_MASK) !== 0;
  }
  get lastOffsetDelta(): number {
    return this.dv.getInt32(LAST_OFFSET_DELTA_OFFSET);
  }
  get lastOffset(): bigint {
    return this.baseOffset + BigInt(this.lastOffsetDelta);
  }
  get baseTimestamp(): bigint {
    return this.dv.getBigInt64(BASE_TIMESTAMP_OFFSET);
  }
  get maxTimestamp(): bigint {
    return this.dv.getBigInt64(MAX_TIMESTAMP_OFFSET);
  }
  get producerId(): bigint {
    return this.dv.getBigInt64(PRODUCER_ID_OFFSET);
  }
  get producerEpoch(): number {
    return this.dv.getInt16(PRODUCER_EPOCH_OFFSET);
  }
  get baseSequence(): number {
    return this.dv.getInt32(BASE_SEQUENCE_OFFSET);
  }
  get recordCount(): number {
    return this.dv.getInt32(RECORD_COUNT_OFFSET);
  }
  /** The batch's bytes, without copying (valid only after validate() or a length check). */
  get bytes(): Uint8Array {
    return this.buf.subarray(this.position, this.position + this.sizeInBytes);
  }

  /** CRC32C computed over attributes..end of the declared batch. */
  computeCrc(): number {
    return crc32c(this.buf, this.position + CRC_START, this.position + this.sizeInBytes);
  }

  validate(options: ValidateOptions = {}): RecordBatchError | null {
    const at = this.position;
    const err = (reason: ConstructorParameters<typeof RecordBatchError>[0], msg: string) =>
      new RecordBatchError(reason, `batch at byte ${at}: ${msg}`, at);
    const magic = this.magic;
    if (magic !== CURRENT_MAGIC) {
      return err(
        "unsupported-magic",
        magic === 0 || magic === 1
          ? `magic ${magic} message sets are not supported: only record batches with magic version 2 are allowed`
          : `unknown magic ${magic}: only record batches with magic version 2 are allowed`,
      );
    }
    if (this.availableBytes < BATCH_HEADER_SIZE) {
      return err("truncated", `${this.availableBytes} bytes, fewer than the ${BATCH_HEADER_SIZE}-byte header`);
    }
    const size = this.sizeInBytes;
    if (this.batchLength < BATCH_HEADER_SIZE - LOG_OVERHEAD) {
      return err("bad-length", `batchLength ${this.batchLength} is below the minimum ${BATCH_HEADER_SIZE - LOG_OVERHEAD}`);
    }
    if (size > this.availableBytes) {
      return err("truncated", `declared size ${size} bytes but only ${this.availableBytes} are present`);
    }
    const count = this.recordCount;
    const strict = options.strictRecordCount ?? true;
    if (count < 0) return err("bad-record-count", `negative record count ${count}`);
    if (strict && count === 0) return err("bad-record-count", "record count is 0");
    if (strict && this.lastOffsetDelta + 1 !== count) {
      return err("bad-record-count", `record count ${count} but lastOffsetDelta ${this.lastOffsetDelta} implies ${this.lastOffsetDelta + 1}`);
    }
    if (this.compression === 0 && count > (size - RECORDS_OFFSET) / MIN_RECORD_BYTES) {
      return err("bad-record-count", `record count ${count} cannot fit in ${size - RECORDS_OFFSET} bytes of records`);
    }
    if (this.compression > 4) {
      return err("unsupported-compression", `unknown compression id ${this.compression} in attributes`);
    }
    const stored = this.crc;
    const computed = this.computeCrc();
    if (stored !== computed) {
      return err("bad-crc", `stored CRC 0x${stored.toString(16).padStart(8, "0")} but computed 0x${computed.toString(16).padStart(8, "0")}`);
    }
    return null;
  }

  assertValid(options: ValidateOptions = {}): void {
    const e = this.validate(options);
    if (e) throw e;
  }

  /**
   * The decompressed records section: a subarray for uncompressed batches, a new buffer otherwise.
   * Call after validate(): it relies on the declared size being present.
   */
  recordsBytes(options: RecordsOptions = {}): Uint8Array {
    const start = this.position + RECORDS_OFFSET;
    const end = this.position + this.sizeInBytes;
    if (end > this.buf.length || end < start) {
      throw new RecordBatchError("truncated", `batch at byte ${this.position}: declared size ${this.sizeInBytes} not present`, this.position);
    }
    const id = this.compression;
    if (id === 0) return this.buf.subarray(start, end);
    let codec;
    try {
      codec = codecForId(id);
    } catch (e) {
      throw new RecordBatchError("unsupported-compression", `batch at byte ${this.position}: ${(e as Error).message}`, this.position);
    }
    const max = options.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
    try {
      return codec!.decompress(this.buf.subarray(start, end), max, options.scratch);
    } catch (e) {
      if (e instanceof DecompressionError) {
        throw new RecordBatchError("decompression", `batch at byte ${this.position}: ${e.message}`, this.position, e);
      }
      throw e;
    }
  }

  /** Lazy record iteration (decompressing first when the batch is compressed). */
  records(options: RecordsOptions = {}): RecordIterator {
    const bytes = this.recordsBytes(options);
    const count = this.recordCount;
    if (count < 0 || count > bytes.length / MIN_RECORD_BYTES) {
      throw new RecordBatchError("bad-record-count", `batch at byte ${this.position}: record count ${count} cannot fit in ${bytes.length} bytes`, this.position);
    }
    return new RecordIterator(
      bytes,
      0,
      bytes.length,
      count,
      this.baseOffset,
      this.baseTimestamp,
      this.position,
      this.isLogAppendTime ? this.maxTimestamp : null,
    );
  }

  setBaseOffset(offset: bigint): void {
    this.dv.setBigInt64(BASE_OFFSET_OFFSET, offset);
  }

  setPartitionLeaderEpoch(epoch: number): void {
    this.dv.setInt32(PARTITION_LEADER_EPOCH_OFFSET, epoch);
  }

  /** Mark the batch LogAppendTime with the broker's timestamp; the CRC is recomputed. */
  setLogAppendTime(timestampMs: bigint): void {
    this.dv.setInt16(ATTRIBUTES_OFFSET, this.attributes | TIMESTAMP_TYPE_MASK);
    this.dv.setBigInt64(MAX_TIMESTAMP_OFFSET, timestampMs);
    this.dv.setUint32(CRC_OFFSET, this.computeCrc());
  }
}
