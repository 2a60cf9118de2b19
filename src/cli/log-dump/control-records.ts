// The text DumpLogSegments prints after a control record's metadata: the end-transaction marker of a
// COMMIT/ABORT, the KRaft records of `__cluster_metadata` as the JSON Kafka's generated converters
// write (fields in schema order, int64 as numbers, Uuids as base64), and "controlType: NAME(id)" for
// unknown ids. (Kafka 4.4.0's jar, not its 2024 sources, prints LeaderChange as JSON too.)
import { Reader } from "../../protocol/primitives/reader.ts";
import { ControlRecordType, parseControlType, parseEndTxnMarker } from "../../protocol/records/control-batch.ts";
import type { Record } from "../../protocol/records/record.ts";
import { readLeaderChangeMessage } from "../../protocol/generated/messages/leader-change-message.ts";
import { readKRaftVersionRecord } from "../../protocol/generated/messages/k-raft-version-record.ts";
import { readSnapshotFooterRecord } from "../../protocol/generated/messages/snapshot-footer-record.ts";
import { readSnapshotHeaderRecord } from "../../protocol/generated/messages/snapshot-header-record.ts";
import { readVotersRecord } from "../../protocol/generated/messages/voters-record.ts";

const NAMES = ["ABORT", "COMMIT", "LEADER_CHANGE", "SNAPSHOT_HEADER", "SNAPSHOT_FOOTER", "KRAFT_VERSION", "KRAFT_VOTERS"] as const;

/** JSON as Jackson writes Kafka's messages: compact, bigint as a number, Strand's bookkeeping dropped. */
export function kafkaJson(v: unknown): string {
  return JSON.stringify(v, (k, x) => (k === "_unknownTaggedFields" ? undefined : x), 0).replace(/"__bigint:(-?\d+)"/g, "$1");
}

function withBigints(v: unknown): unknown {
  if (typeof v === "bigint") return `__bigint:${v}`;
  if (Array.isArray(v)) return v.map(withBigints);
  if (v !== null && typeof v === "object" && !(v instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withBigints(x)]));
  }
  return v;
}

function decodeJson(value: Uint8Array | null, read: (r: Reader, v: number) => unknown): string {
  const r = new Reader(value ?? new Uint8Array(0));
  // Kafka reads each at its current version (0), whatever the record's own version field says.
  const m = read(r, 0);
  if (!r.ok) throw new Error(`cannot read the control record's value: ${r.error!.message}`);
  return kafkaJson(withBigints(m));
}

/** LeaderChangeMessage as Kafka reads and writes it, at version 0: voters without their directory id (v1+). */
function leaderChangeV0(r: Reader, v: number): unknown {
  const m = readLeaderChangeMessage(r, v);
  const ids = (voters: Array<{ voterId: number }>) => voters.map((x) => ({ voterId: x.voterId }));
  return { version: m.version, leaderId: m.leaderId, voters: ids(m.voters), grantingVoters: ids(m.grantingVoters) };
}

export function controlRecordText(r: Record): string {
  const type = parseControlType(r.key);
  switch (type) {
    case ControlRecordType.ABORT:
    case ControlRecordType.COMMIT: {
      const m = parseEndTxnMarker(r.key, r.value)!;
      return `endTxnMarker: ${m.result} coordinatorEpoch: ${m.coordinatorEpoch}`;
    }
    case ControlRecordType.LEADER_CHANGE:
      return `LeaderChange: ${decodeJson(r.value, leaderChangeV0)}`;
    case ControlRecordType.SNAPSHOT_HEADER:
      return `SnapshotHeader ${decodeJson(r.value, readSnapshotHeaderRecord)}`;
    case ControlRecordType.SNAPSHOT_FOOTER:
      return `SnapshotFooter ${decodeJson(r.value, readSnapshotFooterRecord)}`;
    case ControlRecordType.KRAFT_VERSION:
      return `KRaftVersion ${decodeJson(r.value, readKRaftVersionRecord)}`;
    case ControlRecordType.KRAFT_VOTERS:
      return `KRaftVoters ${decodeJson(r.value, readVotersRecord)}`;
    default:
      return `controlType: ${NAMES[type] ?? "UNKNOWN"}(${type})`;
  }
}
