// Public API of the record-batch layer. Import from here.
//
//   RecordBatchView                 zero-copy view over one batch: header getters, validate(), records()
//   MessageSetIterator, splitMessageSet   whole batches of a message set + where/why iteration stopped
//   buildRecordBatch                build a magic-2 batch (any codec) with a correct CRC
//   crc32c, crc32cUpdate, loadNative   CRC32C, whole or running (TS slicing-by-8 until loadNative() installs native)
//   BatchParts, batchParts, crcOfParts  one batch as a header copy + slices of the buffers it arrived in
//   codecForId, CODECS_BY_ID        compression codecs by Kafka id (1 gzip, 2 snappy, 3 lz4, 4 zstd)
//   RecordBatchError, DecompressionError, KafkaErrorCode   typed errors with Kafka's error codes
export * from "./batch-header.ts";
export { RecordBatchView, DEFAULT_MAX_UNCOMPRESSED_BYTES } from "./batch-view.ts";
export type { ValidateOptions, RecordsOptions } from "./batch-view.ts";
export { MessageSetIterator, splitMessageSet } from "./message-set.ts";
export type { MessageSetStop, SplitMessageSet } from "./message-set.ts";
export { buildRecordBatch } from "./builder.ts";
export type { BuildOptions, RecordInput } from "./builder.ts";
export type { Record, RecordHeader } from "./record.ts";
export { crc32c, crc32cUpdate, crc32cUpdateTs } from "./crc32c.ts";
export { loadNative, loadNativeCrc32c } from "./crc32c-native.ts";
export type { NativeLoadResult, CrcImplementation } from "./crc32c-native.ts";
export { codecForId, CODECS_BY_ID, compressionName } from "./compression/registry.ts";
export type { CompressionCodec } from "./compression/codec.ts";
export { RecordBatchError, DecompressionError, KafkaErrorCode } from "./errors.ts";
export type { RecordBatchErrorReason } from "./errors.ts";
export { batchParts, concatParts, copyRange, crcOfParts, setLogAppendTimeParts, sliceRange } from "./batch-parts.ts";
export type { BatchParts } from "./batch-parts.ts";
