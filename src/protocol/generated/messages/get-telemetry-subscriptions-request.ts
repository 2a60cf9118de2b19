// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// GetTelemetrySubscriptionsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** GetTelemetrySubscriptionsRequest: request, api key 71. */
export const GET_TELEMETRY_SUBSCRIPTIONS_REQUEST_SCHEMA = {
  name: "GetTelemetrySubscriptionsRequest",
  type: "request",
  apiKey: 71,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface GetTelemetrySubscriptionsRequest {
  /** Unique id for this client instance, must be set to 0 on the first request. (versions 0+) */
  clientInstanceId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newGetTelemetrySubscriptionsRequest(): GetTelemetrySubscriptionsRequest {
  return {
    clientInstanceId: ZERO_UUID,
  };
}

export function readGetTelemetrySubscriptionsRequest(r: Reader, v: number): GetTelemetrySubscriptionsRequest {
  const flex = true;
  const m = newGetTelemetrySubscriptionsRequest();
  m.clientInstanceId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeGetTelemetrySubscriptionsRequest(s: Sink, m: GetTelemetrySubscriptionsRequest, v: number): void {
  const flex = true;
  s.uuid(m.clientInstanceId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
