// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BrokerHeartbeatRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BrokerHeartbeatRequest: request, api key 63. */
export const BROKER_HEARTBEAT_REQUEST_SCHEMA = {
  name: "BrokerHeartbeatRequest",
  type: "request",
  apiKey: 63,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface BrokerHeartbeatRequest {
  /** The broker ID. (versions 0+) */
  brokerId: number;
  /** The broker epoch. (versions 0+) */
  brokerEpoch: bigint;
  /** The highest metadata offset which the broker has reached. (versions 0+) */
  currentMetadataOffset: bigint;
  /** True if the broker wants to be fenced, false otherwise. (versions 0+) */
  wantFence: boolean;
  /** True if the broker wants to be shut down, false otherwise. (versions 0+) */
  wantShutDown: boolean;
  /** Log directories that failed and went offline. (versions 1+; tag 0 in 1+) */
  offlineLogDirs: string[];
  /** List of log directories that are cordoned. This is null before the broker reaches the RECOVERY state. (versions 2+; nullable 2+; tag 1 in 2+) */
  cordonedLogDirs: string[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerHeartbeatRequest(): BrokerHeartbeatRequest {
  return {
    brokerId: 0,
    brokerEpoch: -1n,
    currentMetadataOffset: 0n,
    wantFence: false,
    wantShutDown: false,
    offlineLogDirs: [],
    cordonedLogDirs: null,
  };
}

export function readBrokerHeartbeatRequest(r: Reader, v: number): BrokerHeartbeatRequest {
  const flex = true;
  const m = newBrokerHeartbeatRequest();
  m.brokerId = r.int32();
  m.brokerEpoch = r.int64();
  m.currentMetadataOffset = r.int64();
  m.wantFence = r.bool();
  m.wantShutDown = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 1) { m.offlineLogDirs = (readArray(r, true, false, (r) => r.uuid()) ?? []); return true; } return false;
      case 1: if (v >= 2) { m.cordonedLogDirs = readArray(r, true, v >= 2, (r) => r.uuid()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeBrokerHeartbeatRequest(s: Sink, m: BrokerHeartbeatRequest, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.int64(m.brokerEpoch);
  s.int64(m.currentMetadataOffset);
  s.bool(m.wantFence);
  s.bool(m.wantShutDown);
  if (!(v >= 1) && !((m.offlineLogDirs !== null && m.offlineLogDirs.length === 0))) throw new UnsupportedFieldError("BrokerHeartbeatRequest", "OfflineLogDirs", v, "holds a non-default value, which cannot be sent");
  if (m.cordonedLogDirs === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("BrokerHeartbeatRequest", "CordonedLogDirs", v, "is null, which is not allowed");
  if (!(v >= 2) && !(m.cordonedLogDirs === null)) throw new UnsupportedFieldError("BrokerHeartbeatRequest", "CordonedLogDirs", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if ((v >= 1) && (!((m.offlineLogDirs !== null && m.offlineLogDirs.length === 0)))) tags.push([0, (s) => writeArray(s, m.offlineLogDirs, true, (s, e) => s.uuid(e))]);
    if ((v >= 2) && (!(m.cordonedLogDirs === null))) tags.push([1, (s) => writeArray(s, m.cordonedLogDirs, true, (s, e) => s.uuid(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
