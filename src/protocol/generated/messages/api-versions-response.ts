// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ApiVersionsResponse.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ApiVersionsResponse: response, api key 18. */
export const API_VERSIONS_RESPONSE_SCHEMA = {
  name: "ApiVersionsResponse",
  type: "response",
  apiKey: 18,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface ApiVersionsResponse {
  /** The top-level error code. (versions 0+) */
  errorCode: number;
  /** The APIs supported by the broker. (versions 0+) */
  apiKeys: ApiVersion[];
  /** The duration in milliseconds for which the request was throttled due to a quota violation, or zero if the request did not violate any quota. (versions 1+; ignorable) */
  throttleTimeMs: number;
  /** Features supported by the broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted. (versions 3+; tag 0 in 3+; ignorable) */
  supportedFeatures: SupportedFeatureKey[];
  /** The monotonically increasing epoch for the finalized features information. Valid values are >= 0. A value of -1 is special and represents unknown epoch. (versions 3+; tag 1 in 3+; ignorable) */
  finalizedFeaturesEpoch: bigint;
  /** List of cluster-wide finalized features. The information is valid only if FinalizedFeaturesEpoch >= 0. (versions 3+; tag 2 in 3+; ignorable) */
  finalizedFeatures: FinalizedFeatureKey[];
  /** Set by a KRaft controller if the required configurations for ZK migration are present. (versions 3+; tag 3 in 3+; ignorable) */
  zkMigrationReady: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newApiVersionsResponse(): ApiVersionsResponse {
  return {
    errorCode: 0,
    apiKeys: [],
    throttleTimeMs: 0,
    supportedFeatures: [],
    finalizedFeaturesEpoch: -1n,
    finalizedFeatures: [],
    zkMigrationReady: false,
  };
}

export function readApiVersionsResponse(r: Reader, v: number): ApiVersionsResponse {
  const flex = v >= 3;
  const m = newApiVersionsResponse();
  m.errorCode = r.int16();
  m.apiKeys = (readArray(r, flex, false, (r) => readApiVersion(r, v)) ?? []);
  if (v >= 1) m.throttleTimeMs = r.int32();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, (tag, r) => {
    switch (tag) {
      case 0: if (v >= 3) { m.supportedFeatures = (readArray(r, true, false, (r) => readSupportedFeatureKey(r, v)) ?? []); return true; } return false;
      case 1: if (v >= 3) { m.finalizedFeaturesEpoch = r.int64(); return true; } return false;
      case 2: if (v >= 3) { m.finalizedFeatures = (readArray(r, true, false, (r) => readFinalizedFeatureKey(r, v)) ?? []); return true; } return false;
      case 3: if (v >= 3) { m.zkMigrationReady = r.bool(); return true; } return false;
      default: return false;
    }
  });
  return m;
}

export function writeApiVersionsResponse(s: Sink, m: ApiVersionsResponse, v: number): void {
  const flex = v >= 3;
  s.int16(m.errorCode);
  writeArray(s, m.apiKeys, flex, (s, e) => writeApiVersion(s, e, v));
  if (v >= 1) s.int32(m.throttleTimeMs);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    if ((v >= 3) && (!((m.supportedFeatures !== null && m.supportedFeatures.length === 0)))) tags.push([0, (s) => writeArray(s, m.supportedFeatures, true, (s, e) => writeSupportedFeatureKey(s, e, v))]);
    if ((v >= 3) && (!(m.finalizedFeaturesEpoch === -1n))) tags.push([1, (s) => s.int64(m.finalizedFeaturesEpoch)]);
    if ((v >= 3) && (!((m.finalizedFeatures !== null && m.finalizedFeatures.length === 0)))) tags.push([2, (s) => writeArray(s, m.finalizedFeatures, true, (s, e) => writeFinalizedFeatureKey(s, e, v))]);
    if ((v >= 3) && (!(m.zkMigrationReady === false))) tags.push([3, (s) => s.bool(m.zkMigrationReady)]);
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface ApiVersion {
  /** The API index. (versions 0+) */
  apiKey: number;
  /** The minimum supported version, inclusive. (versions 0+) */
  minVersion: number;
  /** The maximum supported version, inclusive. (versions 0+) */
  maxVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newApiVersion(): ApiVersion {
  return {
    apiKey: 0,
    minVersion: 0,
    maxVersion: 0,
  };
}

export function readApiVersion(r: Reader, v: number): ApiVersion {
  const flex = v >= 3;
  const m = newApiVersion();
  m.apiKey = r.int16();
  m.minVersion = r.int16();
  m.maxVersion = r.int16();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeApiVersion(s: Sink, m: ApiVersion, v: number): void {
  const flex = v >= 3;
  s.int16(m.apiKey);
  s.int16(m.minVersion);
  s.int16(m.maxVersion);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface SupportedFeatureKey {
  /** The name of the feature. (versions 3+) */
  name: string;
  /** The minimum supported version for the feature. (versions 3+) */
  minVersion: number;
  /** The maximum supported version for the feature. (versions 3+) */
  maxVersion: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newSupportedFeatureKey(): SupportedFeatureKey {
  return {
    name: "",
    minVersion: 0,
    maxVersion: 0,
  };
}

export function readSupportedFeatureKey(r: Reader, v: number): SupportedFeatureKey {
  const flex = true;
  const m = newSupportedFeatureKey();
  m.name = r.compactString();
  m.minVersion = r.int16();
  m.maxVersion = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeSupportedFeatureKey(s: Sink, m: SupportedFeatureKey, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int16(m.minVersion);
  s.int16(m.maxVersion);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FinalizedFeatureKey {
  /** The name of the feature. (versions 3+) */
  name: string;
  /** The cluster-wide finalized max version level for the feature. (versions 3+) */
  maxVersionLevel: number;
  /** The cluster-wide finalized min version level for the feature. (versions 3+) */
  minVersionLevel: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFinalizedFeatureKey(): FinalizedFeatureKey {
  return {
    name: "",
    maxVersionLevel: 0,
    minVersionLevel: 0,
  };
}

export function readFinalizedFeatureKey(r: Reader, v: number): FinalizedFeatureKey {
  const flex = true;
  const m = newFinalizedFeatureKey();
  m.name = r.compactString();
  m.maxVersionLevel = r.int16();
  m.minVersionLevel = r.int16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFinalizedFeatureKey(s: Sink, m: FinalizedFeatureKey, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.int16(m.maxVersionLevel);
  s.int16(m.minVersionLevel);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
