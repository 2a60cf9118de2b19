// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BrokerHeartbeatResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BrokerHeartbeatResponse: response, api key 63. */
export const BROKER_HEARTBEAT_RESPONSE_SCHEMA = {
  name: "BrokerHeartbeatResponse",
  type: "response",
  apiKey: 63,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface BrokerHeartbeatResponse {
  /** Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** True if the broker has approximately caught up with the latest metadata. (versions 0+) */
  isCaughtUp: boolean;
  /** True if the broker is fenced. (versions 0+) */
  isFenced: boolean;
  /** True if the broker should proceed with its shutdown. (versions 0+) */
  shouldShutDown: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerHeartbeatResponse(): BrokerHeartbeatResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    isCaughtUp: false,
    isFenced: true,
    shouldShutDown: false,
  };
}

export function readBrokerHeartbeatResponse(r: Reader, v: number): BrokerHeartbeatResponse {
  const flex = true;
  const m = newBrokerHeartbeatResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.isCaughtUp = r.bool();
  m.isFenced = r.bool();
  m.shouldShutDown = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBrokerHeartbeatResponse(s: Sink, m: BrokerHeartbeatResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.bool(m.isCaughtUp);
  s.bool(m.isFenced);
  s.bool(m.shouldShutDown);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
