// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoteLogSegmentMetadataSnapshotRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoteLogSegmentMetadataSnapshotRecord: metadata, api key 3. */
export const REMOTE_LOG_SEGMENT_METADATA_SNAPSHOT_RECORD_SCHEMA = {
  name: "RemoteLogSegmentMetadataSnapshotRecord",
  type: "metadata",
  apiKey: 3,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoteLogSegmentMetadataSnapshotRecord {
  /** Unique identifier of the log segment (versions 0+) */
  segmentId: string;
  /** Start offset of the segment. (versions 0+) */
  startOffset: bigint;
  /** End offset of the segment. (versions 0+) */
  endOffset: bigint;
  /** Broker (controller or leader) id from which this event is created or updated. (versions 0+) */
  brokerId: number;
  /** Maximum timestamp with in this segment. (versions 0+) */
  maxTimestampMs: bigint;
  /** Event timestamp of this segment. (versions 0+) */
  eventTimestampMs: bigint;
  /** Leader epochs of this segment. (versions 0+) */
  segmentLeaderEpochs: SegmentLeaderEpochEntry[];
  /** Segment size in bytes (versions 0+) */
  segmentSizeInBytes: number;
  /** Custom metadata. (versions 0+; nullable 0+) */
  customMetadata: Uint8Array | null;
  /** State of the remote log segment (versions 0+) */
  remoteLogSegmentState: number;
  /** Flag to indicate if the transaction index is empty. (versions 0+; tag 0 in 0+) */
  txnIndexEmpty: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoteLogSegmentMetadataSnapshotRecord(): RemoteLogSegmentMetadataSnapshotRecord {
  return {
    segmentId: ZERO_UUID,
    startOffset: 0n,
    endOffset: 0n,
    brokerId: 0,
    maxTimestampMs: 0n,
    eventTimestampMs: 0n,
    segmentLeaderEpochs: [],
    segmentSizeInBytes: 0,
    customMetadata: null,
    remoteLogSegmentState: 0,
    txnIndexEmpty: false,
  };
}

export function readRemoteLogSegmentMetadataSnapshotRecord(r: Reader, v: number): RemoteLogSegmentMetadataSnapshotRecord {
  const flex = true;
  const m = newRemoteLogSegmentMetadataSnapshotRecord();
  m.segmentId = r.uuid();
  m.startOffset = r.int64();
  m.endOffset = r.int64();
  m.brokerId = r.int32();
  m.maxTimestampMs = r.int64();
  m.eventTimestampMs = r.int64();
  m.segmentLeaderEpochs = (readArray(r, true, false, (r) => readSegmentLeaderEpochEntry(r, v)) ?? []);
  m.segmentSizeInBytes = r.int32();
  m.customMetadata = r.compactNullableBytes();
  m.remoteLogSegmentState = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.txnIndexEmpty = r.bool(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeRemoteLogSegmentMetadataSnapshotRecord(s: Sink, m: RemoteLogSegmentMetadataSnapshotRecord, v: number): void {
  const flex = true;
  s.uuid(m.segmentId);
  s.int64(m.startOffset);
  s.int64(m.endOffset);
  s.int32(m.brokerId);
  s.int64(m.maxTimestampMs);
  s.int64(m.eventTimestampMs);
  writeArray(s, m.segmentLeaderEpochs, true, (s, e) => writeSegmentLeaderEpochEntry(s, e, v));
  s.int32(m.segmentSizeInBytes);
  s.bytes(m.customMetadata, true);
  s.int8(m.remoteLogSegmentState);
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.txnIndexEmpty === false)) tags.push([0, (s) => s.bool(m.txnIndexEmpty)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface SegmentLeaderEpochEntry {
  /** Leader epoch (versions 0+) */
  leaderEpoch: number;
  /** Start offset for the leader epoch (versions 0+) */
  offset: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSegmentLeaderEpochEntry(): SegmentLeaderEpochEntry {
  return {
    leaderEpoch: 0,
    offset: 0n,
  };
}

export function readSegmentLeaderEpochEntry(r: Reader, v: number): SegmentLeaderEpochEntry {
  const flex = true;
  const m = newSegmentLeaderEpochEntry();
  m.leaderEpoch = r.int32();
  m.offset = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSegmentLeaderEpochEntry(s: Sink, m: SegmentLeaderEpochEntry, v: number): void {
  const flex = true;
  s.int32(m.leaderEpoch);
  s.int64(m.offset);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
