// The console's message browser: reads one partition through the Fetch handler's own path
// (ReplicaManager.fetchMessages, a consumer's read_uncommitted fetch up to the high watermark, with
// max_wait 0) and decodes the records of the batches it returns. Bounded three ways: records returned
// (`limit`, at most MAX_LIMIT); bytes read from the log (`maxBytes`, at most MAX_FETCH_BYTES, over the
// whole read; a first batch larger than that is still read whole, as a fetch returns it); and bytes of
// each key / value / header shown (MAX_SHOWN_BYTES, the rest reported as truncated). A start by
// timestamp is ListOffsets' search (the first record at or after it). Bytes that are not UTF-8 are
// shown as hex; the page escapes everything it displays.
//
// Left out: read_committed (aborted records are shown, as a read_uncommitted consumer sees them), and
// partitions whose leader is another broker (answered 409 naming the leader).

import { readSync } from "node:fs";
import { codecForId, MessageSetIterator, type Record } from "../../../protocol/records/index.ts";
import type { Records } from "../../../protocol/primitives/records-ref.ts";
import { errorName } from "../../../protocol/errors.ts";
import type { RecordsDecompressor } from "../../../storage/timestamp-lookup.ts";
import type { BrokerServices } from "../../services.ts";
import { localLog, topicOrThrow } from "./cluster-view.ts";
import { ConsoleError } from "./http.ts";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
export const DEFAULT_FETCH_BYTES = 1024 * 1024;
export const MAX_FETCH_BYTES = 8 * 1024 * 1024;
/** Bytes of one key, value or header value put in the answer; the rest is cut and flagged. */
export const MAX_SHOWN_BYTES = 16 * 1024;
/** Bound on one compressed batch's decompressed records (as ListOffsets' timestamp search). */
const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
const decompress: RecordsDecompressor = (codec, bytes) => codecForId(codec)?.decompress(bytes, MAX_UNCOMPRESSED_BYTES) ?? null;

/** Bytes for display: UTF-8 text when they decode as such, else hex; null for a null key/value. */
export interface ShownBytes {
  size: number;
  encoding: "utf8" | "hex";
  data: string;
  truncated: boolean;
}

export interface BrowsedMessage {
  offset: bigint;
  timestamp: bigint;
  timestampType: "CreateTime" | "LogAppendTime";
  key: ShownBytes | null;
  value: ShownBytes | null;
  headers: Array<{ key: string; value: ShownBytes | null }>;
  /** Record batch attributes worth showing. */
  compression: string;
  transactional: boolean;
}

export interface BrowseResult {
  topic: string;
  partition: number;
  /** Where the read started (the request clamped into [log start, high watermark]). */
  startOffset: bigint;
  logStartOffset: number;
  highWatermark: number;
  /** The offset to ask for next (one past the last message shown), or startOffset when nothing was read. */
  nextOffset: bigint;
  messages: BrowsedMessage[];
}

export type BrowseFrom = { kind: "offset"; offset: bigint } | { kind: "timestamp"; timestampMs: number } | { kind: "latest" };

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function showBytes(b: Uint8Array | null): ShownBytes | null {
  if (b === null) return null;
  const cut = b.length > MAX_SHOWN_BYTES ? b.subarray(0, MAX_SHOWN_BYTES) : b;
  try {
    // Cut on a character boundary: back off over at most 3 continuation bytes (10xxxxxx) of the next character.
    let end = cut.length;
    for (let i = 0; i < 3 && end < b.length && end > 0 && (b[end]! & 0xc0) === 0x80; i++) end--;
    const text = utf8.decode(cut.subarray(0, end));
    return { size: b.length, encoding: "utf8", data: text, truncated: cut.length < b.length };
  } catch {
    return { size: b.length, encoding: "hex", data: Buffer.from(cut).toString("hex"), truncated: cut.length < b.length };
  }
}

/** The read's bytes in memory: log segment slices are copied out (bounded by maxBytes). */
function bytesOf(r: Records): Uint8Array {
  if (r instanceof Uint8Array) return r;
  if (r.kind === "sliced") return Buffer.concat(r.slices);
  const out = new Uint8Array(r.length);
  let at = 0;
  for (const s of r.slices) {
    if (!s.file.retain()) break; // the segment was deleted meanwhile: show what was read before it
    try {
      let done = 0;
      // Bounded: each pass reads > 0 bytes or stops.
      while (done < s.length) {
        const n = readSync(s.file.fd, out, at + done, s.length - done, s.position + done);
        if (n <= 0) break;
        done += n;
      }
      at += done;
      if (done < s.length) break;
    } finally {
      s.file.release();
    }
  }
  return out.subarray(0, at);
}

function startOffsetOf(services: BrokerServices, topic: string, partition: number, from: BrowseFrom, limit: number, l: { logStartOffset: number; highWatermark: number }): number {
  if (from.kind === "latest") return Math.max(l.logStartOffset, l.highWatermark - limit);
  if (from.kind === "offset") return from.offset > BigInt(l.highWatermark) ? l.highWatermark : Math.max(l.logStartOffset, Number(from.offset));
  const found = services.metadata.partitionLog(topic, partition)?.offsetForTimestamp(from.timestampMs, decompress) ?? null;
  return found === null || found.offset >= l.highWatermark ? l.highWatermark : Math.max(l.logStartOffset, found.offset);
}

export async function browse(services: BrokerServices, topic: string, partition: number, from: BrowseFrom, limit: number, maxBytes: number): Promise<BrowseResult> {
  const t = topicOrThrow(services.metadata.image, topic);
  const p = t.partitions[partition];
  if (!p) throw new ConsoleError(404, `topic ${JSON.stringify(topic)} has no partition ${partition} (it has ${t.partitions.length})`);
  const l = localLog(services, topic, partition);
  if (l === null || p.leader !== services.nodeId) throw new ConsoleError(409, `partition ${topic}-${partition} is led by broker ${p.leader}: browse it from that broker's console`);
  const start = startOffsetOf(services, topic, partition, from, limit, l);
  const result: BrowseResult = { topic, partition, startOffset: BigInt(start), logStartOffset: l.logStartOffset, highWatermark: l.highWatermark, nextOffset: BigInt(start), messages: [] };
  let next = BigInt(start);
  // Bounded: `maxBytes` is over all rounds together (a round past the budget stops), and each round
  // moves past at least one batch or stops; at most `limit` records are kept.
  let budget = maxBytes;
  for (let round = 0; round < limit && budget > 0 && result.messages.length < limit && next < BigInt(l.highWatermark); round++) {
    const key = `${topic}\u0000${partition}`;
    const fetched = await services.replicaManager.fetchMessages({
      partitions: [{ key, topic, partition, fetchOffset: next, maxBytes: budget, currentLeaderEpoch: -1, unknownTopicId: false }],
      maxBytes: budget,
      minBytes: 0,
      maxWaitMs: 0,
      isolation: "highWatermark",
      replicaId: -1,
    });
    const r = fetched.results.get(key);
    if (!r) break;
    if (r.errorCode !== 0) throw new ConsoleError(409, `reading ${topic}-${partition} at ${next}: ${errorName(r.errorCode)}`);
    if (r.sizeBytes === 0) break;
    budget -= r.sizeBytes;
    const before = next;
    next = decodeInto(bytesOf(r.records), next, limit, result.messages);
    if (next === before) break;
  }
  result.nextOffset = next;
  return result;
}

/** Appends the records at or after `from` (up to `limit` in all) and returns the offset after the last batch read. */
function decodeInto(buf: Uint8Array, from: bigint, limit: number, out: BrowsedMessage[]): bigint {
  let next = from;
  for (const batch of new MessageSetIterator(buf)) {
    if (batch.magic !== 2) throw new ConsoleError(422, `batch at offset ${batch.baseOffset} has magic ${batch.magic}: only v2 record batches are shown`);
    if (batch.isControl) {
      next = batch.lastOffset + 1n;
      continue;
    }
    let records: Iterable<Record>;
    try {
      records = batch.records({ maxUncompressedBytes: MAX_UNCOMPRESSED_BYTES });
    } catch (e) {
      throw new ConsoleError(422, `batch at offset ${batch.baseOffset} cannot be decoded: ${e instanceof Error ? e.message : String(e)}`);
    }
    const compression = ["none", "gzip", "snappy", "lz4", "zstd"][batch.compression] ?? `codec ${batch.compression}`;
    for (const rec of records) {
      if (rec.offset < from) continue;
      if (out.length >= limit) return rec.offset;
      out.push({
        offset: rec.offset,
        timestamp: rec.timestamp,
        timestampType: batch.isLogAppendTime ? "LogAppendTime" : "CreateTime",
        key: showBytes(rec.key),
        value: showBytes(rec.value),
        headers: rec.headers.map((h) => ({ key: showBytes(h.key)!.data, value: showBytes(h.value) })),
        compression,
        transactional: batch.isTransactional,
      });
      next = rec.offset + 1n;
    }
    // Compacted batches may end with removed records: continue after the batch's last offset.
    if (out.length < limit && batch.lastOffset + 1n > next) next = batch.lastOffset + 1n;
  }
  return next;
}
