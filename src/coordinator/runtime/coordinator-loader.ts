// Kafka's CoordinatorLoader: replays a coordinator partition into a new shard when this node becomes
// its leader. Records come in offset order; the loader stops at the partition's committed end.

import type { TopicPartition } from "./partition-writer.ts";

export interface LoadSummary {
  records: number;
  bytes: number;
}

export interface CoordinatorLoader {
  load(tp: TopicPartition, replay: (key: Uint8Array, value: Uint8Array | null) => void): Promise<LoadSummary>;
}
