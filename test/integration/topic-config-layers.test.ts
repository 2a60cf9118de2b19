// Produce validation honours every config layer Kafka has (issue 10, item 3): a per-broker dynamic
// value (IncrementalAlterConfigs on resource "1") beats the cluster-wide dynamic default, a topic
// override beats both, and all of it holds after a restart. Before the topic-config snapshot the
// produce path read only the topic override, the cluster default and server.properties, so a
// per-broker message.max.bytes or log.message.timestamp.type had no effect on produce.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";

const MESSAGE_TOO_LARGE = 10;
const RECORD_LIST_TOO_LARGE = 18;
type AlterRes = { responses: Array<{ errorCode: number; errorMessage: string | null }> };

const dataDir = mkdtempSync(join(tmpdir(), "strand-topic-layers-"));
let broker: StrandHandle | null = null;
let c: KafkaTestClient | null = null;

async function start(): Promise<KafkaTestClient> {
  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  return c;
}
async function stop(): Promise<void> {
  c?.close();
  c = null;
  await broker?.stop();
  broker = null;
}
beforeAll(start, 120_000);
afterAll(async () => {
  await stop();
  removeDataDir(dataDir);
}, 120_000);

/** One batch of about `bytes` bytes (one record). */
function batchOf(bytes: number): Uint8Array {
  return buildRecordBatch({ records: [{ value: new Uint8Array(bytes).fill(7), timestamp: Date.now() }] });
}

async function setConfigs(resourceType: number, resourceName: string, configs: Record<string, string>): Promise<void> {
  const res = (await c!.request(44, 1, {
    resources: [{ resourceType, resourceName, configs: Object.entries(configs).map(([name, value]) => ({ name, configOperation: 0, value })) }],
    validateOnly: false,
  })) as AlterRes;
  expect(res.responses.map((r) => [r.errorCode, r.errorMessage])).toEqual([[0, null]]);
}

/** What produce answers for a 3000-byte and a 6000-byte batch, and whether it stamped LogAppendTime. */
async function answers(topic: string): Promise<{ small: number; big: number; logAppendTime: boolean }> {
  const small = await produce(c!, topic, 0, batchOf(3000));
  const big = await produce(c!, topic, 0, batchOf(6000));
  return { small: small.errorCode, big: big.errorCode, logAppendTime: small.errorCode === 0 && small.logAppendTimeMs !== -1n };
}

test("a per-broker dynamic config beats the cluster default; a topic override beats both; after a restart too", async () => {
  await createTopic(c!, "layered");
  await createTopic(c!, "overridden", 1, { "max.message.bytes": "8000", "message.timestamp.type": "CreateTime" });
  expect(await answers("layered")).toEqual({ small: 0, big: 0, logAppendTime: false });

  // Cluster-wide default: 5000 bytes, LogAppendTime.
  await setConfigs(4, "", { "message.max.bytes": "5000", "log.message.timestamp.type": "LogAppendTime" });
  expect(await answers("layered")).toEqual({ small: 0, big: MESSAGE_TOO_LARGE, logAppendTime: true });

  // Per-broker (this node, id 1): 2000 bytes and CreateTime, over the cluster default.
  await setConfigs(4, "1", { "message.max.bytes": "2000", "log.message.timestamp.type": "CreateTime" });
  expect(await answers("layered")).toEqual({ small: MESSAGE_TOO_LARGE, big: MESSAGE_TOO_LARGE, logAppendTime: false });
  // The topic's own overrides win over every broker layer.
  expect(await answers("overridden")).toEqual({ small: 0, big: 0, logAppendTime: false });

  await stop();
  await start();
  expect(await answers("layered")).toEqual({ small: MESSAGE_TOO_LARGE, big: MESSAGE_TOO_LARGE, logAppendTime: false });
  expect(await answers("overridden")).toEqual({ small: 0, big: 0, logAppendTime: false });

  // Removing the per-broker values brings the cluster default back.
  const res = (await c!.request(44, 1, {
    resources: [{ resourceType: 4, resourceName: "1", configs: [{ name: "message.max.bytes", configOperation: 1, value: null }, { name: "log.message.timestamp.type", configOperation: 1, value: null }] }],
    validateOnly: false,
  })) as AlterRes;
  expect(res.responses[0]!.errorCode).toBe(0);
  expect(await answers("layered")).toEqual({ small: 0, big: MESSAGE_TOO_LARGE, logAppendTime: true });
}, 60_000);

test("internal.segment.bytes is the segment size produce checks, as Kafka's LogConfig.segmentSize()", async () => {
  // max.message.bytes above the batch (the test above left a 5000-byte cluster default).
  await createTopic(c!, "small-segments", 1, { "internal.segment.bytes": "4096", "max.message.bytes": "100000" });
  expect((await produce(c!, "small-segments", 0, batchOf(3000))).errorCode).toBe(0);
  // Before one resolver served both, validation checked segment.bytes (1 GiB) and the log refused the
  // batch itself: CORRUPT_MESSAGE (2) instead of RECORD_LIST_TOO_LARGE.
  expect((await produce(c!, "small-segments", 0, batchOf(6000))).errorCode).toBe(RECORD_LIST_TOO_LARGE);
}, 60_000);
