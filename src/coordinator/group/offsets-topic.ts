// __consumer_offsets on this node's storage: the CoordinatorLoader that replays a partition into its
// shard, the on-demand creation of the topic, and keeping the topic bounded. Writes do not come here:
// the runtime appends through the PartitionWriter (acks=-1, strand.log.fsync.before.ack honoured).
//
// Compaction: the storage engine has no log cleaner yet. Instead, when a partition's log holds more
// than `compactAfterBytes`, the coordinator's live state for the groups of that partition is written
// again as fresh records in a new segment (through the PartitionWriter, so it is committed and on
// disk when fsync-before-ack asks for it) and only then is every older segment deleted. The result holds what
// a compacted log holds (the latest record of every live key, no tombstones), which is also what
// Kafka's cleaner converges to after delete.retention.ms. Replace with the real cleaner when it lands.
//
// The topic is created through the metadata layer (ensureInternalTopic, cleanup.policy=compact) on
// the first FindCoordinator or write, as Kafka creates it on demand; appends issued while it is being
// created wait for it, in order.

import type { MetadataLayer } from "../../metadata/layer.ts";
import { LogOfflineError } from "../../storage/errors.ts";
import type { Log } from "../../storage/log.ts";
import { loadCoordinatorPartition } from "../runtime/log-loader.ts";
import type { KeyValue } from "./records.ts";
import type { CoordinatorLoader, LoadSink, LoadSummary } from "../runtime/coordinator-loader.ts";
import type { PartitionWriter, TopicPartition } from "../runtime/partition-writer.ts";

export const OFFSETS_TOPIC = "__consumer_offsets";

export interface OffsetsTopicOptions {
  /** The broker's metadata layer (undefined while the broker is being assembled). */
  metadata: () => MetadataLayer | undefined;
  writer: PartitionWriter;
  numPartitions: number;
  segmentBytes: number;
  /** Rewrite a partition's live state and drop older segments past this size. */
  compactAfterBytes: number;
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
      .ensureInternalTopic(OFFSETS_TOPIC, this.opts.numPartitions, { "cleanup.policy": "compact", "segment.bytes": String(this.opts.segmentBytes) })
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

  /**
   * If a partition grew past compactAfterBytes: roll, append `liveRecords()` (the live state of its
   * groups) through the writer and, once committed, delete every segment before it. Resolves true when
   * it compacted; a failed append leaves the old segments (nothing is lost) and rejects.
   */
  async maybeCompact(partition: number, liveRecords: () => KeyValue[]): Promise<boolean> {
    const log = this.log(partition);
    if (!log || log.sizeBytes <= this.opts.compactAfterBytes) return false;
    const before = log.segments.slice();
    log.roll();
    const live = liveRecords();
    const tp = { topic: OFFSETS_TOPIC, partition };
    // Chunks keep each batch well under max.message.bytes; all are handed to the writer before the
    // first await, so no other write lands between them.
    const appended: Array<Promise<number>> = [];
    for (let i = 0; i < live.length; i += 1000) appended.push(this.opts.writer.append(tp, live.slice(i, i + 1000)));
    await Promise.all(appended);
    if (log.isOffline) return false;
    log.deleteSegments(before.filter((s) => s !== log.active));
    return true;
  }
}
