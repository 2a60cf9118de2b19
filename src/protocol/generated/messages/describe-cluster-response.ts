// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DescribeClusterResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DescribeClusterResponse: response, api key 60. */
export const DESCRIBE_CLUSTER_RESPONSE_SCHEMA = {
  name: "DescribeClusterResponse",
  type: "response",
  apiKey: 60,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface DescribeClusterResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top-level error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or null if there was no error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** The endpoint type that was described. 1=brokers, 2=controllers. (versions 1+) */
  endpointType: number;
  /** The cluster ID that responding broker belongs to. (versions 0+) */
  clusterId: string;
  /** The ID of the controller. When handled by a controller, returns the current voter leader ID. When handled by a broker, returns a random alive broker ID as a fallback. (versions 0+) */
  controllerId: number;
  /** Each broker in the response. (versions 0+) */
  brokers: DescribeClusterBroker[];
  /** 32-bit bitfield to represent authorized operations for this cluster. (versions 0+) */
  clusterAuthorizedOperations: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeClusterResponse(): DescribeClusterResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    endpointType: 1,
    clusterId: "",
    controllerId: -1,
    brokers: [],
    clusterAuthorizedOperations: -2147483648,
  };
}

export function readDescribeClusterResponse(r: Reader, v: number): DescribeClusterResponse {
  const flex = true;
  const m = newDescribeClusterResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (v >= 1) m.endpointType = r.int8();
  m.clusterId = r.compactString();
  m.controllerId = r.int32();
  m.brokers = (readArray(r, true, false, (r) => readDescribeClusterBroker(r, v)) ?? []);
  m.clusterAuthorizedOperations = r.int32();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeClusterResponse(s: Sink, m: DescribeClusterResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (v >= 1) s.int8(m.endpointType);
  if (!(v >= 1) && !(m.endpointType === 1)) throw new UnsupportedFieldError("DescribeClusterResponse", "EndpointType", v, "holds a non-default value, which cannot be sent");
  s.string(m.clusterId, true);
  s.int32(m.controllerId);
  writeArray(s, m.brokers, true, (s, e) => writeDescribeClusterBroker(s, e, v));
  s.int32(m.clusterAuthorizedOperations);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface DescribeClusterBroker {
  /** The broker ID. (versions 0+) */
  brokerId: number;
  /** The broker hostname. (versions 0+) */
  host: string;
  /** The broker port. (versions 0+) */
  port: number;
  /** The rack of the broker, or null if it has not been assigned to a rack. (versions 0+; nullable 0+) */
  rack: string | null;
  /** Whether the broker is fenced (versions 2+) */
  isFenced: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDescribeClusterBroker(): DescribeClusterBroker {
  return {
    brokerId: 0,
    host: "",
    port: 0,
    rack: null,
    isFenced: false,
  };
}

export function readDescribeClusterBroker(r: Reader, v: number): DescribeClusterBroker {
  const flex = true;
  const m = newDescribeClusterBroker();
  m.brokerId = r.int32();
  m.host = r.compactString();
  m.port = r.int32();
  m.rack = r.compactNullableString();
  if (v >= 2) m.isFenced = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDescribeClusterBroker(s: Sink, m: DescribeClusterBroker, v: number): void {
  const flex = true;
  s.int32(m.brokerId);
  s.string(m.host, true);
  s.int32(m.port);
  s.string(m.rack, true);
  if (v >= 2) s.bool(m.isFenced);
  if (!(v >= 2) && !(m.isFenced === false)) throw new UnsupportedFieldError("DescribeClusterResponse", "IsFenced", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
