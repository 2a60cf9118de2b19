// Typed errors of the record-batch layer, each carrying the Kafka error code a broker answers with.
//
//   RecordBatchError        a batch (or message set) is malformed: `reason` says what, `kafkaErrorCode`
//                           what Kafka returns for it, `position` the byte offset of the batch.
//   DecompressionError      a codec failed: corrupt input, or output past the caller's limit.
//   KafkaErrorCode          the numeric codes used here (the full table lives in src/protocol/errors).
//
// Codes follow Kafka 4.4's broker: ProduceRequest.validateRecords throws InvalidRecordException
// ("Produce requests with version N are only allowed to contain record batches with magic version 2")
// for magic 0/1, which Errors.forException maps to INVALID_RECORD (87); DefaultRecordBatch.ensureValid
// throws CorruptRecordException (CORRUPT_MESSAGE, 2) for a bad size or CRC; LogValidator throws
// InvalidRecordException for an inconsistent record count / offset range and malformed records.
// One exception: DefaultRecord.readFrom reads a record's length prefix outside its handler of
// malformed fields, so a prefix longer than 5 bytes escapes as IllegalArgumentException, which
// ReplicaManager answers with UNKNOWN_SERVER_ERROR (-1); a truncated prefix is INVALID_RECORD.

export const KafkaErrorCode = {
  UNKNOWN_SERVER_ERROR: -1,
  CORRUPT_MESSAGE: 2,
  UNSUPPORTED_FOR_MESSAGE_FORMAT: 43,
  UNSUPPORTED_COMPRESSION_TYPE: 76,
  INVALID_RECORD: 87,
} as const;
export type KafkaErrorCodeValue = (typeof KafkaErrorCode)[keyof typeof KafkaErrorCode];

export type RecordBatchErrorReason =
  | "truncated" // fewer bytes than the header or the declared batch length
  | "bad-length" // batchLength smaller than the header, or negative
  | "unsupported-magic" // magic 0 or 1 (legacy message sets), or an unknown magic
  | "bad-crc" // CRC32C over attributes..end does not match the stored CRC
  | "bad-record-count" // recordCount < 0, or not lastOffsetDelta + 1
  | "unsupported-compression" // attributes name a codec id above 4
  | "bad-record" // a record inside the batch is malformed
  | "record-length-varint-too-long" // a record's length prefix is a varint longer than 5 bytes
  | "decompression"; // the codec failed or the output passed the limit

const CODE_FOR_REASON: Record<RecordBatchErrorReason, KafkaErrorCodeValue> = {
  truncated: KafkaErrorCode.CORRUPT_MESSAGE,
  "bad-length": KafkaErrorCode.CORRUPT_MESSAGE,
  "unsupported-magic": KafkaErrorCode.INVALID_RECORD,
  "bad-crc": KafkaErrorCode.CORRUPT_MESSAGE,
  "bad-record-count": KafkaErrorCode.INVALID_RECORD,
  "unsupported-compression": KafkaErrorCode.UNSUPPORTED_COMPRESSION_TYPE,
  "bad-record": KafkaErrorCode.INVALID_RECORD,
  "record-length-varint-too-long": KafkaErrorCode.UNKNOWN_SERVER_ERROR,
  decompression: KafkaErrorCode.CORRUPT_MESSAGE,
};

export class RecordBatchError extends Error {
  override readonly name = "RecordBatchError";
  readonly kafkaErrorCode: KafkaErrorCodeValue;
  constructor(
    readonly reason: RecordBatchErrorReason,
    message: string,
    /** Byte offset of the batch in the buffer it was read from. */
    readonly position: number,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.kafkaErrorCode = CODE_FOR_REASON[reason];
  }
}

export type DecompressionErrorReason = "corrupt" | "limit";

export class DecompressionError extends Error {
  override readonly name = "DecompressionError";
  constructor(
    readonly codec: string,
    readonly reason: DecompressionErrorReason,
    message: string,
    /** The output limit that applied. */
    readonly maxOutputBytes: number,
  ) {
    super(`${codec}: ${message}`);
  }
}
