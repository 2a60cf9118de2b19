// Kafka's coordinator-common runtime: shards per coordinator partition, writes applied to a snapshot
// and committed through a PartitionWriter. Group specifics live in ../group, not here.
export { CoordinatorRuntime, type CoordinatorRuntimeOptions, type ShardState } from "./coordinator-runtime.ts";
export type { CoordinatorShard, CoordinatorShardBuilder, CoordinatorShardContext } from "./coordinator-shard.ts";
export type { CoordinatorLoader, LoadSink, LoadSummary } from "./coordinator-loader.ts";
export { loadCoordinatorPartition } from "./log-loader.ts";
export {
  PartitionWriterError,
  type CoordinatorRecord,
  type EndTxnMarkerWrite,
  type PartitionWriter,
  type TopicPartition,
  type TransactionalProducer,
} from "./partition-writer.ts";
export { SnapshotRegistry, TimelineMap } from "./snapshot-registry.ts";
export { CoordinatorError, appendErrorCode, fromAppendFailure } from "./errors.ts";
export { STDERR_LOGGER, type CoordinatorLogger } from "./logger.ts";
