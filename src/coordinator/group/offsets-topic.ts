// __consumer_offsets on this node's storage: appends the coordinator's records as magic-2 batches
// (uncompressed, no producer id, as Kafka's coordinator runtime writes them), reads them back at
// start-up, and keeps the topic bounded.
//
// Compaction: the storage engine has no log cleaner yet. Instead, when a partition's log holds more
// than `compactAfterBytes`, the coordinator's live state for the groups of that partition is written
// again as fresh records in a new segment and every older segment is deleted. The result holds what
// a compacted log holds (the latest record of every live key, no tombstones), which is also what
// Kafka's cleaner converges to after delete.retention.ms. Replace with the real cleaner when it lands.
//
// The topic is created through the metadata layer (ensureInternalTopic, cleanup.policy=compact) on
// the first FindCoordinator or write, as Kafka creates it on demand; appends issued while it is being
// created wait for it, in order.

import { readSync } from "node:fs";
import type { MetadataLayer } from "../../metadata/layer.ts";
import { LogOfflineError } from "../../storage/errors.ts";
import type { Log } from "../../storage/log.ts";
import { buildRecordBatch } from "../../protocol/records/builder.ts";
import { MessageSetIterator } from "../../protocol/records/message-set.ts";
import type { CoordinatorLog } from "./group-coordinator.ts";
import type { KeyValue } from "./records.ts";

export const OFFSETS_TOPIC = "__consumer_offsets";

/** Read back in chunks of this size (a batch larger than this is still returned whole by Log.read). */
const LOAD_CHUNK_BYTES = 4 * 1024 * 1024;

export interface OffsetsTopicOptions {
  metadata: MetadataLayer;
  numPartitions: number;
  segmentBytes: number;
  /** Rewrite a partition's live state and drop older segments past this size. */
  compactAfterBytes: number;
}

export class OffsetsTopicLog implements CoordinatorLog {
  /** Set while the topic is being created; appends chain on it to keep their order. */
  private creating: Promise<void> | null = null;

  constructor(private readonly opts: OffsetsTopicOptions) {}

  get exists(): boolean {
    return this.opts.metadata.image.topicsByName.has(OFFSETS_TOPIC);
  }

  /** Create __consumer_offsets if needed (resolves at once when it exists). */
  ensureTopic(): Promise<void> {
    if (this.exists && this.creating === null) return Promise.resolve();
    const md = this.opts.metadata;
    if (!md.ensureInternalTopic) return Promise.reject(new Error("the metadata layer cannot create internal topics"));
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
  private log(partition: number): Log | undefined {
    try {
      return this.opts.metadata.partitionLog(OFFSETS_TOPIC, partition);
    } catch (e) {
      if (e instanceof LogOfflineError) return undefined;
      throw e;
    }
  }

  append(partition: number, records: KeyValue[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    if (!this.exists || this.creating !== null) return this.ensureTopic().then(() => this.appendNow(partition, records));
    return this.appendNow(partition, records);
  }

  private appendNow(partition: number, records: KeyValue[]): Promise<void> {
    try {
      const log = this.log(partition);
      if (!log) throw new Error(`${OFFSETS_TOPIC}-${partition} is not hosted here`);
      const batch = buildRecordBatch({ records: records.map((r) => ({ key: r.key, value: r.value })) });
      log.append(batch);
      // A single node is its own ISR: the high watermark follows the log end.
      log.setHighWatermark(log.logEndOffset);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Bytes held by a partition's log (0 when it does not exist). */
  sizeBytes(partition: number): number {
    return this.log(partition)?.sizeBytes ?? 0;
  }

  /** Every record of every existing partition, in offset order per partition. */
  load(onRecord: (partition: number, key: Uint8Array, value: Uint8Array | null) => void): { records: number; bytes: number } {
    let records = 0;
    let bytes = 0;
    for (let p = 0; p < this.opts.numPartitions; p++) {
      const log = this.log(p);
      if (!log) continue;
      let offset = log.logStartOffset;
      // Bounded by the log end: each pass moves `offset` past at least one batch.
      while (offset < log.logEndOffset) {
        const r = log.read(offset, LOAD_CHUNK_BYTES, "logEnd");
        if (!r.slice) break;
        const buf = new Uint8Array(r.slice.length);
        const n = readSync(r.slice.file.fd, buf, 0, buf.length, r.slice.position);
        bytes += n;
        const it = new MessageSetIterator(buf, 0, n);
        let next = offset;
        for (const batch of it) {
          const last = Number(batch.lastOffset);
          if (last < offset) continue;
          next = last + 1;
          if (batch.isControl) continue;
          for (const rec of batch.records()) {
            if (Number(rec.offset) < offset || rec.key === null) continue;
            onRecord(p, rec.key, rec.value);
            records++;
          }
        }
        if (next === offset) break;
        offset = next;
      }
    }
    return { records, bytes };
  }

  /**
   * If a partition grew past compactAfterBytes: roll, append `liveRecords()` (the live state of its
   * groups) and delete every segment before it. Returns true when it compacted.
   */
  maybeCompact(partition: number, liveRecords: () => KeyValue[]): boolean {
    const log = this.log(partition);
    if (!log || log.sizeBytes <= this.opts.compactAfterBytes) return false;
    const before = log.segments.slice();
    log.roll();
    const live = liveRecords();
    // Chunks keep each batch well under max.message.bytes.
    for (let i = 0; i < live.length; i += 1000) {
      log.append(buildRecordBatch({ records: live.slice(i, i + 1000).map((r) => ({ key: r.key, value: r.value })) }));
    }
    log.setHighWatermark(log.logEndOffset);
    log.deleteSegments(before.filter((s) => s !== log.active));
    return true;
  }
}
