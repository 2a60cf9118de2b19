// __consumer_offsets on this node's storage: the CoordinatorLoader that replays a partition into its
// shard, the on-demand creation of the topic, and keeping the topic bounded. Writes do not come here:
// the runtime appends through the PartitionWriter (acks=-1, strand.log.fsync.before.ack honoured).
//
// Compaction: the topic is cleanup.policy=compact, so the log cleaner (storage/cleaner/) keeps the
// latest record per key, tombstones until delete.retention.ms, as Kafka's; the loader replays what it
// left (a deleted group's or offset's tombstone, or nothing once the tombstone went).
//
// The topic is created through the metadata layer (ensureInternalTopic, cleanup.policy=compact) on
// the first FindCoordinator or write, as Kafka creates it on demand; appends issued while it is being
// created wait for it, in order.

import type { MetadataLayer } from "../../metadata/layer.ts";
import { LogOfflineError } from "../../storage/errors.ts";
import type { Log } from "../../storage/log.ts";
import { loadCoordinatorPartition } from "../runtime/log-loader.ts";
import type { CoordinatorLoader, LoadSink, LoadSummary } from "../runtime/coordinator-loader.ts";
import type { PartitionWriter, TopicPartition } from "../runtime/partition-writer.ts";

export const OFFSETS_TOPIC = "__consumer_offsets";

export interface OffsetsTopicOptions {
  /** The broker's metadata layer (undefined while the broker is being assembled). */
  metadata: () => MetadataLayer | undefined;
  writer: PartitionWriter;
  numPartitions: number;
  /** offsets.topic.replication.factor (the metadata layer caps it at the registered brokers). */
  replicationFactor: number;
  segmentBytes: number;
}

export class OffsetsTopicLog implements CoordinatorLoader {
  /** Set while the topic is being created; appends chain on it to keep their order. */
  private creating: Promise<void> | null = null;

  constructor(private readonly opts: OffsetsTopicOptions) {}

  get exists(): boolean {
    return this.opts.metadata()?.image.topicsByName.has(OFFSETS_TOPIC) ?? false;
  }

  /** Create __consumer_offsets if needed (resolves at once when it exists). */
  ensureTopic(): Promise<void> {
    if (this.exists && this.creating === null) return Promise.resolve();
    const md = this.opts.metadata();
    if (!md?.ensureInternalTopic) return Promise.reject(new Error("the metadata layer cannot create internal topics"));
    this.creating ??= md
      .ensureInternalTopic(OFFSETS_TOPIC, this.opts.numPartitions, { "cleanup.policy": "compact", "segment.bytes": String(this.opts.segmentBytes) }, this.opts.replicationFactor)
      .then(
        () => void (this.creating = null),
        (e: unknown) => {
          this.creating = null;
          throw e;
        },
      );
    return this.creating;
  }

  /**
   * The partition's log; undefined when it is not here or offline (corrupt, or failed a write: logged
   * at ERROR by the broker), so one bad partition leaves the groups of the others loaded and served.
   */
  log(partition: number): Log | undefined {
    try {
      const log = this.opts.metadata()?.partitionLog(OFFSETS_TOPIC, partition);
      return log && !log.isOffline ? log : undefined;
    } catch (e) {
      if (e instanceof LogOfflineError) return undefined;
      throw e;
    }
  }

  /** Bytes held by a partition's log (0 when it does not exist). */
  sizeBytes(partition: number): number {
    return this.log(partition)?.sizeBytes ?? 0;
  }

  /**
   * CoordinatorLoader: every record of one partition up to its log end, in offset order, with its
   * offset and producer, and every transaction marker (pending transactional offsets are rebuilt).
   */
  load(tp: TopicPartition, sink: LoadSink): Promise<LoadSummary> {
    try {
      return Promise.resolve(this.loadNow(tp.partition, sink));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  private loadNow(p: number, sink: LoadSink): LoadSummary {
    const log = this.log(p);
    if (!log) throw new Error(`${OFFSETS_TOPIC}-${p} has no usable log on this node`);
    return loadCoordinatorPartition(log, sink);
  }
}
