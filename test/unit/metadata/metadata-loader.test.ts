// MetadataLoader's catch-up (Kafka's stillNeedToCatchUp): after a restart the committed log is replayed
// in chunks, and no image is published until the loader has read up to the high watermark the Raft
// client knows. A first image from a partial replay would have the ReplicaManager set aside, as stray,
// the logs of every topic created later in the log (a SIGKILL restart lost them that way). Control
// batches are delivered without records and count as read.

import { expect, test } from "bun:test";
import { emptyImage } from "../../../src/metadata/image-builder.ts";
import { MetadataLoader } from "../../../src/metadata/metadata-loader.ts";
import type { MetadataDelta } from "../../../src/metadata/publisher.ts";
import { encodeMetadataRecord, metadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import type { Batch } from "../../../src/raft/raft-client.ts";
import { createLogger } from "../../../src/util/log.ts";

const uid = (n: number) => Buffer.from(Uint8Array.from({ length: 16 }, (_, i) => (i === 15 ? n : i === 0 ? 0x70 : 0))).toString("base64url");

let next = 0;
function batch(records: MetadataRecordOut[]): Batch {
  const values = records.map((r) => encodeMetadataRecord(r));
  const b: Batch = { baseOffset: next, lastOffset: next + values.length - 1, epoch: 1, appendTimestampMs: 0, records: values, sizeInBytes: 100 };
  next += values.length;
  return b;
}
function control(): Batch {
  const b: Batch = { baseOffset: next, lastOffset: next, epoch: 1, appendTimestampMs: 0, records: [], sizeInBytes: 80, control: true };
  next += 1;
  return b;
}

function loader(highWatermark: () => number) {
  const deltas: MetadataDelta[] = [];
  const l = new MetadataLoader({
    clusterId: "c",
    nodeId: 1,
    initial: emptyImage("c", 1),
    logger: createLogger("error"),
    onChange: (d) => deltas.push(d),
    onLeaderChange: () => {},
    onFault: (e) => {
      throw e;
    },
    highWatermark,
  });
  return { l, deltas };
}

test("nothing is published until the replay reaches the high watermark; then one image with every change", () => {
  next = 0;
  let hw = -1;
  const { l, deltas } = loader(() => hw);
  // Offsets 0-1: features and topic a; 2: a control batch; 3-4: topic b and its config.
  const first = [control(), batch([metadataRecord(RecordType.FEATURE_LEVEL, { name: "metadata.version", featureLevel: 33 }), metadataRecord(RecordType.TOPIC, { name: "a", topicId: uid(1) })])];
  const second = [control(), batch([metadataRecord(RecordType.TOPIC, { name: "b", topicId: uid(2) }), metadataRecord(RecordType.CONFIG, { resourceType: 2, resourceName: "b", name: "retention.ms", value: "1" })])];
  expect(next).toBe(6);

  // The Raft client does not know the high watermark yet: reads go into latestImage only.
  l.handleCommit(first);
  expect(deltas).toEqual([]);
  expect(l.isCatchingUp).toBe(true);
  expect(l.image.topicsByName.size).toBe(0);
  expect([...l.latestImage.topicsByName.keys()]).toEqual(["a"]);

  // Known now, but beyond what was read (the committed log goes to offset 5).
  hw = 6;
  l.handleCommit(second.slice(0, 1));
  expect(deltas).toEqual([]);
  l.handleCommit(second.slice(1));
  expect(l.isCatchingUp).toBe(false);
  expect(deltas.length).toBe(1);
  expect(deltas[0]!.before!.topicsByName.size).toBe(0);
  expect([...deltas[0]!.after.topicsByName.keys()].sort()).toEqual(["a", "b"]);
  expect([...deltas[0]!.configChanged]).toEqual(["b"]);
  expect(l.image).toBe(l.latestImage);
  expect(l.highestOffset).toBe(5);

  // Caught up: each commit is published as it comes.
  l.handleCommit([batch([metadataRecord(RecordType.TOPIC, { name: "c", topicId: uid(3) })])]);
  expect(deltas.length).toBe(2);
  expect(l.image.topicsByName.has("c")).toBe(true);
});

test("a log that ends in control batches finishes catching up on them", () => {
  next = 0;
  let hw = -1;
  const { l, deltas } = loader(() => hw);
  l.handleCommit([batch([metadataRecord(RecordType.TOPIC, { name: "a", topicId: uid(1) })])]);
  hw = 3;
  l.handleCommit([control()]);
  expect(deltas).toEqual([]);
  l.handleCommit([control()]);
  expect(l.isCatchingUp).toBe(false);
  expect(deltas.length).toBe(1);
  expect(l.image.topicsByName.has("a")).toBe(true);
});

test("without a high watermark source every commit is published at once", () => {
  next = 0;
  const deltas: MetadataDelta[] = [];
  const l = new MetadataLoader({ clusterId: "c", nodeId: 1, initial: emptyImage("c", 1), logger: createLogger("error"), onChange: (d) => deltas.push(d), onLeaderChange: () => {}, onFault: () => {} });
  expect(l.isCatchingUp).toBe(false);
  l.handleCommit([batch([metadataRecord(RecordType.TOPIC, { name: "a", topicId: uid(1) })])]);
  expect(deltas.length).toBe(1);
});
