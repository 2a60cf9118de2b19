// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DelegationTokenRecord.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DelegationTokenRecord: metadata, api key 10. */
export const DELEGATION_TOKEN_RECORD_SCHEMA = {
  name: "DelegationTokenRecord",
  type: "metadata",
  apiKey: 10,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DelegationTokenRecord {
  /** The delegation token owner. (versions 0+) */
  owner: string;
  /** The delegation token requester. (versions 0+) */
  requester: string;
  /** The principals which can renew this token. (versions 0+) */
  renewers: string[];
  /** The time at which this timestamp was issued. (versions 0+) */
  issueTimestamp: bigint;
  /** The time at which this token cannot be renewed any more. (versions 0+) */
  maxTimestamp: bigint;
  /** The next time at which this token must be renewed. (versions 0+) */
  expirationTimestamp: bigint;
  /** The token id. (versions 0+) */
  tokenId: string;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDelegationTokenRecord(): DelegationTokenRecord {
  return {
    owner: "",
    requester: "",
    renewers: [],
    issueTimestamp: 0n,
    maxTimestamp: 0n,
    expirationTimestamp: 0n,
    tokenId: "",
  };
}

export function readDelegationTokenRecord(r: Reader, v: number): DelegationTokenRecord {
  const flex = true;
  const m = newDelegationTokenRecord();
  m.owner = r.compactString();
  m.requester = r.compactString();
  m.renewers = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.issueTimestamp = r.int64();
  m.maxTimestamp = r.int64();
  m.expirationTimestamp = r.int64();
  m.tokenId = r.compactString();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDelegationTokenRecord(s: Sink, m: DelegationTokenRecord, v: number): void {
  const flex = true;
  s.string(m.owner, true);
  s.string(m.requester, true);
  writeArray(s, m.renewers, true, (s, e) => s.string(e, true));
  s.int64(m.issueTimestamp);
  s.int64(m.maxTimestamp);
  s.int64(m.expirationTimestamp);
  s.string(m.tokenId, true);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
