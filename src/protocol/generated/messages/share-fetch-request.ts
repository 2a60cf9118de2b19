// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareFetchRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareFetchRequest: request, api key 78. */
export const SHARE_FETCH_REQUEST_SCHEMA = {
  name: "ShareFetchRequest",
  type: "request",
  apiKey: 78,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface ShareFetchRequest {
  /** The group identifier. (versions 0+; nullable 0+) */
  groupId: string | null;
  /** The member ID. (versions 0+; nullable 0+) */
  memberId: string | null;
  /** The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. (versions 0+) */
  shareSessionEpoch: number;
  /** The maximum time in milliseconds to wait for the response. (versions 0+) */
  maxWaitMs: number;
  /** The minimum bytes to accumulate in the response. (versions 0+) */
  minBytes: number;
  /** The maximum bytes to fetch. See KIP-74 for cases where this limit may not be honored. (versions 0+) */
  maxBytes: number;
  /** The maximum number of records to fetch. This limit can be exceeded for alignment of batch boundaries. (versions 1+) */
  maxRecords: number;
  /** The optimal number of records for batches of acquired records and acknowledgements. (versions 1+) */
  batchSize: number;
  /** The acquire mode to control the fetch behavior - 0:batch-optimized,1:record-limit. (versions 2+; ignorable) */
  shareAcquireMode: number;
  /** Whether Renew type acknowledgements present in AcknowledgementBatches. (versions 2+) */
  isRenewAck: boolean;
  /** The topics to fetch. (versions 0+) */
  topics: FetchTopic[];
  /** The partitions to remove from this share session. (versions 0+) */
  forgottenTopicsData: ForgottenTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareFetchRequest(): ShareFetchRequest {
  return {
    groupId: null,
    memberId: "",
    shareSessionEpoch: 0,
    maxWaitMs: 0,
    minBytes: 0,
    maxBytes: 2147483647,
    maxRecords: 0,
    batchSize: 0,
    shareAcquireMode: 0,
    isRenewAck: false,
    topics: [],
    forgottenTopicsData: [],
  };
}

export function readShareFetchRequest(r: Reader, v: number): ShareFetchRequest {
  const flex = true;
  const m = newShareFetchRequest();
  m.groupId = r.compactNullableString();
  m.memberId = r.compactNullableString();
  m.shareSessionEpoch = r.int32();
  m.maxWaitMs = r.int32();
  m.minBytes = r.int32();
  m.maxBytes = r.int32();
  m.maxRecords = r.int32();
  m.batchSize = r.int32();
  if (v >= 2) m.shareAcquireMode = r.int8();
  if (v >= 2) m.isRenewAck = r.bool();
  m.topics = (readArray(r, true, false, (r) => readFetchTopic(r, v)) ?? []);
  m.forgottenTopicsData = (readArray(r, true, false, (r) => readForgottenTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareFetchRequest(s: Sink, m: ShareFetchRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  s.string(m.memberId, true);
  s.int32(m.shareSessionEpoch);
  s.int32(m.maxWaitMs);
  s.int32(m.minBytes);
  s.int32(m.maxBytes);
  s.int32(m.maxRecords);
  s.int32(m.batchSize);
  if (v >= 2) s.int8(m.shareAcquireMode);
  if (v >= 2) s.bool(m.isRenewAck);
  if (!(v >= 2) && !(m.isRenewAck === false)) throw new UnsupportedFieldError("ShareFetchRequest", "IsRenewAck", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.topics, true, (s, e) => writeFetchTopic(s, e, v));
  writeArray(s, m.forgottenTopicsData, true, (s, e) => writeForgottenTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FetchTopic {
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** The partitions to fetch. (versions 0+) */
  partitions: FetchPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchTopic(): FetchTopic {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readFetchTopic(r: Reader, v: number): FetchTopic {
  const flex = true;
  const m = newFetchTopic();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readFetchPartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFetchTopic(s: Sink, m: FetchTopic, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writeFetchPartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FetchPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The maximum bytes to fetch from this partition. 0 when only acknowledgement with no fetching is required. See KIP-74 for cases where this limit may not be honored. (versions 0) */
  partitionMaxBytes: number;
  /** Record batches to acknowledge. (versions 0+) */
  acknowledgementBatches: AcknowledgementBatch[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFetchPartition(): FetchPartition {
  return {
    partitionIndex: 0,
    partitionMaxBytes: 0,
    acknowledgementBatches: [],
  };
}

export function readFetchPartition(r: Reader, v: number): FetchPartition {
  const flex = true;
  const m = newFetchPartition();
  m.partitionIndex = r.int32();
  m.acknowledgementBatches = (readArray(r, true, false, (r) => readAcknowledgementBatch(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFetchPartition(s: Sink, m: FetchPartition, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
  if (!(m.partitionMaxBytes === 0)) throw new UnsupportedFieldError("ShareFetchRequest", "PartitionMaxBytes", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.acknowledgementBatches, true, (s, e) => writeAcknowledgementBatch(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AcknowledgementBatch {
  /** First offset of batch of records to acknowledge. (versions 0+) */
  firstOffset: bigint;
  /** Last offset (inclusive) of batch of records to acknowledge. (versions 0+) */
  lastOffset: bigint;
  /** Array of acknowledge types - 0:Gap,1:Accept,2:Release,3:Reject,4:Renew. (versions 0+) */
  acknowledgeTypes: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAcknowledgementBatch(): AcknowledgementBatch {
  return {
    firstOffset: 0n,
    lastOffset: 0n,
    acknowledgeTypes: [],
  };
}

export function readAcknowledgementBatch(r: Reader, v: number): AcknowledgementBatch {
  const flex = true;
  const m = newAcknowledgementBatch();
  m.firstOffset = r.int64();
  m.lastOffset = r.int64();
  m.acknowledgeTypes = (readArray(r, true, false, (r) => r.int8()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAcknowledgementBatch(s: Sink, m: AcknowledgementBatch, v: number): void {
  const flex = true;
  s.int64(m.firstOffset);
  s.int64(m.lastOffset);
  writeArray(s, m.acknowledgeTypes, true, (s, e) => s.int8(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ForgottenTopic {
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** The partitions indexes to forget. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newForgottenTopic(): ForgottenTopic {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readForgottenTopic(r: Reader, v: number): ForgottenTopic {
  const flex = true;
  const m = newForgottenTopic();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => r.int32()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeForgottenTopic(s: Sink, m: ForgottenTopic, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => s.int32(e));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
