// Producer ids on a single node come from blocks in the metadata log (ProducerIdsRecord, Kafka's
// AllocateProducerIds path) instead of the side file of earlier Strands: the first InitProducerId is
// answered at once (the block is fetched at start-up), ids are unique across restarts, and a data dir
// that still holds `strand-producer-ids` continues after the value it holds, then loses the file.

import { afterAll, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";

const dirs: string[] = [];
const live: StrandHandle[] = [];
afterAll(async () => {
  for (const h of live) await h.kill().catch(() => {});
  for (const d of dirs) removeDataDir(d);
}, 120_000);

async function initProducerId(port: number): Promise<{ errorCode: number; producerId: bigint }> {
  const c = await KafkaTestClient.connect(port);
  try {
    return await c.request<{ errorCode: number; producerId: bigint }>(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
  } finally {
    c.close();
  }
}

test("ids from ProducerIdsRecord blocks: answered at once, unique across restarts; a legacy side file is continued and removed", async () => {
  let h = await startStrand();
  live.push(h);
  dirs.push(h.dataDir);
  const first = [await initProducerId(h.port), await initProducerId(h.port)];
  expect(first.map((r) => r.errorCode)).toEqual([0, 0]);
  expect(first.map((r) => r.producerId)).toEqual([0n, 1n]);
  expect(await h.stop()).toBe(0);

  // An earlier Strand's side file in the metadata log dir (here log.dirs' first dir).
  const metaDir = join(h.dataDir, "logs");
  writeFileSync(join(metaDir, "strand-producer-ids"), "7000\n");
  h = await startStrand({ dataDir: h.dataDir });
  live.push(h);
  const after = await initProducerId(h.port);
  expect(after.errorCode).toBe(0);
  expect(after.producerId).toBe(7000n);
  expect(existsSync(join(metaDir, "strand-producer-ids"))).toBe(false);
  await h.kill();

  // SIGKILL and back: never an id handed out before.
  h = await startStrand({ dataDir: h.dataDir });
  live.push(h);
  const again = await initProducerId(h.port);
  expect(again.errorCode).toBe(0);
  expect(again.producerId).toBeGreaterThanOrEqual(8000n);
  expect(h.output()).not.toContain("producer id block not allocated");
}, 120_000);
