// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UpdateFeaturesResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UpdateFeaturesResponse: response, api key 57. */
export const UPDATE_FEATURES_RESPONSE_SCHEMA = {
  name: "UpdateFeaturesResponse",
  type: "response",
  apiKey: 57,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface UpdateFeaturesResponse {
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 0+) */
  throttleTimeMs: number;
  /** The top-level error code, or `0` if there was no top-level error. (versions 0+) */
  errorCode: number;
  /** The top-level error message, or `null` if there was no top-level error. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Results for each feature update. (versions 0-1; ignorable) */
  results: UpdatableFeatureResult[];
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUpdateFeaturesResponse(): UpdateFeaturesResponse {
  return {
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: "",
    results: [],
  };
}

export function readUpdateFeaturesResponse(r: Reader, v: number): UpdateFeaturesResponse {
  const flex = true;
  const m = newUpdateFeaturesResponse();
  m.throttleTimeMs = r.int32();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (v <= 1) m.results = (readArray(r, true, false, (r) => readUpdatableFeatureResult(r, v)) ?? []);
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUpdateFeaturesResponse(s: Sink, m: UpdateFeaturesResponse, v: number): void {
  const flex = true;
  s.int32(m.throttleTimeMs);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (v <= 1) writeArray(s, m.results, true, (s, e) => writeUpdatableFeatureResult(s, e, v));
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface UpdatableFeatureResult {
  /** The name of the finalized feature. (versions 0+) */
  feature: string;
  /** The feature update error code or `0` if the feature update succeeded. (versions 0+) */
  errorCode: number;
  /** The feature update error, or `null` if the feature update succeeded. (versions 0+; nullable 0+) */
  errorMessage: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUpdatableFeatureResult(): UpdatableFeatureResult {
  return {
    feature: "",
    errorCode: 0,
    errorMessage: "",
  };
}

export function readUpdatableFeatureResult(r: Reader, v: number): UpdatableFeatureResult {
  const flex = true;
  const m = newUpdatableFeatureResult();
  m.feature = r.compactString();
  m.errorCode = r.int16();
  m.errorMessage = r.compactNullableString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUpdatableFeatureResult(s: Sink, m: UpdatableFeatureResult, v: number): void {
  const flex = true;
  s.string(m.feature, true);
  s.int16(m.errorCode);
  s.string(m.errorMessage, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
