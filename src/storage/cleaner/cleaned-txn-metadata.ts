// Kafka's CleanedTransactionMetadata: the transaction state the cleaner carries through the batches it
// reads, in offset order. Aborted transactions (from the segments' .txnindex) become "ongoing aborted"
// once the cleaner reaches their first offset; their batches can be discarded, and their ABORT marker
// is kept (and its entry written to the cleaned segment's .txnindex) while any of their batches was
// seen in this pass, else it may go. A COMMIT marker may go when no batch of its transaction was seen.
import type { AbortedTxnInfo } from "../log-types.ts";
import { ControlRecordType } from "../../protocol/records/control-batch.ts";

export interface TxnBatchInfo {
  producerId: bigint;
  lastOffset: number;
  isTransactional: boolean;
}

export class CleanedTransactionMetadata {
  private readonly ongoingCommittedTxns = new Set<bigint>();
  private readonly ongoingAbortedTxns = new Map<bigint, { txn: AbortedTxnInfo; lastObservedBatchOffset: number }>();
  /** Aborted transactions not reached yet, sorted by first offset (Kafka's min-heap). */
  private pending: AbortedTxnInfo[] = [];
  private pendingStart = 0;
  /** Where a kept ABORT marker's entry goes (the cleaned segment's .txnindex). */
  cleanedIndex: ((t: AbortedTxnInfo) => void) | null = null;

  addAbortedTransactions(txns: readonly AbortedTxnInfo[]): void {
    if (txns.length === 0) return;
    const rest = this.pending.slice(this.pendingStart);
    rest.push(...txns);
    rest.sort((a, b) => a.firstOffset - b.firstOffset);
    this.pending = rest;
    this.pendingStart = 0;
  }

  private consumeAbortedTxnsUpTo(offset: number): void {
    // Bounded by the pending entries.
    while (this.pendingStart < this.pending.length && this.pending[this.pendingStart]!.firstOffset <= offset) {
      const t = this.pending[this.pendingStart++]!;
      if (!this.ongoingAbortedTxns.has(t.producerId)) this.ongoingAbortedTxns.set(t.producerId, { txn: t, lastObservedBatchOffset: -1 });
    }
  }

  /**
   * A control batch was read; true when it may be discarded. `controlType` is its first record's type
   * (ControlRecordType), or null for an empty control batch (already cleaned: it may go).
   */
  onControlBatchRead(b: TxnBatchInfo, controlType: number | null): boolean {
    this.consumeAbortedTxnsUpTo(b.lastOffset);
    if (controlType === null) return true;
    if (controlType === ControlRecordType.ABORT) {
      const m = this.ongoingAbortedTxns.get(b.producerId);
      this.ongoingAbortedTxns.delete(b.producerId);
      // Kept until every batch of the transaction is gone.
      if (m && m.lastObservedBatchOffset >= 0) {
        this.cleanedIndex?.(m.txn);
        return false;
      }
      return true;
    }
    if (controlType === ControlRecordType.COMMIT) return !this.ongoingCommittedTxns.delete(b.producerId);
    return false;
  }

  /** A data batch was read; true when it belongs to an aborted transaction (it may be discarded). */
  onBatchRead(b: TxnBatchInfo): boolean {
    this.consumeAbortedTxnsUpTo(b.lastOffset);
    if (!b.isTransactional) return false;
    const m = this.ongoingAbortedTxns.get(b.producerId);
    if (m) {
      m.lastObservedBatchOffset = b.lastOffset;
      return true;
    }
    this.ongoingCommittedTxns.add(b.producerId);
    return false;
  }
}
