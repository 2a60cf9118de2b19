// kcat (librdkafka) against the broker under test: for each compression codec (none, gzip, snappy,
// lz4, zstd) kcat produces 20 000 records (100 000 in all) with keys, a header and sizes from 1 byte to
// 100 kB, one kcat per partition so the spec fixes every offset; kcat consumes them back as JSON and
// this test checks order, content, offsets and timestamps, then queries offsets by timestamp (-Q).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureKcat } from "../support/clients/kcat.ts";
import type { Kcat } from "../support/clients/kcat.ts";
import { probeInstall, run } from "../support/clients/cache.ts";
import { keyOf, partitionCount, valueOf } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("kcat");
const kcat = ENABLED ? await probeInstall("kcat", ensureKcat) : { ok: false as const, reason: "disabled" };
const CODECS = ["none", "gzip", "snappy", "lz4", "zstd"] as const;
const PER_CODEC = 20_000;
const PARTITIONS = 3;

interface KcatMessage {
  partition: number;
  offset: number;
  tstype: string;
  ts: number;
  headers?: string[];
  key: string | null;
  payload: string | null;
}

/** Produces records i = p, p + P, ... of [0, count) to partition p with one kcat. */
export async function kcatProduce(k: Kcat, bootstrap: string, topic: string, p: number, count: number, partitions: number, codec: string): Promise<void> {
  const lines: string[] = [];
  for (let i = p; i < count; i += partitions) lines.push(`${keyOf(i)}\t${valueOf(i)}`);
  const r = await run([k.bin, "-P", "-b", bootstrap, "-t", topic, "-p", `${p}`, "-K", "\t", "-H", "src=kcat",
    "-z", codec, "-X", "acks=all", "-X", "linger.ms=5", "-X", "message.max.bytes=1000000"],
  { stdin: `${lines.join("\n")}\n`, timeoutMs: 60_000 });
  if (r.exitCode !== 0 || /fail|error/i.test(r.stderr)) {
    throw new Error(`kcat -P ${topic}/${p} exited ${r.exitCode}: ${r.stderr.slice(-3000)}`);
  }
}

/** Consumes the whole topic to its end as JSON messages. */
export async function kcatConsume(k: Kcat, bootstrap: string, topic: string): Promise<KcatMessage[]> {
  const r = await run([k.bin, "-C", "-b", bootstrap, "-t", topic, "-o", "beginning", "-e", "-J", "-q",
    "-X", "check.crcs=true"], { timeoutMs: 60_000 });
  if (r.exitCode !== 0) throw new Error(`kcat -C ${topic} exited ${r.exitCode}: ${r.stderr.slice(-3000)}`);
  return r.stdout.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as KcatMessage);
}

/** Checks consumed messages against the spec; returns the first errors (bounded list). */
export function checkKcatMessages(msgs: KcatMessage[], count: number, partitions: number, tsMin: number, tsMax: number): string[] {
  const errors: string[] = [];
  const add = (e: string) => {
    if (errors.length < 20) errors.push(e);
  };
  const next = new Array<number>(partitions).fill(0);
  for (const m of msgs) {
    const where = `${m.partition}/${m.offset}`;
    if (m.offset !== next[m.partition]) add(`${where}: expected offset ${next[m.partition]}`);
    next[m.partition] = m.offset + 1;
    const i = m.offset * partitions + m.partition;
    if (m.key !== keyOf(i)) add(`${where}: key ${m.key}, expected ${keyOf(i)}`);
    if (m.payload !== valueOf(i)) add(`${where}: payload of ${m.payload?.length} chars differs (record ${i})`);
    if (JSON.stringify(m.headers) !== JSON.stringify(["src", "kcat"])) add(`${where}: headers ${JSON.stringify(m.headers)}`);
    if (m.tstype !== "create" || m.ts < tsMin || m.ts > tsMax) add(`${where}: timestamp ${m.tstype} ${m.ts} outside [${tsMin}, ${tsMax}]`);
  }
  for (let p = 0; p < partitions; p++) {
    if (next[p] !== partitionCount(count, partitions, p)) add(`partition ${p}: read up to ${next[p]}, expected ${partitionCount(count, partitions, p)}`);
  }
  return errors;
}

describe.skipIf(!kcat.ok || !ENABLED)(`kcat vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let k: Kcat;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!kcat.ok) return;
    k = kcat.value;
    target = await startTarget();
    await createTopics(target.port, CODECS.map((c) => ({ name: `kcat-${c}`, partitions: PARTITIONS })));
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop kcat/${interopTarget()}] ${k?.version} ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  });

  for (const codec of CODECS) {
    test(`${codec}: ${PER_CODEC} records produced and consumed`, async () => {
      const topic = `kcat-${codec}`;
      const tsMin = Date.now();
      let t = performance.now();
      await Promise.all(Array.from({ length: PARTITIONS }, (_, p) => kcatProduce(k, target.bootstrap, topic, p, PER_CODEC, PARTITIONS, codec)));
      timings[`${codec}.produceMs`] = performance.now() - t;
      const tsMax = Date.now();
      t = performance.now();
      const msgs = await kcatConsume(k, target.bootstrap, topic);
      timings[`${codec}.consumeMs`] = performance.now() - t;
      expect(checkKcatMessages(msgs, PER_CODEC, PARTITIONS, tsMin, tsMax)).toEqual([]);
      expect(msgs.length).toBe(PER_CODEC);

      // ListOffsets by timestamp: the first record of each partition at or after record 300's timestamp.
      const probe = msgs.find((m) => m.partition === 0 && m.offset === 100)!;
      const q = await run([k.bin, "-Q", "-b", target.bootstrap, ...Array.from({ length: PARTITIONS }, (_, p) => ["-t", `${topic}:${p}:${probe.ts}`]).flat()], { timeoutMs: 30_000 });
      expect(q.exitCode).toBe(0);
      for (let p = 0; p < PARTITIONS; p++) {
        const want = msgs.filter((m) => m.partition === p && m.ts >= probe.ts).reduce((a, m) => Math.min(a, m.offset), Infinity);
        expect(q.stdout).toContain(`${topic} [${p}] offset ${want}`);
      }
    }, 90_000);
  }
});
