// The metadata log: partition 0 of `__cluster_metadata` in metadata.log.dir, a storage Log of v2
// record batches holding Kafka's metadata records (record-serde.ts). One voter: an append is
// committed as soon as it is on disk (fdatasync before the append resolves), and the high watermark
// follows the durable end.
//
// Start-up reads the whole log (snapshots are not written or read yet) and hands each committed
// record to the caller; records inside a metadata transaction (Begin/EndTransactionRecord) are held
// until its end and dropped on AbortTransactionRecord or when the log ends inside one. Control
// batches (LeaderChange, snapshot markers, KRaft version/voters) are skipped. Then a LeaderChange
// control batch opens a new leader epoch, as a one-voter KRaft quorum writes on each election.
//
// When metadata.log.dir is one of log.dirs the LogManager may already have opened the partition
// (Kafka's LogManager skips it; ours may not yet): that Log is used rather than opening the files twice.

import { mkdirSync, readSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildRecordBatch, MessageSetIterator } from "../protocol/records/index.ts";
import { ControlRecordType, controlRecordKey, controlRecordTypeOf } from "../protocol/records/control-batch.ts";
import { METADATA_TOPIC } from "../raft/raft-records.ts";
import type { RecordInput } from "../protocol/records/index.ts";
import { DirLock } from "../storage/dir-lock.ts";
import type { TopicPartition } from "../storage/file-names.ts";
import type { Log } from "../storage/log.ts";
import { makeLogConfig } from "../storage/log-config.ts";
import type { LogConfig } from "../storage/log-config.ts";
import type { LogManager } from "../storage/log-manager.ts";
import { loadLog } from "../storage/recovery.ts";
import type { Logger } from "../util/log.ts";
import {
  decodeMetadataRecord,
  encodeLeaderChange,
  encodeMetadataRecord,
  MetadataRecordError,
  RecordType,
  type MetadataRecordIn,
  type MetadataRecordOut,
} from "./record-serde.ts";

// The topic name is Raft's (src/raft/raft-records.ts); the metadata layer names its partition 0.
export { METADATA_TOPIC };
export const METADATA_TP: TopicPartition = Object.freeze({ topic: METADATA_TOPIC, partition: 0 });

/** Bytes read from the segment files per step of a replay. */
const REPLAY_CHUNK_BYTES = 1 << 20;
/** Records a metadata transaction may hold before replay gives up (Kafka's are bootstrap-sized). */
const MAX_TRANSACTION_RECORDS = 1_000_000;
/** Records per batch: Kafka's controller writes at most 10000 records a batch too. */
export const RECORDS_PER_BATCH = 10_000;
/** Records one append may hold (a topic with this many partitions is the largest single operation). */
export const MAX_RECORDS_PER_APPEND = 1_000_000;

/** Log settings of the metadata partition: never deleted by time or size (only snapshots may trim it). */
export function metadataLogConfig(segmentBytes?: number): Partial<LogConfig> {
  return {
    retentionMs: -1,
    retentionBytes: -1,
    maxMessageBytes: 8 * 1024 * 1024,
    ...(segmentBytes !== undefined ? { segmentBytes } : {}),
  };
}

export interface ReplayStats {
  records: number;
  batches: number;
  controlRecords: number;
  skippedUnknown: number;
  abortedRecords: number;
  lastOffset: bigint;
}

export class MetadataLog {
  /** The leader epoch of this process's appends (one more than the last one found in the log). */
  epoch = 0;

  private constructor(
    readonly log: Log,
    private readonly owned: { lock: DirLock | null } | null,
    private readonly logger: Logger,
  ) {}

  /** Opens (or creates) `__cluster_metadata-0` in `dir`, reusing the LogManager's Log if it has one. */
  static open(opts: { dir: string; logs: LogManager | null; logger: Logger; segmentBytes?: number }): MetadataLog {
    const shared = opts.logs?.getLog(METADATA_TP);
    if (shared) {
      // The same settings as a metadata log opened here: not the broker-level log.* settings the
      // LogManager gave it (Kafka's metadata log has its own config).
      shared.config = makeLogConfig(metadataLogConfig(opts.segmentBytes));
      return new MetadataLog(shared, null, opts.logger);
    }
    // Compare absolute paths: log.dirs and metadata.log.dir may be written relative (./data).
    const dir = resolve(opts.dir);
    const inLogDirs = opts.logs?.logDirs.some((d) => resolve(d) === dir) ?? false;
    const lock = inLogDirs ? null : DirLock.acquire(dir);
    try {
      const path = join(dir, `${METADATA_TOPIC}-0`);
      mkdirSync(path, { recursive: true });
      // Always a full recovery: the metadata log is small and its checkpoints are not kept.
      const log = loadLog(path, METADATA_TP, makeLogConfig(metadataLogConfig(opts.segmentBytes)), {
        recoveryPoint: 0,
        logStartOffset: 0,
        highWatermark: 0,
        cleanShutdown: false,
      });
      return new MetadataLog(log, { lock }, opts.logger);
    } catch (e) {
      lock?.release();
      throw e;
    }
  }

  get endOffset(): number {
    return this.log.logEndOffset;
  }

  /**
   * Reads every batch and calls `visit` for each committed metadata record, in offset order.
   * Sets the epoch for this process's appends. Throws MetadataRecordError on a record it cannot read.
   */
  replay(visit: (rec: MetadataRecordIn, offset: bigint) => void): ReplayStats {
    const stats: ReplayStats = { records: 0, batches: 0, controlRecords: 0, skippedUnknown: 0, abortedRecords: 0, lastOffset: -1n };
    let txn: Array<{ rec: MetadataRecordIn; offset: bigint }> | null = null;
    let maxEpoch = -1;
    let offset = this.log.logStartOffset;
    const end = this.log.logEndOffset;
    // Bounded by the log end: each step consumes at least one whole batch (minOneBatch).
    while (offset < end) {
      const r = this.log.read(offset, REPLAY_CHUNK_BYTES, "logEnd", true);
      const slice = r.slice;
      if (!slice) break;
      const buf = new Uint8Array(slice.length);
      const n = readSync(slice.file.fd, buf, 0, slice.length, slice.position);
      if (n !== slice.length) throw new MetadataRecordError(BigInt(offset), `short read of ${slice.path}: ${n} of ${slice.length} bytes`);
      const it = new MessageSetIterator(buf);
      let progressed = false;
      for (const batch of it) {
        const bad = batch.validate({ strictRecordCount: false });
        if (bad) throw new MetadataRecordError(batch.baseOffset, `invalid batch in ${slice.path}: ${bad.message}`);
        const next = Number(batch.lastOffset) + 1;
        if (next <= offset) continue;
        progressed = true;
        offset = next;
        stats.batches++;
        if (batch.partitionLeaderEpoch > maxEpoch) maxEpoch = batch.partitionLeaderEpoch;
        for (const record of batch.records()) {
          if (batch.isControl) {
            stats.controlRecords++;
            this.logger.debug("metadata log: control record skipped", { offset: record.offset, type: controlRecordTypeOf(record.key) });
            continue;
          }
          if (!record.value) throw new MetadataRecordError(record.offset, "null value");
          const rec = decodeMetadataRecord(record.value, record.offset);
          stats.lastOffset = record.offset;
          if (rec.apiKey === RecordType.BEGIN_TRANSACTION) {
            if (txn) throw new MetadataRecordError(record.offset, "BeginTransactionRecord inside a transaction");
            txn = [];
          } else if (rec.apiKey === RecordType.END_TRANSACTION) {
            if (!txn) throw new MetadataRecordError(record.offset, "EndTransactionRecord outside a transaction");
            for (const t of txn) visit(t.rec, t.offset);
            stats.records += txn.length;
            txn = null;
          } else if (rec.apiKey === RecordType.ABORT_TRANSACTION) {
            if (!txn) throw new MetadataRecordError(record.offset, "AbortTransactionRecord outside a transaction");
            stats.abortedRecords += txn.length;
            txn = null;
          } else if (txn) {
            if (txn.length >= MAX_TRANSACTION_RECORDS) throw new MetadataRecordError(record.offset, `transaction holds more than ${MAX_TRANSACTION_RECORDS} records`);
            txn.push({ rec, offset: record.offset });
          } else {
            visit(rec, record.offset);
            stats.records++;
          }
        }
      }
      if (!progressed) throw new MetadataRecordError(BigInt(offset), `no batch could be read at this offset (${it.error?.message ?? "empty read"})`);
    }
    if (txn) {
      this.logger.warn("metadata log ends inside a transaction: its records are not applied", { records: txn.length });
      stats.abortedRecords += txn.length;
    }
    this.epoch = Math.max(maxEpoch, this.log.epochs.latestEpoch(), 0) + 1;
    this.log.setHighWatermark(this.log.logEndOffset);
    return stats;
  }

  /** Appends the LeaderChange control batch that opens this process's epoch (call after replay). */
  async writeLeaderChange(nodeId: number, voters: readonly number[]): Promise<void> {
    const batch = buildRecordBatch({
      records: [{ key: controlRecordKey(ControlRecordType.LEADER_CHANGE), value: encodeLeaderChange(nodeId, voters) }],
      isControl: true,
      partitionLeaderEpoch: this.epoch,
    });
    await this.appendBatch(batch);
  }

  /**
   * Appends records and resolves when they are on disk (committed). Up to RECORDS_PER_BATCH records go
   * in one batch; more are split into batches wrapped in Begin/EndTransactionRecord, as Kafka's
   * controller does, so a crash between batches leaves none of them applied.
   */
  async append(records: readonly MetadataRecordOut[]): Promise<{ firstOffset: bigint; lastOffset: bigint }> {
    if (records.length === 0) throw new RangeError("append of no metadata records");
    if (records.length > MAX_RECORDS_PER_APPEND) throw new RangeError(`append of ${records.length} metadata records, more than ${MAX_RECORDS_PER_APPEND}`);
    let all: readonly MetadataRecordOut[] = records;
    if (records.length > RECORDS_PER_BATCH) {
      all = [
        { apiKey: RecordType.BEGIN_TRANSACTION, version: 0, message: { name: `strand: ${records.length} records` } },
        ...records,
        { apiKey: RecordType.END_TRANSACTION, version: 0, message: {} },
      ];
    }
    let first = -1;
    let last = -1;
    // Bounded: MAX_RECORDS_PER_APPEND / RECORDS_PER_BATCH batches.
    for (let i = 0; i < all.length; i += RECORDS_PER_BATCH) {
      const inputs: RecordInput[] = all.slice(i, i + RECORDS_PER_BATCH).map((r) => ({ key: null, value: encodeMetadataRecord(r) }));
      const res = this.log.append(buildRecordBatch({ records: inputs, partitionLeaderEpoch: this.epoch }), { assignOffsets: true, leaderEpoch: this.epoch });
      if (first < 0) first = res.firstOffset;
      last = res.lastOffset;
    }
    await this.commit(last);
    return { firstOffset: BigInt(first), lastOffset: BigInt(last) };
  }

  private async commit(lastOffset: number): Promise<void> {
    await this.log.waitDurable(lastOffset + 1);
    if (lastOffset + 1 > this.log.highWatermark) this.log.setHighWatermark(lastOffset + 1);
  }

  private async appendBatch(batch: Uint8Array): Promise<void> {
    const res = this.log.append(batch, { assignOffsets: true, leaderEpoch: this.epoch });
    await this.commit(res.lastOffset);
  }

  /** Flushes and closes the log if this object opened it (the LogManager closes a shared one). */
  async close(): Promise<void> {
    if (!this.owned) return;
    try {
      await this.log.close();
    } finally {
      this.owned.lock?.release();
    }
  }
}
