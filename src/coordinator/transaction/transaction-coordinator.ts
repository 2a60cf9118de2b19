// The transaction coordinator of one __transaction_state partition (a CoordinatorShard on the
// CoordinatorRuntime): Kafka's TransactionCoordinator + TransactionStateManager logic for the
// transactional ids of that partition. Every state change is a TxnTransitMetadata prepared on the
// id's TransactionMetadata (pendingState set), written as one record through ctx.append (acks=-1),
// and applied once committed (completeTransitionTo) or dropped when the write fails. Requests
// arriving meanwhile answer CONCURRENT_TRANSACTIONS, as Kafka.
//
// Replay builds the map from the records (later records win, a tombstone removes the id); once
// loaded, transactions found in PREPARE_COMMIT / PREPARE_ABORT get their markers (re)sent, which is
// how a transaction interrupted by a crash is completed. The coordinator epoch of this shard is the
// leader epoch of its partition when it was loaded (markers carry it; partitions fence older ones).

import { ErrorCode } from "../../protocol/errors.ts";
import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import type { CoordinatorShard, CoordinatorShardContext } from "../runtime/coordinator-shard.ts";
import { CoordinatorError } from "../runtime/errors.ts";
import { producerIdErrorCode } from "../producer-ids.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import type { TransactionMarkerChannelManager } from "./marker-channel.ts";
import { readKey, readValue, tombstone, txnRecord } from "./transaction-log.ts";
import {
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  SHORT_MAX,
  TransactionMetadata,
  isEpochExhausted,
  supportsEpochBump,
  type TransactionVersion,
  type TxnTransitMetadata,
} from "./transaction-metadata.ts";
import { TransactionState, isExpirationAllowed } from "./transaction-state.ts";

export interface ProducerIdAndEpochResult {
  errorCode: number;
  producerId: bigint;
  producerEpoch: number;
}

export interface TxnShardDeps {
  coordinatorEpoch: number;
  nowMs(): number;
  /** A fresh producer id (throws when none can be allocated). */
  generateProducerId(): bigint;
  /** The finalized transaction.version of the cluster (record value version, non-client aborts). */
  transactionVersionLevel(): number;
  markers: TransactionMarkerChannelManager;
  logger: CoordinatorLogger;
  /** Delay before retrying a COMPLETE_* write that failed with a retriable error. */
  completeRetryMs?: number;
  schedule(callback: () => void, delayMs: number): { cancel(): void };
}

const fail = (errorCode: number): ProducerIdAndEpochResult => ({ errorCode, producerId: NO_PRODUCER_ID, producerEpoch: NO_PRODUCER_EPOCH });

function codeOf(e: unknown): number {
  return e instanceof CoordinatorError ? e.code : ErrorCode.UNKNOWN_SERVER_ERROR;
}

export function serverTransactionVersion(level: number): TransactionVersion {
  return level >= 2 ? 2 : level === 1 ? 1 : 0;
}

export class TransactionCoordinatorShard implements CoordinatorShard {
  readonly txns = new Map<string, TransactionMetadata>();
  private loaded = false;
  private unloaded = false;
  private readonly retries = new Set<{ cancel(): void }>();

  constructor(
    private readonly ctx: CoordinatorShardContext,
    private readonly deps: TxnShardDeps,
  ) {}

  get partition(): number {
    return this.ctx.tp.partition;
  }

  get coordinatorEpoch(): number {
    return this.deps.coordinatorEpoch;
  }

  // ---- load ---------------------------------------------------------------------------------------

  /** __transaction_state records are never transactional: the offset and producer fields go unused. */
  replay(_offset: number, _producerId: bigint, _producerEpoch: number, key: Uint8Array, value: Uint8Array | null): void {
    const id = readKey(key);
    if (id === null) return;
    if (value === null) {
      this.txns.delete(id);
      return;
    }
    this.txns.set(id, TransactionMetadata.fromTransit(id, readValue(value)));
  }

  onLoaded(): void {
    this.loaded = true;
    // Transactions the previous coordinator (or this node before a crash) left half-completed.
    for (const m of this.txns.values()) {
      if (m.state === TransactionState.PREPARE_COMMIT || m.state === TransactionState.PREPARE_ABORT) this.sendMarkers(m);
    }
  }

  onUnloaded(): void {
    this.unloaded = true;
    for (const r of this.retries) r.cancel();
    this.retries.clear();
    this.deps.markers.removeMarkersForTxnTopicPartition(this.partition);
  }

  // ---- writes -------------------------------------------------------------------------------------

  /** Write a prepared transit; resolves NONE once committed and applied, or the write's error code. */
  private appendTransit(meta: TransactionMetadata, t: TxnTransitMetadata): Promise<number> {
    const record = t.txnState === TransactionState.DEAD ? tombstone(meta.transactionalId) : txnRecord(meta.transactionalId, t, this.deps.transactionVersionLevel());
    let committed: Promise<void>;
    try {
      committed = this.ctx.append([record]);
    } catch (e) {
      committed = Promise.reject(e);
    }
    return committed.then(
      () => {
        if (this.txns.get(meta.transactionalId) !== meta) return ErrorCode.NOT_COORDINATOR;
        if (t.txnState === TransactionState.DEAD) {
          this.txns.delete(meta.transactionalId);
          meta.abortPendingTransition();
          meta.state = TransactionState.DEAD;
          return ErrorCode.NONE;
        }
        meta.completeTransitionTo(t);
        return ErrorCode.NONE;
      },
      (e: unknown) => {
        meta.abortPendingTransition();
        return codeOf(e);
      },
    );
  }

  // ---- InitProducerId -----------------------------------------------------------------------------

  initProducerId(transactionalId: string, txnTimeoutMs: number, expected: { producerId: bigint; producerEpoch: number } | null): Promise<ProducerIdAndEpochResult> {
    const now = this.deps.nowMs();
    let meta = this.txns.get(transactionalId);
    if (!meta) {
      let pid: bigint;
      try {
        pid = this.deps.generateProducerId();
      } catch (e) {
        const code = producerIdErrorCode(e);
        if (code < 0) this.deps.logger.error("producer id allocation failed", { error: String(e) });
        return Promise.resolve(fail(code < 0 ? ErrorCode.UNKNOWN_SERVER_ERROR : code));
      }
      meta = new TransactionMetadata({ transactionalId, producerId: pid, producerEpoch: NO_PRODUCER_EPOCH, txnTimeoutMs, state: TransactionState.EMPTY, txnLastUpdateTimestamp: now });
      this.txns.set(transactionalId, meta);
    }
    const m = meta;
    const isValidProducerId = (e: { producerId: bigint; producerEpoch: number }): boolean =>
      m.producerEpoch === NO_PRODUCER_EPOCH || e.producerId === m.producerId || (e.producerId === m.previousProducerId && isEpochExhausted(e.producerEpoch));
    if (m.pendingTransitionInProgress) return Promise.resolve(fail(ErrorCode.CONCURRENT_TRANSACTIONS));
    if (expected !== null && !isValidProducerId(expected)) return Promise.resolve(fail(ErrorCode.PRODUCER_FENCED));
    let transit: TxnTransitMetadata;
    switch (m.state) {
      case TransactionState.PREPARE_ABORT:
      case TransactionState.PREPARE_COMMIT:
        return Promise.resolve(fail(ErrorCode.CONCURRENT_TRANSACTIONS));
      case TransactionState.COMPLETE_ABORT:
      case TransactionState.COMPLETE_COMMIT:
      case TransactionState.EMPTY: {
        if (m.isProducerEpochExhausted && (expected === null || expected.producerEpoch === m.producerEpoch)) {
          let pid: bigint;
          try {
            pid = this.deps.generateProducerId();
          } catch (e) {
            const code = producerIdErrorCode(e);
            if (code < 0) this.deps.logger.error("producer id allocation failed", { error: String(e) });
            return Promise.resolve(fail(code < 0 ? ErrorCode.UNKNOWN_SERVER_ERROR : code));
          }
          transit = m.prepareProducerIdRotation(pid, txnTimeoutMs, now, expected !== null);
        } else {
          const r = m.prepareIncrementProducerEpoch(txnTimeoutMs, expected === null ? null : expected.producerEpoch, now);
          if ("error" in r) return Promise.resolve(fail(r.error));
          transit = r.transit;
        }
        break;
      }
      case TransactionState.ONGOING: {
        // Fence the producer of the ongoing transaction and abort it; the client retries and then
        // gets the bumped epoch (Kafka answers CONCURRENT_TRANSACTIONS meanwhile).
        const fence = m.prepareFenceProducerEpoch();
        return this.endTransaction(transactionalId, fence.producerId, fence.producerEpoch, "ABORT", false, serverTransactionVersion(this.deps.transactionVersionLevel())).then((r) =>
          fail(r.errorCode === ErrorCode.NONE ? ErrorCode.CONCURRENT_TRANSACTIONS : r.errorCode),
        );
      }
      default:
        this.deps.logger.error("transactional id in a state it can never be in", { transactionalId, state: m.state });
        return Promise.resolve(fail(ErrorCode.UNKNOWN_SERVER_ERROR));
    }
    return this.appendTransit(m, transit).then((code) => {
      if (code !== ErrorCode.NONE) return fail(code);
      this.deps.logger.info("initialized transactional id", { transactionalId, producerId: String(transit.producerId), producerEpoch: transit.producerEpoch, partition: this.partition });
      return { errorCode: ErrorCode.NONE, producerId: transit.producerId, producerEpoch: transit.producerEpoch };
    });
  }

  // ---- AddPartitionsToTxn -------------------------------------------------------------------------

  /** Add partitions to the transaction (AddPartitionsToTxn, or Produce v12 under TV2). */
  addPartitions(transactionalId: string, producerId: bigint, producerEpoch: number, partitions: readonly string[], clientTransactionVersion: TransactionVersion): Promise<number> {
    const m = this.txns.get(transactionalId);
    if (!m) return Promise.resolve(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
    // 4.4.0's order: a pending transition first, then the producer id and epoch.
    if (m.pendingTransitionInProgress) return Promise.resolve(ErrorCode.CONCURRENT_TRANSACTIONS);
    if (m.producerId !== producerId) return Promise.resolve(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
    if (m.producerEpoch !== producerEpoch) return Promise.resolve(ErrorCode.PRODUCER_FENCED);
    if (m.state === TransactionState.PREPARE_COMMIT || m.state === TransactionState.PREPARE_ABORT) return Promise.resolve(ErrorCode.CONCURRENT_TRANSACTIONS);
    if (m.state === TransactionState.ONGOING && partitions.every((p) => m.topicPartitions.has(p))) return Promise.resolve(ErrorCode.NONE);
    return this.appendTransit(m, m.prepareAddPartitions(partitions, this.deps.nowMs(), clientTransactionVersion));
  }

  /** Verify only (Transactions V1 produce verification, AddPartitionsToTxn v4+ verifyOnly). */
  verifyPartitions(transactionalId: string, producerId: bigint, producerEpoch: number, partitions: readonly string[]): Map<string, number> {
    const all = (code: number): Map<string, number> => new Map(partitions.map((p) => [p, code]));
    const m = this.txns.get(transactionalId);
    if (!m || m.producerId !== producerId) return all(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
    if (m.producerEpoch !== producerEpoch) return all(ErrorCode.PRODUCER_FENCED);
    if (m.state === TransactionState.PREPARE_COMMIT || m.state === TransactionState.PREPARE_ABORT) return all(ErrorCode.CONCURRENT_TRANSACTIONS);
    return new Map(partitions.map((p) => [p, m.topicPartitions.has(p) ? ErrorCode.NONE : ErrorCode.TRANSACTION_ABORTABLE]));
  }

  // ---- EndTxn -------------------------------------------------------------------------------------

  /**
   * Commit or abort, by the transaction version given (the client's, or the cluster's for the
   * coordinator's own aborts), as 4.4.0's endTransaction: TV0/1 keep the epoch; TV2 bumps it in
   * PREPARE_*, may abort with no partition from EMPTY / COMPLETE_*, and answers retries.
   */
  endTransaction(transactionalId: string, producerId: bigint, producerEpoch: number, result: TransactionResult, isFromClient: boolean, transactionVersion: TransactionVersion): Promise<ProducerIdAndEpochResult> {
    const m = this.txns.get(transactionalId);
    if (!m) return Promise.resolve(fail(ErrorCode.INVALID_PRODUCER_ID_MAPPING));
    return supportsEpochBump(transactionVersion)
      ? this.endTransactionWithTV2(m, producerId, producerEpoch, result, isFromClient, transactionVersion)
      : this.endTransactionWithTV1(m, producerId, producerEpoch, result, isFromClient);
  }

  /** A failed epoch fence must not stay pending (the id would answer CONCURRENT_TRANSACTIONS forever). */
  private bail(m: TransactionMetadata, fencing: boolean, code: number): Promise<ProducerIdAndEpochResult> {
    if (fencing) m.abortPendingTransition();
    return Promise.resolve(fail(code));
  }

  private endTransactionWithTV1(m: TransactionMetadata, producerId: bigint, producerEpoch: number, result: TransactionResult, isFromClient: boolean): Promise<ProducerIdAndEpochResult> {
    const fencing = m.pendingState === TransactionState.PREPARE_EPOCH_FENCE;
    const bail = (code: number): Promise<ProducerIdAndEpochResult> => this.bail(m, fencing, code);
    if (m.producerId !== producerId) return bail(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
    if ((isFromClient && producerEpoch !== m.producerEpoch) || producerEpoch < m.producerEpoch) return bail(ErrorCode.PRODUCER_FENCED);
    if (m.pendingTransitionInProgress && !fencing) return bail(ErrorCode.CONCURRENT_TRANSACTIONS);
    const ok = (): Promise<ProducerIdAndEpochResult> => Promise.resolve({ errorCode: ErrorCode.NONE, producerId: m.producerId, producerEpoch: m.producerEpoch });
    switch (m.state) {
      case TransactionState.ONGOING: {
        const next = result === "COMMIT" ? TransactionState.PREPARE_COMMIT : TransactionState.PREPARE_ABORT;
        let isEpochFence = false;
        if (next === TransactionState.PREPARE_ABORT && fencing) {
          // TV1 never bumps in PREPARE_*: the fence's epoch becomes the epoch of the abort (and of its
          // markers) by setting it on the metadata, as 4.4.0's endTransactionWithTV1.
          isEpochFence = true;
          m.abortPendingTransition();
          m.producerEpoch = producerEpoch;
          m.lastProducerEpoch = NO_PRODUCER_EPOCH;
        }
        // Kafka writes TV1 completions with TV_0.
        return this.writePrepare(m, m.prepareAbortOrCommit(next, 0, NO_PRODUCER_ID, this.deps.nowMs(), false), isEpochFence);
      }
      case TransactionState.COMPLETE_COMMIT:
        return result === "COMMIT" ? ok() : bail(ErrorCode.INVALID_TXN_STATE);
      case TransactionState.COMPLETE_ABORT:
        return result === "ABORT" ? ok() : bail(ErrorCode.INVALID_TXN_STATE);
      case TransactionState.PREPARE_COMMIT:
        return bail(result === "COMMIT" ? ErrorCode.CONCURRENT_TRANSACTIONS : ErrorCode.INVALID_TXN_STATE);
      case TransactionState.PREPARE_ABORT:
        return bail(result === "ABORT" ? ErrorCode.CONCURRENT_TRANSACTIONS : ErrorCode.INVALID_TXN_STATE);
      case TransactionState.EMPTY:
        return bail(ErrorCode.INVALID_TXN_STATE);
      default:
        this.deps.logger.error("transactional id in a state it can never be in", { transactionalId: m.transactionalId, state: m.state });
        return bail(ErrorCode.UNKNOWN_SERVER_ERROR);
    }
  }

  private endTransactionWithTV2(m: TransactionMetadata, producerId: bigint, producerEpoch: number, result: TransactionResult, isFromClient: boolean, tv: TransactionVersion): Promise<ProducerIdAndEpochResult> {
    const fencing = m.pendingState === TransactionState.PREPARE_EPOCH_FENCE;
    const bail = (code: number): Promise<ProducerIdAndEpochResult> => this.bail(m, fencing, code);
    // Retries of an EndTxn whose answer was lost: the epoch was bumped (or the producer id rotated).
    const retryOnOverflow = !fencing && m.previousProducerId === producerId && producerEpoch === SHORT_MAX - 1 && m.producerEpoch === 0;
    const retryOnEpochBump = !fencing && m.producerEpoch === producerEpoch + 1;
    const isRetry = retryOnEpochBump || retryOnOverflow;
    let validEpoch: boolean;
    if (fencing) {
      validEpoch = (!isFromClient || producerEpoch === m.producerEpoch) && producerEpoch >= m.producerEpoch;
    } else {
      switch (m.state) {
        case TransactionState.PREPARE_COMMIT:
        case TransactionState.PREPARE_ABORT:
          validEpoch = retryOnEpochBump;
          break;
        case TransactionState.COMPLETE_COMMIT:
        case TransactionState.COMPLETE_ABORT:
          validEpoch = isRetry || producerEpoch === m.producerEpoch;
          break;
        default:
          validEpoch = producerEpoch === m.producerEpoch;
      }
    }
    // 4.4.0 checks a pending transition first under TV2 (TV1 checks it last).
    if (m.pendingTransitionInProgress && !fencing) return bail(ErrorCode.CONCURRENT_TRANSACTIONS);
    if (m.producerId !== producerId && !retryOnOverflow) return bail(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
    if (!validEpoch) return bail(ErrorCode.PRODUCER_FENCED);
    const ok = (): Promise<ProducerIdAndEpochResult> => Promise.resolve({ errorCode: ErrorCode.NONE, producerId: m.producerId, producerEpoch: m.producerEpoch });
    const invalid = (): Promise<ProducerIdAndEpochResult> => bail(ErrorCode.INVALID_TXN_STATE);
    const complete = (next: TransactionState, noPartitionAdded: boolean): Promise<ProducerIdAndEpochResult> => {
      let nextProducerId = NO_PRODUCER_ID;
      if (m.isProducerEpochExhausted) {
        try {
          nextProducerId = this.deps.generateProducerId();
        } catch (e) {
          const code = producerIdErrorCode(e);
          if (code < 0) this.deps.logger.error("producer id allocation failed", { error: String(e) });
          return bail(code < 0 ? ErrorCode.UNKNOWN_SERVER_ERROR : code);
        }
      }
      // An epoch fence makes way for the abort without touching the epoch: the TV2 abort bumps it
      // once (the fence's own bump is not applied), so the fenced transaction ends at epoch + 1.
      if (next === TransactionState.PREPARE_ABORT && fencing) m.abortPendingTransition();
      return this.writePrepare(m, m.prepareAbortOrCommit(next, tv, nextProducerId, this.deps.nowMs(), noPartitionAdded), false);
    };
    switch (m.state) {
      case TransactionState.ONGOING:
        return complete(result === "COMMIT" ? TransactionState.PREPARE_COMMIT : TransactionState.PREPARE_ABORT, false);
      case TransactionState.COMPLETE_COMMIT:
        if (result === "COMMIT") return isRetry ? ok() : invalid();
        return isRetry ? invalid() : complete(TransactionState.PREPARE_ABORT, true);
      case TransactionState.COMPLETE_ABORT:
        if (result === "ABORT") return isRetry ? ok() : complete(TransactionState.PREPARE_ABORT, true);
        return invalid();
      case TransactionState.PREPARE_COMMIT:
        return result === "COMMIT" ? bail(ErrorCode.CONCURRENT_TRANSACTIONS) : invalid();
      case TransactionState.PREPARE_ABORT:
        return result === "ABORT" ? bail(ErrorCode.CONCURRENT_TRANSACTIONS) : invalid();
      case TransactionState.EMPTY:
        return result === "ABORT" ? complete(TransactionState.PREPARE_ABORT, true) : invalid();
      default:
        this.deps.logger.error("transactional id in a state it can never be in", { transactionalId: m.transactionalId, state: m.state });
        return bail(ErrorCode.UNKNOWN_SERVER_ERROR);
    }
  }

  /** Write PREPARE_COMMIT / PREPARE_ABORT, then send the markers; answers the id's producer id and epoch. */
  private writePrepare(m: TransactionMetadata, transit: TxnTransitMetadata, isEpochFence: boolean): Promise<ProducerIdAndEpochResult> {
    return this.appendTransit(m, transit).then((code) => {
      if (code !== ErrorCode.NONE) {
        // TV1 only: the epoch set by the fence stays in memory, so the next fence must not bump again.
        if (isEpochFence) m.hasFailedEpochFence = true;
        return fail(code);
      }
      this.sendMarkers(m);
      return { errorCode: ErrorCode.NONE, producerId: m.producerId, producerEpoch: m.producerEpoch };
    });
  }

  /** Hand a PREPARE_* transaction to the marker channel; COMPLETE_* is written when every marker is. */
  private sendMarkers(m: TransactionMetadata): void {
    const result: TransactionResult = m.state === TransactionState.PREPARE_COMMIT ? "COMMIT" : "ABORT";
    // Markers carry the epoch the transaction's batches were written with: under TV2 the epoch is
    // bumped by EndTxn, and Kafka's markers carry the bumped one (the partitions accept a higher epoch).
    this.deps.markers.addTxnMarkersToSend({
      txnPartition: this.partition,
      transactionalId: m.transactionalId,
      coordinatorEpoch: this.deps.coordinatorEpoch,
      producerId: m.producerId,
      producerEpoch: m.producerEpoch,
      result,
      partitions: new Set(m.topicPartitions),
      onComplete: () => {
        if (this.unloaded) return;
        this.ctx.scheduleWrite("complete-transaction", () => void this.completeTransaction(m));
      },
    });
  }

  private completeTransaction(m: TransactionMetadata): Promise<number> {
    if (this.unloaded || this.txns.get(m.transactionalId) !== m) return Promise.resolve(ErrorCode.NOT_COORDINATOR);
    if ((m.state !== TransactionState.PREPARE_COMMIT && m.state !== TransactionState.PREPARE_ABORT) || m.pendingTransitionInProgress) {
      this.deps.logger.warn("markers written for a transaction no longer being completed", { transactionalId: m.transactionalId, state: m.state });
      return Promise.resolve(ErrorCode.INVALID_TXN_STATE);
    }
    return this.appendTransit(m, m.prepareComplete(this.deps.nowMs())).then((code) => {
      if (code === ErrorCode.COORDINATOR_NOT_AVAILABLE || code === ErrorCode.UNKNOWN_SERVER_ERROR) {
        // Kafka's tryAppendToLog retries; NOT_COORDINATOR means the next coordinator finishes it.
        const h = this.deps.schedule(() => {
          this.retries.delete(h);
          if (!this.unloaded) this.ctx.scheduleWrite("complete-transaction", () => void this.completeTransaction(m));
        }, this.deps.completeRetryMs ?? 200);
        this.retries.add(h);
      } else if (code !== ErrorCode.NONE) {
        this.deps.logger.warn("writing the completion of a transaction failed", { transactionalId: m.transactionalId, errorCode: code });
      }
      return code;
    });
  }

  // ---- timeouts and expiry ------------------------------------------------------------------------

  /** Abort ONGOING transactions past their timeout (epoch fence, then abort), as Kafka's abortTimedOutTransactions. */
  abortTimedOutTransactions(): Array<Promise<ProducerIdAndEpochResult>> {
    const now = this.deps.nowMs();
    const out: Array<Promise<ProducerIdAndEpochResult>> = [];
    for (const m of [...this.txns.values()]) {
      if (m.state !== TransactionState.ONGOING || m.pendingTransitionInProgress) continue;
      if (m.txnStartTimestamp + m.txnTimeoutMs >= now) continue;
      if (m.producerEpoch === SHORT_MAX) continue;
      this.deps.logger.info("aborting a timed-out transaction", { transactionalId: m.transactionalId, producerId: String(m.producerId), timeoutMs: m.txnTimeoutMs });
      const fence = m.prepareFenceProducerEpoch();
      out.push(this.endTransaction(m.transactionalId, fence.producerId, fence.producerEpoch, "ABORT", false, serverTransactionVersion(this.deps.transactionVersionLevel())));
    }
    return out;
  }

  /** Remove transactional ids idle past expirationMs in EMPTY / COMPLETE_* (tombstones). At most maxIds per pass. */
  expireTransactionalIds(expirationMs: number, maxIds = 10_000): Promise<number> {
    const now = this.deps.nowMs();
    const writes: Array<Promise<number>> = [];
    for (const m of this.txns.values()) {
      if (writes.length >= maxIds) break;
      if (!isExpirationAllowed(m.state) || m.pendingTransitionInProgress) continue;
      if (m.txnLastUpdateTimestamp + expirationMs > now) continue;
      writes.push(this.appendTransit(m, m.prepareDead()));
    }
    return Promise.all(writes).then((codes) => codes.filter((c) => c === ErrorCode.NONE).length);
  }
}
