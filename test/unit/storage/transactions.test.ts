// Transactions in the storage layer: the producer state's open and completed transactions, the first
// unstable / last stable offset, the .txnindex an abort writes (Kafka's 34-byte AbortedTxn entries),
// and what survives a clean stop (snapshot), a crash (recovery rebuilds the index) and a truncation.
import { afterEach, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildEndTxnMarkerBatch, type TransactionResult } from "../../../src/protocol/records/control-batch.ts";
import { buildRecordBatch } from "../../../src/protocol/records/builder.ts";
import type { Log } from "../../../src/storage/log.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import { loadLog } from "../../../src/storage/recovery.ts";
import { decodeAbortedTxn, encodeAbortedTxn, ABORTED_TXN_SIZE } from "../../../src/storage/transaction-index.ts";
import { tempDir } from "./helpers.ts";

const NOW = 1_700_000_000_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
}, 120_000);

function open(dir: string, clean = true, recoveryPoint = 0, hw = 0): Log {
  const log = loadLog(dir, { topic: "t", partition: 0 }, makeLogConfig({}), { recoveryPoint, logStartOffset: 0, highWatermark: hw, cleanShutdown: clean, nowMs: NOW });
  cleanups.push(() => log.closeNow());
  return log;
}

function freshDir(): string {
  const d = tempDir("strand-txn-");
  cleanups.push(d.cleanup);
  return d.path;
}

function data(log: Log, producerId: bigint, opts: { epoch?: number; seq?: number; txn?: boolean; n?: number } = {}): number {
  const n = opts.n ?? 1;
  const batch = buildRecordBatch({
    records: Array.from({ length: n }, (_, i) => ({ value: new TextEncoder().encode(`v${i}`), timestamp: NOW })),
    producerId,
    producerEpoch: opts.epoch ?? 0,
    baseSequence: opts.seq ?? 0,
    isTransactional: opts.txn ?? true,
  });
  return log.append(batch, { nowMs: NOW }).firstOffset;
}

function marker(log: Log, producerId: bigint, result: TransactionResult, epoch = 0, coordinatorEpoch = 0): number {
  return log.append(buildEndTxnMarkerBatch({ producerId, producerEpoch: epoch, coordinatorEpoch, result, timestampMs: NOW }), { nowMs: NOW }).firstOffset;
}

const toEnd = (log: Log): void => log.setHighWatermark(log.logEndOffset);

test("an open transaction holds the last stable offset at its first record; its marker releases it once below the HW", () => {
  const log = open(freshDir());
  data(log, -1n, { txn: false }); // offset 0, plain
  const first = data(log, 7n, { n: 3 }); // 1-3
  data(log, 7n, { seq: 3 }); // 4
  toEnd(log);
  expect(log.firstUnstableOffset).toBe(first);
  expect(log.lastStableOffset).toBe(1);
  expect(log.producers.get(7n)!.currentTxnFirstOffset).toBe(1);
  const m = marker(log, 7n, "COMMIT", 0, 3);
  expect(m).toBe(5);
  // Decided, but the marker is not below the HW yet: still unstable (Kafka's unreplicatedTxns).
  expect(log.firstUnstableOffset).toBe(1);
  toEnd(log);
  expect(log.firstUnstableOffset).toBeNull();
  expect(log.lastStableOffset).toBe(6);
  expect(log.producers.get(7n)!.currentTxnFirstOffset).toBe(-1);
  expect(log.producers.get(7n)!.coordinatorEpoch).toBe(3);
  // A commit writes no .txnindex entry.
  expect(log.collectAbortedTransactions(0, log.logEndOffset)).toEqual([]);
});

test("an abort writes Kafka's AbortedTxn entry with the LSO after completion; collectAbortedTransactions finds it", () => {
  const dir = freshDir();
  const log = open(dir);
  const a = data(log, 1n); // 0: producer 1 opens
  const b = data(log, 2n); // 1: producer 2 opens
  data(log, 1n, { seq: 1 }); // 2
  const abortAt = marker(log, 1n, "ABORT"); // 3: producer 2 still open, so the LSO after it is 1
  toEnd(log);
  expect(log.firstUnstableOffset).toBe(b);
  const abort2 = marker(log, 2n, "ABORT"); // 4: nothing else open: LSO = 5
  toEnd(log);
  const all = log.collectAbortedTransactions(0, log.logEndOffset);
  expect(all).toEqual([
    { producerId: 1n, firstOffset: a, lastOffset: abortAt, lastStableOffset: 1 },
    { producerId: 2n, firstOffset: b, lastOffset: abort2, lastStableOffset: 5 },
  ]);
  // Overlap rule (Kafka's collectAbortedTxns): lastOffset >= fetch offset and firstOffset < upper bound.
  expect(log.collectAbortedTransactions(4, 5).map((t) => t.producerId)).toEqual([2n]);
  expect(log.collectAbortedTransactions(0, 1).map((t) => t.producerId)).toEqual([1n]);
  // The file: two 34-byte entries, version 0, big-endian fields, as Kafka's AbortedTxn.
  const bytes = new Uint8Array(readFileSync(join(dir, "00000000000000000000.txnindex")));
  expect(bytes.length).toBe(2 * ABORTED_TXN_SIZE);
  const expected = new Uint8Array(34);
  const v = new DataView(expected.buffer);
  v.setInt16(0, 0);
  v.setBigInt64(2, 1n);
  v.setBigInt64(10, BigInt(a));
  v.setBigInt64(18, BigInt(abortAt));
  v.setBigInt64(26, 1n);
  expect([...bytes.subarray(0, 34)]).toEqual([...expected]);
  expect(decodeAbortedTxn(bytes, 34, "x")).toEqual(all[1]!);
  expect([...encodeAbortedTxn(all[1]!)]).toEqual([...bytes.subarray(34)]);
});

test("the index search stops at the segment whose entry's LSO reaches the upper bound", () => {
  const log = open(freshDir());
  data(log, 1n); // 0
  marker(log, 1n, "ABORT"); // 1, lso 2
  log.roll();
  data(log, 1n, { seq: 1 }); // 2
  marker(log, 1n, "ABORT"); // 3, lso 4
  toEnd(log);
  expect(log.segments.length).toBe(2);
  expect(log.collectAbortedTransactions(0, 2).map((t) => t.lastOffset)).toEqual([1]);
  expect(log.collectAbortedTransactions(0, 4).map((t) => t.lastOffset)).toEqual([1, 3]);
  expect(log.collectAbortedTransactions(2, 4).map((t) => t.lastOffset)).toEqual([3]);
});

test("a marker with a new epoch (Transactions V2) forgets the remembered batches, keeps the coordinator epoch", () => {
  const log = open(freshDir());
  data(log, 5n, { epoch: 3, seq: 0, n: 2 });
  marker(log, 5n, "COMMIT", 4, 9);
  const s = log.producers.get(5n)!;
  expect(s.epoch).toBe(4);
  expect(s.lastBatches).toEqual([]);
  expect(s.coordinatorEpoch).toBe(9);
  expect(s.currentTxnFirstOffset).toBe(-1);
});

test("an open transaction survives a clean stop (snapshot's currentTxnFirstOffset) and completes after it", async () => {
  const dir = freshDir();
  let log = open(dir);
  data(log, -1n, { txn: false });
  data(log, 11n, { n: 2 }); // 1-2
  toEnd(log);
  await log.close();
  log = open(dir, true, 3, 3);
  expect(log.producers.get(11n)!.currentTxnFirstOffset).toBe(1);
  expect(log.firstUnstableOffset).toBe(1);
  expect(log.lastStableOffset).toBe(1);
  marker(log, 11n, "ABORT");
  toEnd(log);
  expect(log.firstUnstableOffset).toBeNull();
  expect(log.collectAbortedTransactions(0, 4)).toEqual([{ producerId: 11n, firstOffset: 1, lastOffset: 3, lastStableOffset: 4 }]);
});

test("after a crash, recovery rebuilds every re-read segment's .txnindex and the open transactions", () => {
  const dir = freshDir();
  const log = open(dir);
  data(log, 1n); // 0
  data(log, 2n); // 1
  marker(log, 1n, "ABORT"); // 2, lso 1
  log.roll();
  data(log, 3n); // 3 (the second segment starts here), stays open
  marker(log, 2n, "ABORT"); // 4: lso = 3, producer 3's first offset
  data(log, 4n); // 5, stays open
  toEnd(log);
  const before = log.collectAbortedTransactions(0, log.logEndOffset);
  expect(before).toEqual([
    { producerId: 1n, firstOffset: 0, lastOffset: 2, lastStableOffset: 1 },
    { producerId: 2n, firstOffset: 1, lastOffset: 4, lastStableOffset: 3 },
  ]);
  const fuoBefore = log.firstUnstableOffset;
  log.closeNow(); // no snapshot at the end, no clean marker
  // Damage both indexes: recovery must rebuild them from the data.
  writeFileSync(join(dir, "00000000000000000000.txnindex"), new Uint8Array(0));
  writeFileSync(join(dir, "00000000000000000003.txnindex"), new Uint8Array(7));
  const again = open(dir, false, 0, 0);
  toEnd(again);
  expect(again.collectAbortedTransactions(0, again.logEndOffset)).toEqual(before);
  expect(again.firstUnstableOffset).toBe(fuoBefore);
  expect(fuoBefore).toBe(3);
  expect(again.producers.get(3n)!.currentTxnFirstOffset).toBe(3);
  expect(again.producers.get(4n)!.currentTxnFirstOffset).toBe(5);
});

test("truncation drops the index entries at or above the new end and reopens the transactions they ended", () => {
  const log = open(freshDir());
  data(log, 1n); // 0
  const m = marker(log, 1n, "ABORT"); // 1
  data(log, 2n); // 2
  toEnd(log);
  expect(log.collectAbortedTransactions(0, 3).length).toBe(1);
  log.truncateTo(m);
  expect(log.logEndOffset).toBe(1);
  expect(log.collectAbortedTransactions(0, 3)).toEqual([]);
  expect(log.producers.get(1n)!.currentTxnFirstOffset).toBe(0);
  expect(log.firstUnstableOffset).toBe(0);
  expect(log.producers.get(2n)).toBeUndefined();
});

test("a segment's deletion takes its .txnindex along (renamed .deleted first)", () => {
  const dir = freshDir();
  const log = open(dir);
  data(log, 1n);
  marker(log, 1n, "ABORT");
  log.roll();
  data(log, -1n, { txn: false });
  toEnd(log);
  const first = log.segments[0]!;
  log.deleteSegments([first]);
  expect(existsSync(join(dir, "00000000000000000000.txnindex"))).toBe(false);
  expect(existsSync(join(dir, "00000000000000000000.txnindex.deleted"))).toBe(true);
  expect(log.collectAbortedTransactions(log.logStartOffset, log.logEndOffset)).toEqual([]);
});

test("the first unstable offset is never below the log start", () => {
  const log = open(freshDir());
  data(log, -1n, { txn: false }); // 0
  data(log, 1n); // 1 open
  data(log, -1n, { txn: false }); // 2
  toEnd(log);
  expect(log.firstUnstableOffset).toBe(1);
  log.setLogStartOffset(2);
  expect(log.firstUnstableOffset).toBe(2);
});
