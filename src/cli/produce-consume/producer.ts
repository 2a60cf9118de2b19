// The producer behind `strand produce`: records into magic-2 batches (src/protocol/records), one batch per
// partition filled up to --batch-size bytes, sent in one Produce request per leader, as Kafka's Java
// producer does, with its defaults: acks=all makes it idempotent (InitProducerId, then a sequence per
// partition), so a batch retried after a lost answer or a leader change is written once.
//
// One request in flight at a time: ordering within a partition needs no more, and the CLI is fed by a
// pipe, not a hot loop. acks=0 requests get no answer (Kafka's broker sends none): offsets are unknown.
// Left out: transactions (--transactional-id), linger (stdin decides when batches fill).
import type { InitProducerIdResponse } from "../../protocol/generated/messages/init-producer-id-response.ts";
import type { ProduceResponse } from "../../protocol/generated/messages/produce-response.ts";
import { ErrorCode, KafkaError } from "../../protocol/errors.ts";
import { buildRecordBatch, type RecordInput } from "../../protocol/records/index.ts";
import { API } from "../client/api-keys.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";
import { partitionForKey } from "./partitioner.ts";

export interface ProduceRecord {
  key: Uint8Array | null;
  value: Uint8Array | null;
  headers: { key: string; value: Uint8Array | null }[];
  /** null: chosen by the key (murmur2) or sticky for unkeyed records. */
  partition: number | null;
  timestampMs: number;
}

export interface ProducerConfig {
  topic: string;
  /** 0, 1 or -1 (all). */
  acks: number;
  /** Kafka compression id: 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd. */
  compression: number;
  /** batch.size: a partition's batch is sent once its records take this many bytes. */
  batchBytes: number;
  timeoutMs: number;
}

/** Offsets of one sent batch: records [firstOrdinal, firstOrdinal + count) of the input. */
export interface SentBatch {
  partition: number;
  baseOffset: bigint;
  count: number;
  ordinals: number[];
}

interface Pending {
  records: RecordInput[];
  ordinals: number[];
  bytes: number;
}

/** Produce v12 is the last with topic names (v13 sends topic ids only). */
const PRODUCE_MAX_VERSION = 12;
const RECORD_OVERHEAD_BYTES = 21;

function recordBytes(r: ProduceRecord): number {
  let n = RECORD_OVERHEAD_BYTES + (r.key?.length ?? 0) + (r.value?.length ?? 0);
  for (const h of r.headers) n += h.key.length + (h.value?.length ?? 0) + 2;
  return n;
}

export class CliProducer {
  private partitions = 0;
  private leaders = new Map<number, number>();
  private producerId = -1n;
  private producerEpoch = -1;
  private readonly sequences = new Map<number, number>();
  private readonly pending = new Map<number, Pending>();
  private sticky = 0;
  private ordinal = 0;

  constructor(
    private readonly client: KafkaCliClient,
    private readonly cfg: ProducerConfig,
    /** Called with every batch the broker took. */
    private readonly onSent: (b: SentBatch) => void,
  ) {}

  get partitionCount(): number {
    return this.partitions;
  }

  async start(): Promise<void> {
    await this.refreshLeaders();
    this.sticky = Math.floor(Math.random() * this.partitions);
    if (this.cfg.acks === -1) {
      const r = await this.client.retrying("InitProducerId", async () => {
        const res = await this.client.sendAny<InitProducerIdResponse>(API.InitProducerId, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
        checkError(res.body.errorCode, "InitProducerId");
        return res.body;
      });
      this.producerId = r.producerId;
      this.producerEpoch = r.producerEpoch;
    }
  }

  private async refreshLeaders(): Promise<void> {
    const leaders = await this.client.leaders([this.cfg.topic]);
    this.leaders = leaders.get(this.cfg.topic)!;
    this.partitions = this.leaders.size;
    if (this.partitions === 0) throw new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `topic ${this.cfg.topic} has no partitions`);
  }

  /** Add one record; full batches are sent before it returns. */
  async add(r: ProduceRecord): Promise<void> {
    let p: number;
    if (r.partition !== null) {
      if (r.partition < 0 || r.partition >= this.partitions) {
        throw new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `partition ${r.partition} of ${this.cfg.topic}: the topic has partitions 0 to ${this.partitions - 1}`);
      }
      p = r.partition;
    } else if (r.key !== null) p = partitionForKey(r.key, this.partitions);
    else p = this.sticky;
    const b = this.pending.get(p) ?? { records: [], ordinals: [], bytes: 0 };
    b.records.push({ key: r.key, value: r.value, headers: r.headers, timestamp: r.timestampMs });
    b.ordinals.push(this.ordinal++);
    b.bytes += recordBytes(r);
    this.pending.set(p, b);
    if (b.bytes >= this.cfg.batchBytes) {
      if (p === this.sticky && r.partition === null && r.key === null) this.sticky = (this.sticky + 1) % this.partitions;
      await this.send([p]);
    }
  }

  /** Send every batch still being filled. */
  async flush(): Promise<void> {
    if (this.pending.size > 0) await this.send([...this.pending.keys()]);
  }

  private batchOf(p: number, b: Pending): Uint8Array {
    const idempotent = this.producerId >= 0n;
    return buildRecordBatch({
      records: b.records,
      compression: this.cfg.compression,
      ...(idempotent ? { producerId: this.producerId, producerEpoch: this.producerEpoch, baseSequence: this.sequences.get(p) ?? 0 } : {}),
    });
  }

  /** Send the batches of `parts`, one request per leader, retrying retriable partition errors. */
  private async send(parts: number[]): Promise<void> {
    const batches = new Map<number, { pending: Pending; bytes: Uint8Array }>();
    for (const p of parts) {
      const b = this.pending.get(p)!;
      this.pending.delete(p);
      batches.set(p, { pending: b, bytes: this.batchOf(p, b) });
    }
    await this.client.retrying(`produce to ${this.cfg.topic}`, async (attempt) => {
      if (attempt > 0) await this.refreshLeaders();
      const byLeader = new Map<number, number[]>();
      for (const p of batches.keys()) {
        const leader = this.leaders.get(p) ?? -1;
        if (leader < 0) throw new KafkaError(ErrorCode.LEADER_NOT_AVAILABLE, `partition ${this.cfg.topic}-${p} has no leader`);
        byLeader.set(leader, [...(byLeader.get(leader) ?? []), p]);
      }
      // Bounded by the leaders of this topic.
      for (const [leader, ps] of byLeader) {
        const res = await this.client.sendToBroker<ProduceResponse | null>(leader, API.Produce, {
          transactionalId: null,
          acks: this.cfg.acks,
          timeoutMs: this.cfg.timeoutMs,
          topicData: [{ name: this.cfg.topic, partitionData: ps.map((p) => ({ index: p, records: batches.get(p)!.bytes })) }],
        }, { maxVersion: PRODUCE_MAX_VERSION, expectResponse: this.cfg.acks !== 0 });
        const answers = new Map((res.body?.responses[0]?.partitionResponses ?? []).map((a) => [a.index, a]));
        for (const p of ps) {
          const { pending } = batches.get(p)!;
          let baseOffset = -1n;
          if (this.cfg.acks !== 0) {
            const a = answers.get(p);
            if (!a) throw new KafkaError(ErrorCode.UNKNOWN_SERVER_ERROR, `Produce answered nothing for ${this.cfg.topic}-${p}`);
            // A duplicate of a batch written before a lost answer: written once, its offsets unknown.
            if (a.errorCode !== ErrorCode.DUPLICATE_SEQUENCE_NUMBER) {
              const detail = [a.errorMessage, ...a.recordErrors.map((e) => `record ${e.batchIndex}: ${e.batchIndexErrorMessage}`)].filter(Boolean).join("; ");
              checkError(a.errorCode, `produce to ${this.cfg.topic}-${p}`, detail || null);
              baseOffset = a.baseOffset;
            }
          }
          batches.delete(p);
          if (this.producerId >= 0n) this.sequences.set(p, ((this.sequences.get(p) ?? 0) + pending.records.length) & 0x7fffffff);
          this.onSent({ partition: p, baseOffset, count: pending.records.length, ordinals: pending.ordinals });
        }
      }
    });
  }
}
