// Records of __consumer_offsets in Kafka's format (Kafka 4.4.0 CoordinatorRecordSerde):
//   key   = int16 record type (the key schema's apiKey) + key struct written at version 0
//   value = int16 value version + value struct at that version; null value = tombstone
// Types: 0/1 offset commit (legacy 0 and current 1 share the key layout), 2 group metadata (classic),
// 3-8 and 16 consumer (KIP-848) group records. Values are written at the versions Kafka 4.4 writes:
// OffsetCommitValue v4 (v1 when an explicit expire timestamp is set), GroupMetadataValue v3, the
// ConsumerGroup* values v0.

import { Reader } from "../../protocol/primitives/reader.ts";
import { encodeExact, type Sink } from "../../protocol/primitives/writer.ts";
import { readOffsetCommitKey, writeOffsetCommitKey, type OffsetCommitKey } from "../../protocol/generated/coordinator/offset-commit-key.ts";
import { readOffsetCommitValue, writeOffsetCommitValue, type OffsetCommitValue } from "../../protocol/generated/coordinator/offset-commit-value.ts";
import { readGroupMetadataKey, writeGroupMetadataKey } from "../../protocol/generated/coordinator/group-metadata-key.ts";
import { readGroupMetadataValue, writeGroupMetadataValue, type GroupMetadataValue } from "../../protocol/generated/coordinator/group-metadata-value.ts";

export const RECORD_TYPE_LEGACY_OFFSET_COMMIT = 0;
export const RECORD_TYPE_OFFSET_COMMIT = 1;
export const RECORD_TYPE_GROUP_METADATA = 2;

export const OFFSET_COMMIT_VALUE_VERSION = 4;
export const OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRE = 1;
export const GROUP_METADATA_VALUE_VERSION = 3;

export interface KeyValue {
  key: Uint8Array;
  /** null: a tombstone. */
  value: Uint8Array | null;
}

/**
 * A `__consumer_offsets` record of `type` with a version-0 value (the KIP-848, share and streams group
 * records): the key's int16 type then its fields, the value's int16 version then its fields; no
 * value writer is a tombstone.
 */
export function coordinatorRecord(type: number, writeKey: (s: Sink) => void, writeValue: ((s: Sink) => void) | null): KeyValue {
  return {
    key: encodeExact((s) => {
      s.int16(type);
      writeKey(s);
    }),
    value:
      writeValue === null
        ? null
        : encodeExact((s) => {
            s.int16(0);
            writeValue(s);
          }),
  };
}

export type DecodedRecord =
  | { type: "offset"; key: OffsetCommitKey; value: OffsetCommitValue | null }
  | { type: "group"; groupId: string; value: GroupMetadataValue | null }
  | { type: "other"; recordType: number; key: Uint8Array; value: Uint8Array | null };

export class CoordinatorRecordError extends Error {
  constructor(
    readonly recordType: number,
    readonly part: "key" | "value",
    detail: string,
  ) {
    super(`__consumer_offsets record type ${recordType}: bad ${part}: ${detail}`);
    this.name = "CoordinatorRecordError";
  }
}

function prefixed(prefix: number, write: (s: Sink) => void): Uint8Array {
  return encodeExact((s) => {
    s.int16(prefix);
    write(s);
  });
}

export function offsetCommitRecord(key: OffsetCommitKey, value: OffsetCommitValue | null): KeyValue {
  const version = value !== null && value.expireTimestamp >= 0n ? OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRE : OFFSET_COMMIT_VALUE_VERSION;
  return {
    key: prefixed(RECORD_TYPE_OFFSET_COMMIT, (s) => writeOffsetCommitKey(s, key, 0)),
    value: value === null ? null : prefixed(version, (s) => writeOffsetCommitValue(s, value, version)),
  };
}

export function groupMetadataRecord(groupId: string, value: GroupMetadataValue | null): KeyValue {
  return {
    key: prefixed(RECORD_TYPE_GROUP_METADATA, (s) => writeGroupMetadataKey(s, { group: groupId }, 0)),
    value: value === null ? null : prefixed(GROUP_METADATA_VALUE_VERSION, (s) => writeGroupMetadataValue(s, value, GROUP_METADATA_VALUE_VERSION)),
  };
}

function readPrefix(b: Uint8Array, part: "key" | "value", recordType: number): { prefix: number; reader: Reader } {
  if (b.length < 2) throw new CoordinatorRecordError(recordType, part, `${b.length} bytes, need at least 2`);
  const prefix = new DataView(b.buffer, b.byteOffset, b.byteLength).getInt16(0);
  return { prefix, reader: new Reader(b, 2) };
}

function checked<T>(r: Reader, v: T, recordType: number, part: "key" | "value"): T {
  if (!r.ok) throw new CoordinatorRecordError(recordType, part, r.error!.message);
  return v;
}

export function decodeRecord(key: Uint8Array, value: Uint8Array | null): DecodedRecord {
  const { prefix: type, reader: kr } = readPrefix(key, "key", -1);
  if (type === RECORD_TYPE_LEGACY_OFFSET_COMMIT || type === RECORD_TYPE_OFFSET_COMMIT) {
    const k = checked(kr, readOffsetCommitKey(kr, 0), type, "key");
    if (value === null) return { type: "offset", key: k, value: null };
    const { prefix: v, reader: vr } = readPrefix(value, "value", type);
    if (v < 0 || v > OFFSET_COMMIT_VALUE_VERSION) throw new CoordinatorRecordError(type, "value", `unknown version ${v}`);
    return { type: "offset", key: k, value: checked(vr, readOffsetCommitValue(vr, v), type, "value") };
  }
  if (type === RECORD_TYPE_GROUP_METADATA) {
    const k = checked(kr, readGroupMetadataKey(kr, 0), type, "key");
    if (value === null) return { type: "group", groupId: k.group, value: null };
    const { prefix: v, reader: vr } = readPrefix(value, "value", type);
    if (v < 0 || v > 4) throw new CoordinatorRecordError(type, "value", `unknown version ${v}`);
    return { type: "group", groupId: k.group, value: checked(vr, readGroupMetadataValue(vr, v), type, "value") };
  }
  return { type: "other", recordType: type, key, value };
}
