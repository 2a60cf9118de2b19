// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RegisterBrokerRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RegisterBrokerRecord: metadata, api key 0. */
export const REGISTER_BROKER_RECORD_SCHEMA = {
  name: "RegisterBrokerRecord",
  type: "metadata",
  apiKey: 0,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 0,
} as const;

export interface RegisterBrokerRecord {
  /** The broker id. (versions 0+) */
  brokerId: number;
  /** True if the broker is a ZK broker in migration mode. Otherwise, false (versions 2+) */
  isMigratingZkBroker: boolean;
  /** The incarnation ID of the broker process (versions 0+) */
  incarnationId: string;
  /** The broker epoch assigned by the controller. (versions 0+) */
  brokerEpoch: bigint;
  /** The endpoints that can be used to communicate with this broker. (versions 0+) */
  endPoints: BrokerEndpoint[];
  /** The features on this broker (versions 0+) */
  features: BrokerFeature[];
  /** The broker rack. (versions 0+; nullable 0+) */
  rack: string | null;
  /** True if the broker is fenced. (versions 0+) */
  fenced: boolean;
  /** True if the broker is in controlled shutdown. (versions 1+) */
  inControlledShutdown: boolean;
  /** Log directories configured in this broker which are available. (versions 3+; tag 0 in 3+) */
  logDirs: string[];
  /** Log directories that are cordoned. This is initially null before the broker starts sending the value via its heartbeats. (versions 4+; nullable 4+; tag 1 in 4+) */
  cordonedLogDirs: string[] | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRegisterBrokerRecord(): RegisterBrokerRecord {
  return {
    brokerId: 0,
    isMigratingZkBroker: false,
    incarnationId: ZERO_UUID,
    brokerEpoch: 0n,
    endPoints: [],
    features: [],
    rack: "",
    fenced: true,
    inControlledShutdown: false,
    logDirs: [],
    cordonedLogDirs: null,
  };
}

export function readRegisterBrokerRecord(r: Reader, v: number): RegisterBrokerRecord {
  const flex = true;
  const m = newRegisterBrokerRecord();
  m.brokerId = r.int32();
  if (v >= 2) m.isMigratingZkBroker = r.bool();
  m.incarnationId = r.uuid();
  m.brokerEpoch = r.int64();
  m.endPoints = (readArray(r, true, false, (r) => readBrokerEndpoint(r, v)) ?? []);
  m.features = (readArray(r, true, false, (r) => readBrokerFeature(r, v)) ?? []);
  m.rack = r.compactNullableString();
  m.fenced = r.bool();
  if (v >= 1) m.inControlledShutdown = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 3) { m.logDirs = (readArray(r, true, false, (r) => r.uuid()) ?? []); return true; } return false;
      case 1: if (v >= 4) { m.cordonedLogDirs = readArray(r, true, v >= 4, (r) => r.uuid()); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeRegisterBrokerRecord(s: Sink, m: RegisterBrokerRecord, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  if (v >= 2) s.bool(m.isMigratingZkBroker);
  if (!(v >= 2) && !(m.isMigratingZkBroker === false)) throw new UnsupportedFieldError("RegisterBrokerRecord", "IsMigratingZkBroker", v, "holds a non-default value, which cannot be sent");
  s.uuid(m.incarnationId);
  s.int64(m.brokerEpoch);
  writeArray(s, m.endPoints, true, (s, e) => writeBrokerEndpoint(s, e, v));
  writeArray(s, m.features, true, (s, e) => writeBrokerFeature(s, e, v));
  s.string(m.rack, true);
  s.bool(m.fenced);
  if (v >= 1) s.bool(m.inControlledShutdown);
  if (!(v >= 1) && !(m.inControlledShutdown === false)) throw new UnsupportedFieldError("RegisterBrokerRecord", "InControlledShutdown", v, "holds a non-default value, which cannot be sent");
  if (!(v >= 3) && !((m.logDirs !== null && m.logDirs.length === 0))) throw new UnsupportedFieldError("RegisterBrokerRecord", "LogDirs", v, "holds a non-default value, which cannot be sent");
  if (m.cordonedLogDirs === null && (v >= 4) && (!(v >= 4))) throw new UnsupportedFieldError("RegisterBrokerRecord", "CordonedLogDirs", v, "is null, which is not allowed");
  if (!(v >= 4) && !(m.cordonedLogDirs === null)) throw new UnsupportedFieldError("RegisterBrokerRecord", "CordonedLogDirs", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    if ((v >= 3) && (!((m.logDirs !== null && m.logDirs.length === 0)))) tags.push([0, (s) => writeArray(s, m.logDirs, true, (s, e) => s.uuid(e))]);
    if ((v >= 4) && (!(m.cordonedLogDirs === null))) tags.push([1, (s) => writeArray(s, m.cordonedLogDirs, true, (s, e) => s.uuid(e))]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface BrokerEndpoint {
  /** The name of the endpoint. (versions 0+) */
  name: string;
  /** The hostname. (versions 0+) */
  host: string;
  /** The port. (versions 0+) */
  port: number;
  /** The security protocol. (versions 0+) */
  securityProtocol: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerEndpoint(): BrokerEndpoint {
  return {
    name: "",
    host: "",
    port: 0,
    securityProtocol: 0,
  };
}

export function readBrokerEndpoint(r: Reader, v: number): BrokerEndpoint {
  const flex = true;
  const m = newBrokerEndpoint();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  m.securityProtocol = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBrokerEndpoint(s: Sink, m: BrokerEndpoint, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.string(m.host, true);
  s.uint16(m.port);
  s.int16(m.securityProtocol);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface BrokerFeature {
  /** The feature name. (versions 0+) */
  name: string;
  /** The minimum supported feature level. (versions 0+) */
  minSupportedVersion: number;
  /** The maximum supported feature level. (versions 0+) */
  maxSupportedVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerFeature(): BrokerFeature {
  return {
    name: "",
    minSupportedVersion: 0,
    maxSupportedVersion: 0,
  };
}

export function readBrokerFeature(r: Reader, v: number): BrokerFeature {
  const flex = true;
  const m = newBrokerFeature();
  m.name = r.compactString();
  m.minSupportedVersion = r.int16();
  m.maxSupportedVersion = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBrokerFeature(s: Sink, m: BrokerFeature, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int16(m.minSupportedVersion);
  s.int16(m.maxSupportedVersion);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
