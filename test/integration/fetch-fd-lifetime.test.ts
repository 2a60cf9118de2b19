// A Fetch response queued for a slow consumer refers to segment files by descriptor. When the topic is
// deleted (or retention deletes the segments) while the response waits, the broker must still send the
// original files' bytes (or close the connection): never the bytes of a file that got the same
// descriptor number later (issue 20, bug 3: a slow client of a deleted topic received another topic's
// data). Against the real broker process: the slow consumer stops reading after the first bytes, the
// log changes, a new topic fills new files (which reuse freed descriptor numbers), then it reads on.
// Both send paths: sendfile(2), and pread + write (STRAND_SENDFILE=off).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildRecordBatch, RecordBatchView } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { containsBytes, SlowConsumer } from "../support/slow-consumer.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, produce } from "../unit/produce/wire-helpers.ts";
import { existsSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { waitForOutput } from "../support/output.ts";

const VALUE_BYTES = 64 * 1024;
const RECORDS_PER_BATCH = 8; // 512 KiB batches, below message.max.bytes
const encoder = new TextEncoder();

/** A 16-byte marker naming the topic, repeated to fill every value: any stray byte run names its file. */
function marker(topic: string): Uint8Array {
  return encoder.encode(`<${topic}>`.padEnd(16, "#").slice(0, 16));
}

function value(topic: string): Uint8Array {
  const m = marker(topic);
  const v = new Uint8Array(VALUE_BYTES);
  for (let i = 0; i < v.length; i += m.length) v.set(m.subarray(0, Math.min(m.length, v.length - i)), i);
  return v;
}

async function fill(c: KafkaTestClient, topic: string, partitions: number, batchesPerPartition: number): Promise<void> {
  const batch = buildRecordBatch({ records: Array.from({ length: RECORDS_PER_BATCH }, () => ({ value: value(topic) })) });
  for (let p = 0; p < partitions; p++) {
    for (let b = 0; b < batchesPerPartition; b++) {
      const r = await produce(c, topic, p, batch);
      if (r.errorCode !== 0) throw new Error(`produce to ${topic}-${p}: error ${r.errorCode}`);
    }
  }
}

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  // Bounded by the deadline.
  while (Date.now() < until) {
    if (await cond()) return;
    await Bun.sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Every byte the slow consumer got is the stalled topic's: the other topic's marker is nowhere, and a
 * complete response holds only CRC-valid batches of the stalled topic's records, from offset 0 on.
 */
function checkReceived(slow: SlowConsumer, complete: boolean, stalled: string, other: string, partitions: number): void {
  const bytes = slow.all();
  expect(containsBytes(bytes, marker(other))).toBe(false);
  // The fix keeps the files open until the response is out, so it arrives whole.
  expect(complete).toBe(true);
  const res = slow.response();
  expect(res.partitions.length).toBe(partitions);
  const want = value(stalled);
  for (const p of res.partitions) {
    expect(p.errorCode).toBe(0);
    const batches: RecordBatchView[] = batchViews(p.records);
    expect(batches.length).toBeGreaterThan(0);
    let next = 0n;
    for (const b of batches) {
      expect(b.validate()).toBeNull(); // CRC and structure
      expect(b.baseOffset).toBe(next);
      next = b.lastOffset + 1n;
      for (const r of b.records()) expect(Buffer.compare(Buffer.from(r.value!), Buffer.from(want))).toBe(0);
    }
  }
}

for (const sendPath of ["sendfile", "pread"] as const) describe(`sent with ${sendPath}`, () => {
  let broker: StrandHandle;
  let admin: KafkaTestClient;
  beforeAll(async () => {
    broker = await startStrand({
      overrides: { "log.retention.check.interval.ms": 100, "log.segment.delete.delay.ms": 0 },
      env: sendPath === "pread" ? { STRAND_SENDFILE: "off" } : {},
    });
    admin = await KafkaTestClient.connect(broker.port);
  }, 120_000);
  afterAll(async () => {
    admin?.close();
    await broker?.stop();
    if (broker) removeDataDir(broker.dataDir);
  }, 120_000);

  test("a slow consumer of a deleted topic gets that topic's bytes, never a newer topic's", async () => {
    const partitions = 4;
    const batchesPerPartition = 16; // 8 MiB per partition, 32 MiB queued for the slow consumer
    await createTopic(admin, "gone", partitions);
    await fill(admin, "gone", partitions, batchesPerPartition);
    const slow = await SlowConsumer.fetchAndStall(broker.port, "gone", partitions, 16 << 20);
    try {
      await waitFor("the first bytes of the fetch response", () => slow.bytesReceived > 0);
      const del = await admin.request<{ responses: Array<{ errorCode: number }> }>(20, 6, { topics: [{ name: "gone", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], timeoutMs: 10_000 });
      expect(del.responses[0]!.errorCode).toBe(0);
      const logs = join(broker.dataDir, "logs");
      await waitFor("the deleted partitions' directories to go", () => !readdirSync(logs).some((n) => n.startsWith("gone-")));
      // New files now take the descriptor numbers the deleted segments had.
      await createTopic(admin, "fresh", partitions);
      await fill(admin, "fresh", partitions, batchesPerPartition);
      const complete = await slow.readRest();
      checkReceived(slow, complete, "gone", "fresh", partitions);
    } finally {
      slow.close();
    }
  }, 120_000);

  test("a slow consumer of segments that retention deleted gets their bytes, never a newer topic's", async () => {
    const partitions = 4;
    const batchesPerPartition = 16;
    // 4 MiB segments: each partition has two, and the fetch reads the first of each.
    await createTopic(admin, "aged", partitions, { "segment.bytes": String(4 << 20), "file.delete.delay.ms": "0" });
    await fill(admin, "aged", partitions, batchesPerPartition);
    const slow = await SlowConsumer.fetchAndStall(broker.port, "aged", partitions, 16 << 20);
    try {
      await waitFor("the first bytes of the fetch response", () => slow.bytesReceived > 0);
      const end = BigInt(batchesPerPartition * RECORDS_PER_BATCH);
      const del = await admin.request<{ topics: Array<{ partitions: Array<{ errorCode: number; lowWatermark: bigint }> }> }>(21, 2, {
        topics: [{ name: "aged", partitions: Array.from({ length: partitions }, (_, p) => ({ partitionIndex: p, offset: end })) }],
        timeoutMs: 10_000,
      });
      for (const p of del.topics[0]!.partitions) {
        expect(p.errorCode).toBe(0);
        expect(p.lowWatermark).toBe(end);
      }
      // Retention removes the old segments' files (file.delete.delay.ms=0).
      const logs = join(broker.dataDir, "logs");
      const first = "00000000000000000000.log";
      await waitFor("the old segments' files to go", () => {
        for (let p = 0; p < partitions; p++) {
          const dir = join(logs, `aged-${p}`);
          if (existsSync(join(dir, first)) || readdirSync(dir).some((n) => n.endsWith(".deleted"))) return false;
        }
        return true;
      });
      await createTopic(admin, "newer", partitions);
      await fill(admin, "newer", partitions, batchesPerPartition);
      const complete = await slow.readRest();
      checkReceived(slow, complete, "aged", "newer", partitions);
    } finally {
      slow.close();
    }
  }, 120_000);
});

/** The broker's open descriptors that name a deleted file of `topic`'s partition directories. */
function deletedFilesHeld(pid: number, topic: string): string[] {
  const out: string[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target = "";
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (target.includes(`/${topic}-`) && target.endsWith("(deleted)")) out.push(target);
  }
  return out;
}

test("a client that stops reading is closed after connections.max.idle.ms, and the deleted files it held are let go", async () => {
  // As Kafka's Selector: the idle clock of a connection moves only when its socket reads or writes.
  const b = await startStrand({ overrides: { "connections.max.idle.ms": 2000 } });
  try {
    const c = await KafkaTestClient.connect(b.port);
    const partitions = 2;
    await createTopic(c, "pinned", partitions);
    await fill(c, "pinned", partitions, 16);
    const slow = await SlowConsumer.fetchAndStall(b.port, "pinned", partitions, 16 << 20);
    try {
      await waitFor("the first bytes of the fetch response", () => slow.bytesReceived > 0);
      const del = await c.request<{ responses: Array<{ errorCode: number }> }>(20, 6, { topics: [{ name: "pinned", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], timeoutMs: 10_000 });
      expect(del.responses[0]!.errorCode).toBe(0);
      c.close();
      // The queued response still holds the deleted segments open...
      await waitFor("the topic's directories to go", () => !readdirSync(join(b.dataDir, "logs")).some((n) => n.startsWith("pinned-")));
      expect(deletedFilesHeld(b.pid, "pinned").length).toBeGreaterThan(0);
      // ...until the broker gives up on the client that does not read.
      await waitFor("the stalled connection's files to be released", () => deletedFilesHeld(b.pid, "pinned").length === 0, 60_000);
      expect(await slow.readRest()).toBe(false); // closed before the whole response went out
      await waitForOutput(b, /closing connection whose client stopped reading its responses/);
    } finally {
      slow.close();
    }
  } finally {
    await b.stop();
    removeDataDir(b.dataDir);
  }
}, 120_000);
