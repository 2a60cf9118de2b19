// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BrokerRegistrationChangeRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BrokerRegistrationChangeRecord: metadata, api key 17. */
export const BROKER_REGISTRATION_CHANGE_RECORD_SCHEMA = {
  name: "BrokerRegistrationChangeRecord",
  type: "metadata",
  apiKey: 17,
  minVersion: 0,
  maxVersion: 3,
  flexibleMinVersion: 0,
} as const;

export interface BrokerRegistrationChangeRecord {
  /** The broker id. (versions 0+) */
  brokerId: number;
  /** The broker epoch assigned by the controller. (versions 0+) */
  brokerEpoch: bigint;
  /** -1 if the broker has been unfenced, 0 if no change, 1 if the broker has been fenced. (versions 0+; tag 0 in 0+) */
  fenced: number;
  /** 0 if no change, 1 if the broker is in controlled shutdown. (versions 1+; tag 1 in 1+) */
  inControlledShutdown: number;
  /** Log directories configured in this broker which are available. (versions 2+; tag 2 in 2+) */
  logDirs: string[];
  /** Log directories that are cordoned or null if no change. (versions 3+; nullable 3+; tag 3 in 3+) */
  cordonedLogDirs: string[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerRegistrationChangeRecord(): BrokerRegistrationChangeRecord {
  return {
    brokerId: 0,
    brokerEpoch: 0n,
    fenced: 0,
    inControlledShutdown: 0,
    logDirs: [],
    cordonedLogDirs: null,
  };
}

export function readBrokerRegistrationChangeRecord(r: Reader, v: number): BrokerRegistrationChangeRecord {
  const flex = true;
  const m = newBrokerRegistrationChangeRecord();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (true) { m.fenced = r.int8(); return true; } return false;
      case 1: if (v >= 1) { m.inControlledShutdown = r.int8(); return true; } return false;
      case 2: if (v >= 2) { m.logDirs = (readArray(r, true, false, (r) => r.uuid()) ?? []); return true; } return false;
      case 3: if (v >= 3) { m.cordonedLogDirs = readArray(r, true, v >= 3, (r) => r.uuid()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeBrokerRegistrationChangeRecord(s: Sink, m: BrokerRegistrationChangeRecord, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  if (!(v >= 1) && !(m.inControlledShutdown === 0)) throw new UnsupportedFieldError("BrokerRegistrationChangeRecord", "InControlledShutdown", v, "holds a non-default value, which cannot be sent");
  if (!(v >= 2) && !((m.logDirs !== null && m.logDirs.length === 0))) throw new UnsupportedFieldError("BrokerRegistrationChangeRecord", "LogDirs", v, "holds a non-default value, which cannot be sent");
  if (m.cordonedLogDirs === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("BrokerRegistrationChangeRecord", "CordonedLogDirs", v, "is null, which is not allowed");
  if (!(v >= 3) && !(m.cordonedLogDirs === null)) throw new UnsupportedFieldError("BrokerRegistrationChangeRecord", "CordonedLogDirs", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if (!(m.fenced === 0)) tags.push([0, (s) => s.int8(m.fenced)]);
    if ((v >= 1) && (!(m.inControlledShutdown === 0))) tags.push([1, (s) => s.int8(m.inControlledShutdown)]);
    if ((v >= 2) && (!((m.logDirs !== null && m.logDirs.length === 0)))) tags.push([2, (s) => writeArray(s, m.logDirs, true, (s, e) => s.uuid(e))]);
    if ((v >= 3) && (!(m.cordonedLogDirs === null))) tags.push([3, (s) => writeArray(s, m.cordonedLogDirs, true, (s, e) => s.uuid(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
