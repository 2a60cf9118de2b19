// The producer-state snapshot file (`<offset>.snapshot`), read and written through the ProducerSnapshot
// codec generated from Kafka 4.4.0's kafka-storage ProducerSnapshot.json, laid out as Kafka's
// ProducerStateManager.writeSnapshot lays it out (MessageUtil.toVersionPrefixedByteBuffer):
//   version int16 (=1) | crc uint32 | entry count int32 | entries (46 bytes each)
// The CRC32C covers everything after the crc field (byte 6 to the end); it is computed over the
// encoded bytes with crc=0 and then written at byte 2.
//
// Reading follows ProducerStateManager.readSnapshot: the version must be 1, the struct must parse,
// and the stored CRC must match the computed one. Every failure is a CorruptSnapshotError with
// Kafka's message; the caller drops that snapshot and rebuilds from an older one or from the log.
// Bytes after the last entry are not an error by themselves (Kafka does not check), but the CRC
// covers them, so a file with garbage appended fails the CRC check.
import { Reader } from "../protocol/primitives/reader.ts";
import { encodeExact } from "../protocol/primitives/writer.ts";
import { crc32c } from "../protocol/records/crc32c.ts";
import { PRODUCER_SNAPSHOT_SCHEMA, readProducerSnapshot, writeProducerSnapshot } from "../protocol/generated/storage/producer-snapshot.ts";
import type { ProducerEntry } from "../protocol/generated/storage/producer-snapshot.ts";
import { CorruptSnapshotError } from "./errors.ts";

export type { ProducerEntry } from "../protocol/generated/storage/producer-snapshot.ts";

/** The only version Kafka 4.4.0 writes and reads (ProducerSnapshot.json: versions 1). */
export const PRODUCER_SNAPSHOT_VERSION = PRODUCER_SNAPSHOT_SCHEMA.maxVersion;
const CRC_OFFSET = 2;
const PRODUCER_ENTRIES_OFFSET = CRC_OFFSET + 4;

/** The file's bytes for these entries: version, CRC32C, entries. */
export function writeProducerSnapshotBytes(entries: ProducerEntry[]): Uint8Array {
  const bytes = encodeExact((s) => {
    s.int16(PRODUCER_SNAPSHOT_VERSION);
    writeProducerSnapshot(s, { crc: 0, producerEntries: entries }, PRODUCER_SNAPSHOT_VERSION);
  });
  const crc = crc32c(bytes, PRODUCER_ENTRIES_OFFSET, bytes.length);
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(CRC_OFFSET, crc);
  return bytes;
}

/** The entries of a snapshot file's bytes; throws CorruptSnapshotError naming `file`. */
export function readProducerSnapshotBytes(bytes: Uint8Array, file: string): ProducerEntry[] {
  const r = new Reader(bytes);
  // As in Kafka, a bad version is reported as a schema-validation failure (it is thrown inside the
  // same try block there).
  const version = r.int16();
  if (!r.ok) throw new CorruptSnapshotError(file, `Snapshot failed schema validation: ${r.error!.message}`);
  if (version < PRODUCER_SNAPSHOT_SCHEMA.minVersion || version > PRODUCER_SNAPSHOT_SCHEMA.maxVersion) {
    throw new CorruptSnapshotError(file, `Snapshot failed schema validation: Snapshot contained an unknown file version ${version}`);
  }
  const snapshot = readProducerSnapshot(r, version);
  if (!r.ok) throw new CorruptSnapshotError(file, `Snapshot failed schema validation: ${r.error!.message}`);
  const computed = crc32c(bytes, PRODUCER_ENTRIES_OFFSET, bytes.length);
  if (snapshot.crc !== computed) {
    throw new CorruptSnapshotError(file, `Snapshot is corrupt (CRC is no longer valid). Stored crc: ${snapshot.crc}. Computed crc: ${computed}`);
  }
  return snapshot.producerEntries;
}
