// Producer state against the real broker process (issue 10, items 5 and 6):
// - an idle producer is forgotten after producer.id.expiration.ms (checked every
//   producer.id.expiration.check.interval.ms), after which a batch from it with any sequence is
//   appended (Kafka 4.4's ProducerAppendInfo.checkSequence: no state, no sequence check); a producer
//   whose last write is recent keeps its duplicate and sequence checks; an expired producer is not in
//   the snapshot written at shutdown;
// - a damaged `.snapshot` does not stop the broker: it is reported, dropped, and the producer state is
//   rebuilt from the log, so retries are still recognised.
// Expiry counts from the batches' own timestamps (as in Kafka), so the test sets them: "stale" ones
// 10 minutes old against a 60 s expiration expire at the next check, "fresh" ones 30 minutes ahead
// cannot expire while the test runs, however slow the machine.
import { afterEach, expect, test } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { readProducerSnapshotBytes } from "../../src/storage/producer-snapshot.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle | null = null;
afterEach(async () => {
  await broker?.stop();
  broker = null;
}, 120_000);

const OUT_OF_ORDER_SEQUENCE_NUMBER = 45;

function batch(pid: bigint, seq: number, n: number, timestampMs: number): Uint8Array {
  return buildRecordBatch({
    records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([seq + i]), timestamp: timestampMs })),
    producerId: pid,
    producerEpoch: 0,
    baseSequence: seq,
  });
}

async function initProducerId(c: KafkaTestClient): Promise<bigint> {
  const r = await c.request<{ errorCode: number; producerId: bigint }>(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
  expect(r.errorCode).toBe(0);
  return r.producerId;
}

async function pollUntil<T>(what: string, timeoutMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await attempt();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(50);
  }
}

function snapshotIds(dataDir: string, partitionDir: string): bigint[] {
  const dir = join(dataDir, "logs", partitionDir);
  const names = readdirSync(dir).filter((n) => n.endsWith(".snapshot")).sort();
  expect(names.length).toBeGreaterThan(0);
  const file = join(dir, names[names.length - 1]!);
  return readProducerSnapshotBytes(new Uint8Array(readFileSync(file)), file).map((e) => e.producerId);
}

test("an idle producer expires after producer.id.expiration.ms; a recent one keeps its checks", async () => {
  broker = await startStrand({ overrides: { "producer.id.expiration.ms": 60_000, "producer.id.expiration.check.interval.ms": 100 } });
  const c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "expiry", 1);
  const [fresh, stale, gone] = [await initProducerId(c), await initProducerId(c), await initProducerId(c)];
  const now = Date.now();
  const freshTs = now + 30 * 60_000;
  const staleTs = now - 10 * 60_000;
  expect((await produce(c, "expiry", 0, batch(gone, 0, 3, staleTs))).errorCode).toBe(0);
  const first = await produce(c, "expiry", 0, batch(fresh, 0, 5, freshTs));
  expect(first.errorCode).toBe(0);
  expect((await produce(c, "expiry", 0, batch(stale, 0, 5, staleTs))).errorCode).toBe(0);

  // While the stale producer is known, a gap in its sequence is refused (nothing appended); once the
  // check has forgotten it, the same batch is appended without error, as Kafka 4.4 does.
  const appended = await pollUntil("the stale producer to expire", 30_000, async () => {
    const r = await produce(c, "expiry", 0, batch(stale, 10, 1, staleTs));
    if (r.errorCode === 0) return r;
    expect(r.errorCode).toBe(OUT_OF_ORDER_SEQUENCE_NUMBER);
    return undefined;
  });
  expect(appended.baseOffset).toBe(13n); // after 3 + 5 + 5 records

  // The fresh producer was not touched by the checks: its retry is still a duplicate, its gap refused.
  expect(await produce(c, "expiry", 0, batch(fresh, 0, 5, freshTs))).toMatchObject({ errorCode: 0, baseOffset: first.baseOffset });
  expect((await produce(c, "expiry", 0, batch(fresh, 7, 1, freshTs))).errorCode).toBe(OUT_OF_ORDER_SEQUENCE_NUMBER);
  c.close();

  // The check that forgot `stale` forgot `gone` too (older, no writes since): the snapshot written at
  // shutdown holds the fresh producer and not the expired one.
  const dataDir = broker.dataDir;
  expect(await broker.stop()).toBe(0);
  broker = null;
  const ids = snapshotIds(dataDir, "expiry-0");
  expect(ids).toContain(fresh);
  expect(ids).not.toContain(gone);
}, 90_000);

test("a damaged or truncated snapshot is reported and the producer state rebuilt from the log", async () => {
  broker = await startStrand();
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "damaged", 1);
  const pid = await initProducerId(c);
  const now = Date.now();
  expect((await produce(c, "damaged", 0, batch(pid, 0, 5, now))).baseOffset).toBe(0n);
  expect((await produce(c, "damaged", 0, batch(pid, 5, 5, now))).baseOffset).toBe(5n);
  c.close();
  const dataDir = broker.dataDir;
  const partDir = join(dataDir, "logs", "damaged-0");

  const damage: Array<(b: Uint8Array) => Uint8Array> = [
    (b) => {
      const x = b.slice();
      x[x.length - 3]! ^= 0xff; // inside the last entry: the CRC no longer matches
      return x;
    },
    (b) => b.subarray(0, 3),
  ];
  for (const [round, hurt] of damage.entries()) {
    expect(await broker!.stop()).toBe(0);
    const names = readdirSync(partDir).filter((n) => n.endsWith(".snapshot")).sort();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) writeFileSync(join(partDir, n), hurt(new Uint8Array(readFileSync(join(partDir, n)))));
    broker = await startStrand({ dataDir });
    c = await KafkaTestClient.connect(broker.port);
    // Rebuilt from the log: the last batch's retry is a duplicate and a gap is refused.
    expect(await produce(c, "damaged", 0, batch(pid, 5, 5, now))).toMatchObject({ errorCode: 0, baseOffset: 5n });
    expect((await produce(c, "damaged", 0, batch(pid, 12, 1, now))).errorCode).toBe(OUT_OF_ORDER_SEQUENCE_NUMBER);
    c.close();
    await pollUntil(`round ${round}: the warning about the damaged snapshot`, 10_000, async () => (broker!.output().includes("Failed to load producer snapshot from") ? true : undefined));
  }
  // And the next batch in sequence appends.
  c = await KafkaTestClient.connect(broker!.port);
  expect(await produce(c, "damaged", 0, batch(pid, 10, 1, now))).toMatchObject({ errorCode: 0, baseOffset: 10n });
  c.close();
}, 120_000);
