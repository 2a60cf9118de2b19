// A failed segment write (disk full) against the real broker process (issue 20, bug 8). The failure
// is injected with STRAND_TEST_FAIL_APPEND (src/storage/fault-injection.ts): the 6th append to t-0
// writes half its bytes, then fails with ENOSPC. The partition goes offline at once (ERROR in the log
// with the partition and offsets, KAFKA_STORAGE_ERROR to clients, the connection open, the other
// partitions serving), the failed append never counts in the log end, SIGTERM leaves the dir without
// a clean-shutdown marker, and after the restart consumers read every acknowledged record and the
// next produce is acknowledged at the acknowledged end and can be read.
//
// Variants: the partial bytes cut back off the file at once, and (keep-torn) left in it, as when
// the cut-back fails too, so the restart's recovery must truncate the torn batch; and keep-torn with
// large batches sent in pieces, which take the zero-copy path (chunk slices, one gathered write).
import { afterEach, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { waitForOutput } from "../support/output.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

const KAFKA_STORAGE_ERROR = 56;

let broker: StrandHandle | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  if (broker) await broker.kill().catch(() => undefined);
  broker = null;
  if (dataDir) removeDataDir(dataDir);
  dataDir = null;
}, 120_000);

/** A batch of `count` records of `valueBytes` each. */
function batchOf(tag: number, count: number, valueBytes: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: count }, (_, i) => ({ value: new Uint8Array(valueBytes).fill((tag + i) & 0xff) })) });
}

/** Every batch of the partition from offset 0 up to the high watermark: [baseOffset, lastOffset] pairs. */
async function readAll(c: KafkaTestClient, topic: string): Promise<{ batches: Array<[number, number]>; highWatermark: bigint }> {
  const batches: Array<[number, number]> = [];
  let offset = 0n;
  let highWatermark = -1n;
  // Bounded: each round moves past at least one batch, or stops.
  for (let round = 0; round < 100; round++) {
    const f = await fetchOnce(c, topic, [{ partition: 0, offset }]);
    const p = f.partitions[0]!;
    expect(p.errorCode).toBe(0);
    highWatermark = p.highWatermark;
    const views = batchViews(p.records);
    if (views.length === 0) break;
    for (const v of views) {
      batches.push([Number(v.baseOffset), Number(v.lastOffset)]);
      offset = v.lastOffset + 1n;
    }
  }
  return { batches, highWatermark };
}

const VARIANTS = [
  { name: "cut-back", fault: "t-0@6", count: 10, valueBytes: 100, dribble: false },
  { name: "keep-torn", fault: "t-0@6:keep-torn", count: 10, valueBytes: 100, dribble: false },
  { name: "keep-torn, zero-copy path", fault: "t-0@6:keep-torn", count: 150, valueBytes: 1024, dribble: true },
];

for (const variant of VARIANTS) {
  test(`ENOSPC mid-batch (${variant.name}): offline at once, no clean marker, and nothing acknowledged is lost or unreadable after the restart`, async () => {
    const n = variant.count;
    const records = (tag: number): Uint8Array => batchOf(tag, n, variant.valueBytes);
    broker = await startStrand({ env: { STRAND_TEST_FAIL_APPEND: variant.fault } });
    dataDir = broker.dataDir;
    let c = await KafkaTestClient.connect(broker.port);
    await createTopic(c, "t", 1);
    await createTopic(c, "other", 1);
    // Pieces of 16-48 KiB: a 150 KiB request arrives as several socket chunks.
    if (variant.dribble) c.dribble = { minBytes: 16 * 1024, maxBytes: 48 * 1024, pauseMs: 2 };
    for (let i = 0; i < 5; i++) expect((await produce(c, "t", 0, records(i))).baseOffset).toBe(BigInt(i * n));
    // The 6th append fails after writing half its bytes.
    expect((await produce(c, "t", 0, records(5))).errorCode).toBe(KAFKA_STORAGE_ERROR);
    const end = 5 * n;
    await waitForOutput(broker, new RegExp(`ERROR partition offline.* partition=t-0 .*logEndOffset=${end} .*append of offsets ${end}-${end + n - 1} failed, log end stays ${end}.*ENOSPC`));
    expect((await produce(c, "t", 0, records(6))).errorCode).toBe(KAFKA_STORAGE_ERROR);
    expect((await fetchOnce(c, "t", [{ partition: 0, offset: 0n }])).partitions[0]!.errorCode).toBe(KAFKA_STORAGE_ERROR);
    const md = await c.request<{ topics: Array<{ name: string; partitions: Array<{ errorCode: number; leaderId: number; offlineReplicas: number[] }> }> }>(3, 12, {
      topics: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }],
      allowAutoTopicCreation: false,
    });
    expect(md.topics[0]!.partitions[0]!).toMatchObject({ errorCode: 5, leaderId: -1, offlineReplicas: [1] });
    // The other partitions serve; the connection is still open.
    expect((await produce(c, "other", 0, records(1))).errorCode).toBe(0);
    expect(c.isClosed).toBe(false);
    c.close();

    expect(await broker.stop()).toBe(0);
    await waitForOutput(broker, /ERROR strand stopped; log dirs with offline partitions are not marked cleanly shut down/);
    expect(broker.output()).not.toContain("strand stopped cleanly");
    expect(existsSync(join(dataDir, "logs", ".kafka_cleanshutdown"))).toBe(false);

    broker = await startStrand({ dataDir });
    c = await KafkaTestClient.connect(broker.port);
    // Everything acknowledged is there, nothing of the failed append counts.
    const before = await readAll(c, "t");
    expect(before.batches).toEqual([0, 1, 2, 3, 4].map((i) => [i * n, i * n + n - 1]));
    expect(before.highWatermark).toBe(BigInt(end));
    // The next produce lands at the acknowledged end and can be read.
    expect((await produce(c, "t", 0, records(7))).baseOffset).toBe(BigInt(end));
    const after = await readAll(c, "t");
    expect(after.batches).toEqual([0, 1, 2, 3, 4, 5].map((i) => [i * n, i * n + n - 1]));
    expect(after.highWatermark).toBe(BigInt(end + n));
    c.close();
    expect(await broker.stop()).toBe(0);
    broker = null;
  }, 60_000);
}
