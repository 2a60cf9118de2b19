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
// The partitions are created through the LogManager directly, because the metadata layer
// (ensureInternalTopic) is not in place yet: the topic does not appear in Metadata responses until
// that switch is made.

import { readSync } from "node:fs";
import type { LogManager } from "../../storage/log-manager.ts";
import type { Log } from "../../storage/log.ts";
import { buildRecordBatch } from "../../protocol/records/builder.ts";
import { MessageSetIterator } from "../../protocol/records/message-set.ts";
import type { CoordinatorLog } from "./group-coordinator.ts";
import type { KeyValue } from "./records.ts";

export const OFFSETS_TOPIC = "__consumer_offsets";

/** Read back in chunks of this size (a batch larger than this is still returned whole by Log.read). */
const LOAD_CHUNK_BYTES = 4 * 1024 * 1024;

export interface OffsetsTopicOptions {
  logs: LogManager;
  numPartitions: number;
  segmentBytes: number;
  /** Rewrite a partition's live state and drop older segments past this size. */
  compactAfterBytes: number;
}

export class OffsetsTopicLog implements CoordinatorLog {
  constructor(private readonly opts: OffsetsTopicOptions) {}

  private log(partition: number, create: boolean): Log | undefined {
    const tp = { topic: OFFSETS_TOPIC, partition };
    if (!create) return this.opts.logs.getLog(tp);
    return this.opts.logs.getOrCreateLog(tp, { segmentBytes: this.opts.segmentBytes });
  }

  append(partition: number, records: KeyValue[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    try {
      const log = this.log(partition, true)!;
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
    return this.log(partition, false)?.sizeBytes ?? 0;
  }

  /** Every record of every existing partition, in offset order per partition. */
  load(onRecord: (partition: number, key: Uint8Array, value: Uint8Array | null) => void): { records: number; bytes: number } {
    let records = 0;
    let bytes = 0;
    for (let p = 0; p < this.opts.numPartitions; p++) {
      const log = this.log(p, false);
      if (!log) continue;
      let offset = log.logStartOffset;
      // Bounded by the log end: each pass moves `offset` past at least one batch.
      while (offset < log.logEndOffset) {
        const r = log.read(offset, LOAD_CHUNK_BYTES, "logEnd");
        if (!r.slice) break;
        const buf = new Uint8Array(r.slice.length);
        const n = readSync(r.slice.fd, buf, 0, buf.length, r.slice.position);
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
    const log = this.log(partition, false);
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
