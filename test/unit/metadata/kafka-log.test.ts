// Compatibility of the metadata log with Kafka 4.4.0: a real broker creates a topic with configs and
// stops; Strand's KafkaMetadataLog opens its __cluster_metadata-0, the MetadataLoader decodes every
// record (control batches included), each re-encodes to the same bytes (framing, versions, tagged
// fields), and the image holds the topic, its configs and partitions, the broker and metadata.version 33.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeMetadataRecord, encodeLeaderChange, METADATA_FRAME_VERSION } from "../../../src/metadata/record-serde.ts";
import { ControlRecordType, controlRecordTypeOf } from "../../../src/protocol/records/control-batch.ts";
import { emptyImage } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { MetadataLoader } from "../../../src/metadata/metadata-loader.ts";
import { LATEST_METADATA_VERSION_LEVEL } from "../../../src/metadata/supported-features.ts";
import { KafkaMetadataLog } from "../../../src/raft/kafka-metadata-log.ts";
import { batchesOf, toListenerBatch } from "../../../src/raft/raft-records.ts";
import { MessageSetIterator } from "../../../src/protocol/records/index.ts";
import { createLogger } from "../../../src/util/log.ts";
import { probeKafkaDist, startKafka } from "../../support/kafka-dist.ts";
import { createTopic } from "../../support/kafka-tools.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 120_000);

test("Strand reads, re-encodes byte for byte and replays a Kafka 4.4.0 metadata log", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const logDir = mkdtempSync(join(tmpdir(), "strand-kraft-"));
  dirs.push(logDir);
  const kafka = await startKafka({ logDir });
  try {
    await createTopic(kafka.bootstrap, "kraft.topic", { partitions: 3, configs: { "retention.ms": 1234567, "cleanup.policy": "compact" } });
  } finally {
    await kafka.stop();
  }
  await kafka.remove();

  // Every record of the segment, control or not, straight from the file.
  const segment = new Uint8Array(readFileSync(join(logDir, "__cluster_metadata-0", "00000000000000000000.log")));
  let metadataRecords = 0;
  let leaderChanges = 0;
  for (const batch of new MessageSetIterator(segment)) {
    expect(batch.validate({ strictRecordCount: false })).toBeNull();
    expect(batch.partitionLeaderEpoch).toBeGreaterThanOrEqual(0);
    for (const r of batch.records()) {
      if (batch.isControl) {
        if (controlRecordTypeOf(r.key) === ControlRecordType.LEADER_CHANGE) {
          leaderChanges++;
          // A one-voter quorum's LeaderChange, as Strand writes it.
          expect(Buffer.from(r.value!).equals(Buffer.from(encodeLeaderChange(1, [1])))).toBe(true);
        }
        continue;
      }
      expect(r.key).toBeNull();
      expect(r.value![0]).toBe(METADATA_FRAME_VERSION);
      metadataRecords++;
    }
  }
  expect(leaderChanges).toBeGreaterThanOrEqual(1);
  expect(metadataRecords).toBeGreaterThan(5);

  // The node's own path: KafkaMetadataLog reads the partition, MetadataLoader decodes every batch
  // (control batches too, as records-less batches) and builds the image.
  const logger = createLogger("error");
  const mlog = KafkaMetadataLog.open({ dir: logDir, logger });
  const images: MetadataImage[] = [];
  const loader = new MetadataLoader({
    clusterId: "cluster",
    nodeId: 1,
    initial: emptyImage("cluster", 1),
    logger,
    onChange: (d) => images.push(d.after),
    onLeaderChange: () => {},
    onFault: (e) => {
      throw e;
    },
  });
  let controlBatches = 0;
  let lastEpoch = -1;
  try {
    const end = mlog.endOffset().offset;
    let offset = 0;
    // Bounded: each read moves past at least one batch.
    for (let round = 0; round < 10_000 && offset < end; round++) {
      const read = mlog.read(offset, "UNCOMMITTED", 1 << 20);
      const batches = [...batchesOf(read.records)].filter((b) => Number(b.lastOffset) >= offset).map((b) => toListenerBatch(b, true)!);
      if (batches.length === 0) break;
      controlBatches += batches.filter((b) => b.control).length;
      lastEpoch = batches[batches.length - 1]!.epoch;
      loader.handleCommit(batches);
      offset = batches[batches.length - 1]!.lastOffset + 1;
    }
    expect(offset).toBe(end);
  } finally {
    await mlog.close();
  }
  expect(loader.fault).toBeNull();
  expect(controlBatches).toBeGreaterThanOrEqual(1);
  expect(lastEpoch).toBeGreaterThan(0);
  // Kafka's bootstrap transaction (Begin/End) is held and then applied: every metadata record is known.
  expect([...loader.skipped]).toEqual([]);
  const types = new Set<string>();
  // Byte-exact round trip of every metadata record value.
  let compared = 0;
  for (const batch of new MessageSetIterator(segment)) {
    if (batch.isControl) continue;
    for (const r of batch.records()) {
      const { decodeMetadataRecord } = await import("../../../src/metadata/record-serde.ts");
      const rec = decodeMetadataRecord(r.value!, r.offset);
      if (!rec.schema) continue;
      types.add(rec.schema.name);
      const again = encodeMetadataRecord({ apiKey: rec.apiKey, version: rec.version, message: rec.message });
      expect(Buffer.from(again).toString("hex")).toBe(Buffer.from(r.value!).toString("hex"));
      compared++;
    }
  }
  expect(compared).toBe(metadataRecords);
  for (const t of ["FeatureLevelRecord", "TopicRecord", "PartitionRecord", "ConfigRecord", "RegisterBrokerRecord", "PartitionChangeRecord"]) expect(types.has(t)).toBe(true);

  const image = loader.image;
  expect(images.length).toBeGreaterThan(0);
  expect(image.features.get("metadata.version")).toBe(LATEST_METADATA_VERSION_LEVEL);
  const topic = image.topicsByName.get("kraft.topic")!;
  expect(topic.partitions.map((p) => p.partition)).toEqual([0, 1, 2]);
  for (const p of topic.partitions) expect(p.replicas).toEqual([1]);
  expect(Object.fromEntries(image.configs.get("topic:kraft.topic")!)).toEqual({ "retention.ms": "1234567", "cleanup.policy": "compact" });
  const broker = image.brokers.get(1)!;
  expect(broker.endpoints.some((e) => e.name === "PLAINTEXT" && e.host === "127.0.0.1")).toBe(true);
  // Kafka's own bootstrap min.insync.replicas cluster default.
  expect(image.configs.get("broker:")?.get("min.insync.replicas")).toBe("1");
}, 180_000);
