// log.flush.interval.messages=1 (Kafka's own key) against the real broker process (issue 20, bug 2 and
// the broker-level half of bug 1): no produce response may arrive before the flush covering its batch
// has returned, for acks=1 and acks=-1, sequential and pipelined, and the setting still holds after a
// restart. The broker runs with the test-only sync hook (src/storage/sync-hook.ts): every completed
// flush appends "<partition> flush <offset>" to a file before its waiters are released, and is held
// 150 ms more (a slow disk) so a response sent early cannot be mistaken for one sent after the sync.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce, type ProducePartitionAnswer } from "../unit/produce/wire-helpers.ts";

const overrides = { "log.flush.interval.messages": 1 };
let broker: StrandHandle | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await broker?.stop();
  if (dataDir) removeDataDir(dataDir);
}, 120_000);

/** The highest offset the sync log says `partition` was flushed to (read when a response arrives). */
function flushedTo(syncLog: string, partition: string): number {
  if (!existsSync(syncLog)) return 0;
  let max = 0;
  for (const line of readFileSync(syncLog, "utf8").split("\n")) {
    const [p, kind, offset] = line.split(" ");
    if (p === partition && kind === "flush") max = Math.max(max, Number(offset));
  }
  return max;
}

const batch = (n: number, i: number) => buildRecordBatch({ records: Array.from({ length: n }, (_, j) => ({ value: new TextEncoder().encode(`v${i}-${j}`) })) });

/** Each answer, checked the moment it arrives: its batch [base, base + n) must already be flushed. */
async function checkedProduce(c: KafkaTestClient, syncLog: string, acks: number, n: number, i: number): Promise<{ end: number; flushed: number }> {
  const r: ProducePartitionAnswer = await produce(c, "f", 0, batch(n, i), { acks });
  const flushed = flushedTo(syncLog, "f-0");
  expect(r.errorCode).toBe(0);
  return { end: Number(r.baseOffset) + n, flushed };
}

async function round(port: number, syncLog: string): Promise<void> {
  const c = await KafkaTestClient.connect(port);
  const answers: Array<{ end: number; flushed: number }> = [];
  for (let i = 0; i < 4; i++) answers.push(await checkedProduce(c, syncLog, i % 2 === 0 ? 1 : -1, 2, i));
  // Pipelined on one connection and spread over three: group commit may cover several per flush.
  const others = await Promise.all([KafkaTestClient.connect(port), KafkaTestClient.connect(port), KafkaTestClient.connect(port)]);
  answers.push(...(await Promise.all([c, ...others, c, c].map((x, i) => checkedProduce(x, syncLog, i % 2 === 0 ? -1 : 1, 3, 10 + i)))));
  for (const x of [c, ...others]) x.close();
  for (const a of answers) expect(a.flushed).toBeGreaterThanOrEqual(a.end);
}

test("log.flush.interval.messages=1: every produce is answered after its flush, before and after a restart", async () => {
  dataDir = mkdtempSync(join(tmpdir(), "strand-flush-"));
  const syncLog = join(dataDir, "sync.log");
  const env = { STRAND_TEST_SYNC_DELAY_MS: "150", STRAND_TEST_SYNC_LOG: syncLog };
  broker = await startStrand({ dataDir, overrides, env });
  const c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "f", 1);
  c.close();
  await round(broker.port, syncLog);
  expect(await broker.stop()).toBe(0);
  broker = await startStrand({ dataDir, overrides, env });
  await round(broker.port, syncLog);
}, 120_000);
