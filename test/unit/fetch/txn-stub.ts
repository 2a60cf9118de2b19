// Transactions on a Log without the transaction data path: until the log part replaces the Log stubs
// (firstUnstableOffset null, no aborted transactions), the read side is tested against a Log whose
// firstUnstableOffset and collectAbortedTransactions are overridden on the instance (the getters and
// methods of the prototype stay untouched). collectAbortedTransactions filters as Kafka's
// TransactionIndex.collectAbortedTxns does: lastOffset >= start and firstOffset < upper bound.
import type { AbortedTxnInfo } from "../../../src/storage/log-types.ts";
import type { Log } from "../../../src/storage/log.ts";

export interface TxnStub {
  /** The first unstable offset the log reports (null: no open transaction). */
  firstUnstableOffset: number | null;
  /** Aborted transactions of the log, oldest first. */
  aborted: AbortedTxnInfo[];
  /** Every collectAbortedTransactions call: [startOffset, upperBoundOffset]. */
  calls: Array<[number, number]>;
}

export function stubTransactions(log: Log, init: Partial<Pick<TxnStub, "firstUnstableOffset" | "aborted">> = {}): TxnStub {
  const stub: TxnStub = { firstUnstableOffset: init.firstUnstableOffset ?? null, aborted: init.aborted ?? [], calls: [] };
  Object.defineProperty(log, "firstUnstableOffset", { configurable: true, get: () => stub.firstUnstableOffset });
  Object.defineProperty(log, "collectAbortedTransactions", {
    configurable: true,
    value: (startOffset: number, upperBoundOffset: number): AbortedTxnInfo[] => {
      stub.calls.push([startOffset, upperBoundOffset]);
      return stub.aborted.filter((a) => a.lastOffset >= startOffset && a.firstOffset < upperBoundOffset);
    },
  });
  return stub;
}

export function aborted(producerId: bigint, firstOffset: number, lastOffset: number, lastStableOffset = lastOffset + 1): AbortedTxnInfo {
  return { producerId, firstOffset, lastOffset, lastStableOffset };
}
