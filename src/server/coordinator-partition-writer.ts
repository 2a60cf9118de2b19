// The coordinators' PartitionWriter (src/coordinator/runtime/partition-writer.ts) on this node's log
// append path, until the ReplicaManager's appendRecords(entries, acks=-1, timeoutMs, origin) takes
// its place: one uncompressed magic-2 batch per write (no producer id, as Kafka's runtime writes
// them), appended as leader (leaderLog: NOT_LEADER_OR_FOLLOWER / KAFKA_STORAGE_ERROR as for a
// produce), max.message.bytes checked, and acks=-1 on a single node: with strand.log.fsync.before.ack
// (broker or topic) the promise resolves only once the batch is on disk (group commit, one fdatasync
// for every waiter) and the high watermark moves then; otherwise the high watermark follows the log
// end at once, as for a produce. flush.messages / flush.ms apply inside Log.append as for any append.

import type { CoordinatorRecord, PartitionWriter, TopicPartition } from "../coordinator/runtime/partition-writer.ts";
import { PartitionWriterError } from "../coordinator/runtime/partition-writer.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { buildRecordBatch } from "../protocol/records/builder.ts";
import { InvalidBatchError, LogClosedError, LogOfflineError } from "../storage/errors.ts";
import type { DataPlane } from "./produce/data-plane.ts";
import { leaderLog } from "./produce/append-partition.ts";

export class LogPartitionWriter implements PartitionWriter {
  constructor(private readonly plane: DataPlane) {}

  append(tp: TopicPartition, records: readonly CoordinatorRecord[]): Promise<number> {
    const found = leaderLog(this.plane, tp.topic, tp.partition);
    if ("errorCode" in found) return Promise.reject(new PartitionWriterError(found.errorCode, tp, found.detail));
    const { image, log } = found;
    const batch = buildRecordBatch({ records: records.map((r) => ({ key: r.key, value: r.value })) });
    const maxBytes = this.plane.settings(tp.topic).maxMessageBytes;
    if (batch.length > maxBytes) {
      return Promise.reject(new PartitionWriterError(ErrorCode.MESSAGE_TOO_LARGE, tp, `a ${batch.length}-byte batch exceeds max.message.bytes ${maxBytes}`));
    }
    let endOffset: number;
    try {
      endOffset = log.append(batch, { leaderEpoch: image.leaderEpoch, crcVerified: true }).lastOffset + 1;
    } catch (e) {
      if (e instanceof LogOfflineError || e instanceof LogClosedError) return Promise.reject(new PartitionWriterError(ErrorCode.KAFKA_STORAGE_ERROR, tp, e.message));
      if (e instanceof InvalidBatchError) return Promise.reject(new PartitionWriterError(ErrorCode.CORRUPT_MESSAGE, tp, e.message));
      return Promise.reject(e);
    }
    if (!this.plane.fsyncBeforeAck(log)) {
      log.setHighWatermark(endOffset);
      this.plane.notifyAppended(tp.topic, tp.partition);
      return Promise.resolve(endOffset);
    }
    return this.plane.advanceWhenDurable(log, endOffset).then(
      () => endOffset,
      (e: unknown) => {
        throw new PartitionWriterError(ErrorCode.KAFKA_STORAGE_ERROR, tp, `waiting for offset ${endOffset} to be on disk: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
  }
}
