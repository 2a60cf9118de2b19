// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AlterReplicaLogDirsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AlterReplicaLogDirsRequest: request, api key 34. */
export const ALTER_REPLICA_LOG_DIRS_REQUEST_SCHEMA = {
  name: "AlterReplicaLogDirsRequest",
  type: "request",
  apiKey: 34,
  minVersion: 1,
  maxVersion: 2,
  flexibleMinVersion: 2,
} as const;

export interface AlterReplicaLogDirsRequest {
  /** The alterations to make for each directory. (versions 0+) */
  dirs: AlterReplicaLogDir[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterReplicaLogDirsRequest(): AlterReplicaLogDirsRequest {
  return {
    dirs: [],
  };
}

export function readAlterReplicaLogDirsRequest(r: Reader, v: number): AlterReplicaLogDirsRequest {
  const flex = v >= 2;
  const m = newAlterReplicaLogDirsRequest();
  m.dirs = (readArray(r, flex, false, (r) => readAlterReplicaLogDir(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterReplicaLogDirsRequest(s: Sink, m: AlterReplicaLogDirsRequest, v: number): void {
  const flex = v >= 2;
  writeArray(s, m.dirs, flex, (s, e) => writeAlterReplicaLogDir(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterReplicaLogDir {
  /** The absolute directory path. (versions 0+) */
  path: string;
  /** The topics to add to the directory. (versions 0+) */
  topics: AlterReplicaLogDirTopic[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterReplicaLogDir(): AlterReplicaLogDir {
  return {
    path: "",
    topics: [],
  };
}

export function readAlterReplicaLogDir(r: Reader, v: number): AlterReplicaLogDir {
  const flex = v >= 2;
  const m = newAlterReplicaLogDir();
  m.path = (flex ? r.compactString() : r.string());
  m.topics = (readArray(r, flex, false, (r) => readAlterReplicaLogDirTopic(r, v)) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterReplicaLogDir(s: Sink, m: AlterReplicaLogDir, v: number): void {
  const flex = v >= 2;
  s.string(m.path, flex);
  writeArray(s, m.topics, flex, (s, e) => writeAlterReplicaLogDirTopic(s, e, v));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface AlterReplicaLogDirTopic {
  /** The topic name. (versions 0+) */
  name: string;
  /** The partition indexes. (versions 0+) */
  partitions: number[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAlterReplicaLogDirTopic(): AlterReplicaLogDirTopic {
  return {
    name: "",
    partitions: [],
  };
}

export function readAlterReplicaLogDirTopic(r: Reader, v: number): AlterReplicaLogDirTopic {
  const flex = v >= 2;
  const m = newAlterReplicaLogDirTopic();
  m.name = (flex ? r.compactString() : r.string());
  m.partitions = (readArray(r, flex, false, (r) => r.int32()) ?? []);
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAlterReplicaLogDirTopic(s: Sink, m: AlterReplicaLogDirTopic, v: number): void {
  const flex = v >= 2;
  s.string(m.name, flex);
  writeArray(s, m.partitions, flex, (s, e) => s.int32(e));
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
