// kcat (librdkafka, idempotent) against the broker under test: for each compression codec (none, gzip, snappy,
// lz4, zstd) kcat produces 20 000 records (100 000 in all) with keys, a header and sizes from 1 byte to
// 100 kB, one kcat per partition so the spec fixes every offset; kcat consumes them back as JSON and
// this test checks order, content, offsets and timestamps, then queries offsets by timestamp (-Q).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureKcat } from "../support/clients/kcat.ts";
import type { Kcat } from "../support/clients/kcat.ts";
import { probeInstall, run } from "../support/clients/cache.ts";
import { checkKcatMessages, kcatConsume, kcatProduce } from "./kcat-helpers.ts";
import { batchCodecs, CODEC_IDS } from "./batches.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("kcat");
const kcat = ENABLED ? await probeInstall("kcat", ensureKcat) : { ok: false as const, reason: "disabled" };
const CODECS = ["none", "gzip", "snappy", "lz4", "zstd"] as const;
const PER_CODEC = 20_000;
const PARTITIONS = 3;

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
  }, 120_000);

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
      // The codec really reached the broker (librdkafka sends a batch raw only when it does not shrink).
      const codecs = await batchCodecs(target.port, topic, PARTITIONS);
      if (codec === "none") expect([...codecs]).toEqual([0]);
      else expect(codecs.has(CODEC_IDS[codec])).toBe(true);

      // ListOffsets by timestamp: the first record of each partition at or after record 300's timestamp.
      const probe = msgs.find((m) => m.partition === 0 && m.offset === 100)!;
      const q = await run([k.bin, "-Q", "-b", target.bootstrap, ...Array.from({ length: PARTITIONS }, (_, p) => ["-t", `${topic}:${p}:${probe.ts}`]).flat()], { timeoutMs: 30_000 });
      expect(q.exitCode).toBe(0);
      for (let p = 0; p < PARTITIONS; p++) {
        // Three kcats ran side by side, so a partition may hold no record that late: Kafka answers -1.
        const want = msgs.filter((m) => m.partition === p && m.ts >= probe.ts).reduce((a, m) => Math.min(a, m.offset), -1 >>> 0);
        expect(q.stdout).toContain(`${topic} [${p}] offset ${want === -1 >>> 0 ? -1 : want}`);
      }
    }, 90_000);
  }
});
