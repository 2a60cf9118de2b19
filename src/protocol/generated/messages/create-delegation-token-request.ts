// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// CreateDelegationTokenRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** CreateDelegationTokenRequest: request, api key 38. */
export const CREATE_DELEGATION_TOKEN_REQUEST_SCHEMA = {
  name: "CreateDelegationTokenRequest",
  type: "request",
  apiKey: 38,
  minVersion: 1,
  maxVersion: 3,
  flexibleMinVersion: 2,
} as const;

export interface CreateDelegationTokenRequest {
  /** The principal type of the owner of the token. If it's null it defaults to the token request principal. (versions 3+; nullable 3+) */
  ownerPrincipalType: string | null;
  /** The principal name of the owner of the token. If it's null it defaults to the token request principal. (versions 3+; nullable 3+) */
  ownerPrincipalName: string | null;
  /** A list of those who are allowed to renew this token before it expires. (versions 0+) */
  renewers: CreatableRenewers[];
  /** The maximum lifetime of the token in milliseconds, or -1 to use the server side default. (versions 0+) */
  maxLifetimeMs: bigint;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreateDelegationTokenRequest(): CreateDelegationTokenRequest {
  return {
    ownerPrincipalType: "",
    ownerPrincipalName: "",
    renewers: [],
    maxLifetimeMs: 0n,
  };
}

export function readCreateDelegationTokenRequest(r: Reader, v: number): CreateDelegationTokenRequest {
  const flex = v >= 2;
  const m = newCreateDelegationTokenRequest();
  if (v >= 3) m.ownerPrincipalType = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  if (v >= 3) m.ownerPrincipalName = (flex ? (v >= 3 ? r.compactNullableString() : r.compactString()) : (v >= 3 ? r.nullableString() : r.string()));
  m.renewers = (readArray(r, flex, false, (r) => readCreatableRenewers(r, v)) ?? []);
  m.maxLifetimeMs = r.int64();
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreateDelegationTokenRequest(s: Sink, m: CreateDelegationTokenRequest, v: number): void {
  const flex = v >= 2;
  if (m.ownerPrincipalType === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("CreateDelegationTokenRequest", "OwnerPrincipalType", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.ownerPrincipalType, flex);
  if (!(v >= 3) && !(m.ownerPrincipalType === "")) throw new UnsupportedFieldError("CreateDelegationTokenRequest", "OwnerPrincipalType", v, "holds a non-default value, which cannot be sent");
  if (m.ownerPrincipalName === null && (v >= 3) && (!(v >= 3))) throw new UnsupportedFieldError("CreateDelegationTokenRequest", "OwnerPrincipalName", v, "is null, which is not allowed");
  if (v >= 3) s.string(m.ownerPrincipalName, flex);
  if (!(v >= 3) && !(m.ownerPrincipalName === "")) throw new UnsupportedFieldError("CreateDelegationTokenRequest", "OwnerPrincipalName", v, "holds a non-default value, which cannot be sent");
  writeArray(s, m.renewers, flex, (s, e) => writeCreatableRenewers(s, e, v));
  s.int64(m.maxLifetimeMs);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

export interface CreatableRenewers {
  /** The type of the Kafka principal. (versions 0+) */
  principalType: string;
  /** The name of the Kafka principal. (versions 0+) */
  principalName: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newCreatableRenewers(): CreatableRenewers {
  return {
    principalType: "",
    principalName: "",
  };
}

export function readCreatableRenewers(r: Reader, v: number): CreatableRenewers {
  const flex = v >= 2;
  const m = newCreatableRenewers();
  m.principalType = (flex ? r.compactString() : r.string());
  m.principalName = (flex ? r.compactString() : r.string());
  if (v >= 2) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeCreatableRenewers(s: Sink, m: CreatableRenewers, v: number): void {
  const flex = v >= 2;
  s.string(m.principalType, flex);
  s.string(m.principalName, flex);
  if (v >= 2) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
