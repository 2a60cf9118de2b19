// Kafka's TransactionMarkerChannelManager (+ TransactionMarkerRequestCompletionHandler): after a
// PREPARE_COMMIT / PREPARE_ABORT is committed to __transaction_state, the COMMIT/ABORT markers go to
// every partition of the transaction; once every partition has its marker, COMPLETE_COMMIT /
// COMPLETE_ABORT is written (the `onComplete` of the entry, a write of the coordinator shard).
//
// Markers are written through an injected MarkerWriter (the broker gives it server/txn-markers.ts
// writeTxnMarkers: the partitions of this node). Per-partition answers as Kafka's completion handler:
// NONE done; the topic deleted (the partition is no longer in the metadata) done; retriable errors
// (NOT_LEADER_OR_FOLLOWER, UNKNOWN_TOPIC_OR_PARTITION, NOT_ENOUGH_REPLICAS(_AFTER_APPEND),
// REQUEST_TIMED_OUT, KAFKA_STORAGE_ERROR, COORDINATOR_* ...) retried with exponential backoff;
// INVALID_PRODUCER_EPOCH / TRANSACTION_COORDINATOR_FENCED: this coordinator is stale, the entry is
// dropped (a newer coordinator or epoch finishes it); UNSUPPORTED_FOR_MESSAGE_FORMAT / UNSUPPORTED_VERSION
// / CORRUPT_MESSAGE / MESSAGE_TOO_LARGE... : logged, the partition counted as done (Kafka throws or skips).
//
// Bounds: one entry per transactional id (a new entry for the same id replaces the old one); every
// retry waits at least minBackoffMs; entries of a __transaction_state partition are dropped when this
// node stops coordinating it.

import { ErrorCode } from "../../protocol/errors.ts";
import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import type { GroupClock } from "../group/timer.ts";
import { parseTpKey, type TopicPartition } from "./transaction-metadata.ts";

export interface MarkerRequest {
  producerId: bigint;
  producerEpoch: number;
  coordinatorEpoch: number;
  result: TransactionResult;
  partitions: ReadonlyArray<TopicPartition>;
}

export interface MarkerPartitionResult {
  topic: string;
  partition: number;
  errorCode: number;
}

export type MarkerWriter = (markers: readonly MarkerRequest[]) => Promise<ReadonlyArray<{ producerId: bigint; partitions: readonly MarkerPartitionResult[] }>>;

export interface PendingMarkers {
  /** Partition of __transaction_state whose shard owns the transaction. */
  txnPartition: number;
  transactionalId: string;
  coordinatorEpoch: number;
  producerId: bigint;
  producerEpoch: number;
  result: TransactionResult;
  /** "topic-partition" keys still without their marker. */
  partitions: Set<string>;
  /** Every marker written: write COMPLETE_*. */
  onComplete(): void;
}

const RETRIABLE = new Set<number>([
  ErrorCode.NOT_LEADER_OR_FOLLOWER,
  ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
  ErrorCode.NOT_ENOUGH_REPLICAS,
  ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
  ErrorCode.REQUEST_TIMED_OUT,
  ErrorCode.KAFKA_STORAGE_ERROR,
  ErrorCode.LEADER_NOT_AVAILABLE,
  ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
  ErrorCode.COORDINATOR_NOT_AVAILABLE,
  ErrorCode.NOT_COORDINATOR,
  ErrorCode.UNKNOWN_SERVER_ERROR,
]);

const FENCED = new Set<number>([ErrorCode.INVALID_PRODUCER_EPOCH, ErrorCode.TRANSACTION_COORDINATOR_FENCED]);

export interface MarkerChannelOptions {
  writer: MarkerWriter;
  clock: GroupClock;
  logger: CoordinatorLogger;
  /** Whether the partition still exists (a deleted topic's marker is not waited for). */
  partitionExists: (topic: string, partition: number) => boolean;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

interface Entry extends PendingMarkers {
  attempt: number;
  timer: { cancel(): void } | null;
  inFlight: boolean;
}

export class TransactionMarkerChannelManager {
  private readonly entries = new Map<string, Entry>();
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private closed = false;

  constructor(private readonly opts: MarkerChannelOptions) {
    this.minBackoffMs = opts.minBackoffMs ?? 100;
    this.maxBackoffMs = opts.maxBackoffMs ?? 5000;
  }

  /** Markers of transactions still being completed. */
  get pendingCount(): number {
    return this.entries.size;
  }

  pendingFor(transactionalId: string): PendingMarkers | undefined {
    return this.entries.get(transactionalId);
  }

  addTxnMarkersToSend(p: PendingMarkers): void {
    if (this.closed) return;
    this.cancel(p.transactionalId);
    const e: Entry = { ...p, partitions: new Set(p.partitions), attempt: 0, timer: null, inFlight: false };
    this.entries.set(p.transactionalId, e);
    this.send(e);
  }

  private send(e: Entry): void {
    if (this.entries.get(e.transactionalId) !== e) return;
    for (const k of [...e.partitions]) {
      const tp = parseTpKey(k);
      if (!this.opts.partitionExists(tp.topic, tp.partition)) e.partitions.delete(k);
    }
    if (e.partitions.size === 0) return this.finish(e);
    e.inFlight = true;
    const req: MarkerRequest = { producerId: e.producerId, producerEpoch: e.producerEpoch, coordinatorEpoch: e.coordinatorEpoch, result: e.result, partitions: [...e.partitions].map(parseTpKey) };
    let sent: Promise<ReadonlyArray<{ producerId: bigint; partitions: readonly MarkerPartitionResult[] }>>;
    try {
      sent = this.opts.writer([req]);
    } catch (err) {
      sent = Promise.reject(err);
    }
    sent.then(
      (results) => this.onResults(e, results.flatMap((r) => r.partitions)),
      (err: unknown) => {
        this.opts.logger.warn("transaction marker write failed; retrying", { transactionalId: e.transactionalId, error: String(err) });
        this.onResults(e, []);
      },
    );
  }

  private onResults(e: Entry, results: readonly MarkerPartitionResult[]): void {
    e.inFlight = false;
    if (this.entries.get(e.transactionalId) !== e) return;
    for (const r of results) {
      const k = `${r.topic}-${r.partition}`;
      if (r.errorCode === ErrorCode.NONE) {
        e.partitions.delete(k);
      } else if (FENCED.has(r.errorCode)) {
        this.opts.logger.warn("transaction marker refused: this coordinator is fenced; it stops completing the transaction", { transactionalId: e.transactionalId, partition: k, errorCode: r.errorCode });
        this.entries.delete(e.transactionalId);
        return;
      } else if (!RETRIABLE.has(r.errorCode)) {
        this.opts.logger.error("transaction marker refused with a non-retriable error; the partition is skipped", { transactionalId: e.transactionalId, partition: k, errorCode: r.errorCode });
        e.partitions.delete(k);
      }
    }
    if (e.partitions.size === 0) return this.finish(e);
    const delayMs = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** Math.min(e.attempt, 16));
    e.attempt++;
    e.timer = this.opts.clock.schedule(() => {
      e.timer = null;
      this.send(e);
    }, delayMs);
  }

  private finish(e: Entry): void {
    this.entries.delete(e.transactionalId);
    try {
      e.onComplete();
    } catch (err) {
      this.opts.logger.error("completing a transaction after its markers failed", { transactionalId: e.transactionalId, error: String(err) });
    }
  }

  private cancel(transactionalId: string): void {
    const e = this.entries.get(transactionalId);
    if (!e) return;
    e.timer?.cancel();
    this.entries.delete(transactionalId);
  }

  /** This node no longer coordinates `txnPartition`: its transactions are finished by the next coordinator. */
  removeMarkersForTxnTopicPartition(txnPartition: number): void {
    for (const e of [...this.entries.values()]) if (e.txnPartition === txnPartition) this.cancel(e.transactionalId);
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.entries.keys()]) this.cancel(id);
  }
}
