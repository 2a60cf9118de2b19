// Test-only RecordBatch v2 builder (uncompressed), until src/protocol/records has the real one.
import { crc32c } from "../../../src/protocol/records/crc32c.ts";

function zigzagVarint(out: number[], v: number): void {
  let z = v >= 0 ? v * 2 : -v * 2 - 1;
  // Bounded: a 64-bit varint is at most 10 bytes.
  for (let i = 0; i < 10; i++) {
    if (z < 0x80) {
      out.push(z);
      return;
    }
    out.push((z % 0x80) | 0x80);
    z = Math.floor(z / 0x80);
  }
}

export interface TestRecord {
  key?: Uint8Array | null;
  value: Uint8Array;
  timestampDelta?: number;
}

export interface BatchOptions {
  baseOffset?: number;
  baseTimestamp?: number;
  producerId?: bigint;
  producerEpoch?: number;
  baseSequence?: number;
  transactional?: boolean;
  partitionLeaderEpoch?: number;
  /** gzip the records section (attributes codec 1). */
  gzip?: boolean;
}

export function buildBatch(records: TestRecord[], o: BatchOptions = {}): Uint8Array {
  const body: number[] = [];
  const baseTs = o.baseTimestamp ?? 1_700_000_000_000;
  let maxTs = baseTs;
  records.forEach((r, i) => {
    const rec: number[] = [0];
    const td = r.timestampDelta ?? 0;
    maxTs = Math.max(maxTs, baseTs + td);
    zigzagVarint(rec, td);
    zigzagVarint(rec, i);
    if (r.key) {
      zigzagVarint(rec, r.key.length);
      rec.push(...r.key);
    } else zigzagVarint(rec, -1);
    zigzagVarint(rec, r.value.length);
    for (const b of r.value) rec.push(b);
    zigzagVarint(rec, 0);
    zigzagVarint(body, rec.length);
    for (const b of rec) body.push(b);
  });
  const section = o.gzip ? Bun.gzipSync(new Uint8Array(body)) : body;
  const size = 61 + section.length;
  const buf = new Uint8Array(size);
  const v = new DataView(buf.buffer);
  v.setBigInt64(0, BigInt(o.baseOffset ?? 0));
  v.setInt32(8, size - 12);
  v.setInt32(12, o.partitionLeaderEpoch ?? -1);
  buf[16] = 2;
  v.setInt16(21, (o.transactional ? 0x10 : 0) | (o.gzip ? 1 : 0));
  v.setInt32(23, records.length - 1);
  v.setBigInt64(27, BigInt(baseTs));
  v.setBigInt64(35, BigInt(maxTs));
  v.setBigInt64(43, o.producerId ?? -1n);
  v.setInt16(51, o.producerEpoch ?? -1);
  v.setInt32(53, o.baseSequence ?? -1);
  v.setInt32(57, records.length);
  buf.set(section, 61);
  v.setUint32(17, crc32c(buf, 21, size));
  return buf;
}

/** A batch of `count` records with `valueBytes`-byte values whose bytes encode (tag, index). */
export function valuesBatch(count: number, valueBytes: number, tag = 0, o: BatchOptions = {}): Uint8Array {
  const recs: TestRecord[] = [];
  for (let i = 0; i < count; i++) {
    const value = new Uint8Array(valueBytes);
    const dv = new DataView(value.buffer);
    if (valueBytes >= 8) {
      dv.setUint32(0, tag);
      dv.setUint32(4, i);
    }
    recs.push({ value, timestampDelta: i });
  }
  return buildBatch(recs, o);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
