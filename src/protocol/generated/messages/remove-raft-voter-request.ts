// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// RemoveRaftVoterRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** RemoveRaftVoterRequest: request, api key 81. */
export const REMOVE_RAFT_VOTER_REQUEST_SCHEMA = {
  name: "RemoveRaftVoterRequest",
  type: "request",
  apiKey: 81,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface RemoveRaftVoterRequest {
  /** The cluster id of the request. (versions 0+; nullable 0+) */
  clusterId: string | null;
  /** The replica id of the voter getting removed from the topic partition. (versions 0+) */
  voterId: number;
  /** The directory id of the voter getting removed from the topic partition. (versions 0+) */
  voterDirectoryId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newRemoveRaftVoterRequest(): RemoveRaftVoterRequest {
  return {
    clusterId: "",
    voterId: 0,
    voterDirectoryId: ZERO_UUID,
  };
}

export function readRemoveRaftVoterRequest(r: Reader, v: number): RemoveRaftVoterRequest {
  const flex = true;
  const m = newRemoveRaftVoterRequest();
  m.clusterId = r.compactNullableString();
  m.voterId = r.int32();
  m.voterDirectoryId = r.uuid();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeRemoveRaftVoterRequest(s: Sink, m: RemoveRaftVoterRequest, v: number): void {
  const flex = true;
  s.string(m.clusterId, true);
  s.int32(m.voterId);
  s.uuid(m.voterDirectoryId);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
