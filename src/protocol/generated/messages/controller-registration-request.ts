// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ControllerRegistrationRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ControllerRegistrationRequest: request, api key 70. */
export const CONTROLLER_REGISTRATION_REQUEST_SCHEMA = {
  name: "ControllerRegistrationRequest",
  type: "request",
  apiKey: 70,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface ControllerRegistrationRequest {
  /** The ID of the controller to register. (versions 0+) */
  controllerId: number;
  /** The controller incarnation ID, which is unique to each process run. (versions 0+) */
  incarnationId: string;
  /** Set if the required configurations for ZK migration are present. (versions 0+) */
  zkMigrationReady: boolean;
  /** The listeners of this controller. (versions 0+) */
  listeners: Listener[];
  /** The features on this controller. (versions 0+) */
  features: Feature[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newControllerRegistrationRequest(): ControllerRegistrationRequest {
  return {
    controllerId: 0,
    incarnationId: ZERO_UUID,
    zkMigrationReady: false,
    listeners: [],
    features: [],
  };
}

export function readControllerRegistrationRequest(r: Reader, v: number): ControllerRegistrationRequest {
  const flex = true;
  const m = newControllerRegistrationRequest();
  m.controllerId = r.int32();
  m.incarnationId = r.uuid();
  m.zkMigrationReady = r.bool();
  m.listeners = (readArray(r, true, false, (r) => readListener(r, v)) ?? []);
  m.features = (readArray(r, true, false, (r) => readFeature(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeControllerRegistrationRequest(s: Sink, m: ControllerRegistrationRequest, v: number): void {
  const flex = true;
  s.int32(m.controllerId);
  s.uuid(m.incarnationId);
  s.bool(m.zkMigrationReady);
  writeArray(s, m.listeners, true, (s, e) => writeListener(s, e, v));
  writeArray(s, m.features, true, (s, e) => writeFeature(s, e, v));
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
