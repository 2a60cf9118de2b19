// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// PushTelemetryRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** PushTelemetryRequest: request, api key 72. */
export const PUSH_TELEMETRY_REQUEST_SCHEMA = {
  name: "PushTelemetryRequest",
  type: "request",
  apiKey: 72,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface PushTelemetryRequest {
  /** Unique id for this client instance. (versions 0+) */
  clientInstanceId: string;
  /** Unique identifier for the current subscription. (versions 0+) */
  subscriptionId: number;
  /** Client is terminating the connection. (versions 0+) */
  terminating: boolean;
  /** Compression codec used to compress the metrics. (versions 0+) */
  compressionType: number;
  /** Metrics encoded in OpenTelemetry MetricsData v1 protobuf format. (versions 0+) */
  metrics: Uint8Array;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newPushTelemetryRequest(): PushTelemetryRequest {
  return {
    clientInstanceId: ZERO_UUID,
    subscriptionId: 0,
    terminating: false,
    compressionType: 0,
    metrics: new Uint8Array(0),
  };
}

export function readPushTelemetryRequest(r: Reader, v: number): PushTelemetryRequest {
  const flex = true;
  const m = newPushTelemetryRequest();
  m.clientInstanceId = r.uuid();
  m.subscriptionId = r.int32();
  m.terminating = r.bool();
  m.compressionType = r.int8();
  m.metrics = r.compactBytes();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writePushTelemetryRequest(s: Sink, m: PushTelemetryRequest, v: number): void {
  const flex = true;
  s.uuid(m.clientInstanceId);
  s.int32(m.subscriptionId);
  s.bool(m.terminating);
  s.int8(m.compressionType);
  s.bytes(m.metrics, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
