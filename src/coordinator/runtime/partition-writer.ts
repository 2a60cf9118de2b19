// Kafka's PartitionWriter: how a coordinator shard's records reach its partition. The runtime hands a
// whole write operation's records to append(); the promise resolves once they are committed (acks=-1:
// on a single node, on disk when strand.log.fsync.before.ack asks for it; in a cluster, replicated to
// the ISR) and rejects with a PartitionWriterError carrying the append's Kafka error code. Today the
// implementation sits on the broker's log append path (src/server/coordinator-partition-writer.ts);
// the ReplicaManager's appendRecords(entries, acks=-1, timeoutMs, origin=COORDINATOR) replaces it
// without the runtime changing.

import { errorName } from "../../protocol/errors.ts";

export interface TopicPartition {
  topic: string;
  partition: number;
}

/** One record of a coordinator topic: key and value bytes (a null value is a tombstone). */
export interface CoordinatorRecord {
  key: Uint8Array;
  value: Uint8Array | null;
}

export interface PartitionWriter {
  /** Append as one batch; resolves with the offset after the last record once committed. */
  append(tp: TopicPartition, records: readonly CoordinatorRecord[]): Promise<number>;
}

/** An append that failed, with the Kafka error the log or replica manager answered. */
export class PartitionWriterError extends Error {
  override readonly name = "PartitionWriterError";
  constructor(
    readonly code: number,
    readonly tp: TopicPartition,
    detail: string,
  ) {
    super(`append to ${tp.topic}-${tp.partition} failed with ${errorName(code)}: ${detail}`);
  }
}
