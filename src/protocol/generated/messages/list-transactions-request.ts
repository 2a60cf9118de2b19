// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// ListTransactionsRequest.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** ListTransactionsRequest: request, api key 66. */
export const LIST_TRANSACTIONS_REQUEST_SCHEMA = {
  name: "ListTransactionsRequest",
  type: "request",
  apiKey: 66,
  minVersion: 0,
  maxVersion: 2,
  flexibleMinVersion: 0,
} as const;

export interface ListTransactionsRequest {
  /** The transaction states to filter by: if empty, all transactions are returned; if non-empty, then only transactions matching one of the filtered states will be returned. (versions 0+) */
  stateFilters: string[];
  /** The producerIds to filter by: if empty, all transactions will be returned; if non-empty, only transactions which match one of the filtered producerIds will be returned. (versions 0+) */
  producerIdFilters: bigint[];
  /** Duration (in millis) to filter by: if < 0, all transactions will be returned; otherwise, only transactions running longer than this duration will be returned. (versions 1+) */
  durationFilter: bigint;
  /** The transactional ID regular expression pattern to filter by: if it is empty or null, all transactions are returned; Otherwise then only the transactions matching the given regular expression will be returned. (versions 2+; nullable 2+) */
  transactionalIdPattern: string | null;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newListTransactionsRequest(): ListTransactionsRequest {
  return {
    stateFilters: [],
    producerIdFilters: [],
    durationFilter: -1n,
    transactionalIdPattern: null,
  };
}

export function readListTransactionsRequest(r: Reader, v: number): ListTransactionsRequest {
  const flex = true;
  const m = newListTransactionsRequest();
  m.stateFilters = (readArray(r, true, false, (r) => r.compactString()) ?? []);
  m.producerIdFilters = (readArray(r, true, false, (r) => r.int64()) ?? []);
  if (v >= 1) m.durationFilter = r.int64();
  if (v >= 2) m.transactionalIdPattern = (v >= 2 ? r.compactNullableString() : r.compactString());
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeListTransactionsRequest(s: Sink, m: ListTransactionsRequest, v: number): void {
  const flex = true;
  writeArray(s, m.stateFilters, true, (s, e) => s.string(e, true));
  writeArray(s, m.producerIdFilters, true, (s, e) => s.int64(e));
  if (v >= 1) s.int64(m.durationFilter);
  if (!(v >= 1) && !(m.durationFilter === -1n)) throw new UnsupportedFieldError("ListTransactionsRequest", "DurationFilter", v, "holds a non-default value, which cannot be sent");
  if (m.transactionalIdPattern === null && (v >= 2) && (!(v >= 2))) throw new UnsupportedFieldError("ListTransactionsRequest", "TransactionalIdPattern", v, "is null, which is not allowed");
  if (v >= 2) s.string(m.transactionalIdPattern, true);
  if (!(v >= 2) && !(m.transactionalIdPattern === null)) throw new UnsupportedFieldError("ListTransactionsRequest", "TransactionalIdPattern", v, "holds a non-default value, which cannot be sent");
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
