// A snapshot written record by record (Kafka's RecordsSnapshotWriter over a BatchAccumulator): a
// control batch with the SnapshotHeaderRecord (and, at kraft.version >= 1, the KRaftVersionRecord and
// the VotersRecord) at offset 0, the data records in batches of at most maxBatchSizeBytes (records of
// one append() stay in one batch, as the accumulator keeps them), then a control batch with the
// SnapshotFooterRecord. Offsets inside a snapshot count from 0; every batch carries the snapshot's
// epoch as its partition leader epoch. Uncompressed, as Kafka's controller writes them.

import { BATCH_HEADER_SIZE, buildRecordBatch } from "../../protocol/records/index.ts";
import type { RecordInput } from "../../protocol/records/index.ts";
import { sizeOfVarint } from "../../protocol/records/varint.ts";
import { assert } from "../../util/assert.ts";
import type { SnapshotWriter } from "../raft-client.ts";
import type { RawSnapshotWriter } from "../replicated-log.ts";
import type { SnapshotId, Voter } from "../types.ts";
import { encodeKRaftVersion, encodeSnapshotFooter, encodeSnapshotHeader, encodeVoters } from "./control-records.ts";
import { ControlRecordType, controlRecordKey } from "../../protocol/records/control-batch.ts";

/** Kafka's KafkaRaftClient.MAX_BATCH_SIZE_BYTES, the batch size its snapshots are written with. */
export const MAX_BATCH_SIZE_BYTES = 8 * 1024 * 1024;

export class RecordBatchTooLargeError extends Error {
  constructor(bytes: number, max: number) {
    super(`The total record(s) size of ${bytes} exceeds the maximum allowed batch size of ${max}`);
    this.name = "RecordBatchTooLargeError";
  }
}

export interface RecordsSnapshotWriterOptions {
  readonly lastContainedLogTimestampMs: number;
  readonly maxBatchSizeBytes?: number;
  /** kraft.version at the snapshot's last contained offset: 0 for static quorums. */
  readonly kraftVersion?: number;
  /** The voter set at that offset (only with kraft.version >= 1, as Kafka's builder demands). */
  readonly voters?: readonly Voter[] | null;
  readonly nowMs?: () => number;
}

/** Bytes of one keyless, headerless record at `offsetDelta` with timestamp delta 0 (the v2 record format). */
function recordSizeInBytes(offsetDelta: number, valueBytes: number): number {
  const body = 1 + 1 + sizeOfVarint(offsetDelta) + 1 + sizeOfVarint(valueBytes) + valueBytes + 1;
  return sizeOfVarint(body) + body;
}

export class RecordsSnapshotWriter implements SnapshotWriter {
  private readonly maxBatchSizeBytes: number;
  private readonly now: () => number;
  /** The offset (inside the snapshot) of the next record. */
  private nextOffset = 0;
  private current: Uint8Array[] = [];
  private currentBytes = BATCH_HEADER_SIZE;
  private done = false;

  constructor(
    private readonly raw: RawSnapshotWriter,
    opts: RecordsSnapshotWriterOptions,
  ) {
    this.maxBatchSizeBytes = opts.maxBatchSizeBytes ?? MAX_BATCH_SIZE_BYTES;
    this.now = opts.nowMs ?? Date.now;
    const kraftVersion = opts.kraftVersion ?? 0;
    assert(raw.sizeInBytes === 0, () => `initializing a snapshot writer with a non-empty snapshot (${raw.sizeInBytes} bytes)`);
    assert(kraftVersion >= 1 || !opts.voters, () => "a voter set is not expected when the kraft.version is 0");
    const header: RecordInput[] = [{ key: controlRecordKey(ControlRecordType.SNAPSHOT_HEADER), value: encodeSnapshotHeader(opts.lastContainedLogTimestampMs) }];
    if (kraftVersion >= 1) {
      header.push({ key: controlRecordKey(ControlRecordType.KRAFT_VERSION), value: encodeKRaftVersion(kraftVersion) });
      if (opts.voters) header.push({ key: controlRecordKey(ControlRecordType.KRAFT_VOTERS), value: encodeVoters(opts.voters) });
    }
    this.writeBatch(header, true);
  }

  get snapshotId(): SnapshotId {
    return this.raw.snapshotId;
  }

  get lastContainedLogOffset(): number {
    return this.raw.snapshotId.offset - 1;
  }

  /** Appends the records (metadata record values) to the current batch, or to a new one when they do not fit. */
  append(records: readonly Uint8Array[]): void {
    assert(!this.done, () => `append to snapshot ${this.raw.snapshotId.offset}-${this.raw.snapshotId.epoch} that is frozen or closed`);
    if (records.length === 0) return;
    const fits = (base: number, startDelta: number): number => {
      let bytes = base;
      for (let i = 0; i < records.length; i++) bytes += recordSizeInBytes(startDelta + i, records[i]!.length);
      return bytes;
    };
    let needed = fits(this.currentBytes, this.current.length);
    if (needed > this.maxBatchSizeBytes) {
      const alone = fits(BATCH_HEADER_SIZE, 0);
      if (alone > this.maxBatchSizeBytes) throw new RecordBatchTooLargeError(alone, this.maxBatchSizeBytes);
      this.completeCurrentBatch();
      needed = alone;
    }
    for (const r of records) this.current.push(r);
    this.currentBytes = needed;
  }

  private completeCurrentBatch(): void {
    if (this.current.length === 0) return;
    const records = this.current;
    this.current = [];
    this.currentBytes = BATCH_HEADER_SIZE;
    this.writeBatch(records.map((value) => ({ key: null, value })), false);
  }

  private writeBatch(records: RecordInput[], isControl: boolean): void {
    const timestamp = this.now();
    const batch = buildRecordBatch({
      records: records.map((r) => ({ ...r, timestamp })),
      baseOffset: BigInt(this.nextOffset),
      partitionLeaderEpoch: this.raw.snapshotId.epoch,
      isControl,
    });
    this.raw.append(batch);
    this.nextOffset += records.length;
  }

  /** Writes the last data batch and the footer, then freezes the file (durable, under its final name). */
  async freeze(): Promise<void> {
    assert(!this.done, () => `freeze of snapshot ${this.raw.snapshotId.offset}-${this.raw.snapshotId.epoch} that is frozen or closed`);
    this.completeCurrentBatch();
    this.writeBatch([{ key: controlRecordKey(ControlRecordType.SNAPSHOT_FOOTER), value: encodeSnapshotFooter() }], true);
    this.done = true;
    await this.raw.freeze();
  }

  close(): void {
    this.done = true;
    this.current = [];
    this.raw.close();
  }
}
