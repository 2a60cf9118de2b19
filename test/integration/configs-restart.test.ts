// Log configs after a restart (issue 20, bug 1): a topic override (retention.ms=-1, segment.bytes) and a
// dynamic broker config (log.retention.ms=-1 as the cluster default, set by IncrementalAlterConfigs)
// must be in force from the first moment after a clean stop and after SIGKILL, so retention keeps
// records with a CreateTime 30 days old. Retention is checked every 100 ms; a witness topic
// (retention.ms of one day) gets fresh 30-day-old records after each start, and once retention has
// trimmed it we know a retention pass ran over every log (one pass visits all of them) with the
// configs the broker had then.
import { afterAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

const DAY_MS = 86_400_000;
const OLD_MS = Date.now() - 30 * DAY_MS;
const overrides = { "log.retention.check.interval.ms": 100 };

let broker: StrandHandle | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await broker?.stop();
  if (dataDir) removeDataDir(dataDir);
}, 120_000);

/**
 * 10 records of ~1 KiB: each batch passes index.interval.bytes (4096), so the time index holds its
 * timestamp after a restart (a segment whose largest timestamp is unknown is not trimmed by time).
 */
function oldBatch(n: number, tag: string): Uint8Array {
  const value = (i: number) => new TextEncoder().encode(`${tag}-${i}-`.padEnd(1000, "x"));
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: value(i), timestamp: OLD_MS + i })) });
}

/** ListOffsets: -2 earliest (the log start), -1 latest (the log end). */
async function listOffset(c: KafkaTestClient, topic: string, timestamp: bigint): Promise<number> {
  const r = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; offset: bigint }> }> }>(2, 7, {
    replicaId: -1,
    isolationLevel: 0,
    topics: [{ name: topic, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp }] }],
  });
  const p = r.topics[0]!.partitions[0]!;
  expect(p.errorCode).toBe(0);
  return Number(p.offset);
}
const earliest = (c: KafkaTestClient, topic: string) => listOffset(c, topic, -2n);

async function produceOld(c: KafkaTestClient, topic: string, tag: string): Promise<void> {
  for (let b = 0; b < 3; b++) expect((await produce(c, topic, 0, oldBatch(10, `${tag}-${b}`))).errorCode).toBe(0);
}

/** Produces 30 old records to the witness and waits until retention has deleted them (bounded). */
async function retentionPassed(c: KafkaTestClient): Promise<void> {
  await produceOld(c, "witness", "w");
  const end = await listOffset(c, "witness", -1n);
  const deadline = Date.now() + 30_000;
  let start = await earliest(c, "witness");
  while (start < end && Date.now() < deadline) {
    await Bun.sleep(50);
    start = await earliest(c, "witness");
  }
  expect(start).toBe(end);
}

async function expectKept(c: KafkaTestClient, topic: string): Promise<void> {
  expect({ topic, logStart: await earliest(c, topic) }).toEqual({ topic, logStart: 0 });
  const f = await fetchOnce(c, topic, [{ partition: 0, offset: 0n }]);
  expect(f.partitions[0]!.errorCode).toBe(0);
  const records = batchViews(f.partitions[0]!.records).reduce((n, b) => n + b.recordCount, 0);
  expect({ topic, records }).toEqual({ topic, records: 30 });
}

test("topic and dynamic broker log configs hold after a clean restart and after SIGKILL", async () => {
  broker = await startStrand({ overrides });
  dataDir = broker.dataDir;
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "keep-topic", 1, { "retention.ms": "-1", "segment.bytes": "1048576" });
  await createTopic(c, "keep-broker", 1);
  await createTopic(c, "witness", 1, { "retention.ms": String(DAY_MS) });
  const alter = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
    resources: [{ resourceType: 4, resourceName: "", configs: [{ name: "log.retention.ms", configOperation: 0, value: "-1" }] }],
    validateOnly: false,
  });
  expect(alter.responses.map((r) => r.errorCode)).toEqual([0]);
  await produceOld(c, "keep-topic", "t");
  await produceOld(c, "keep-broker", "b");
  await retentionPassed(c);
  await expectKept(c, "keep-topic");
  await expectKept(c, "keep-broker");
  c.close();

  for (const how of ["clean stop", "SIGKILL"] as const) {
    if (how === "clean stop") expect(await broker.stop()).toBe(0);
    else await broker.kill();
    broker = await startStrand({ dataDir, overrides });
    c = await KafkaTestClient.connect(broker.port);
    await retentionPassed(c);
    await expectKept(c, "keep-topic");
    await expectKept(c, "keep-broker");
    c.close();
  }
}, 120_000);
