// RecordsSnapshotWriter / RecordsSnapshotReader: the header batch (with the KRaft version and voters at
// kraft.version >= 1), batches bounded by maxBatchSizeBytes with an append's records kept together, the
// footer last; a snapshot cut short (no footer) or one whose records were damaged is refused.
import { afterAll, expect, test } from "bun:test";
import { truncateSync } from "node:fs";
import { MessageSetIterator } from "../../../src/protocol/records/index.ts";
import { FileRawSnapshotReader, FileRawSnapshotWriter } from "../../../src/raft/snapshot/file-raw-snapshot.ts";
import { ControlRecordType, controlRecordTypeOf } from "../../../src/protocol/records/control-batch.ts";
import { CorruptSnapshotError, RecordsSnapshotReader } from "../../../src/raft/snapshot/records-snapshot-reader.ts";
import { RecordBatchTooLargeError, RecordsSnapshotWriter } from "../../../src/raft/snapshot/records-snapshot-writer.ts";
import { snapshotPath } from "../../../src/raft/snapshot/snapshots.ts";
import type { Voter } from "../../../src/raft/types.ts";
import { InvariantError } from "../../../src/util/assert.ts";
import { tempDir } from "../storage/helpers.ts";

const dir = tempDir("strand-snapshot-");
afterAll(() => dir.cleanup(), 120_000);
const value = (n: number, size = 20) => new Uint8Array(size).fill(n);

test("header with KRaft version and voters, batches by size, footer last; read back the same", async () => {
  const id = { offset: 42, epoch: 7 };
  const voters: Voter[] = [{ key: { id: 1, directoryId: "AAAAAAAAAAAAAAAAAAAAAQ" }, endpoints: [{ name: "CONTROLLER", host: "127.0.0.1", port: 9093 }], kraftVersion: { min: 0, max: 1 } }];
  const w = new RecordsSnapshotWriter(FileRawSnapshotWriter.create(dir.path, id), { lastContainedLogTimestampMs: 123, kraftVersion: 1, voters, maxBatchSizeBytes: 200, nowMs: () => 1000 });
  w.append([value(1), value(2), value(3)]);
  w.append([value(4), value(5), value(6)]); // does not fit with the first three: a new batch
  w.append([value(7)]); // fits with them
  expect(() => w.append([value(8, 500)])).toThrow(RecordBatchTooLargeError);
  await w.freeze();
  const raw = FileRawSnapshotReader.open(dir.path, id);
  const batches = [...new MessageSetIterator(raw.slice(0, raw.sizeInBytes))];
  expect(batches.map((b) => [Number(b.baseOffset), b.recordCount, b.isControl, b.partitionLeaderEpoch])).toEqual([
    [0, 3, true, 7],
    [3, 3, false, 7],
    [6, 4, false, 7],
    [10, 1, true, 7],
  ]);
  expect([...batches[0]!.records()].map((r) => controlRecordTypeOf(r.key))).toEqual([ControlRecordType.SNAPSHOT_HEADER, ControlRecordType.KRAFT_VERSION, ControlRecordType.KRAFT_VOTERS]);
  for (const b of batches) expect(b.sizeInBytes).toBeLessThanOrEqual(200);
  const reader = RecordsSnapshotReader.of(raw);
  expect([reader.lastContainedLogTimestampMs, reader.kraftVersion, reader.voters]).toEqual([123, 1, voters]);
  expect([...reader.batches()].map((b) => b.records.map((r) => r[0]))).toEqual([[1, 2, 3], [4, 5, 6, 7]]);
  raw.close();
});

test("a voter set with kraft.version 0 is refused (as Kafka's builder refuses it)", () => {
  const raw = FileRawSnapshotWriter.create(dir.path, { offset: 5, epoch: 1 });
  expect(() => new RecordsSnapshotWriter(raw, { lastContainedLogTimestampMs: 0, voters: [] })).toThrow(InvariantError);
  raw.close();
});

test("a snapshot without its footer, or with a damaged record, is refused", async () => {
  const id = { offset: 9, epoch: 2 };
  const w = new RecordsSnapshotWriter(FileRawSnapshotWriter.create(dir.path, id), { lastContainedLogTimestampMs: 5 });
  w.append([value(1)]);
  w.append([value(2, 300)]);
  await w.freeze();
  const path = snapshotPath(dir.path, id);
  const { chmodSync, statSync, readFileSync, writeFileSync } = await import("node:fs");
  chmodSync(path, 0o600);
  const whole = readFileSync(path);
  // The footer batch is the last 70-odd bytes: cut it off.
  truncateSync(path, statSync(path).size - 10);
  expect(() => [...RecordsSnapshotReader.of(FileRawSnapshotReader.open(dir.path, id)).batches()]).toThrow(CorruptSnapshotError);
  const damaged = Buffer.from(whole);
  damaged[damaged.length - 120]! ^= 0xff;
  writeFileSync(path, damaged);
  expect(() => [...RecordsSnapshotReader.of(FileRawSnapshotReader.open(dir.path, id)).batches()]).toThrow(CorruptSnapshotError);
});
