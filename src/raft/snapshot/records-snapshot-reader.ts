// Reading a snapshot back (Kafka's RecordsSnapshotReader over a RecordsIterator): whole batches from
// the raw file in order, CRC-checked; the first batch must be a control batch opening with the
// SnapshotHeaderRecord (its lastContainedLogTimestamp is the snapshot's), the last one a control batch
// with the SnapshotFooterRecord. Control records are not handed out as data: the KRaftVersionRecord
// and VotersRecord of the header (KIP-853) are exposed as kraftVersion and voters.

import { LOG_OVERHEAD, MessageSetIterator, RecordBatchView } from "../../protocol/records/index.ts";
import type { Batch, SnapshotReader } from "../raft-client.ts";
import type { RawSnapshotReader } from "../replicated-log.ts";
import type { SnapshotId, Voter } from "../types.ts";
import { ControlRecordError, decodeKRaftVersion, decodeSnapshotFooter, decodeSnapshotHeader, decodeVoters } from "./control-records.ts";
import { filenameFromSnapshotId } from "./snapshots.ts";
import { ControlRecordType, controlRecordTypeOf } from "../../protocol/records/control-batch.ts";

/** Bytes read from the file per step. */
const READ_CHUNK_BYTES = 1 << 20;
/** The largest batch accepted (Kafka reads snapshots with MAX_BATCH_SIZE_BYTES buffers; some slack). */
const MAX_BATCH_BYTES = 64 * 1024 * 1024;

export class CorruptSnapshotError extends Error {
  constructor(snapshotId: SnapshotId, position: number, reason: string) {
    super(`snapshot ${filenameFromSnapshotId(snapshotId)} at byte ${position}: ${reason}`);
    this.name = "CorruptSnapshotError";
  }
}

/** Every whole batch of the raw snapshot in order; throws CorruptSnapshotError on a bad or torn one. */
export function* snapshotBatches(raw: RawSnapshotReader): Generator<{ view: RecordBatchView; position: number }> {
  let position = 0;
  // Bounded by the file size: every step consumes at least one whole batch or throws.
  while (position < raw.sizeInBytes) {
    let chunk = raw.slice(position, READ_CHUNK_BYTES);
    if (chunk.length >= LOG_OVERHEAD) {
      const declared = new DataView(chunk.buffer, chunk.byteOffset, chunk.length).getInt32(8) + LOG_OVERHEAD;
      if (declared > MAX_BATCH_BYTES) throw new CorruptSnapshotError(raw.snapshotId, position, `batch of ${declared} bytes, more than ${MAX_BATCH_BYTES}`);
      if (declared > chunk.length) chunk = raw.slice(position, declared);
    }
    const it = new MessageSetIterator(chunk);
    let consumed = 0;
    for (const view of it) {
      const bad = view.validate({ strictRecordCount: true });
      if (bad) throw new CorruptSnapshotError(raw.snapshotId, position + view.position, bad.message);
      yield { view, position: position + view.position };
      consumed = view.position + view.sizeInBytes;
    }
    if (it.stop === "corrupt" || consumed === 0) {
      throw new CorruptSnapshotError(raw.snapshotId, position + it.stoppedAt, it.error?.message ?? "no whole batch");
    }
    position += consumed;
  }
}

export class RecordsSnapshotReader implements SnapshotReader {
  readonly snapshotId: SnapshotId;
  readonly lastContainedLogTimestampMs: number;
  /** kraft.version from the header's KRaftVersionRecord, 0 without one. */
  readonly kraftVersion: number;
  /** The VotersRecord of the header, null without one. */
  readonly voters: readonly Voter[] | null;

  private constructor(
    private readonly raw: RawSnapshotReader,
    header: { lastContainedLogTimestampMs: number; kraftVersion: number; voters: Voter[] | null },
  ) {
    this.snapshotId = raw.snapshotId;
    this.lastContainedLogTimestampMs = header.lastContainedLogTimestampMs;
    this.kraftVersion = header.kraftVersion;
    this.voters = header.voters;
  }

  /** Reads the header batch; throws CorruptSnapshotError when the snapshot does not open with one. */
  static of(raw: RawSnapshotReader): RecordsSnapshotReader {
    const first = snapshotBatches(raw).next();
    if (first.done) throw new CorruptSnapshotError(raw.snapshotId, 0, "empty snapshot: no header batch");
    const { view, position } = first.value;
    if (!view.isControl) throw new CorruptSnapshotError(raw.snapshotId, position, "first batch is not a control batch with at least one record");
    let lastContainedLogTimestampMs = -1;
    let kraftVersion = 0;
    let voters: Voter[] | null = null;
    let i = 0;
    try {
      for (const r of view.records()) {
        const type = controlRecordTypeOf(r.key);
        if (i === 0) {
          if (type !== ControlRecordType.SNAPSHOT_HEADER) throw new CorruptSnapshotError(raw.snapshotId, position, `first control record is not a snapshot header (type ${type})`);
          lastContainedLogTimestampMs = Number(decodeSnapshotHeader(r.value).lastContainedLogTimestamp);
        } else if (type === ControlRecordType.KRAFT_VERSION) kraftVersion = decodeKRaftVersion(r.value);
        else if (type === ControlRecordType.KRAFT_VOTERS) voters = decodeVoters(r.value);
        i++;
      }
    } catch (e) {
      if (e instanceof ControlRecordError) throw new CorruptSnapshotError(raw.snapshotId, position, e.message);
      throw e;
    }
    return new RecordsSnapshotReader(raw, { lastContainedLogTimestampMs, kraftVersion, voters });
  }

  get lastContainedLogOffset(): number {
    return this.snapshotId.offset - 1;
  }

  get lastContainedLogEpoch(): number {
    return this.snapshotId.epoch;
  }

  /**
   * The data batches in order (records are the values). Throws CorruptSnapshotError when the last batch
   * is not the footer: a snapshot without one was cut short.
   */
  *batches(): Generator<Batch> {
    let sawFooter = false;
    for (const { view, position } of snapshotBatches(this.raw)) {
      if (sawFooter) throw new CorruptSnapshotError(this.snapshotId, position, "batch after the snapshot footer");
      if (view.isControl) {
        for (const r of view.records()) {
          if (controlRecordTypeOf(r.key) !== ControlRecordType.SNAPSHOT_FOOTER) continue;
          try {
            decodeSnapshotFooter(r.value);
          } catch (e) {
            throw new CorruptSnapshotError(this.snapshotId, position, e instanceof Error ? e.message : String(e));
          }
          sawFooter = true;
        }
        continue;
      }
      const records: Uint8Array[] = [];
      for (const r of view.records()) {
        if (!r.value) throw new CorruptSnapshotError(this.snapshotId, position, `record at offset ${r.offset} has a null value`);
        records.push(r.value);
      }
      yield {
        baseOffset: Number(view.baseOffset),
        lastOffset: Number(view.lastOffset),
        epoch: view.partitionLeaderEpoch,
        appendTimestampMs: Number(view.maxTimestamp),
        records,
        sizeInBytes: view.sizeInBytes,
      };
    }
    if (!sawFooter) throw new CorruptSnapshotError(this.snapshotId, this.raw.sizeInBytes, "no snapshot footer: the snapshot is incomplete");
  }
}
