// Issue 19 item 7 against the real broker process: 250 acknowledged batches, a clean stop, the exact
// damage of the issue, a restart. Nothing is deleted: the data is in a `<topic>-0.<uuid>-stray` dir
// (Kafka 4.4.0's name for a stray log) and the broker says at ERROR what to do.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchesIn } from "../unit/storage/helpers.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";
import { waitForOutput } from "../support/output.ts";

const BATCHES = 250;
const handles: StrandHandle[] = [];
afterAll(async () => {
  for (const h of handles) await h.kill().catch(() => {});
  for (const h of handles) removeDataDir(h.dataDir);
}, 120_000);

async function start(dataDir?: string): Promise<{ h: StrandHandle; c: KafkaTestClient }> {
  const h = await startStrand({ dataDir });
  handles.push(h);
  return { h, c: await KafkaTestClient.connect(h.port) };
}

/** A broker with topic `orders` holding 250 acknowledged batches (acks=-1), stopped cleanly. */
async function filled(): Promise<string> {
  const { h, c } = await start();
  await createTopic(c, "orders", 1);
  for (let i = 0; i < BATCHES; i++) {
    const r = await produce(c, "orders", 0, buildRecordBatch({ records: [{ value: new TextEncoder().encode(`v${i}`) }] }));
    expect([r.errorCode, r.baseOffset]).toEqual([0, BigInt(i)]);
  }
  c.close();
  expect(await h.stop()).toBe(0);
  return h.dataDir;
}

function keptBatches(logs: string, name: string): number {
  const kept = readdirSync(logs).filter((n) => new RegExp(`^${name}\\.[0-9a-f]{32}-stray$`).test(n));
  expect(kept.length).toBe(1);
  let n = 0;
  for (const f of readdirSync(join(logs, kept[0]!))) if (f.endsWith(".log")) n += batchesIn(new Uint8Array(readFileSync(join(logs, kept[0]!, f)))).length;
  return n;
}

async function offsets(c: KafkaTestClient): Promise<{ errorCode: number; earliest: bigint; latest: bigint }> {
  const ask = async (timestamp: bigint) => {
    const r = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; offset: bigint }> }> }>(2, 7, {
      replicaId: -1,
      isolationLevel: 0,
      topics: [{ name: "orders", partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp }] }],
    });
    return r.topics[0]!.partitions[0]!;
  };
  const e = await ask(-2n);
  const l = await ask(-1n);
  return { errorCode: e.errorCode || l.errorCode, earliest: e.offset, latest: l.offset };
}

test("partition.metadata naming another topic id: the log is kept as orders-0.<id>-stray, the topic starts a new log", async () => {
  const dataDir = await filled();
  const logs = join(dataDir, "logs");
  writeFileSync(join(logs, "orders-0", "partition.metadata"), "version: 0\ntopic_id: oldTopicIdAAAAAAAAAAAA\n");
  const { h, c } = await start(dataDir);
  expect(keptBatches(logs, "orders-0")).toBe(BATCHES);
  await waitForOutput(h, /ERROR stray partition log set aside, not deleted.*partition=orders-0.*partition\.metadata names topic id oldTopicIdAAAAAAAAAAAA/);
  expect(h.output()).not.toMatch(/deleting stray/);
  expect(await offsets(c)).toEqual({ errorCode: 0, earliest: 0n, latest: 0n });
  c.close();
  expect(await h.stop()).toBe(0);
}, 90_000);

test("metadata log missing: the partition log is kept as -stray and the broker says to restore the metadata", async () => {
  const dataDir = await filled();
  const logs = join(dataDir, "logs");
  rmSync(join(logs, "__cluster_metadata-0"), { recursive: true });
  const { h, c } = await start(dataDir);
  expect(keptBatches(logs, "orders-0")).toBe(BATCHES);
  expect(existsSync(join(logs, "orders-0"))).toBe(false);
  await waitForOutput(h, /ERROR the metadata log knows no topics but partition logs were on disk/);
  c.close();
  expect(await h.stop()).toBe(0);
  // A second start keeps it too (reported, never deleted).
  const again = await start(dataDir);
  expect(keptBatches(logs, "orders-0")).toBe(BATCHES);
  await waitForOutput(again.h, /WARN stray partition log kept from an earlier start/);
  again.c.close();
  expect(await again.h.stop()).toBe(0);
}, 90_000);

test("log-start-offset-checkpoint beyond the log end: offsets continue from the checkpoint (as Kafka) and the 250 batches are kept aside", async () => {
  const dataDir = await filled();
  const logs = join(dataDir, "logs");
  const cp = join(logs, "log-start-offset-checkpoint");
  expect(readFileSync(cp, "utf8")).toContain("orders 0 0\n");
  writeFileSync(cp, readFileSync(cp, "utf8").replace("orders 0 0\n", "orders 0 1000\n"));
  const { h, c } = await start(dataDir);
  expect(keptBatches(logs, "orders-0")).toBe(BATCHES);
  await waitForOutput(h, /ERROR log start offset checkpoint is beyond the log end.*partition=orders-0.*logStartOffset=1000 logEndOffset=250/);
  expect(await offsets(c)).toEqual({ errorCode: 0, earliest: 1000n, latest: 1000n });
  const r = await produce(c, "orders", 0, buildRecordBatch({ records: [{ value: new Uint8Array([1]) }] }));
  expect([r.errorCode, r.baseOffset]).toEqual([0, 1000n]);
  c.close();
  expect(await h.stop()).toBe(0);
}, 90_000);
