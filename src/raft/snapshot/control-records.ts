// The control records of a snapshot (Kafka's ControlRecordUtils): a record of a control batch has a
// 4-byte key (int16 version 0, int16 ControlRecordType) and a value that is the control message. A
// snapshot opens with a control batch holding the SnapshotHeaderRecord and, when kraft.version >= 1,
// the KRaftVersionRecord and the VotersRecord (KIP-853), and ends with one holding the
// SnapshotFooterRecord. KRaftVersionRecord has no generated codec: it is two int16 and tagged fields.

import { readSnapshotFooterRecord, writeSnapshotFooterRecord } from "../../protocol/generated/messages/snapshot-footer-record.ts";
import { readSnapshotHeaderRecord, writeSnapshotHeaderRecord } from "../../protocol/generated/messages/snapshot-header-record.ts";
import type { SnapshotHeaderRecord } from "../../protocol/generated/messages/snapshot-header-record.ts";
import { readVotersRecord, writeVotersRecord } from "../../protocol/generated/messages/voters-record.ts";
import type { VotersRecord } from "../../protocol/generated/messages/voters-record.ts";
import { readTaggedFields, writeTaggedFields } from "../../protocol/primitives/codec-runtime.ts";
import { Reader } from "../../protocol/primitives/reader.ts";
import { encodeExact } from "../../protocol/primitives/writer.ts";
import type { Voter } from "../types.ts";

/** The versions Kafka 4.4.0 writes (ControlRecordUtils.*_CURRENT_VERSION). */
export const SNAPSHOT_HEADER_CURRENT_VERSION = 0;
export const SNAPSHOT_FOOTER_CURRENT_VERSION = 0;
export const KRAFT_VERSION_CURRENT_VERSION = 0;
export const KRAFT_VOTERS_CURRENT_VERSION = 0;

export class ControlRecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ControlRecordError";
  }
}

export function encodeSnapshotHeader(lastContainedLogTimestampMs: number): Uint8Array {
  return encodeExact((s) => writeSnapshotHeaderRecord(s, { version: SNAPSHOT_HEADER_CURRENT_VERSION, lastContainedLogTimestamp: BigInt(lastContainedLogTimestampMs) }, 0));
}

export function encodeSnapshotFooter(): Uint8Array {
  return encodeExact((s) => writeSnapshotFooterRecord(s, { version: SNAPSHOT_FOOTER_CURRENT_VERSION }, 0));
}

export function encodeKRaftVersion(kraftVersion: number): Uint8Array {
  return encodeExact((s) => {
    s.int16(KRAFT_VERSION_CURRENT_VERSION);
    s.int16(kraftVersion);
    writeTaggedFields(s, [], undefined);
  });
}

export function encodeVoters(voters: readonly Voter[]): Uint8Array {
  const record: VotersRecord = {
    version: KRAFT_VOTERS_CURRENT_VERSION,
    voters: voters.map((v) => ({
      voterId: v.key.id,
      voterDirectoryId: v.key.directoryId,
      endpoints: v.endpoints.map((e) => ({ name: e.name, host: e.host, port: e.port })),
      kRaftVersionFeature: { minSupportedVersion: v.kraftVersion.min, maxSupportedVersion: v.kraftVersion.max },
    })),
  };
  return encodeExact((s) => writeVotersRecord(s, record, 0));
}

function readWhole<T>(value: Uint8Array | null, what: string, read: (r: Reader) => T): T {
  if (!value) throw new ControlRecordError(`${what} with a null value`);
  const r = new Reader(value);
  const m = read(r);
  if (!r.ok) throw new ControlRecordError(`${what}: ${r.error?.message}`);
  if (r.remaining !== 0) throw new ControlRecordError(`${what}: ${r.remaining} bytes after the message`);
  return m;
}

export function decodeSnapshotHeader(value: Uint8Array | null): SnapshotHeaderRecord {
  return readWhole(value, "SnapshotHeaderRecord", (r) => readSnapshotHeaderRecord(r, 0));
}

export function decodeSnapshotFooter(value: Uint8Array | null): void {
  readWhole(value, "SnapshotFooterRecord", (r) => readSnapshotFooterRecord(r, 0));
}

export function decodeKRaftVersion(value: Uint8Array | null): number {
  return readWhole(value, "KRaftVersionRecord", (r) => {
    r.int16(); // the record's own version
    const level = r.int16();
    readTaggedFields(r, () => false);
    return level;
  });
}

export function decodeVoters(value: Uint8Array | null): Voter[] {
  const m = readWhole(value, "VotersRecord", (r) => readVotersRecord(r, 0));
  return m.voters.map((v) => ({
    key: { id: v.voterId, directoryId: v.voterDirectoryId },
    endpoints: v.endpoints.map((e) => ({ name: e.name, host: e.host, port: e.port })),
    kraftVersion: { min: v.kRaftVersionFeature.minSupportedVersion, max: v.kRaftVersionFeature.maxSupportedVersion },
  }));
}
