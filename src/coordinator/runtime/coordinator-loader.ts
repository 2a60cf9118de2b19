// Kafka's CoordinatorLoader: replays a coordinator partition into a new shard when this node becomes
// its leader. Records come in offset order, each with its offset and its batch's producer id and epoch
// (-1 outside transactions), and so do the transactions' end markers; the loader stops at the
// partition's committed end (Kafka's CoordinatorLoaderImpl: replay(offset, producerId, producerEpoch,
// record) and replayEndTransactionMarker(producerId, producerEpoch, result)).

import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import type { TopicPartition } from "./partition-writer.ts";

export interface LoadSummary {
  records: number;
  bytes: number;
}

export interface LoadSink {
  /** A data record (key never null: keyless records are skipped, as Kafka's loader does). */
  record(offset: number, producerId: bigint, producerEpoch: number, key: Uint8Array, value: Uint8Array | null): void;
  /** A COMMIT or ABORT marker of a producer's transaction. */
  endTransactionMarker(producerId: bigint, producerEpoch: number, result: TransactionResult): void;
}

export interface CoordinatorLoader {
  load(tp: TopicPartition, sink: LoadSink): Promise<LoadSummary>;
}
