// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ApiVersionsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ApiVersionsRequest: request, api key 18. */
export const API_VERSIONS_REQUEST_SCHEMA = {
  name: "ApiVersionsRequest",
  type: "request",
  apiKey: 18,
  minVersion: 0,
  maxVersion: 5,
  flexibleMinVersion: 3,
} as const;

export interface ApiVersionsRequest {
  /** The name of the client. (versions 3+; ignorable) */
  clientSoftwareName: string;
  /** The version of the client. (versions 3+; ignorable) */
  clientSoftwareVersion: string;
  /** The cluster ID the client intends to connect to. Provide both ClusterId and NodeId, if known. (versions 5+; nullable 5+; ignorable) */
  clusterId: string | null;
  /** The node ID the client intends to connect to. Provide both ClusterId and NodeId, if known. (versions 5+; ignorable) */
  nodeId: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newApiVersionsRequest(): ApiVersionsRequest {
  return {
    clientSoftwareName: "",
    clientSoftwareVersion: "",
    clusterId: null,
    nodeId: -1,
  };
}

export function readApiVersionsRequest(r: Reader, v: number): ApiVersionsRequest {
  const flex = v >= 3;
  const m = newApiVersionsRequest();
  if (v >= 3) m.clientSoftwareName = (flex ? r.compactString() : r.string());
  if (v >= 3) m.clientSoftwareVersion = (flex ? r.compactString() : r.string());
  if (v >= 5) m.clusterId = (flex ? (v >= 5 ? r.compactNullableString() : r.compactString()) : (v >= 5 ? r.nullableString() : r.string()));
  if (v >= 5) m.nodeId = r.int32();
  if (v >= 3) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeApiVersionsRequest(s: Sink, m: ApiVersionsRequest, v: number): void {
  const flex = v >= 3;
  if (v >= 3) s.string(m.clientSoftwareName, flex);
  if (v >= 3) s.string(m.clientSoftwareVersion, flex);
  if (m.clusterId === null && (v >= 5) && (!(v >= 5))) throw new UnsupportedFieldError("ApiVersionsRequest", "ClusterId", v, "is null, which is not allowed");
  if (v >= 5) s.string(m.clusterId, flex);
  if (v >= 5) s.int32(m.nodeId);
  if (v >= 3) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
