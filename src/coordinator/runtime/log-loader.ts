// Reading a coordinator partition back from this node's log, for a CoordinatorLoader: every record of
// the partition from its log start to its log end, in offset order, with the producer id and epoch of
// its batch (a transactional offset commit is replayed as pending until its marker), and every
// end-transaction marker (Kafka's CoordinatorLoaderImpl: replay(offset, producerId, producerEpoch,
// record) and replayEndTransactionMarker(producerId, producerEpoch, result)).

import { readSync } from "node:fs";
import { MessageSetIterator } from "../../protocol/records/message-set.ts";
import { parseEndTxnMarker } from "../../protocol/records/control-batch.ts";
import type { Log } from "../../storage/log.ts";
import type { LoadSink, LoadSummary } from "./coordinator-loader.ts";

export type { LoadSink } from "./coordinator-loader.ts";

/** Read back in chunks of this size (a batch larger than this is still returned whole by Log.read). */
const LOAD_CHUNK_BYTES = 4 * 1024 * 1024;

/** Replays `log` from its start to its end into `sink`. Throws what the read throws. */
export function loadCoordinatorPartition(log: Log, sink: LoadSink): LoadSummary {
  let records = 0;
  let bytes = 0;
  let offset = log.logStartOffset;
  // Bounded by the log end: each pass moves `offset` past at least one batch.
  while (offset < log.logEndOffset) {
    const r = log.read(offset, LOAD_CHUNK_BYTES, "logEnd");
    if (!r.slice) break;
    const buf = new Uint8Array(r.slice.length);
    const n = readSync(r.slice.file.fd, buf, 0, buf.length, r.slice.position);
    bytes += n;
    const it = new MessageSetIterator(buf, 0, n);
    let next = offset;
    for (const batch of it) {
      const last = Number(batch.lastOffset);
      if (last < offset) continue;
      next = last + 1;
      if (batch.isControl) {
        for (const rec of batch.records()) {
          const marker = parseEndTxnMarker(rec.key, rec.value);
          if (marker) sink.endTransactionMarker(batch.producerId, batch.producerEpoch, marker.result);
        }
        continue;
      }
      for (const rec of batch.records()) {
        if (Number(rec.offset) < offset || rec.key === null) continue;
        sink.record(Number(rec.offset), batch.producerId, batch.producerEpoch, rec.key, rec.value);
        records++;
      }
    }
    if (next === offset) break;
    offset = next;
  }
  return { records, bytes };
}
