// Reading one partition for a fetch (Kafka's ReplicaManager.readFromLocalLog for one partition):
// whole batches from the fetch offset as a slice of the segment file (zero copy: the network layer
// sendfiles it), at most maxBytes unless minOneBatch (the first partition with data may exceed
// it by one batch, Kafka's minOneMessage), never beyond the high watermark (consumers; read_committed
// stops at the last stable offset, which equals the high watermark without transactions).

import { ErrorCode } from "../../protocol/errors.ts";
import { fileRecords, type Records } from "../../protocol/primitives/records-ref.ts";
import { LogClosedError, LogOfflineError, OffsetOutOfRangeError } from "../../storage/errors.ts";
import { leaderLog } from "../produce/append-partition.ts";
import type { DataPlane } from "../produce/data-plane.ts";

export const EMPTY_RECORDS: Uint8Array = new Uint8Array(0);

export interface PartitionReadResult {
  errorCode: number;
  highWatermark: bigint;
  lastStableOffset: bigint;
  logStartOffset: bigint;
  records: Records;
  /** Bytes of records returned. */
  sizeBytes: number;
  /** Leader epoch of the partition, -1 when unknown. */
  leaderEpoch: number;
}

export function readError(errorCode: number): PartitionReadResult {
  return { errorCode, highWatermark: -1n, lastStableOffset: -1n, logStartOffset: -1n, records: EMPTY_RECORDS, sizeBytes: 0, leaderEpoch: -1 };
}

/** Kafka's leader epoch check: -1 skips it; older is FENCED_LEADER_EPOCH, newer UNKNOWN_LEADER_EPOCH. */
export function checkLeaderEpoch(requested: number, current: number): number {
  if (requested === -1 || requested === current) return 0;
  return requested < current ? ErrorCode.FENCED_LEADER_EPOCH : ErrorCode.UNKNOWN_LEADER_EPOCH;
}

export interface PartitionReadRequest {
  topic: string;
  partition: number;
  fetchOffset: bigint;
  maxBytes: number;
  currentLeaderEpoch: number;
}

export function readPartition(plane: DataPlane, p: PartitionReadRequest, limitBytes: number, minOneBatch: boolean): PartitionReadResult {
  const found = leaderLog(plane, p.topic, p.partition);
  if ("errorCode" in found) return readError(found.errorCode);
  const { image, log } = found;
  const epochError = checkLeaderEpoch(p.currentLeaderEpoch, image.leaderEpoch);
  if (epochError !== 0) return readError(epochError);
  plane.syncHighWatermark(log);
  const maxBytes = Math.max(0, Math.min(p.maxBytes, limitBytes));
  try {
    if (p.fetchOffset > BigInt(Number.MAX_SAFE_INTEGER) || p.fetchOffset < 0n) throw new OffsetOutOfRangeError(Number(p.fetchOffset), log.logStartOffset, log.logEndOffset);
    const r = log.read(Number(p.fetchOffset), maxBytes, "highWatermark", minOneBatch);
    const hw = BigInt(r.highWatermark);
    const base = { errorCode: 0, highWatermark: hw, lastStableOffset: hw, logStartOffset: BigInt(r.logStartOffset), leaderEpoch: image.leaderEpoch };
    if (!r.slice || r.slice.length === 0) return { ...base, records: EMPTY_RECORDS, sizeBytes: 0 };
    return { ...base, records: fileRecords([{ file: r.slice.file, position: r.slice.position, length: r.slice.length }]), sizeBytes: r.slice.length };
  } catch (e) {
    if (e instanceof OffsetOutOfRangeError) return readError(ErrorCode.OFFSET_OUT_OF_RANGE);
    if (e instanceof LogOfflineError || e instanceof LogClosedError) return readError(ErrorCode.KAFKA_STORAGE_ERROR);
    throw e;
  }
}
