// The coordinators' PartitionWriter (src/coordinator/runtime/partition-writer.ts) on the ReplicaManager:
// one uncompressed magic-2 batch per write (no producer id, as Kafka's runtime writes them; a
// transactional write's batch carries its producer id and epoch with the transactional bit, base
// sequence 0 as Kafka's runtime builds it, and the log skips sequence checks for origin coordinator),
// checked against max.message.bytes; a transaction completion appends one end-transaction marker batch
// (buildEndTxnMarkerBatch), which the log checks as any marker (producer and coordinator epochs), appended with appendRecords(acks=-1, origin "coordinator"), so the write is
// answered once the high watermark passes it: with strand.log.fsync.before.ack (broker or topic) only
// once the batch is on disk, and later, with replication, once the ISR has it. The errors are the
// append's own (NOT_LEADER_OR_FOLLOWER, KAFKA_STORAGE_ERROR, REQUEST_TIMED_OUT, ...); the runtime maps
// them to the coordinator's answer as Kafka's CoordinatorRuntime does.

import type { CoordinatorRecord, EndTxnMarkerWrite, PartitionWriter, TopicPartition, TransactionalProducer } from "../coordinator/runtime/partition-writer.ts";
import { PartitionWriterError } from "../coordinator/runtime/partition-writer.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { buildRecordBatch } from "../protocol/records/builder.ts";
import { buildEndTxnMarkerBatch } from "../protocol/records/control-batch.ts";
import type { AppendEntry, ReplicaManager } from "../replication/replica-manager.ts";
import type { TopicSettings } from "./produce/topic-settings.ts";

/** How long a coordinator write waits for its high watermark: Kafka's offsets.commit.timeout.ms default. */
export const COORDINATOR_WRITE_TIMEOUT_MS = 5000;

export class LogPartitionWriter implements PartitionWriter {
  constructor(
    private readonly replicas: ReplicaManager,
    private readonly settingsOf: (topic: string) => TopicSettings,
    private readonly timeoutMs = COORDINATOR_WRITE_TIMEOUT_MS,
  ) {}

  async append(tp: TopicPartition, records: readonly CoordinatorRecord[], producer?: TransactionalProducer): Promise<number> {
    const txn = producer !== undefined;
    const batch = buildRecordBatch({
      records: records.map((r) => ({ key: r.key, value: r.value })),
      ...(txn ? { producerId: producer.producerId, producerEpoch: producer.producerEpoch, baseSequence: 0, isTransactional: true } : {}),
    });
    const maxBytes = this.settingsOf(tp.topic).maxMessageBytes;
    if (batch.length > maxBytes) {
      throw new PartitionWriterError(ErrorCode.MESSAGE_TOO_LARGE, tp, `a ${batch.length}-byte batch exceeds max.message.bytes ${maxBytes}`);
    }
    const ids = txn
      ? { producerId: producer.producerId, producerEpoch: producer.producerEpoch, baseSequence: 0, lastOffsetDelta: records.length - 1 }
      : { producerId: -1n, producerEpoch: -1, baseSequence: -1, lastOffsetDelta: records.length - 1 };
    const base = await this.appendOne(tp, batch, ids, this.timeoutMs);
    return base + records.length;
  }

  async appendEndTxnMarker(tp: TopicPartition, marker: EndTxnMarkerWrite, timeoutMs = this.timeoutMs): Promise<number> {
    const nowMs = Date.now();
    const batch = buildEndTxnMarkerBatch({ ...marker, timestampMs: nowMs });
    const base = await this.appendOne(tp, batch, { producerId: marker.producerId, producerEpoch: marker.producerEpoch, baseSequence: -1, lastOffsetDelta: 0 }, timeoutMs);
    return base + 1;
  }

  /** Append one batch built here (acks=-1, origin coordinator); resolves with its base offset. */
  private async appendOne(tp: TopicPartition, records: Uint8Array, batch: AppendEntry["batch"], timeoutMs: number): Promise<number> {
    const entry: AppendEntry = {
      topic: tp.topic,
      partition: tp.partition,
      records,
      batch,
      crcVerified: true, // built here
      logAppendTimeMs: -1,
      nowMs: Date.now(),
    };
    const [r] = await this.replicas.appendRecords([entry], -1, timeoutMs, "coordinator");
    if (!r || r.errorCode !== ErrorCode.NONE) {
      throw new PartitionWriterError(r?.errorCode ?? ErrorCode.UNKNOWN_SERVER_ERROR, tp, r?.detail ?? "no append result");
    }
    return r.baseOffset;
  }
}
