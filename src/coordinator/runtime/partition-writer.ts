// Kafka's PartitionWriter: how a coordinator shard's records reach its partition. The runtime hands a
// whole write operation's records to append() (in a transactional batch with the producer's id and
// epoch for a transactional write: TxnOffsetCommit), and a transaction's end marker to
// appendEndTxnMarker(); the promise resolves once they are committed (acks=-1:
// on a single node, on disk when strand.log.fsync.before.ack asks for it; in a cluster, replicated to
// the ISR) and rejects with a PartitionWriterError carrying the append's Kafka error code. Today the
// implementation sits on the broker's log append path (src/server/coordinator-partition-writer.ts);
// the ReplicaManager's appendRecords(entries, acks=-1, timeoutMs, origin=COORDINATOR) replaces it
// without the runtime changing.

import { errorName } from "../../protocol/errors.ts";
import type { TransactionResult } from "../../protocol/records/control-batch.ts";

export interface TopicPartition {
  topic: string;
  partition: number;
}

/** One record of a coordinator topic: key and value bytes (a null value is a tombstone). */
export interface CoordinatorRecord {
  key: Uint8Array;
  value: Uint8Array | null;
}

/** The producer of a transactional write: its records go in one transactional batch of this producer. */
export interface TransactionalProducer {
  producerId: bigint;
  producerEpoch: number;
}

/** A COMMIT or ABORT marker ending `producerId`'s transaction on a coordinator partition. */
export interface EndTxnMarkerWrite extends TransactionalProducer {
  coordinatorEpoch: number;
  result: TransactionResult;
}

export interface PartitionWriter {
  /**
   * Append as one batch; resolves with the offset after the last record once committed. With
   * `producer`, the batch is transactional with that producer id and epoch (Kafka's coordinator writes
   * TxnOffsetCommit records so); without, it has no producer id.
   */
  append(tp: TopicPartition, records: readonly CoordinatorRecord[], producer?: TransactionalProducer): Promise<number>;
  /**
   * Append one end-transaction control batch; resolves with the offset after it once committed. The
   * log checks it as any marker (a stale producer epoch or coordinator epoch is refused). Optional so
   * writers of partitions that never hold transactional records (__transaction_state) need not have it;
   * the runtime answers a completion on a writer without it with UNKNOWN_SERVER_ERROR.
   */
  appendEndTxnMarker?(tp: TopicPartition, marker: EndTxnMarkerWrite, timeoutMs?: number): Promise<number>;
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
