// Record batches as Raft writes and reads them in __cluster_metadata: data batches of keyless records,
// control batches of Kafka's raft control records (key: int16 version 0, int16 type; value: the control
// message), and the decoding that turns fetched/committed bytes into listener Batches.

import { buildRecordBatch, MessageSetIterator, type RecordBatchView } from "../protocol/records/index.ts";
import { ControlRecordType, controlRecordKey } from "../protocol/records/control-batch.ts";
import { encodeExact } from "../protocol/primitives/writer.ts";
import { writeLeaderChangeMessage } from "../protocol/generated/messages/leader-change-message.ts";
import type { Batch } from "./raft-client.ts";

/** Kafka's Uuid.METADATA_TOPIC_ID (0, 1) as the protocol writes uuids. */
export const METADATA_TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";
export const METADATA_TOPIC = "__cluster_metadata";
export const METADATA_PARTITION = 0;
export const NO_DIRECTORY_ID = "AAAAAAAAAAAAAAAAAAAAAA";

/** A LeaderChange control batch (LeaderChangeMessage v0, as Kafka 4.4.0 writes it for static voters). */
export function leaderChangeBatch(leaderId: number, voters: readonly number[], granting: readonly number[], timestampMs: number): Uint8Array {
  const v = (ids: readonly number[]) => ids.map((voterId) => ({ voterId, voterDirectoryId: NO_DIRECTORY_ID }));
  const value = encodeExact((s) => writeLeaderChangeMessage(s, { version: 0, leaderId, voters: v(voters), grantingVoters: v(granting) }, 0));
  return buildRecordBatch({ records: [{ key: controlRecordKey(ControlRecordType.LEADER_CHANGE), value, timestamp: timestampMs }], isControl: true });
}

/** A control batch of KRaft control records (KIP-853: KRaftVersionRecord, VotersRecord), values encoded. */
export function controlBatch(records: ReadonlyArray<{ type: number; value: Uint8Array }>, timestampMs: number): Uint8Array {
  return buildRecordBatch({ records: records.map((r) => ({ key: controlRecordKey(r.type), value: r.value, timestamp: timestampMs })), isControl: true });
}

/** A data batch of keyless records (offsets relative: the log assigns them on a leader append). */
export function dataBatch(records: readonly Uint8Array[], timestampMs: number): Uint8Array {
  return buildRecordBatch({ records: records.map((value) => ({ key: null, value, timestamp: timestampMs })) });
}

/** Whole batches in `buf`; a corrupt or truncated tail ends the iteration (the caller validates what it needs). */
export function* batchesOf(buf: Uint8Array): Generator<RecordBatchView> {
  if (buf.length === 0) return;
  for (const b of new MessageSetIterator(buf)) yield b;
}

/**
 * One batch as a listener sees it. A control batch is null (a snapshot's header and footer), or with
 * `includeControl` a batch without records (committed-log delivery: its offsets count as read).
 */
export function toListenerBatch(b: RecordBatchView, includeControl = false): Batch | null {
  if (b.isControl) {
    if (!includeControl) return null;
    return { baseOffset: Number(b.baseOffset), lastOffset: Number(b.lastOffset), epoch: b.partitionLeaderEpoch, appendTimestampMs: Number(b.maxTimestamp), records: [], sizeInBytes: b.sizeInBytes, control: true };
  }
  const records: Uint8Array[] = [];
  for (const r of b.records()) records.push(r.value ?? new Uint8Array(0));
  return {
    baseOffset: Number(b.baseOffset),
    lastOffset: Number(b.lastOffset),
    epoch: b.partitionLeaderEpoch,
    appendTimestampMs: Number(b.maxTimestamp),
    records,
    sizeInBytes: b.sizeInBytes,
  };
}
