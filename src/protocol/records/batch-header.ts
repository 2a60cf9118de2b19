// Layout of a Kafka RecordBatch (magic 2) header, in bytes from the batch start.
// See Kafka's DefaultRecordBatch: every field is big-endian.
//
//   baseOffset           int64   0
//   batchLength          int32   8   (bytes after this field: total size = batchLength + 12)
//   partitionLeaderEpoch int32  12
//   magic                int8   16
//   crc                  uint32 17   (CRC32C over attributes .. end of batch)
//   attributes           int16  21
//   lastOffsetDelta      int32  23
//   baseTimestamp        int64  27
//   maxTimestamp         int64  35
//   producerId           int64  43
//   producerEpoch        int16  51
//   baseSequence         int32  53
//   recordCount          int32  57
//   records              ...    61
export const BASE_OFFSET_OFFSET = 0;
export const BATCH_LENGTH_OFFSET = 8;
export const PARTITION_LEADER_EPOCH_OFFSET = 12;
export const MAGIC_OFFSET = 16;
export const CRC_OFFSET = 17;
export const ATTRIBUTES_OFFSET = 21;
export const LAST_OFFSET_DELTA_OFFSET = 23;
export const BASE_TIMESTAMP_OFFSET = 27;
export const MAX_TIMESTAMP_OFFSET = 35;
export const PRODUCER_ID_OFFSET = 43;
export const PRODUCER_EPOCH_OFFSET = 51;
export const BASE_SEQUENCE_OFFSET = 53;
export const RECORD_COUNT_OFFSET = 57;
export const RECORDS_OFFSET = 61;

/** Size of the batch header, and so the smallest valid batch. */
export const BATCH_HEADER_SIZE = 61;
/** baseOffset + batchLength: the part of the header not counted by batchLength. */
export const LOG_OVERHEAD = 12;
/** The CRC covers from attributes to the end of the batch. */
export const CRC_START = ATTRIBUTES_OFFSET;

// Attribute bits (int16 at ATTRIBUTES_OFFSET).
export const COMPRESSION_CODEC_MASK = 0x07; // 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd
export const TIMESTAMP_TYPE_MASK = 0x08; // 0 CreateTime, 1 LogAppendTime
export const TRANSACTIONAL_FLAG_MASK = 0x10;
export const CONTROL_FLAG_MASK = 0x20;
export const DELETE_HORIZON_FLAG_MASK = 0x40;

export const CompressionType = { none: 0, gzip: 1, snappy: 2, lz4: 3, zstd: 4 } as const;
export type CompressionName = keyof typeof CompressionType;

/** Magic byte of the only message format Kafka 4 accepts. */
export const CURRENT_MAGIC = 2;

export const NO_PRODUCER_ID = -1n;
export const NO_PRODUCER_EPOCH = -1;
export const NO_SEQUENCE = -1;
export const NO_PARTITION_LEADER_EPOCH = -1;
export const NO_TIMESTAMP = -1n;
