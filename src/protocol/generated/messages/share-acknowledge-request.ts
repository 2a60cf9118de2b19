// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ShareAcknowledgeRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ShareAcknowledgeRequest: request, api key 79. */
export const SHARE_ACKNOWLEDGE_REQUEST_SCHEMA = {
  name: "ShareAcknowledgeRequest",
  type: "request",
  apiKey: 79,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface ShareAcknowledgeRequest {
  /** The group identifier. (versions 0+; nullable 0+) */
  groupId: string | null;
  /** The member ID. (versions 0+; nullable 0+) */
  memberId: string | null;
  /** The current share session epoch: 0 to open a share session; -1 to close it; otherwise increments for consecutive requests. (versions 0+) */
  shareSessionEpoch: number;
  /** Whether Renew type acknowledgements present in AcknowledgementBatches. (versions 2+) */
  isRenewAck: boolean;
  /** The topics containing records to acknowledge. (versions 0+) */
  topics: AcknowledgeTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newShareAcknowledgeRequest(): ShareAcknowledgeRequest {
  return {
    groupId: null,
    memberId: "",
    shareSessionEpoch: 0,
    isRenewAck: false,
    topics: [],
  };
}

export function readShareAcknowledgeRequest(r: Reader, v: number): ShareAcknowledgeRequest {
  const flex = true;
  const m = newShareAcknowledgeRequest();
  m.groupId = r.compactNullableString();
  m.memberId = r.compactNullableString();
  m.shareSessionEpoch = r.int32();
  if (v >= 2) m.isRenewAck = r.bool();
  m.topics = (readArray(r, true, false, (r) => readAcknowledgeTopic(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeShareAcknowledgeRequest(s: Sink, m: ShareAcknowledgeRequest, v: number): void {
  const flex = true;
  s.string(m.groupId, true);
  s.string(m.memberId, true);
  s.int32(m.shareSessionEpoch);
  if (v >= 2) s.bool(m.isRenewAck);
  if (!(v >= 2) && !(m.isRenewAck === false)) throw new UnsupportedFieldError("ShareAcknowledgeRequest", "IsRenewAck", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.topics, true, (s, e) => writeAcknowledgeTopic(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AcknowledgeTopic {
  /** The unique topic ID. (versions 0+) */
  topicId: string;
  /** The partitions containing records to acknowledge. (versions 0+) */
  partitions: AcknowledgePartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAcknowledgeTopic(): AcknowledgeTopic {
  return {
    topicId: ZERO_UUID,
    partitions: [],
  };
}

export function readAcknowledgeTopic(r: Reader, v: number): AcknowledgeTopic {
  const flex = true;
  const m = newAcknowledgeTopic();
  m.topicId = r.uuid();
  m.partitions = (readArray(r, true, false, (r) => readAcknowledgePartition(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAcknowledgeTopic(s: Sink, m: AcknowledgeTopic, v: number): void {
  const flex = true;
  s.uuid(m.topicId);
  writeArray(s, m.partitions, true, (s, e) => writeAcknowledgePartition(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AcknowledgePartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** Record batches to acknowledge. (versions 0+) */
  acknowledgementBatches: AcknowledgementBatch[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAcknowledgePartition(): AcknowledgePartition {
  return {
    partitionIndex: 0,
    acknowledgementBatches: [],
  };
}

export function readAcknowledgePartition(r: Reader, v: number): AcknowledgePartition {
  const flex = true;
  const m = newAcknowledgePartition();
  m.partitionIndex = r.int32();
  m.acknowledgementBatches = (readArray(r, true, false, (r) => readAcknowledgementBatch(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAcknowledgePartition(s: Sink, m: AcknowledgePartition, v: number): void {
  const flex = true;
  s.int32(m.partitionIndex);
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

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
