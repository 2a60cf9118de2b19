// The coordinators' PartitionWriter (src/coordinator/runtime/partition-writer.ts) on the ReplicaManager:
// one uncompressed magic-2 batch per write (no producer id, as Kafka's runtime writes them), checked
// against max.message.bytes, appended with appendRecords(acks=-1, origin "coordinator"), so the write is
// answered once the high watermark passes it: with strand.log.fsync.before.ack (broker or topic) only
// once the batch is on disk, and later, with replication, once the ISR has it. The errors are the
// append's own (NOT_LEADER_OR_FOLLOWER, KAFKA_STORAGE_ERROR, REQUEST_TIMED_OUT, ...); the runtime maps
// them to the coordinator's answer as Kafka's CoordinatorRuntime does.

import type { CoordinatorRecord, PartitionWriter, TopicPartition } from "../coordinator/runtime/partition-writer.ts";
import { PartitionWriterError } from "../coordinator/runtime/partition-writer.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { buildRecordBatch } from "../protocol/records/builder.ts";
import type { ReplicaManager } from "../replication/replica-manager.ts";
import type { TopicSettings } from "./produce/topic-settings.ts";

/** How long a coordinator write waits for its high watermark: Kafka's offsets.commit.timeout.ms default. */
export const COORDINATOR_WRITE_TIMEOUT_MS = 5000;

export class LogPartitionWriter implements PartitionWriter {
  constructor(
    private readonly replicas: ReplicaManager,
    private readonly settingsOf: (topic: string) => TopicSettings,
    private readonly timeoutMs = COORDINATOR_WRITE_TIMEOUT_MS,
  ) {}

  async append(tp: TopicPartition, records: readonly CoordinatorRecord[]): Promise<number> {
    const batch = buildRecordBatch({ records: records.map((r) => ({ key: r.key, value: r.value })) });
    const maxBytes = this.settingsOf(tp.topic).maxMessageBytes;
    if (batch.length > maxBytes) {
      throw new PartitionWriterError(ErrorCode.MESSAGE_TOO_LARGE, tp, `a ${batch.length}-byte batch exceeds max.message.bytes ${maxBytes}`);
    }
    const entry = {
      topic: tp.topic,
      partition: tp.partition,
      records: batch,
      batch: { producerId: -1n, producerEpoch: -1, baseSequence: -1, lastOffsetDelta: records.length - 1 },
      crcVerified: true, // built here
      logAppendTimeMs: -1,
      nowMs: Date.now(),
    };
    const [r] = await this.replicas.appendRecords([entry], -1, this.timeoutMs, "coordinator");
    if (!r || r.errorCode !== ErrorCode.NONE) {
      throw new PartitionWriterError(r?.errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR, tp, r?.detail ?? "no append result");
    }
    return r.baseOffset + records.length;
  }
}
