// Image -> snapshot -> image: the records of a rich image (topics, changed partitions, configs of every
// resource type, features, brokers) written through RecordsSnapshotWriter to a snapshot file and loaded
// back through RecordsSnapshotReader into an ImageBuilder from empty give the same image; the records
// come in Kafka's MetadataImage.write order.
import { afterAll, expect, test } from "bun:test";
import { imageRecords, loadImageSnapshot, writeImageSnapshot } from "../../../src/metadata/image-snapshot.ts";
import { RecordType } from "../../../src/metadata/record-serde.ts";
import { FileRawSnapshotReader, FileRawSnapshotWriter } from "../../../src/raft/snapshot/file-raw-snapshot.ts";
import { RecordsSnapshotReader } from "../../../src/raft/snapshot/records-snapshot-reader.ts";
import { RecordsSnapshotWriter } from "../../../src/raft/snapshot/records-snapshot-writer.ts";
import { tempDir } from "../storage/helpers.ts";
import { richImage } from "./rich-image.ts";

const dir = tempDir("strand-image-snapshot-");
afterAll(() => dir.cleanup(), 120_000);

test("records come features first (metadata.version first), then brokers, topics with their partitions, configs", () => {
  const recs = imageRecords(richImage());
  expect(recs[0]).toMatchObject({ apiKey: RecordType.FEATURE_LEVEL, message: { name: "metadata.version", featureLevel: 33 } });
  const kinds = recs.map((r) => r.apiKey);
  const firstOf = (k: number) => kinds.indexOf(k);
  const lastOf = (k: number) => kinds.lastIndexOf(k);
  expect(lastOf(RecordType.FEATURE_LEVEL)).toBeLessThan(firstOf(RecordType.REGISTER_BROKER));
  expect(lastOf(RecordType.REGISTER_BROKER)).toBeLessThan(firstOf(RecordType.TOPIC));
  expect(lastOf(RecordType.PARTITION)).toBeLessThan(firstOf(RecordType.CONFIG));
  expect(kinds[firstOf(RecordType.TOPIC) + 1]).toBe(RecordType.PARTITION);
  expect(kinds.filter((k) => k === RecordType.CONFIG)).toHaveLength(6);
});

test("image -> snapshot file -> image is the same image", async () => {
  const image = richImage();
  const id = { offset: Number(image.offset) + 1, epoch: 4 };
  const raw = FileRawSnapshotWriter.create(dir.path, id);
  // Small batches: the snapshot spans several, as a large one would.
  const writer = new RecordsSnapshotWriter(raw, { lastContainedLogTimestampMs: 1_700_000_000_123, maxBatchSizeBytes: 400 });
  const written = writeImageSnapshot(image, { append: (records) => records.forEach((r) => writer.append([r])) });
  await writer.freeze();
  const reader = RecordsSnapshotReader.of(FileRawSnapshotReader.open(dir.path, id));
  expect(reader.lastContainedLogTimestampMs).toBe(1_700_000_000_123);
  expect([...reader.batches()].length).toBeGreaterThan(3);
  const loaded = loadImageSnapshot(reader, image.clusterId, image.controllerId);
  expect(loaded.records).toBe(written);
  expect(loaded.skipped.size).toBe(0);
  expect(loaded.image.offset).toBe(image.offset);
  // Registrations read from a snapshot date from its last contained offset (Kafka replays them there).
  const brokers = new Map([...image.brokers].map(([id, b]) => [id, { ...b, registrationOffset: image.offset }]));
  expect(loaded.image).toEqual({ ...image, brokers });
  // And once more: the loaded image writes the same records.
  expect(imageRecords(loaded.image)).toEqual(imageRecords(image));
});
