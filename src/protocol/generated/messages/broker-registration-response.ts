// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// BrokerRegistrationResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** BrokerRegistrationResponse: response, api key 62. */
export const BROKER_REGISTRATION_RESPONSE_SCHEMA = {
  name: "BrokerRegistrationResponse",
  type: "response",
  apiKey: 62,
  minVersion: 0,
  maxVersion: 4,
  flexibleMinVersion: 0,
} as const;

export interface BrokerRegistrationResponse {
  /** Duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The error code, or 0 if there was no error. (versions 0+) */
  errorCode: number;
  /** The broker's assigned epoch, or -1 if none was assigned. (versions 0+) */
  brokerEpoch: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newBrokerRegistrationResponse(): BrokerRegistrationResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    brokerEpoch: -1n,
  };
}

export function readBrokerRegistrationResponse(r: Reader, v: number): BrokerRegistrationResponse {
  const flex = true;
  const m = newBrokerRegistrationResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.brokerEpoch = r.int64();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeBrokerRegistrationResponse(s: Sink, m: BrokerRegistrationResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.int64(m.brokerEpoch);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
