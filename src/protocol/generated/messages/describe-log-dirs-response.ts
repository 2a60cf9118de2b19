// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeLogDirsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeLogDirsResponse: response, api key 35. */
export const DESCRIBE_LOG_DIRS_RESPONSE_SCHEMA = {
  name: "DescribeLogDirsResponse",
  type: "response",
  apiKey: 35,
  minVersion: 1,
  maxVersion: 5,
  flexibleMinVersion: 2,
} as const;

export interface DescribeLogDirsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 3+; ignorable) */
  errorCode: number;
  /** The log directories. (versions 0+) */
  results: DescribeLogDirsResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeLogDirsResponse(): DescribeLogDirsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    results: [],
  };
}

export function readDescribeLogDirsResponse(r: Reader, v: number): DescribeLogDirsResponse {
  const flex = v >= 2;
  const m = newDescribeLogDirsResponse();
  m.throttleTimeMs = r.int32();
  if (v >= 3) m.errorCode = r.int16();
  m.results = (readArray(r, flex, false, (r) => readDescribeLogDirsResult(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeLogDirsResponse(s: Sink, m: DescribeLogDirsResponse, v: number): void {
  const flex = v >= 2;
  s.int32(m.throttleTimeMs);
  if (v >= 3) s.int16(m.errorCode);
  writeArray(s, m.results, flex, (s, e) => writeDescribeLogDirsResult(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeLogDirsResult {
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The absolute log directory path. (versions 0+) */
  logDir: string;
  /** The topics. (versions 0+) */
  topics: DescribeLogDirsTopic[];
  /** The total size in bytes of the volume the log directory is in. This value does not include the size of data stored in remote storage. (versions 4+; ignorable) */
  totalBytes: bigint;
  /** The usable size in bytes of the volume the log directory is in. This value does not include the size of data stored in remote storage. (versions 4+; ignorable) */
  usableBytes: bigint;
  /** True if this log directory is cordoned. (versions 5+; ignorable) */
  isCordoned: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeLogDirsResult(): DescribeLogDirsResult {
  return {
    errorCode: 0,
    logDir: "",
    topics: [],
    totalBytes: -1n,
    usableBytes: -1n,
    isCordoned: false,
  };
}

export function readDescribeLogDirsResult(r: Reader, v: number): DescribeLogDirsResult {
  const flex = v >= 2;
  const m = newDescribeLogDirsResult();
  m.errorCode = r.int16();
  m.logDir = (flex ? r.compactString() : r.string());
  m.topics = (readArray(r, flex, false, (r) => readDescribeLogDirsTopic(r, v)) ?? []);
  if (v >= 4) m.totalBytes = r.int64();
  if (v >= 4) m.usableBytes = r.int64();
  if (v >= 5) m.isCordoned = r.bool();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeLogDirsResult(s: Sink, m: DescribeLogDirsResult, v: number): void {
  const flex = v >= 2;
  s.int16(m.errorCode);
  s.string(m.logDir, flex);
  writeArray(s, m.topics, flex, (s, e) => writeDescribeLogDirsTopic(s, e, v));
  if (v >= 4) s.int64(m.totalBytes);
  if (v >= 4) s.int64(m.usableBytes);
  if (v >= 5) s.bool(m.isCordoned);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeLogDirsTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The partitions. (versions 0+) */
  partitions: DescribeLogDirsPartition[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeLogDirsTopic(): DescribeLogDirsTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readDescribeLogDirsTopic(r: Reader, v: number): DescribeLogDirsTopic {
  const flex = v >= 2;
  const m = newDescribeLogDirsTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => readDescribeLogDirsPartition(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeLogDirsTopic(s: Sink, m: DescribeLogDirsTopic, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => writeDescribeLogDirsPartition(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeLogDirsPartition {
  /** The partition index. (versions 0+) */
  partitionIndex: number;
  /** The size of the log segments in this partition in bytes. (versions 0+) */
  partitionSize: bigint;
  /** The lag of the log's LEO w.r.t. partition's HW (if it is the current log for the partition) or current replica's LEO (if it is the future log for the partition). (versions 0+) */
  offsetLag: bigint;
  /** True if this log is created by AlterReplicaLogDirsRequest and will replace the current log of the replica in the future. (versions 0+) */
  isFutureKey: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeLogDirsPartition(): DescribeLogDirsPartition {
  return {
    partitionIndex: 0,
    partitionSize: 0n,
    offsetLag: 0n,
    isFutureKey: false,
  };
}

export function readDescribeLogDirsPartition(r: Reader, v: number): DescribeLogDirsPartition {
  const flex = v >= 2;
  const m = newDescribeLogDirsPartition();
  m.partitionIndex = r.int32();
  m.partitionSize = r.int64();
  m.offsetLag = r.int64();
  m.isFutureKey = r.bool();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeLogDirsPartition(s: Sink, m: DescribeLogDirsPartition, v: number): void {
  const flex = v >= 2;
  s.int32(m.partitionIndex);
  s.int64(m.partitionSize);
  s.int64(m.offsetLag);
  s.bool(m.isFutureKey);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
