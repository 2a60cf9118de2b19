// Batches compressed by Apache Kafka's Java client (kafka-clients 4.4.0, see
// test/fixtures/records/README.md) decode here record for record; and batches we compress decode
// in the Java client (ensureValid + every record).
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch, RecordBatchView, splitMessageSet } from "../../../src/protocol/records/index.ts";
import { expectedRecord, FIXTURE_DIR, hex, javaClasspath, javaRead } from "./fixture-pattern.ts";

const td = new TextDecoder();

const FIXTURES: { file: string; compression: number; count: number; valueBase: number; transactional: boolean }[] = [
  { file: "none.bin", compression: 0, count: 20, valueBase: 50, transactional: false },
  { file: "gzip.bin", compression: 1, count: 20, valueBase: 50, transactional: false },
  { file: "snappy.bin", compression: 2, count: 20, valueBase: 50, transactional: false },
  { file: "snappy-raw.bin", compression: 2, count: 20, valueBase: 50, transactional: false },
  { file: "snappy-multiblock.bin", compression: 2, count: 120, valueBase: 1000, transactional: false },
  { file: "lz4.bin", compression: 3, count: 20, valueBase: 50, transactional: false },
  { file: "lz4-checksums.bin", compression: 3, count: 20, valueBase: 50, transactional: false },
  { file: "lz4-multiblock.bin", compression: 3, count: 120, valueBase: 1000, transactional: false },
  { file: "zstd.bin", compression: 4, count: 20, valueBase: 50, transactional: true },
];

describe("batches written by the Java client", () => {
  for (const f of FIXTURES) {
    test(f.file, () => {
      const bytes = new Uint8Array(readFileSync(join(FIXTURE_DIR, f.file)));
      const set = splitMessageSet(bytes);
      expect(set.stop).toBe("end");
      expect(set.batches.length).toBe(1);
      const batch = set.batches[0]!;
      expect(batch.validate()).toBeNull();
      expect(batch.compression).toBe(f.compression);
      expect(batch.baseOffset).toBe(100n);
      expect(batch.partitionLeaderEpoch).toBe(9);
      expect(batch.producerId).toBe(4242n);
      expect(batch.producerEpoch).toBe(3);
      expect(batch.baseSequence).toBe(17);
      expect(batch.isTransactional).toBe(f.transactional);
      expect(batch.recordCount).toBe(f.count);
      let i = 0;
      let maxTs = 0n;
      for (const r of batch.records()) {
        const e = expectedRecord(i, f.valueBase);
        expect(r.offset).toBe(100n + BigInt(i));
        expect(r.timestamp).toBe(e.timestamp);
        expect(hex(r.key)).toBe(hex(e.key));
        expect(hex(r.value)).toBe(hex(e.value));
        expect(r.headers.map((h) => [td.decode(h.key), hex(h.value)])).toEqual(e.headers.map((h) => [h.key, hex(h.value)]));
        if (r.timestamp > maxTs) maxTs = r.timestamp;
        i++;
      }
      expect(i).toBe(f.count);
      expect(batch.maxTimestamp).toBe(maxTs);
    });
  }
});

describe("batches we write, read by the Java client", () => {
  test("every codec, checked by MemoryRecords + ensureValid", () => {
    const cp = javaClasspath();
    if ("skip" in cp) {
      console.log(`SKIP java interop: ${cp.skip}`);
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "strand-records-"));
    const files: string[] = [];
    for (const [compression, count, valueBase] of [
      [0, 20, 50],
      [1, 20, 50],
      [2, 150, 1000], // several xerial blocks
      [3, 150, 1000], // several LZ4 blocks
      [4, 20, 50],
    ] as const) {
      const records = Array.from({ length: count }, (_, i) => expectedRecord(i, valueBase));
      const bytes = buildRecordBatch({
        compression,
        baseOffset: 7n,
        producerId: 99n,
        producerEpoch: 1,
        baseSequence: 0,
        isTransactional: compression === 4,
        records,
      });
      const file = join(dir, `ours-${compression}.bin`);
      writeFileSync(file, bytes);
      files.push(file);
    }
    const lines = javaRead(cp.classpath, files);
    expect(lines.length).toBe(20 + 20 + 150 + 150 + 20);
    let n = 0;
    for (const [compression, count, valueBase] of [
      [0, 20, 50],
      [1, 20, 50],
      [2, 150, 1000],
      [3, 150, 1000],
      [4, 20, 50],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const l = lines[n++]!;
        const e = expectedRecord(i, valueBase);
        expect(l.compression).toBe(compression);
        expect(l.producerId).toBe(99);
        expect(l.transactional).toBe(compression === 4);
        expect(l.offset).toBe(7 + i);
        expect(BigInt(l.timestamp as number)).toBe(e.timestamp);
        expect(l.key).toBe(hex(e.key));
        expect(l.value).toBe(hex(e.value));
        expect(l.headers).toEqual(e.headers.map((h) => [h.key, hex(h.value)]));
      }
    }
  }, 60_000);
});

test("fixture views need no copy", () => {
  const bytes = new Uint8Array(readFileSync(join(FIXTURE_DIR, "none.bin")));
  const view = new RecordBatchView(bytes, 0);
  const first = view.records().next().value!;
  expect(first.key!.buffer).toBe(bytes.buffer);
});
