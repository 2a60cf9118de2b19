// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RegisterControllerRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RegisterControllerRecord: metadata, api key 27. */
export const REGISTER_CONTROLLER_RECORD_SCHEMA = {
  name: "RegisterControllerRecord",
  type: "metadata",
  apiKey: 27,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RegisterControllerRecord {
  /** The controller id. (versions 0+) */
  controllerId: number;
  /** The incarnation ID of the controller process (versions 0+) */
  incarnationId: string;
  /** Set if the required configurations for ZK migration are present. (versions 0+) */
  zkMigrationReady: boolean;
  /** The endpoints that can be used to communicate with this controller. (versions 0+) */
  endPoints: ControllerEndpoint[];
  /** The features on this controller (versions 0+) */
  features: ControllerFeature[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRegisterControllerRecord(): RegisterControllerRecord {
  return {
    controllerId: 0,
    incarnationId: ZERO_UUID,
    zkMigrationReady: false,
    endPoints: [],
    features: [],
  };
}

export function readRegisterControllerRecord(r: Reader, v: number): RegisterControllerRecord {
  const flex = true;
  const m = newRegisterControllerRecord();
  m.controllerId = r.int32();
  m.incarnationId = r.uuid();
  m.zkMigrationReady = r.bool();
  m.endPoints = (readArray(r, true, false, (r) => readControllerEndpoint(r, v)) ?? []);
  m.features = (readArray(r, true, false, (r) => readControllerFeature(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRegisterControllerRecord(s: Sink, m: RegisterControllerRecord, v: number): void {
  const flex = true;
  s.int32(m.controllerId);
  s.uuid(m.incarnationId);
  s.bool(m.zkMigrationReady);
  writeArray(s, m.endPoints, true, (s, e) => writeControllerEndpoint(s, e, v));
  writeArray(s, m.features, true, (s, e) => writeControllerFeature(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ControllerEndpoint {
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

export function newControllerEndpoint(): ControllerEndpoint {
  return {
    name: "",
    host: "",
    port: 0,
    securityProtocol: 0,
  };
}

export function readControllerEndpoint(r: Reader, v: number): ControllerEndpoint {
  const flex = true;
  const m = newControllerEndpoint();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  m.securityProtocol = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeControllerEndpoint(s: Sink, m: ControllerEndpoint, v: number): void {
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

export interface ControllerFeature {
  /** The feature name. (versions 0+) */
  name: string;
  /** The minimum supported feature level. (versions 0+) */
  minSupportedVersion: number;
  /** The maximum supported feature level. (versions 0+) */
  maxSupportedVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newControllerFeature(): ControllerFeature {
  return {
    name: "",
    minSupportedVersion: 0,
    maxSupportedVersion: 0,
  };
}

export function readControllerFeature(r: Reader, v: number): ControllerFeature {
  const flex = true;
  const m = newControllerFeature();
  m.name = r.compactString();
  m.minSupportedVersion = r.int16();
  m.maxSupportedVersion = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeControllerFeature(s: Sink, m: ControllerFeature, v: number): void {
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
