// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// DefaultPrincipalData.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../../primitives/reader.ts";
import type { Sink } from "../../primitives/writer.ts";
import {
  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,
  type TaggedField, type TagWriter,
} from "../../primitives/codec-runtime.ts";

/** DefaultPrincipalData: data. */
export const DEFAULT_PRINCIPAL_DATA_SCHEMA = {
  name: "DefaultPrincipalData",
  type: "data",
  apiKey: -1,
  minVersion: 0,
  maxVersion: 0,
  flexibleMinVersion: 0,
} as const;

export interface DefaultPrincipalData {
  /** The principal type. (versions 0+) */
  type: string;
  /** The principal name. (versions 0+) */
  name: string;
  /** Whether the principal was authenticated by a delegation token on the forwarding broker. (versions 0+) */
  tokenAuthenticated: boolean;
  /** Tagged fields this version of Strand does not know, kept to re-encode. */
  _unknownTaggedFields?: TaggedField[];
}

export function newDefaultPrincipalData(): DefaultPrincipalData {
  return {
    type: "",
    name: "",
    tokenAuthenticated: false,
  };
}

export function readDefaultPrincipalData(r: Reader, v: number): DefaultPrincipalData {
  const flex = true;
  const m = newDefaultPrincipalData();
  m.type = r.compactString();
  m.name = r.compactString();
  m.tokenAuthenticated = r.bool();
  if (true) m._unknownTaggedFields = readTaggedFields(r, () => false);
  return m;
}

export function writeDefaultPrincipalData(s: Sink, m: DefaultPrincipalData, v: number): void {
  const flex = true;
  s.string(m.type, true);
  s.string(m.name, true);
  s.bool(m.tokenAuthenticated);
  if (true) {
    const tags: TagWriter[] = [];
    writeTaggedFields(s, tags, m._unknownTaggedFields);
  }
}

void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;
