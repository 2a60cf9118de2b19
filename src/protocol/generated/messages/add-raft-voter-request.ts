// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// AddRaftVoterRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** AddRaftVoterRequest: request, api key 80. */
export const ADD_RAFT_VOTER_REQUEST_SCHEMA = {
  name: "AddRaftVoterRequest",
  type: "request",
  apiKey: 80,
  minVersion: 0,
  maxVersion: 1,
  flexibleMinVersion: 0,
} as const;

export interface AddRaftVoterRequest {
  /** The cluster id. (versions 0+; nullable 0+) */
  clusterId: string | null;
  /** The maximum time to wait for the request to complete before returning. (versions 0+) */
  timeoutMs: number;
  /** The replica id of the voter getting added to the topic partition. (versions 0+) */
  voterId: number;
  /** The directory id of the voter getting added to the topic partition. (versions 0+) */
  voterDirectoryId: string;
  /** The endpoints that can be used to communicate with the voter. (versions 0+) */
  listeners: Listener[];
  /** When true, return a response after the new voter set is committed. Otherwise, return after the leader writes the changes locally. (versions 1+) */
  ackWhenCommitted: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newAddRaftVoterRequest(): AddRaftVoterRequest {
  return {
    clusterId: "",
    timeoutMs: 0,
    voterId: 0,
    voterDirectoryId: ZERO_UUID,
    listeners: [],
    ackWhenCommitted: true,
  };
}

export function readAddRaftVoterRequest(r: Reader, v: number): AddRaftVoterRequest {
  const flex = true;
  const m = newAddRaftVoterRequest();
  m.clusterId = r.compactNullableString();
  m.timeoutMs = r.int32();
  m.voterId = r.int32();
  m.voterDirectoryId = r.uuid();
  m.listeners = (readArray(r, true, false, (r) => readListener(r, v)) ?? []);
  if (v >= 1) m.ackWhenCommitted = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeAddRaftVoterRequest(s: Sink, m: AddRaftVoterRequest, v: number): void {
  const flex = true;
  s.string(m.clusterId, true);
  s.int32(m.timeoutMs);
  s.int32(m.voterId);
  s.uuid(m.voterDirectoryId);
  writeArray(s, m.listeners, true, (s, e) => writeListener(s, e, v));
  if (v >= 1) s.bool(m.ackWhenCommitted);
  if (!(v >= 1) && !(m.ackWhenCommitted === true)) throw new UnsupportedFieldError("AddRaftVoterRequest", "AckWhenCommitted", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface Listener {
  /** The name of the endpoint. (versions 0+) */
  name: string;
  /** The hostname. (versions 0+) */
  host: string;
  /** The port. (versions 0+) */
  port: number;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListener(): Listener {
  return {
    name: "",
    host: "",
    port: 0,
  };
}

export function readListener(r: Reader, v: number): Listener {
  const flex = true;
  const m = newListener();
  m.name = r.compactString();
  m.host = r.compactString();
  m.port = r.uint16();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListener(s: Sink, m: Listener, v: number): void {
  const flex = true;
  s.string(m.name, true);
  s.string(m.host, true);
  s.uint16(m.port);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
