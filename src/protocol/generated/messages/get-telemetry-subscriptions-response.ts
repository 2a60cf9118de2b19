// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// GetTelemetrySubscriptionsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** GetTelemetrySubscriptionsResponse: response, api key 71. */
export const GET_TELEMETRY_SUBSCRIPTIONS_RESPONSE_SCHEMA = {
  name: "GetTelemetrySubscriptionsResponse",
  type: "response",
  apiKey: 71,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface GetTelemetrySubscriptionsResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** Assigned client instance id if ClientInstanceId was 0 in the request, else 0. (versions 0+) */
  clientInstanceId: string;
  /** Unique identifier for the current subscription set for this client instance. (versions 0+) */
  subscriptionId: number;
  /** Compression types that broker accepts for the PushTelemetryRequest. (versions 0+) */
  acceptedCompressionTypes: number[];
  /** Configured push interval, which is the lowest configured interval in the current subscription set. (versions 0+) */
  pushIntervalMs: number;
  /** The maximum bytes of binary data the broker accepts in PushTelemetryRequest. (versions 0+) */
  telemetryMaxBytes: number;
  /** Flag to indicate monotonic/counter metrics are to be emitted as deltas or cumulative values. (versions 0+) */
  deltaTemporality: boolean;
  /** Requested metrics prefix string match. Empty array: No metrics subscribed, Array[0] empty string: All metrics subscribed. (versions 0+) */
  requestedMetrics: string[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newGetTelemetrySubscriptionsResponse(): GetTelemetrySubscriptionsResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    clientInstanceId: ZERO_UUID,
    subscriptionId: 0,
    acceptedCompressionTypes: [],
    pushIntervalMs: 0,
    telemetryMaxBytes: 0,
    deltaTemporality: false,
    requestedMetrics: [],
  };
}

export function readGetTelemetrySubscriptionsResponse(r: Reader, v: number): GetTelemetrySubscriptionsResponse {
  const flex = true;
  const m = newGetTelemetrySubscriptionsResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.clientInstanceId = r.uuid();
  m.subscriptionId = r.int32();
  m.acceptedCompressionTypes = (readArray(r, true, false, (r) => r.int8()) ?? []);
  m.pushIntervalMs = r.int32();
  m.telemetryMaxBytes = r.int32();
  m.deltaTemporality = r.bool();
  m.requestedMetrics = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeGetTelemetrySubscriptionsResponse(s: Sink, m: GetTelemetrySubscriptionsResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.uuid(m.clientInstanceId);
  s.int32(m.subscriptionId);
  writeArray(s, m.acceptedCompressionTypes, true, (s, e) => s.int8(e));
  s.int32(m.pushIntervalMs);
  s.int32(m.telemetryMaxBytes);
  s.bool(m.deltaTemporality);
  writeArray(s, m.requestedMetrics, true, (s, e) => s.string(e, true));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
