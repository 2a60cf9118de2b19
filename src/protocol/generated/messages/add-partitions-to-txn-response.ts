// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AddPartitionsToTxnResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AddPartitionsToTxnResponse: response, api key 24. */
export const ADD_PARTITIONS_TO_TXN_RESPONSE_SCHEMA = {
  name: "AddPartitionsToTxnResponse",
  type: "response",
  apiKey: 24,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface AddPartitionsToTxnResponse {
  /** Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The response top level error code. (versions 4+; ignorable) */
  errorCode: number;
  /** Results categorized by transactional ID. (versions 4+) */
  resultsByTransaction: AddPartitionsToTxnResult[];
  /** The results for each topic. (versions 0-3) */
  resultsByTopicV3AndBelow: AddPartitionsToTxnTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnResponse(): AddPartitionsToTxnResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    resultsByTransaction: [],
    resultsByTopicV3AndBelow: [],
  };
}

export function readAddPartitionsToTxnResponse(r: Reader, v: number): AddPartitionsToTxnResponse {
  const flex = v >= 3;
  const m = newAddPartitionsToTxnResponse();
  m.throttleTimeMs = r.int32();
  if (v >= 4) m.errorCode = r.int16();
  if (v >= 4) m.resultsByTransaction = (readArray(r, flex, false, (r) => readAddPartitionsToTxnResult(r, v)) ?? []);
  if (v <= 3) m.resultsByTopicV3AndBelow = (readArray(r, flex, false, (r) => readAddPartitionsToTxnTopicResult(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnResponse(s: Sink, m: AddPartitionsToTxnResponse, v: number): void {
  const flex = v >= 3;
  s.int32(m.throttleTimeMs);
  if (v >= 4) s.int16(m.errorCode);
  if (v >= 4) writeArray(s, m.resultsByTransaction, flex, (s, e) => writeAddPartitionsToTxnResult(s, e, v));
  if (!(v >= 4) && !((m.resultsByTransaction !== null && m.resultsByTransaction.length === 0))) throw new UnsupportedFieldError("AddPartitionsToTxnResponse", "ResultsByTransaction", v, "holds a non-default value, which cannot be sent");
  if (v <= 3) writeArray(s, m.resultsByTopicV3AndBelow, flex, (s, e) => writeAddPartitionsToTxnTopicResult(s, e, v));
  if (!(v <= 3) && !((m.resultsByTopicV3AndBelow !== null && m.resultsByTopicV3AndBelow.length === 0))) throw new UnsupportedFieldError("AddPartitionsToTxnResponse", "ResultsByTopicV3AndBelow", v, "holds a non-default value, which cannot be sent");
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AddPartitionsToTxnResult {
  /** The transactional id corresponding to the transaction. (versions 4+) */
  transactionalId: string;
  /** The results for each topic. (versions 4+) */
  topicResults: AddPartitionsToTxnTopicResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnResult(): AddPartitionsToTxnResult {
  return {
    transactionalId: "",
    topicResults: [],
  };
}

export function readAddPartitionsToTxnResult(r: Reader, v: number): AddPartitionsToTxnResult {
  const flex = true;
  const m = newAddPartitionsToTxnResult();
  m.transactionalId = r.compactString();
  m.topicResults = (readArray(r, true, false, (r) => readAddPartitionsToTxnTopicResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnResult(s: Sink, m: AddPartitionsToTxnResult, v: number): void {
  const flex = true;
  s.string(m.transactionalId, true);
  writeArray(s, m.topicResults, true, (s, e) => writeAddPartitionsToTxnTopicResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AddPartitionsToTxnTopicResult {
  /** The topic name. (versions 0+) */
  name: string;
  /** The results for each partition. (versions 0+) */
  resultsByPartition: AddPartitionsToTxnPartitionResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnTopicResult(): AddPartitionsToTxnTopicResult {
  return {
    name: "",
    resultsByPartition: [],
  };
}

export function readAddPartitionsToTxnTopicResult(r: Reader, v: number): AddPartitionsToTxnTopicResult {
  const flex = v >= 3;
  const m = newAddPartitionsToTxnTopicResult();
  m.name = (flex ? r.compactString() : r.string());
  m.resultsByPartition = (readArray(r, flex, false, (r) => readAddPartitionsToTxnPartitionResult(r, v)) ?? []);
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnTopicResult(s: Sink, m: AddPartitionsToTxnTopicResult, v: number): void {
  const flex = v >= 3;
  s.string(m.name, flex);
  writeArray(s, m.resultsByPartition, flex, (s, e) => writeAddPartitionsToTxnPartitionResult(s, e, v));
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AddPartitionsToTxnPartitionResult {
  /** The partition indexes. (versions 0+) */
  partitionIndex: number;
  /** The response error code. (versions 0+) */
  partitionErrorCode: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddPartitionsToTxnPartitionResult(): AddPartitionsToTxnPartitionResult {
  return {
    partitionIndex: 0,
    partitionErrorCode: 0,
  };
}

export function readAddPartitionsToTxnPartitionResult(r: Reader, v: number): AddPartitionsToTxnPartitionResult {
  const flex = v >= 3;
  const m = newAddPartitionsToTxnPartitionResult();
  m.partitionIndex = r.int32();
  m.partitionErrorCode = r.int16();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddPartitionsToTxnPartitionResult(s: Sink, m: AddPartitionsToTxnPartitionResult, v: number): void {
  const flex = v >= 3;
  s.int32(m.partitionIndex);
  s.int16(m.partitionErrorCode);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
