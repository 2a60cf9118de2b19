// The log cleaner in a real broker (its worker thread): a compacted topic with small segments and a
// low dirty ratio gets cleaned (cleaner-offset-checkpoint advances, the `log cleaned` line appears),
// a consumer from the beginning sees exactly the latest value per key, Kafka 4.4.0's kafka-dump-log
// accepts the cleaned segments; a SIGKILL while the cleaner runs leaves a log that recovers to the same
// state (no key lost or duplicated in the cleaned part).
import { afterAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { readOffsetCheckpoint } from "../../src/storage/checkpoint-file.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { dumpLogSegments } from "../support/kafka-tools.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
const handles: StrandHandle[] = [];
afterAll(async () => {
  for (const h of handles) await h.kill().catch(() => undefined);
  for (const h of handles) removeDataDir(h.dataDir);
}, 120_000);

const overrides = { "log.cleaner.backoff.ms": 100, "log.cleaner.dedupe.buffer.size": 4 * 1024 * 1024 };
const topicConfig = { "cleanup.policy": "compact", "internal.segment.bytes": "4096", "min.cleanable.dirty.ratio": "0.01", "delete.retention.ms": "0", "segment.ms": "100" };

async function produceKeyed(c: KafkaTestClient, topic: string, seed: number, batches: number, model: Map<string, string | null>): Promise<void> {
  let s = seed;
  const r = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let b = 0; b < batches; b++) {
    const records = Array.from({ length: 5 }, (_, i) => {
      const k = `key-${Math.floor(r() * 50)}`;
      const v = r() < 0.1 ? null : `value-${b}-${i}`;
      model.set(k, v);
      return { key: enc.encode(k), value: v === null ? null : enc.encode(v), headers: [{ key: "h", value: enc.encode("x") }] };
    });
    const res = await produce(c, topic, 0, buildRecordBatch({ records, compression: b % 5 }));
    expect(res.errorCode).toBe(0);
  }
}

async function readAll(c: KafkaTestClient, topic: string): Promise<Array<{ offset: number; key: string; value: string | null }>> {
  const out: Array<{ offset: number; key: string; value: string | null }> = [];
  let offset = 0n;
  // Bounded: every round moves the offset or ends at the high watermark.
  for (let round = 0; round < 1000; round++) {
    const f = await fetchOnce(c, topic, [{ partition: 0, offset }]);
    const p = f.partitions[0]!;
    if (p.errorCode === 1) {
      offset = p.logStartOffset;
      continue;
    }
    expect(p.errorCode).toBe(0);
    const views = batchViews(p.records);
    if (views.length === 0) break;
    for (const v of views) {
      for (const rec of v.records()) if (rec.offset >= offset) out.push({ offset: Number(rec.offset), key: dec.decode(rec.key!), value: rec.value && dec.decode(rec.value) });
      offset = v.lastOffset + 1n;
    }
    if (offset >= p.highWatermark) break;
  }
  return out;
}

function latest(recs: ReadonlyArray<{ key: string; value: string | null }>): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const r of recs) m.set(r.key, r.value);
  return m;
}

async function waitForCheckpoint(h: StrandHandle, topic: string, atLeast: number, timeoutMs: number): Promise<number> {
  const file = join(h.dataDir, "logs", "cleaner-offset-checkpoint");
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline.
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const o = readOffsetCheckpoint(file).get(`${topic}-0`)?.offset ?? 0;
      if (o >= atLeast) return o;
    }
    await Bun.sleep(50);
  }
  throw new Error(`cleaner-offset-checkpoint did not reach ${atLeast} for ${topic} in ${timeoutMs} ms:\n${h.output().slice(-3000)}`);
}

test("a compacted topic is cleaned by the broker's cleaner: the consumer sees the latest value per key", async () => {
  const seed = Number(process.env.STRAND_TEST_SEED ?? Date.now() % 100000);
  console.log(`log-cleaner integration seed=${seed}`);
  const h = await startStrand({ overrides, ...(process.env.STRAND_BINARY ? { binary: process.env.STRAND_BINARY } : {}) });
  handles.push(h);
  const c = await KafkaTestClient.connect(h.port);
  try {
    await createTopic(c, "compacted", 1, topicConfig);
    const model = new Map<string, string | null>();
    await produceKeyed(c, "compacted", seed, 200, model);
    const end = 1000;
    // A roll (segment.ms) leaves everything below the active segment; the cleaner cleans it up to there.
    await Bun.sleep(150);
    await produceKeyed(c, "compacted", seed + 1, 1, model);
    const cp = await waitForCheckpoint(h, "compacted", end, 20_000);
    expect(cp).toBeGreaterThanOrEqual(end);
    expect(h.output()).toMatch(/INFO log cleaned partition=compacted-0 /);
    const recs = await readAll(c, "compacted");
    // Offsets increasing; the cleaned part holds each key once; the latest per key is the model's.
    for (let i = 1; i < recs.length; i++) expect(recs[i]!.offset).toBeGreaterThan(recs[i - 1]!.offset);
    const cleaned = recs.filter((r) => r.offset < cp);
    expect(new Set(cleaned.map((r) => r.key)).size).toBe(cleaned.length);
    expect(recs.length).toBeLessThan(1005);
    const seen = latest(recs);
    for (const [k, v] of model) if (v !== null) expect(seen.get(k)).toBe(v);
    for (const [k, v] of seen) expect(model.get(k) ?? null).toBe(v);

    // Kafka's own tool reads the cleaned segments.
    const probe = await probeKafkaDist();
    if (probe.ok) {
      const dir = join(h.dataDir, "logs", "compacted-0");
      const logs = readdirSync(dir).filter((n) => n.endsWith(".log")).sort().map((n) => join(dir, n));
      const dump = await dumpLogSegments(logs, { printDataLog: true });
      const batchLines = dump.stdout.split("\n").filter((l) => l.startsWith("baseOffset:"));
      expect(batchLines.length).toBeGreaterThan(0);
      for (const l of batchLines) expect(l).toContain("isvalid: true");
      expect(dump.stderr).not.toMatch(/Exception/);
      // The cleaned segments' offset and time indexes agree with their data (Kafka's checks); the
      // active segment's are preallocated (zeros past the entries) while the broker runs.
      const active = readdirSync(dir).filter((n) => n.endsWith(".log")).sort().at(-1)!.slice(0, 20);
      const indexes = readdirSync(dir).filter((n) => (n.endsWith(".index") || n.endsWith(".timeindex")) && !n.startsWith(active)).sort().map((n) => join(dir, n));
      expect(indexes.length).toBeGreaterThan(0);
      const verify = await dumpLogSegments(indexes, { verifyIndexOnly: true });
      expect(verify.stderr).not.toMatch(/Mismatches|mismatch|out of order|Exception/i);
      const sanity = await dumpLogSegments(indexes, { indexSanityCheck: true });
      if (sanity.stdout.match(/passed sanity check|is empty\./g)?.length !== indexes.length) throw new Error(`index sanity check:\n${sanity.stdout}\n${sanity.stderr}\n${indexes.join("\n")}`);
    } else console.warn(`kafka-dump-log part skipped: ${probe.reason}`);
  } finally {
    c.close();
  }
}, 90_000);

test("SIGKILL while the cleaner runs: the log recovers to the latest value per key", async () => {
  const seed = Number(process.env.STRAND_TEST_SEED ?? Date.now() % 100000) + 7;
  console.log(`log-cleaner sigkill seed=${seed}`);
  let h = await startStrand({ overrides: { ...overrides, "log.cleaner.io.max.bytes.per.second": 200_000 } });
  handles.push(h);
  let c = await KafkaTestClient.connect(h.port);
  const model = new Map<string, string | null>();
  await createTopic(c, "killed", 1, topicConfig);
  await produceKeyed(c, "killed", seed, 300, model);
  await Bun.sleep(150);
  await produceKeyed(c, "killed", seed + 1, 1, model);
  // Throttled: the cleaning takes a while; kill it in the middle (or after, if it was quick).
  await Bun.sleep(200 + (seed % 400));
  c.close();
  await h.kill();
  h = await startStrand({ dataDir: h.dataDir, overrides });
  handles.push(h);
  c = await KafkaTestClient.connect(h.port);
  try {
    await Bun.sleep(100);
    const names = readdirSync(join(h.dataDir, "logs", "killed-0"));
    expect(names.some((n) => n.endsWith(".swap"))).toBe(false);
    const recs = await readAll(c, "killed");
    for (let i = 1; i < recs.length; i++) expect(recs[i]!.offset).toBeGreaterThan(recs[i - 1]!.offset);
    const seen = latest(recs);
    for (const [k, v] of model) if (v !== null) expect(seen.get(k)).toBe(v);
    for (const [k, v] of seen) expect(model.get(k) ?? null).toBe(v);
    // And the restarted cleaner finishes the job.
    await waitForCheckpoint(h, "killed", 1500, 30_000);
    const after = latest(await readAll(c, "killed"));
    for (const [k, v] of model) if (v !== null) expect(after.get(k)).toBe(v);
  } finally {
    c.close();
  }
}, 120_000);
