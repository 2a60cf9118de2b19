// Kafka's producer-state snapshot file (`<offset>.snapshot`), the ProducerSnapshot message v1 of
// kafka-storage written version-prefixed:
//   version int16 (=1) | crc uint32 | entry count int32 | entries...
// each entry: producerId int64, epoch int16, lastSequence int32, lastOffset int64,
// offsetDelta int32, timestamp int64, coordinatorEpoch int32, currentTxnFirstOffset int64 (46 bytes).
// The CRC32C covers everything after the crc field (from byte 6 to the end).
import { crc32c } from "../protocol/records/crc32c.ts";
import { BadFileFormatError } from "./errors.ts";

export const SNAPSHOT_VERSION = 1;
const CRC_OFFSET = 2;
const ENTRIES_OFFSET = 6;
const ENTRY_BYTES = 46;

export interface SnapshotEntry {
  producerId: bigint;
  epoch: number;
  lastSequence: number;
  lastOffset: number;
  offsetDelta: number;
  timestamp: number;
  coordinatorEpoch: number;
  currentTxnFirstOffset: number;
}

export function encodeProducerSnapshot(entries: readonly SnapshotEntry[]): Uint8Array {
  const buf = new Uint8Array(ENTRIES_OFFSET + 4 + entries.length * ENTRY_BYTES);
  const v = new DataView(buf.buffer);
  v.setInt16(0, SNAPSHOT_VERSION);
  v.setInt32(ENTRIES_OFFSET, entries.length);
  let p = ENTRIES_OFFSET + 4;
  for (const e of entries) {
    v.setBigInt64(p, e.producerId);
    v.setInt16(p + 8, e.epoch);
    v.setInt32(p + 10, e.lastSequence);
    v.setBigInt64(p + 14, BigInt(e.lastOffset));
    v.setInt32(p + 22, e.offsetDelta);
    v.setBigInt64(p + 26, BigInt(e.timestamp));
    v.setInt32(p + 34, e.coordinatorEpoch);
    v.setBigInt64(p + 38, BigInt(e.currentTxnFirstOffset));
    p += ENTRY_BYTES;
  }
  v.setUint32(CRC_OFFSET, crc32c(buf, ENTRIES_OFFSET, buf.length));
  return buf;
}

export function decodeProducerSnapshot(buf: Uint8Array, file: string): SnapshotEntry[] {
  if (buf.length < ENTRIES_OFFSET + 4) throw new BadFileFormatError(file, `${buf.length} bytes is shorter than the snapshot header`);
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const version = v.getInt16(0);
  if (version !== SNAPSHOT_VERSION) throw new BadFileFormatError(file, `snapshot version ${version} is not ${SNAPSHOT_VERSION}`);
  const stored = v.getUint32(CRC_OFFSET);
  const actual = crc32c(buf, ENTRIES_OFFSET, buf.length);
  if (stored !== actual) throw new BadFileFormatError(file, `snapshot CRC mismatch: stored ${stored}, computed ${actual}`);
  const count = v.getInt32(ENTRIES_OFFSET);
  if (count < 0 || ENTRIES_OFFSET + 4 + count * ENTRY_BYTES !== buf.length) {
    throw new BadFileFormatError(file, `entry count ${count} does not match the ${buf.length} bytes of the file`);
  }
  const out: SnapshotEntry[] = [];
  let p = ENTRIES_OFFSET + 4;
  for (let i = 0; i < count; i++) {
    out.push({
      producerId: v.getBigInt64(p),
      epoch: v.getInt16(p + 8),
      lastSequence: v.getInt32(p + 10),
      lastOffset: Number(v.getBigInt64(p + 14)),
      offsetDelta: v.getInt32(p + 22),
      timestamp: Number(v.getBigInt64(p + 26)),
      coordinatorEpoch: v.getInt32(p + 34),
      currentTxnFirstOffset: Number(v.getBigInt64(p + 38)),
    });
    p += ENTRY_BYTES;
  }
  return out;
}
