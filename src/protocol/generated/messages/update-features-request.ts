// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// UpdateFeaturesRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** UpdateFeaturesRequest: request, api key 57. */
export const UPDATE_FEATURES_REQUEST_SCHEMA = {
  name: "UpdateFeaturesRequest",
  type: "request",
  apiKey: 57,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface UpdateFeaturesRequest {
  /** How long to wait in milliseconds before timing out the request. (versions 0+) */
  timeoutMs: number;
  /** The list of updates to finalized features. (versions 0+) */
  featureUpdates: FeatureUpdateKey[];
  /** True if we should validate the request, but not perform the upgrade or downgrade. (versions 1+) */
  validateOnly: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newUpdateFeaturesRequest(): UpdateFeaturesRequest {
  return {
    timeoutMs: 60000,
    featureUpdates: [],
    validateOnly: false,
  };
}

export function readUpdateFeaturesRequest(r: Reader, v: number): UpdateFeaturesRequest {
  const flex = true;
  const m = newUpdateFeaturesRequest();
  m.timeoutMs = r.int32();
  m.featureUpdates = (readArray(r, true, false, (r) => readFeatureUpdateKey(r, v)) ?? []);
  if (v >= 1) m.validateOnly = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeUpdateFeaturesRequest(s: Sink, m: UpdateFeaturesRequest, v: number): void {
  const flex = true;
  s.int32(m.timeoutMs);
  writeArray(s, m.featureUpdates, true, (s, e) => writeFeatureUpdateKey(s, e, v));
  if (v >= 1) s.bool(m.validateOnly);
  if (!(v >= 1) && !(m.validateOnly === false)) throw new UnsupportedFieldError("UpdateFeaturesRequest", "ValidateOnly", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface FeatureUpdateKey {
  /** The name of the finalized feature to be updated. (versions 0+) */
  feature: string;
  /** The new maximum version level for the finalized feature. A value >= 1 is valid. A value < 1, is special, and can be used to request the deletion of the finalized feature. (versions 0+) */
  maxVersionLevel: number;
  /** DEPRECATED in version 1 (see DowngradeType). When set to true, the finalized feature version level is allowed to be downgraded/deleted. The downgrade request will fail if the new maximum version level is a value that's not lower than the existing maximum finalized version level. (versions 0) */
  allowDowngrade: boolean;
  /** Determine which type of upgrade will be performed: 1 will perform an upgrade only (default), 2 is safe downgrades only (lossless), 3 is unsafe downgrades (lossy). (versions 1+) */
  upgradeType: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newFeatureUpdateKey(): FeatureUpdateKey {
  return {
    feature: "",
    maxVersionLevel: 0,
    allowDowngrade: false,
    upgradeType: 1,
  };
}

export function readFeatureUpdateKey(r: Reader, v: number): FeatureUpdateKey {
  const flex = true;
  const m = newFeatureUpdateKey();
  m.feature = r.compactString();
  m.maxVersionLevel = r.int16();
  if (v <= 0) m.allowDowngrade = r.bool();
  if (v >= 1) m.upgradeType = r.int8();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeFeatureUpdateKey(s: Sink, m: FeatureUpdateKey, v: number): void {
  const flex = true;
  s.string(m.feature, true);
  s.int16(m.maxVersionLevel);
  if (v <= 0) s.bool(m.allowDowngrade);
  if (!(v <= 0) && !(m.allowDowngrade === false)) throw new UnsupportedFieldError("UpdateFeaturesRequest", "AllowDowngrade", v, "holds a non-default value, which cannot be sent");
  if (v >= 1) s.int8(m.upgradeType);
  if (!(v >= 1) && !(m.upgradeType === 1)) throw new UnsupportedFieldError("UpdateFeaturesRequest", "UpgradeType", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
