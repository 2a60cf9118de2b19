// Transaction markers: the control batches a transaction's end writes on every partition it touched
// (Kafka's MemoryRecords.withEndTransactionMarker / EndTransactionMarker / ControlRecordType).
//
// A marker is a magic-2 batch with the transactional and control attribute bits, the producer's id and
// epoch, base sequence -1, and one record:
//   key   = int16 version (0) + int16 type (0 ABORT, 1 COMMIT)            4 bytes (ControlRecordType)
//   value = int16 version (0) + int32 coordinatorEpoch                    6 bytes (EndTxnMarker.json v0)
// Kafka reads a key with a newer version by its first 4 bytes and a value with a newer version by its
// version-0 fields, so parse accepts a longer key/value with version > 0 and refuses anything shorter.

import { buildRecordBatch } from "./builder.ts";

/** Kafka's ControlRecordType ids: end-transaction markers, and KRaft's control records in __cluster_metadata. */
export const ControlRecordType = {
  ABORT: 0,
  COMMIT: 1,
  LEADER_CHANGE: 2,
  SNAPSHOT_HEADER: 3,
  SNAPSHOT_FOOTER: 4,
  KRAFT_VERSION: 5,
  KRAFT_VOTERS: 6,
} as const;

/** The key of a control record of `type`: int16 version 0, int16 type. */
export function controlRecordKey(type: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt16(2, type);
  return b;
}

/** The control type of a version-0 control key, or -1 for anything else (readers that skip what they do not know). */
export function controlRecordTypeOf(key: Uint8Array | null): number {
  if (!key || key.length < 4) return -1;
  const dv = new DataView(key.buffer, key.byteOffset, key.length);
  if (dv.getInt16(0) !== 0) return -1;
  return dv.getInt16(2);
}

/** Kafka's TransactionResult, as the marker's control type says it. */
export type TransactionResult = "COMMIT" | "ABORT";

export interface EndTxnMarkerInfo {
  result: TransactionResult;
  coordinatorEpoch: number;
}

export interface EndTxnMarkerBatchOptions {
  producerId: bigint;
  producerEpoch: number;
  coordinatorEpoch: number;
  result: TransactionResult;
  /** Record timestamp (ms); default Date.now(). */
  timestampMs?: number;
  partitionLeaderEpoch?: number;
}

export function controlKey(result: TransactionResult): Uint8Array {
  const key = new Uint8Array(4);
  const v = new DataView(key.buffer);
  v.setInt16(0, 0);
  v.setInt16(2, result === "COMMIT" ? ControlRecordType.COMMIT : ControlRecordType.ABORT);
  return key;
}

export function endTxnMarkerValue(coordinatorEpoch: number): Uint8Array {
  const value = new Uint8Array(6);
  const v = new DataView(value.buffer);
  v.setInt16(0, 0);
  v.setInt32(2, coordinatorEpoch);
  return value;
}

/** One control batch holding one end-transaction marker, CRC set, base offset 0 (the log assigns it). */
export function buildEndTxnMarkerBatch(o: EndTxnMarkerBatchOptions): Uint8Array {
  return buildRecordBatch({
    records: [{ key: controlKey(o.result), value: endTxnMarkerValue(o.coordinatorEpoch), timestamp: o.timestampMs ?? Date.now() }],
    producerId: o.producerId,
    producerEpoch: o.producerEpoch,
    baseSequence: -1,
    isTransactional: true,
    isControl: true,
    partitionLeaderEpoch: o.partitionLeaderEpoch,
  });
}

export class InvalidControlRecordError extends Error {
  override readonly name = "InvalidControlRecordError";
}

/**
 * The control type of a control record's key (Kafka's ControlRecordType.parseTypeId): -1 for a type
 * Kafka does not know (Kafka reads it as UNKNOWN and skips it), throws when the key is too short.
 */
export function parseControlType(key: Uint8Array | null): number {
  if (key === null || key.length < 4) throw new InvalidControlRecordError(`control record key of ${key?.length ?? "null"} bytes, expected at least 4`);
  const v = new DataView(key.buffer, key.byteOffset, key.byteLength);
  const version = v.getInt16(0);
  if (version < 0) throw new InvalidControlRecordError(`control record key version ${version}`);
  return v.getInt16(2);
}

/** The marker of a COMMIT/ABORT control record; null for other control types (e.g. KRaft's). */
export function parseEndTxnMarker(key: Uint8Array | null, value: Uint8Array | null): EndTxnMarkerInfo | null {
  const type = parseControlType(key);
  if (type !== ControlRecordType.COMMIT && type !== ControlRecordType.ABORT) return null;
  if (value === null || value.length < 6) throw new InvalidControlRecordError(`end transaction marker value of ${value?.length ?? "null"} bytes, expected at least 6`);
  const v = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const version = v.getInt16(0);
  if (version < 0 || (version === 0 && value.length !== 6)) throw new InvalidControlRecordError(`end transaction marker version ${version} of ${value.length} bytes`);
  return { result: type === ControlRecordType.COMMIT ? "COMMIT" : "ABORT", coordinatorEpoch: v.getInt32(2) };
}
