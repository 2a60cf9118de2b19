// Compatibility of the metadata log with Kafka 4.4.0: a real broker creates a topic with configs and
// stops; Strand's MetadataLog opens its __cluster_metadata-0, decodes every record, re-encodes each
// one to the same bytes (framing, versions, tagged fields), skips the control records, and the image
// it builds holds the topic, its configs and partitions, the broker and metadata.version 33.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeMetadataRecord, encodeLeaderChange, METADATA_FRAME_VERSION } from "../../../src/metadata/record-serde.ts";
import { ControlRecordType, controlRecordTypeOf } from "../../../src/protocol/records/control-batch.ts";
import { MetadataLog } from "../../../src/metadata/metadata-log.ts";
import { ImageBuilder } from "../../../src/metadata/image-builder.ts";
import { METADATA_VERSION_LEVEL } from "../../../src/metadata/local-metadata.ts";
import { MessageSetIterator } from "../../../src/protocol/records/index.ts";
import { createLogger } from "../../../src/util/log.ts";
import { probeKafkaDist, startKafka } from "../../support/kafka-dist.ts";
import { createTopic } from "../../support/kafka-tools.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

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

  // Through MetadataLog: decode, re-encode to the same bytes, build the image.
  const logger = createLogger("error");
  const mlog = MetadataLog.open({ dir: logDir, logs: null, logger });
  const builder = new ImageBuilder("cluster", 1);
  const types = new Set<string>();
  let reencoded = 0;
  try {
    const stats = mlog.replay((rec, offset) => {
      if (!rec.schema) return;
      types.add(rec.schema.name);
      builder.apply(rec.apiKey, rec.message, offset);
      reencoded++;
    });
    expect(stats.controlRecords).toBeGreaterThanOrEqual(1);
    // Replay hands over the records of Kafka's bootstrap transaction too (Begin/End dropped).
    expect(stats.records).toBe(reencoded);
    expect(mlog.epoch).toBeGreaterThan(0);
  } finally {
    await mlog.close();
  }
  // Byte-exact round trip of every metadata record value.
  let compared = 0;
  for (const batch of new MessageSetIterator(segment)) {
    if (batch.isControl) continue;
    for (const r of batch.records()) {
      const { decodeMetadataRecord } = await import("../../../src/metadata/record-serde.ts");
      const rec = decodeMetadataRecord(r.value!, r.offset);
      if (!rec.schema) continue;
      const again = encodeMetadataRecord({ apiKey: rec.apiKey, version: rec.version, message: rec.message });
      expect(Buffer.from(again).toString("hex")).toBe(Buffer.from(r.value!).toString("hex"));
      compared++;
    }
  }
  expect(compared).toBe(metadataRecords);
  for (const t of ["FeatureLevelRecord", "TopicRecord", "PartitionRecord", "ConfigRecord", "RegisterBrokerRecord", "PartitionChangeRecord"]) expect(types.has(t)).toBe(true);

  const image = builder.build();
  expect(image.features.get("metadata.version")).toBe(METADATA_VERSION_LEVEL);
  const topic = image.topicsByName.get("kraft.topic")!;
  expect(topic.partitions.map((p) => p.partition)).toEqual([0, 1, 2]);
  for (const p of topic.partitions) expect(p.replicas).toEqual([1]);
  expect(Object.fromEntries(image.configs.get("topic:kraft.topic")!)).toEqual({ "retention.ms": "1234567", "cleanup.policy": "compact" });
  const broker = image.brokers.get(1)!;
  expect(broker.endpoints.some((e) => e.name === "PLAINTEXT" && e.host === "127.0.0.1")).toBe(true);
  // Kafka's own bootstrap min.insync.replicas cluster default.
  expect(image.configs.get("broker:")?.get("min.insync.replicas")).toBe("1");
}, 180_000);
