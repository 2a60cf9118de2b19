// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BrokerRegistrationRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BrokerRegistrationRequest: request, api key 62. */
export const BROKER_REGISTRATION_REQUEST_SCHEMA = {
  name: "BrokerRegistrationRequest",
  type: "request",
  apiKey: 62,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 0,
} as const;

export interface BrokerRegistrationRequest {
  /** The broker ID. (versions 0+) */
  brokerId: number;
  /** The cluster id of the broker process. (versions 0+) */
  clusterId: string;
  /** The incarnation id of the broker process. (versions 0+) */
  incarnationId: string;
  /** The listeners of this broker. (versions 0+) */
  listeners: Listener[];
  /** The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. (versions 0+) */
  features: Feature[];
  /** The rack which this broker is in. (versions 0+; nullable 0+) */
  rack: string | null;
  /** If the required configurations for ZK migration are present, this value is set to true. (versions 1+) */
  isMigratingZkBroker: boolean;
  /** Log directories configured in this broker which are available. (versions 2+; ignorable) */
  logDirs: string[];
  /** The epoch before a clean shutdown. (versions 3+; ignorable) */
  previousBrokerEpoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerRegistrationRequest(): BrokerRegistrationRequest {
  return {
    brokerId: 0,
    clusterId: "",
    incarnationId: ZERO_UUID,
    listeners: [],
    features: [],
    rack: "",
    isMigratingZkBroker: false,
    logDirs: [],
    previousBrokerEpoch: -1n,
  };
}

export function readBrokerRegistrationRequest(r: Reader, v: number): BrokerRegistrationRequest {
  const flex = true;
  const m = newBrokerRegistrationRequest();
  m.brokerId = r.int32();
  m.clusterId = r.compactString();
  m.incarnationId = r.uuid();
  m.listeners = (readArray(r, true, false, (r) => readListener(r, v)) ?? []);
  m.features = (readArray(r, true, false, (r) => readFeature(r, v)) ?? []);
  m.rack = r.compactNullableString();
  if (v >= 1) m.isMigratingZkBroker = r.bool();
  if (v >= 2) m.logDirs = (readArray(r, true, false, (r) => r.uuid()) ?? []);
  if (v >= 3) m.previousBrokerEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBrokerRegistrationRequest(s: Sink, m: BrokerRegistrationRequest, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.string(m.clusterId, true);
  s.uuid(m.incarnationId);
  writeArray(s, m.listeners, true, (s, e) => writeListener(s, e, v));
  writeArray(s, m.features, true, (s, e) => writeFeature(s, e, v));
  s.string(m.rack, true);
  if (v >= 1) s.bool(m.isMigratingZkBroker);
  if (!(v >= 1) && !(m.isMigratingZkBroker === false)) throw new UnsupportedFieldError("BrokerRegistrationRequest", "IsMigratingZkBroker", v, "holds a non-default value, which cannot be sent");
  if (v >= 2) writeArray(s, m.logDirs, true, (s, e) => s.uuid(e));
  if (v >= 3) s.int64(m.previousBrokerEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Listener {
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

export function newListener(): Listener {
  return {
    name: "",
    host: "",
    port: 0,
    securityProtocol: 0,
  };
}

export function readListener(r: Reader, v: number): Listener {
  const flex = true;
  const m = newListener();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  m.securityProtocol = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListener(s: Sink, m: Listener, v: number): void {
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

export interface Feature {
  /** The feature name. (versions 0+) */
  name: string;
  /** The minimum supported feature level. (versions 0+) */
  minSupportedVersion: number;
  /** The maximum supported feature level. (versions 0+) */
  maxSupportedVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFeature(): Feature {
  return {
    name: "",
    minSupportedVersion: 0,
    maxSupportedVersion: 0,
  };
}

export function readFeature(r: Reader, v: number): Feature {
  const flex = true;
  const m = newFeature();
  m.name = r.compactString();
  m.minSupportedVersion = r.int16();
  m.maxSupportedVersion = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFeature(s: Sink, m: Feature, v: number): void {
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
