// `strand log dump` of a `.log` segment or a KRaft `.checkpoint` snapshot: Kafka's
// DumpLogSegments.dumpLog, line for line. One line per batch ("baseOffset: ... isvalid: true"); with
// --deep-iteration one "| offset: ..." line per record; with --print-data-log also its key and payload
// as UTF-8 (Kafka's StringDecoder). Control records print their end-transaction marker or KRaft type.
//
// Left out: legacy (magic 0/1) message sets print their shallow line only, without their records
// (Strand never writes them); Kafka's custom decoder classes and the JSON decoders of the internal
// topics (--offsets-decoder, --transaction-log-decoder, --cluster-metadata-decoder).
import { basename } from "node:path";
import { BATCH_HEADER_SIZE, CONTROL_FLAG_MASK, CURRENT_MAGIC, DELETE_HORIZON_FLAG_MASK, NO_SEQUENCE } from "../../protocol/records/batch-header.ts";
import type { RecordBatchView } from "../../protocol/records/batch-view.ts";
import { compressionName } from "../../protocol/records/compression/registry.ts";
import type { Record } from "../../protocol/records/record.ts";
import { controlRecordText } from "./control-records.ts";
import { fileBatches, fileSize } from "./file-batches.ts";

export interface DumpSink {
  out(line: string): void;
  err(line: string): void;
}

export interface SegmentDumpOptions {
  printDataLog: boolean;
  deepIteration: boolean;
  skipRecordMetadata: boolean;
  /** Kafka's --max-bytes: only batches wholly inside the first maxBytes are read (default 2^31 - 1). */
  maxBytes: number;
}

export const INT32_MAX = 2147483647;
// Keeps a leading BOM, as Java's new String(bytes, UTF_8) does.
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** Non-consecutive offsets per file (absolute path): previous offset -> the offset that followed it. */
export type OffsetPairs = Map<string, Map<bigint, bigint>>;

/** Kafka's DefaultRecordBatch.incrementSequence: sequences wrap at Integer.MAX_VALUE to 0. */
export function incrementSequence(sequence: number, increment: number): number {
  if (sequence > INT32_MAX - increment) return increment - (INT32_MAX - sequence) - 1;
  return sequence + increment;
}

function optionalLong(v: bigint | null): string {
  return v === null ? "OptionalLong.empty" : `OptionalLong[${v}]`;
}

function timestampTypeName(b: RecordBatchView): string {
  return b.isLogAppendTime ? "LogAppendTime" : "CreateTime";
}

function isValidV2(b: RecordBatchView): boolean {
  return b.sizeInBytes >= BATCH_HEADER_SIZE && b.crc === b.computeCrc();
}

/** The batch line of a magic-2 batch (printBatchLevel). */
export function batchLine(b: RecordBatchView, position: number): string {
  const baseSequence = b.baseSequence;
  const lastSequence = baseSequence === NO_SEQUENCE ? NO_SEQUENCE : incrementSequence(baseSequence, b.lastOffsetDelta);
  const deleteHorizon = (b.attributes & DELETE_HORIZON_FLAG_MASK) !== 0 ? b.baseTimestamp : null;
  return (
    `baseOffset: ${b.baseOffset} lastOffset: ${b.lastOffset} count: ${b.recordCount} baseSequence: ${baseSequence} ` +
    `lastSequence: ${lastSequence} producerId: ${b.producerId} producerEpoch: ${b.producerEpoch} ` +
    `partitionLeaderEpoch: ${b.partitionLeaderEpoch} isTransactional: ${b.isTransactional} isControl: ${b.isControl} ` +
    `deleteHorizonMs: ${optionalLong(deleteHorizon)} position: ${position} ${timestampTypeName(b)}: ${b.maxTimestamp} ` +
    `size: ${b.sizeInBytes} magic: ${b.magic} compresscodec: ${compressionName(b.compression)} crc: ${b.crc} isvalid: ${isValidV2(b)}`
  );
}

/** The shallow line of a legacy (magic 0/1) message: offset, CRC32 over magic..end. */
export function legacyBatchLine(b: RecordBatchView, position: number): string {
  const bytes = b.buf;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = dv.getBigInt64(0);
  const size = dv.getInt32(8) + 12;
  const crc = dv.getUint32(12);
  const magic = dv.getInt8(16);
  const attributes = dv.getInt8(17);
  const type = magic === 0 ? "NoTimestampType" : (attributes & 0x08) !== 0 ? "LogAppendTime" : "CreateTime";
  const timestamp = magic === 0 || bytes.length < 26 ? -1n : dv.getBigInt64(18);
  const valid = size - 12 >= 14 && crc === Bun.hash.crc32(bytes.subarray(16, size)) >>> 0;
  return `offset: ${offset} position: ${position} ${type}: ${timestamp} size: ${size} magic: ${magic} compresscodec: ${compressionName(attributes & 0x07)} crc: ${crc} isvalid: ${valid}`;
}

function recordLine(b: RecordBatchView, r: Record, opts: SegmentDumpOptions): string {
  let line = "";
  let prefix = "| ";
  const control = (b.attributes & CONTROL_FLAG_MASK) !== 0;
  if (!opts.skipRecordMetadata) {
    const sequence = b.baseSequence >= 0 ? incrementSequence(b.baseSequence, r.offsetDelta) : NO_SEQUENCE;
    const headerKeys = r.headers.map((h) => utf8.decode(h.key)).join(",");
    line += `${prefix}offset: ${r.offset} ${timestampTypeName(b)}: ${r.timestamp} keySize: ${r.key?.length ?? -1} valueSize: ${r.value?.length ?? -1}`;
    line += ` sequence: ${sequence} headerKeys: [${headerKeys}]`;
    prefix = " ";
    if (control) line += ` ${controlRecordText(r)}`;
  }
  if (opts.printDataLog && !control) {
    if (r.key !== null) {
      line += `${prefix}key: ${utf8.decode(r.key)}`;
      prefix = " ";
    }
    // Kafka 4.4.0 prints the payload after the same prefix as the key ("| payload: ..." without metadata).
    if (r.value !== null) line += `${prefix}payload: ${utf8.decode(r.value)}`;
  }
  return line;
}

/** The first line of a dump: where the file starts (DumpLogSegments.dumpLog). */
export function segmentHeading(path: string): string | null {
  const name = basename(path);
  if (name.endsWith(".log")) return `Log starting offset: ${BigInt(name.split(".")[0]!)}`;
  if (name === "bootstrap.checkpoint") return "KRaft bootstrap snapshot";
  const m = /^(\d{20})-(\d{10})\.checkpoint$/.exec(name);
  if (!m) throw new Error(`${path}: not a snapshot file name (<20-digit end offset>-<10-digit epoch>.checkpoint)`);
  return `Snapshot end offset: ${BigInt(m[1]!)}, epoch: ${Number(m[2])}`;
}

export function dumpSegment(path: string, absolutePath: string, opts: SegmentDumpOptions, sink: DumpSink, nonConsecutive: OffsetPairs): void {
  const heading = segmentHeading(path);
  if (heading) sink.out(heading);
  const result = { validBytes: 0 };
  // Kafka 4.4 starts every file at -1 and checks every record, so a file whose first offset is not 0
  // reports "-1 is followed by <first>".
  let lastOffset = -1n;
  const deep = opts.deepIteration || opts.printDataLog;
  for (const { view: b, position } of fileBatches(path, opts.maxBytes, result)) {
    const v2 = b.magic >= CURRENT_MAGIC;
    sink.out(v2 ? batchLine(b, position) : legacyBatchLine(b, position));
    if (!deep || !v2) continue;
    for (const r of b.records()) {
      if (r.offset !== lastOffset + 1n) {
        const pairs = nonConsecutive.get(absolutePath) ?? new Map<bigint, bigint>();
        pairs.set(lastOffset, r.offset);
        nonConsecutive.set(absolutePath, pairs);
      }
      lastOffset = r.offset;
      sink.out(recordLine(b, r, opts));
    }
  }
  const trailing = fileSize(path) - result.validBytes;
  if (trailing > 0 && opts.maxBytes === INT32_MAX) sink.out(`Found ${trailing} invalid bytes at the end of ${basename(path)}`);
}
