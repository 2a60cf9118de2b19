// One incremental fetch session (KIP-227): the partitions a client fetches, with the fetch state the
// client no longer repeats (fetch offset, max bytes) and what was last sent for each (high watermark,
// log start offset), so an incremental response carries only partitions that changed.
//
// Partitions keep insertion order; a partition that returned records moves to the end, so the
// next fetch starts with the others (Kafka does the same for fairness under max_bytes).

/** Kafka's FetchMetadata: epoch 0 starts a session, -1 asks for no session. */
export const INITIAL_EPOCH = 0;
export const FINAL_EPOCH = -1;
export const INVALID_SESSION_ID = 0;

/** The next session epoch after `epoch`: wraps from 2^31-1 to 1 (0 and -1 are reserved). */
export function nextEpoch(epoch: number): number {
  return epoch < 0 ? FINAL_EPOCH : epoch === 0x7fffffff ? 1 : epoch + 1;
}

export interface FetchPartitionState {
  topic: string;
  /** Zero uuid when the session does not use topic ids. */
  topicId: string;
  partition: number;
  fetchOffset: bigint;
  maxBytes: number;
  currentLeaderEpoch: number;
  /** v12+: the fetcher's last fetched epoch (-1: none); a follower's log start offset (-1: none). */
  lastFetchedEpoch: number;
  logStartOffset: bigint;
  /** What was last sent to the client; -1 forces the partition into the next response. */
  sentHighWatermark: bigint;
  sentLogStartOffset: bigint;
}

export interface PartitionRequestUpdate {
  topic: string;
  topicId: string;
  partition: number;
  fetchOffset: bigint;
  maxBytes: number;
  currentLeaderEpoch: number;
  lastFetchedEpoch: number;
  logStartOffset: bigint;
}

export function partitionKey(usesTopicIds: boolean, topic: string, topicId: string, partition: number): string {
  return usesTopicIds ? `${topicId}:${partition}` : `${topic}:${partition}`;
}

export class FetchSession {
  epoch: number;
  lastUsedMs: number;
  readonly partitions = new Map<string, FetchPartitionState>();

  constructor(
    readonly id: number,
    readonly usesTopicIds: boolean,
    readonly createdMs: number,
    /** A follower's session (Kafka's privileged): only another follower's may evict it, unless it is stale. */
    readonly privileged = false,
  ) {
    this.epoch = nextEpoch(INITIAL_EPOCH);
    this.lastUsedMs = createdMs;
  }

  get size(): number {
    return this.partitions.size;
  }

  /** Applies an incremental request: new and changed partitions, then forgotten ones. */
  update(changed: readonly PartitionRequestUpdate[], forgotten: readonly { topic: string; topicId: string; partition: number }[]): void {
    for (const u of changed) {
      const key = partitionKey(this.usesTopicIds, u.topic, u.topicId, u.partition);
      const cur = this.partitions.get(key);
      if (cur) {
        cur.fetchOffset = u.fetchOffset;
        cur.maxBytes = u.maxBytes;
        cur.currentLeaderEpoch = u.currentLeaderEpoch;
        cur.lastFetchedEpoch = u.lastFetchedEpoch;
        cur.logStartOffset = u.logStartOffset;
        if (u.topic !== "") cur.topic = u.topic;
      } else {
        this.partitions.set(key, { ...u, sentHighWatermark: -1n, sentLogStartOffset: -1n });
      }
    }
    for (const f of forgotten) this.partitions.delete(partitionKey(this.usesTopicIds, f.topic, f.topicId, f.partition));
  }

  /** Moves a partition to the end of the order (it returned records). */
  moveToEnd(key: string): void {
    const p = this.partitions.get(key);
    if (!p) return;
    this.partitions.delete(key);
    this.partitions.set(key, p);
  }
}
