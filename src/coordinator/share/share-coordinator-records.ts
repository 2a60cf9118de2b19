// Records of __share_group_state in Kafka's format (ShareCoordinatorRecordSerde, as CoordinatorRecordSerde):
//   key   = int16 record type (the key schema's apiKey) + key struct at version 0
//   value = int16 value version (0) + value struct; a null value is a tombstone
// Type 0 ShareSnapshot (the whole state of a share partition), type 1 ShareUpdate (a delta applied on
// the last snapshot). A tombstone of the snapshot key deletes the share partition's state.

import { Reader } from "../../protocol/primitives/reader.ts";
import { encodeExact, type Sink } from "../../protocol/primitives/writer.ts";
import { readShareSnapshotKey, writeShareSnapshotKey, type ShareSnapshotKey } from "../../protocol/generated/coordinator/share-snapshot-key.ts";
import { readShareSnapshotValue, writeShareSnapshotValue, type ShareSnapshotValue } from "../../protocol/generated/coordinator/share-snapshot-value.ts";
import { readShareUpdateKey, writeShareUpdateKey } from "../../protocol/generated/coordinator/share-update-key.ts";
import { readShareUpdateValue, writeShareUpdateValue, type ShareUpdateValue } from "../../protocol/generated/coordinator/share-update-value.ts";
import type { CoordinatorRecord } from "../runtime/partition-writer.ts";

export const RECORD_TYPE_SHARE_SNAPSHOT = 0;
export const RECORD_TYPE_SHARE_UPDATE = 1;

export type DecodedShareRecord =
  | { type: "snapshot"; key: ShareSnapshotKey; value: ShareSnapshotValue | null }
  | { type: "update"; key: ShareSnapshotKey; value: ShareUpdateValue | null }
  | { type: "unknown"; recordType: number };

export class ShareRecordError extends Error {
  override readonly name = "ShareRecordError";
}

function prefixed(prefix: number, write: (s: Sink) => void): Uint8Array {
  return encodeExact((s) => {
    s.int16(prefix);
    write(s);
  });
}

export function shareSnapshotRecord(key: ShareSnapshotKey, value: ShareSnapshotValue): CoordinatorRecord {
  return {
    key: prefixed(RECORD_TYPE_SHARE_SNAPSHOT, (s) => writeShareSnapshotKey(s, key, 0)),
    value: prefixed(0, (s) => writeShareSnapshotValue(s, value, 0)),
  };
}

export function shareUpdateRecord(key: ShareSnapshotKey, value: ShareUpdateValue): CoordinatorRecord {
  return {
    key: prefixed(RECORD_TYPE_SHARE_UPDATE, (s) => writeShareUpdateKey(s, key, 0)),
    value: prefixed(0, (s) => writeShareUpdateValue(s, value, 0)),
  };
}

/** Kafka's newShareStateTombstoneRecord: the snapshot key with a null value. */
export function shareStateTombstone(key: ShareSnapshotKey): CoordinatorRecord {
  return { key: prefixed(RECORD_TYPE_SHARE_SNAPSHOT, (s) => writeShareSnapshotKey(s, key, 0)), value: null };
}

function reader(b: Uint8Array, what: string): { prefix: number; r: Reader } {
  if (b.length < 2) throw new ShareRecordError(`${what}: ${b.length} bytes, need at least 2`);
  return { prefix: new DataView(b.buffer, b.byteOffset, b.byteLength).getInt16(0), r: new Reader(b, 2) };
}

function checked<T>(r: Reader, v: T, what: string): T {
  if (!r.ok) throw new ShareRecordError(`${what}: ${r.error!.message}`);
  return v;
}

/** Decodes one record; throws ShareRecordError on bytes that do not parse. */
export function decodeShareRecord(key: Uint8Array, value: Uint8Array | null): DecodedShareRecord {
  const { prefix: type, r: kr } = reader(key, "share record key");
  if (type !== RECORD_TYPE_SHARE_SNAPSHOT && type !== RECORD_TYPE_SHARE_UPDATE) return { type: "unknown", recordType: type };
  const k = checked(kr, type === RECORD_TYPE_SHARE_SNAPSHOT ? readShareSnapshotKey(kr, 0) : readShareUpdateKey(kr, 0), "share record key");
  if (value === null) return type === RECORD_TYPE_SHARE_SNAPSHOT ? { type: "snapshot", key: k, value: null } : { type: "update", key: k, value: null };
  const { prefix: version, r: vr } = reader(value, "share record value");
  if (version !== 0) throw new ShareRecordError(`share record type ${type}: unknown value version ${version}`);
  if (type === RECORD_TYPE_SHARE_SNAPSHOT) return { type: "snapshot", key: k, value: checked(vr, readShareSnapshotValue(vr, 0), "ShareSnapshotValue") };
  return { type: "update", key: k, value: checked(vr, readShareUpdateValue(vr, 0), "ShareUpdateValue") };
}
