// How records are framed in the metadata log (__cluster_metadata), as Kafka's MetadataRecordSerde
// (AbstractApiMessageSerde) frames them: each record of a v2 batch has a null key and a value of
//
//   unsigned varint frame version (1) | unsigned varint record type (apiKey) | unsigned varint version | message
//
// Kafka's raft layer also writes control batches in that log (LeaderChange, SnapshotHeader/Footer,
// KRaftVersion, Voters): their records have a 4-byte key (int16 key version 0, int16 control type) and
// a value that is the control message itself. Replay skips them; start-up writes a LeaderChange.

import { METADATA_RECORDS, type RecordSchema } from "../protocol/generated/records.ts";
import { Reader } from "../protocol/primitives/reader.ts";
import { encodeExact } from "../protocol/primitives/writer.ts";
import { writeLeaderChangeMessage } from "../protocol/generated/messages/leader-change-message.ts";
import type { Sink } from "../protocol/primitives/writer.ts";

/** The only frame version Kafka writes or reads (0 was the 2.8 preview, which Kafka refuses). */
export const METADATA_FRAME_VERSION = 1;

/** Metadata record types (the apiKey of Kafka's metadata/*.json). */
export const RecordType = {
  REGISTER_BROKER: 0,
  UNREGISTER_BROKER: 1,
  TOPIC: 2,
  PARTITION: 3,
  CONFIG: 4,
  PARTITION_CHANGE: 5,
  FENCE_BROKER: 7,
  UNFENCE_BROKER: 8,
  REMOVE_TOPIC: 9,
  USER_SCRAM_CREDENTIAL: 11,
  FEATURE_LEVEL: 12,
  CLIENT_QUOTA: 14,
  PRODUCER_IDS: 15,
  BROKER_REGISTRATION_CHANGE: 17,
  ACCESS_CONTROL_ENTRY: 18,
  REMOVE_ACCESS_CONTROL_ENTRY: 19,
  NO_OP: 20,
  REMOVE_USER_SCRAM_CREDENTIAL: 22,
  DELEGATION_TOKEN: 10,
  REMOVE_DELEGATION_TOKEN: 26,
  BEGIN_TRANSACTION: 23,
  END_TRANSACTION: 24,
  ABORT_TRANSACTION: 25,
  REGISTER_CONTROLLER: 27,
  UNREGISTER_CONTROLLER: 29,
} as const;

/**
 * The version Strand writes for each record type: what Kafka 4.4.0 writes at metadata.version 33
 * (IBP_4_4_IV2), seen in a real Kafka 4.4.0 metadata log (test/unit/metadata/kafka-log.test.ts).
 */
export const WRITE_VERSION: Readonly<Record<number, number>> = {
  [RecordType.REGISTER_BROKER]: 4,
  [RecordType.TOPIC]: 0,
  [RecordType.PARTITION]: 2,
  [RecordType.CONFIG]: 0,
  [RecordType.PARTITION_CHANGE]: 2,
  [RecordType.REMOVE_TOPIC]: 0,
  [RecordType.FEATURE_LEVEL]: 0,
  [RecordType.UNREGISTER_BROKER]: 0,
  [RecordType.NO_OP]: 0,
  [RecordType.PRODUCER_IDS]: 0,
  [RecordType.REGISTER_CONTROLLER]: 0,
  [RecordType.USER_SCRAM_CREDENTIAL]: 0,
  [RecordType.CLIENT_QUOTA]: 0,
  [RecordType.REMOVE_USER_SCRAM_CREDENTIAL]: 0,
  [RecordType.DELEGATION_TOKEN]: 0,
  [RecordType.REMOVE_DELEGATION_TOKEN]: 0,
  [RecordType.ACCESS_CONTROL_ENTRY]: 0,
  [RecordType.REMOVE_ACCESS_CONTROL_ENTRY]: 0,
  // A fencing change is written at v0; an in-controlled-shutdown change at v1 (built where it is planned).
  [RecordType.BROKER_REGISTRATION_CHANGE]: 0,
};

export class MetadataRecordError extends Error {
  constructor(
    readonly offset: bigint,
    readonly reason: string,
  ) {
    super(`metadata record at offset ${offset}: ${reason}`);
    this.name = "MetadataRecordError";
  }
}

/** A metadata record to write: its type, version and message (a generated codec's object). */
export interface MetadataRecordOut {
  readonly apiKey: number;
  readonly version: number;
  readonly message: unknown;
}

/** A decoded metadata record; `schema` null when Strand does not know the record type. */
export interface MetadataRecordIn {
  readonly apiKey: number;
  readonly version: number;
  readonly schema: RecordSchema | null;
  readonly message: unknown;
}

/** Builds an out-record at the version Strand writes for its type. */
export function metadataRecord(apiKey: number, message: unknown): MetadataRecordOut {
  const version = WRITE_VERSION[apiKey];
  if (version === undefined) throw new Error(`no write version for metadata record type ${apiKey}`);
  return { apiKey, version, message };
}

/** The value bytes of one metadata record. */
export function encodeMetadataRecord(rec: MetadataRecordOut): Uint8Array {
  const schema = METADATA_RECORDS.get(rec.apiKey);
  if (!schema) throw new Error(`unknown metadata record type ${rec.apiKey}`);
  if (rec.version < schema.minVersion || rec.version > schema.maxVersion) {
    throw new Error(`${schema.name} version ${rec.version} is outside ${schema.minVersion}-${schema.maxVersion}`);
  }
  return encodeExact((s: Sink) => {
    s.uvarint(METADATA_FRAME_VERSION);
    s.uvarint(rec.apiKey);
    s.uvarint(rec.version);
    schema.write(s, rec.message, rec.version);
  });
}

/**
 * Decodes one metadata record value. Unknown record types come back with schema null (the caller
 * skips them); a bad frame version, a version beyond the schema or trailing bytes throw.
 */
export function decodeMetadataRecord(value: Uint8Array, offset: bigint): MetadataRecordIn {
  const r = new Reader(value);
  const frameVersion = r.uvarint();
  const apiKey = r.uvarint();
  const version = r.uvarint();
  if (!r.ok) throw new MetadataRecordError(offset, `truncated frame header (${r.error?.message})`);
  if (frameVersion !== METADATA_FRAME_VERSION) {
    throw new MetadataRecordError(offset, `frame version ${frameVersion}, only ${METADATA_FRAME_VERSION} is known (0 was the 2.8 KRaft preview)`);
  }
  const schema = METADATA_RECORDS.get(apiKey) ?? null;
  if (!schema) return { apiKey, version, schema: null, message: null };
  if (version < schema.minVersion || version > schema.maxVersion) {
    throw new MetadataRecordError(offset, `${schema.name} version ${version} is outside the known ${schema.minVersion}-${schema.maxVersion}`);
  }
  const message = schema.read(r, version);
  if (!r.ok) throw new MetadataRecordError(offset, `${schema.name} v${version}: ${r.error?.message}`);
  if (r.remaining !== 0) throw new MetadataRecordError(offset, `${schema.name} v${version}: ${r.remaining} bytes left after the message`);
  return { apiKey, version, schema, message };
}

/** A LeaderChangeMessage value (v0, as Kafka 4.4.0 writes it) for a quorum whose voters all granted. */
export function encodeLeaderChange(leaderId: number, voters: readonly number[]): Uint8Array {
  const vs = voters.map((voterId) => ({ voterId, voterDirectoryId: "AAAAAAAAAAAAAAAAAAAAAA" }));
  return encodeExact((s) => writeLeaderChangeMessage(s, { version: 0, leaderId, voters: vs, grantingVoters: vs }, 0));
}
