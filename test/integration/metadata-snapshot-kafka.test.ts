// Strand's metadata log and snapshots against Apache Kafka 4.4.0's own code, both ways:
//   1. Strand writes __cluster_metadata-0 (a segment through KafkaMetadataLog) and a snapshot of a rich
//      image; kafka-dump-log.sh --cluster-metadata-decoder decodes both (valid batches, the records, the
//      snapshot header and footer), and Kafka's snapshot loading — RecordsSnapshotReader + MetadataDelta,
//      what kafka-metadata-shell.sh --snapshot runs (test/support/java/MetadataSnapshotInterop.java; the
//      shell's own jar is not on Maven Central for 4.4.0) — builds an image with the same topics,
//      partitions, features, brokers and configs.
//   2. A real Kafka 4.4.0 broker, made to snapshot after every record, writes .checkpoint files;
//      KafkaMetadataLog opens its directory and Strand's SnapshotReader loads the latest into an image
//      with the broker's topics.
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { encodeMetadataRecord } from "../../src/metadata/record-serde.ts";
import { imageRecords, loadImageSnapshot, writeImageSnapshot } from "../../src/metadata/image-snapshot.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaMetadataLog } from "../../src/raft/kafka-metadata-log.ts";
import { RecordsSnapshotReader } from "../../src/raft/snapshot/records-snapshot-reader.ts";
import { RecordsSnapshotWriter } from "../../src/raft/snapshot/records-snapshot-writer.ts";
import { filenameFromSnapshotId } from "../../src/raft/snapshot/snapshots.ts";
import { createLogger } from "../../src/util/log.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass, startKafka } from "../support/kafka-dist.ts";
import { createTopic } from "../support/kafka-tools.ts";
import { tempDir } from "../unit/storage/helpers.ts";
import { richImage } from "../unit/metadata/rich-image.ts";

const INTEROP = join(import.meta.dir, "..", "support", "java", "MetadataSnapshotInterop.java");
const logger = createLogger("error");
const dirs: Array<() => void> = [];
afterAll(() => dirs.forEach((c) => c()), 120_000);

async function dump(file: string): Promise<string> {
  const r = await runKafkaClass(KAFKA_MAIN.dumpLog, ["--cluster-metadata-decoder", "--files", file]);
  if (r.exitCode !== 0) throw new Error(`DumpLogSegments exited ${r.exitCode}: ${r.stderr.slice(0, 2000)}`);
  return r.stdout;
}

test("Kafka 4.4.0's dump-log decoder and snapshot loader read Strand's metadata log segment and snapshot", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const t = tempDir("strand-metalog-interop-");
  dirs.push(t.cleanup);
  const image = richImage();
  const log = KafkaMetadataLog.open({ dir: t.path, logger });
  const pdir = join(t.path, "__cluster_metadata-0");
  let id;
  try {
    // The log: the image's records in batches of 8, epoch 3.
    const values = imageRecords(image).map(encodeMetadataRecord);
    log.initializeLeaderEpoch(3);
    for (let i = 0; i < values.length; i += 8) log.appendAsLeader(buildRecordBatch({ records: values.slice(i, i + 8).map((value) => ({ key: null, value })), partitionLeaderEpoch: 3 }), 3);
    await log.flush();
    log.updateHighWatermark(log.endOffset().offset);
    id = { offset: log.endOffset().offset, epoch: 3 };
    const writer = new RecordsSnapshotWriter(log.createNewSnapshot(id)!, { lastContainedLogTimestampMs: 1_700_000_000_000 });
    writeImageSnapshot(image, writer);
    await writer.freeze();
  } finally {
    await log.close();
  }

  const seg = await dump(join(pdir, "00000000000000000000.log"));
  const batchLines = seg.split("\n").filter((l) => l.startsWith("baseOffset:"));
  expect(batchLines.length).toBe(Math.ceil(imageRecords(image).length / 8));
  for (const l of batchLines) expect(l).toContain("isvalid: true");
  expect(seg).toContain('"type":"FEATURE_LEVEL_RECORD","version":0,"data":{"name":"metadata.version","featureLevel":33}');
  expect(seg).toContain('"type":"TOPIC_RECORD","version":0,"data":{"name":"orders"');
  expect(seg.match(/"type":"PARTITION_RECORD"/g)?.length).toBe(9);

  const snapFile = join(pdir, `${filenameFromSnapshotId(id)}.checkpoint`);
  const snap = await dump(snapFile);
  expect(snap).toContain(`Snapshot end offset: ${id.offset}, epoch: 3`);
  expect(snap).toContain('SnapshotHeader {"version":0,"lastContainedLogTimestamp":1700000000000}');
  expect(snap).toContain('SnapshotFooter {"version":0}');
  expect(snap.match(/"type":"TOPIC_RECORD"/g)?.length).toBe(3);
  for (const l of snap.split("\n").filter((l) => l.startsWith("baseOffset:"))) expect(l).toContain("isvalid: true");

  const r = await runKafkaClass(INTEROP, [pdir, String(id.offset), "3"], { timeoutMs: 60_000 });
  if (r.exitCode !== 0) throw new Error(`MetadataSnapshotInterop exited ${r.exitCode}: ${r.stderr.slice(0, 3000)}`);
  const lines = r.stdout.trim().split("\n");
  expect(lines).toContain("feature metadata.version 33");
  expect(lines).toContain("feature transaction.version 2");
  expect(lines).toContain("broker 2 fenced=true");
  expect(lines).toContain("broker 1 fenced=false");
  for (const t of image.topicsByName.values()) expect(lines).toContain(`topic ${t.name} ${t.topicId} ${t.partitions.length}`);
  expect(lines).toContain("partition orders 0 leader=3 replicas=[2, 3, 1] isr=[3, 1]");
  expect(lines).toContain("config TOPIC orders retention.ms=1234567");
  expect(lines).toContain("config BROKER  min.insync.replicas=1");
  expect(lines).toContain("config GROUP g1 consumer.session.timeout.ms=50000");
  expect(lines).toContain("config CLIENT_METRICS metrics-sub interval.ms=60000");
  expect(lines[lines.length - 1]).toBe(`records ${imageRecords(image).length} lastContainedLogTimestamp 1700000000000`);
}, 180_000);

test("Strand's SnapshotReader loads the snapshots a Kafka 4.4.0 broker writes", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const t = tempDir("strand-kafka-snapshots-");
  dirs.push(t.cleanup);
  const kafka = await startKafka({ logDir: t.path, overrides: { "metadata.log.max.record.bytes.between.snapshots": 1, "metadata.log.max.snapshot.interval.ms": 500 } });
  try {
    await createTopic(kafka.bootstrap, "snap.a", { partitions: 3, configs: { "retention.ms": 1234567 } });
    await createTopic(kafka.bootstrap, "snap.b", { partitions: 2 });
  } finally {
    // A clean stop: the controller snapshots the committed log as it goes (after every record here).
    await kafka.stop();
  }
  await kafka.remove().catch(() => undefined);
  const log = KafkaMetadataLog.open({ dir: t.path, logger, config: { fileDeleteDelayMs: 0 } });
  try {
    const latest = log.latestSnapshotId();
    expect(latest).not.toBeNull();
    // Kafka's bootstrap snapshot (0-0, written by kafka-storage format) is the earliest.
    expect(log.earliestSnapshotId()).toEqual({ offset: 0, epoch: 0 });
    const reader = RecordsSnapshotReader.of(log.readSnapshot(latest!)!);
    expect(reader.kraftVersion).toBe(0);
    expect(reader.voters).toBeNull();
    expect(reader.lastContainedLogTimestampMs).toBeGreaterThan(0);
    const loaded = loadImageSnapshot(reader, kafka.clusterId, 1);
    const topics = [...loaded.image.topicsByName.keys()].filter((n) => n.startsWith("snap.")).sort();
    // The latest snapshot covers what was committed when it was taken: both topics, made long before the stop.
    expect(topics).toEqual(["snap.a", "snap.b"]);
    expect(loaded.image.topicsByName.get("snap.a")!.partitions).toHaveLength(3);
    expect(loaded.image.topicsByName.get("snap.b")!.partitions).toHaveLength(2);
    expect(loaded.image.configs.get("topic:snap.a")?.get("retention.ms")).toBe("1234567");
    expect(loaded.image.features.get("metadata.version")).toBeGreaterThanOrEqual(27);
    expect(loaded.image.brokers.has(1)).toBe(true);
    // Every record of Kafka's snapshot is one Strand's image keeps, the controller's registration
    // (RegisterControllerRecord, KIP-919) included.
    expect([...loaded.skipped.keys()]).toEqual([]);
    expect(loaded.image.controllers?.has(1)).toBe(true);
    // The log agrees with the snapshot: positions at or past it are valid.
    expect(log.validateOffsetAndEpoch(latest!.offset, latest!.epoch).kind).toBe("VALID");
  } finally {
    await log.close();
  }
}, 180_000);
