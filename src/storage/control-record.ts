// The end-transaction marker of a control batch, read from the batch's bytes for the producer state
// (Kafka's ProducerAppendInfo.append: the first record of a control batch is an EndTransactionMarker;
// an empty control batch, left by compaction, completes nothing). Control batches are written
// uncompressed (Kafka's LogValidator keeps them so); a compressed one is decompressed first.
import { BASE_OFFSET_OFFSET, BASE_TIMESTAMP_OFFSET, COMPRESSION_CODEC_MASK, RECORDS_OFFSET } from "../protocol/records/batch-header.ts";
import { parseEndTxnMarker, type EndTxnMarkerInfo } from "../protocol/records/control-batch.ts";
import { RecordIterator } from "../protocol/records/record.ts";
import type { BatchHeader } from "./batch.ts";
import { InvalidBatchError } from "./errors.ts";
import { builtinDecompressor, type RecordsDecompressor } from "./timestamp-lookup.ts";

/**
 * The marker of the control batch at buf[pos..pos + h.sizeBytes), or null when the batch holds no
 * record. Throws InvalidBatchError for a control record that is not an end-transaction marker (a
 * partition's log holds no other control type) or cannot be decoded.
 */
export function endTxnMarkerOf(buf: Uint8Array, pos: number, h: BatchHeader, decompress: RecordsDecompressor = builtinDecompressor): EndTxnMarkerInfo | null {
  if (h.recordCount === 0) return null;
  const view = new DataView(buf.buffer, buf.byteOffset + pos, h.sizeBytes);
  const codec = h.attributes & COMPRESSION_CODEC_MASK;
  let records = buf.subarray(pos + RECORDS_OFFSET, pos + h.sizeBytes);
  if (codec !== 0) {
    const out = decompress(codec, records);
    if (!out) throw new InvalidBatchError(pos, `control batch compressed with codec ${codec}, which the producer state cannot read`);
    records = out;
  }
  try {
    const it = new RecordIterator(records, 0, records.length, h.recordCount, view.getBigInt64(BASE_OFFSET_OFFSET), view.getBigInt64(BASE_TIMESTAMP_OFFSET), pos);
    const first = it.next();
    if (first.done) return null;
    const marker = parseEndTxnMarker(first.value.key, first.value.value);
    if (!marker) throw new InvalidBatchError(pos, "control record is not an end-transaction marker");
    return marker;
  } catch (e) {
    if (e instanceof InvalidBatchError) throw e;
    throw new InvalidBatchError(pos, `invalid control record: ${(e as Error).message}`);
  }
}
