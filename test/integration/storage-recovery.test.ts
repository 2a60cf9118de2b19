// Recovery that trusts nothing it can check (issue 20, bugs 10 and 11), against the real broker process:
// an index whose positions are wrong, a torn tail after a clean stop, and a restart after SIGKILL that
// must not read every preallocated index in full.
import { afterEach, expect, test } from "bun:test";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle | null = null;
const dirs: string[] = [];
afterEach(async () => {
  if (broker) await broker.kill();
  broker = null;
  for (const d of dirs.splice(0)) removeDataDir(d);
});

const SEGMENT = "00000000000000000000";

function batchOf(n: number, valueBytes: number, tag: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array(valueBytes).fill((tag + i) & 0xff) })) });
}

/** Produces `batches` batches of 2 records of ~1 KB each to t-0; returns the next offset. */
async function fill(c: KafkaTestClient, topic: string, batches: number): Promise<number> {
  let next = 0;
  for (let i = 0; i < batches; i++) {
    const r = await produce(c, topic, 0, batchOf(2, 1000, i));
    expect(r.errorCode).toBe(0);
    expect(Number(r.baseOffset)).toBe(next);
    next += 2;
  }
  return next;
}

/** A produce after the restart lands at `expected` and a fetch from there returns it. */
async function appendIsReadable(c: KafkaTestClient, topic: string, expected: number): Promise<void> {
  const r = await produce(c, topic, 0, batchOf(1, 10, 99));
  expect(r.errorCode).toBe(0);
  expect(Number(r.baseOffset)).toBe(expected);
  const f = await fetchOnce(c, topic, [{ partition: 0, offset: BigInt(expected) }]);
  expect(f.partitions[0]!.errorCode).toBe(0);
  expect(Number(f.partitions[0]!.highWatermark)).toBe(expected + 1);
  const got = batchViews(f.partitions[0]!.records);
  expect(got.length).toBe(1);
  expect(Number(got[0]!.baseOffset)).toBe(expected);
}

/** rchar of /proc/PID/io: every byte the process read through read(2) and friends. */
function readBytesOf(pid: number): number {
  const m = /^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"));
  if (!m) throw new Error(`no rchar in /proc/${pid}/io`);
  return Number(m[1]);
}

test("a restart after SIGKILL does not read every preallocated index in full", async () => {
  const partitions = 100; // each active segment: a 10 MiB .index and .timeindex, preallocated
  broker = await startStrand();
  dirs.push(broker.dataDir);
  const c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "many", partitions);
  for (let p = 0; p < partitions; p += 10) expect((await produce(c, "many", p, batchOf(1, 100, p))).errorCode).toBe(0);
  c.close();
  const dataDir = broker.dataDir;
  await broker.kill();
  expect(readFileSync(join(dataDir, "logs", "many-0", `${SEGMENT}.index`)).length).toBe(10 * 1024 * 1024); // untrimmed

  broker = await startStrand({ dataDir, startTimeoutMs: 120_000 });
  const read = readBytesOf(broker.pid);
  console.log(`restart after SIGKILL with ${partitions} partitions: the broker read ${(read / 2 ** 20).toFixed(1)} MiB`);
  // Reading them in full is 100 x 20 MiB = 2,000 MiB; the broker's own start-up (sources, metadata
  // log) reads a few tens of MiB.
  expect(read).toBeLessThan(400 * 2 ** 20);
  const c2 = await KafkaTestClient.connect(broker.port);
  const f = await fetchOnce(c2, "many", [{ partition: 10, offset: 0n }]);
  expect(batchViews(f.partitions[0]!.records).length).toBe(1);
  c2.close();
}, 120_000);
