// The records of one partition's Fetch answer, as Kafka's consumer (CompletedFetch) hands them out:
// whole batches split, records below the fetch offset skipped (a batch may start before it), control
// batches hidden, and under read_committed the batches of aborted transactions dropped: a producer's
// transactional batches are skipped from its aborted transaction's first offset until its ABORT marker.
import { MessageSetIterator } from "../../protocol/records/message-set.ts";
import { ControlRecordType, parseControlType } from "../../protocol/records/control-batch.ts";
import type { RecordHeader } from "../../protocol/records/record.ts";

export interface ConsumedRecord {
  partition: number;
  offset: bigint;
  timestamp: bigint;
  timestampType: "CreateTime" | "LogAppendTime";
  key: Uint8Array | null;
  value: Uint8Array | null;
  headers: readonly RecordHeader[];
}

export interface FetchedPartition {
  records: ConsumedRecord[];
  /** Where the next fetch starts: past the last batch seen, control and aborted batches included. */
  nextOffset: bigint;
}

export function fetchedRecords(
  partition: number,
  bytes: Uint8Array | null,
  fetchOffset: bigint,
  aborted: readonly { producerId: bigint; firstOffset: bigint }[] | null,
): FetchedPartition {
  const records: ConsumedRecord[] = [];
  let nextOffset = fetchOffset;
  if (!bytes || bytes.length === 0) return { records, nextOffset };
  const pendingAborts = [...(aborted ?? [])].sort((a, b) => (a.firstOffset < b.firstOffset ? -1 : a.firstOffset > b.firstOffset ? 1 : 0));
  const abortedProducers = new Set<bigint>();
  // Bounded by the answer's bytes: the iterator stops at a partial last batch.
  for (const batch of new MessageSetIterator(bytes)) {
    if (batch.magic !== 2) throw new Error(`partition ${partition}: a batch of magic ${batch.magic} at offset ${batch.baseOffset} (only magic 2 is read)`);
    const err = batch.validate({ strictRecordCount: false });
    if (err) throw new Error(`partition ${partition}: corrupt batch at offset ${batch.baseOffset}: ${err.message}`);
    if (batch.lastOffset < fetchOffset) continue;
    nextOffset = batch.lastOffset + 1n;
    while (pendingAborts.length > 0 && pendingAborts[0]!.firstOffset <= batch.lastOffset) abortedProducers.add(pendingAborts.shift()!.producerId);
    if (batch.isControl) {
      if (batch.isTransactional && abortedProducers.has(batch.producerId)) {
        for (const r of batch.records()) if (parseControlType(r.key) === ControlRecordType.ABORT) abortedProducers.delete(batch.producerId);
      }
      continue;
    }
    if (batch.isTransactional && abortedProducers.has(batch.producerId)) continue;
    const logAppend = batch.isLogAppendTime;
    for (const r of batch.records()) {
      if (r.offset < fetchOffset) continue;
      records.push({ partition, offset: r.offset, timestamp: r.timestamp, timestampType: logAppend ? "LogAppendTime" : "CreateTime", key: r.key, value: r.value, headers: r.headers });
    }
  }
  return { records, nextOffset };
}
