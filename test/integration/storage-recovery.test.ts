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
import { waitForOutput } from "../support/output.ts";

let broker: StrandHandle | null = null;
const dirs: string[] = [];
afterEach(async () => {
  if (broker) await broker.kill();
  broker = null;
  for (const d of dirs.splice(0)) removeDataDir(d);
}, 120_000);

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

test("an offset index with wrong positions is rebuilt: the log end is right and new appends are readable", async () => {
  broker = await startStrand();
  dirs.push(broker.dataDir);
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "badidx", 1);
  const end = await fill(c, "badidx", 40); // ~80 KB: about 19 index entries at index.interval.bytes=4096
  c.close();
  expect(await broker.stop()).toBe(0);

  // Well-formed (offsets and positions increasing) but every position 5 bytes off a batch start.
  const indexPath = join(broker.dataDir, "logs", "badidx-0", `${SEGMENT}.index`);
  const index = readFileSync(indexPath);
  expect(index.length).toBeGreaterThanOrEqual(8 * 5);
  const dv = new DataView(index.buffer, index.byteOffset, index.byteLength);
  for (let p = 0; p + 8 <= index.length; p += 8) dv.setInt32(p + 4, dv.getInt32(p + 4) + 5);
  writeFileSync(indexPath, index);

  const dataDir = broker.dataDir;
  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  await appendIsReadable(c, "badidx", end);
  await waitForOutput(broker, /WARN rebuilding the indexes of a segment.*partition=badidx-0/);
  // Reads through the rebuilt index land on real batches.
  const f = await fetchOnce(c, "badidx", [{ partition: 0, offset: BigInt(end - 10) }]);
  expect(batchViews(f.partitions[0]!.records).map((b) => Number(b.baseOffset))[0]).toBe(end - 10);
  c.close();
}, 60_000);

test("a torn tail after a clean stop is truncated and logged, and new appends are readable", async () => {
  broker = await startStrand();
  dirs.push(broker.dataDir);
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "torn", 1);
  const end = await fill(c, "torn", 10);
  c.close();
  expect(await broker.stop()).toBe(0);
  expect(existsSync(join(broker.dataDir, "logs", ".kafka_cleanshutdown"))).toBe(true);

  // The first half of a batch with the next offsets: a write torn after the clean-shutdown marker.
  const torn = batchOf(2, 1000, 7);
  new DataView(torn.buffer, torn.byteOffset).setBigInt64(0, BigInt(end));
  const logPath = join(broker.dataDir, "logs", "torn-0", `${SEGMENT}.log`);
  const sizeBefore = readFileSync(logPath).length;
  appendFileSync(logPath, torn.subarray(0, torn.length >> 1));

  const dataDir = broker.dataDir;
  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  await appendIsReadable(c, "torn", end);
  await waitForOutput(broker, /WARN truncated an invalid tail of the log .*partition=torn-0/);
  await waitForOutput(broker, new RegExp(`truncated an invalid tail.*logEndOffset=${end} bytesDropped=${torn.length >> 1}`));
  c.close();
  expect(readFileSync(logPath).length).toBeGreaterThan(sizeBefore); // truncated back, then appended to
}, 60_000);

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
