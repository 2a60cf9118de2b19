// confluent-kafka-python (librdkafka in its wheel) against the broker under test: for each compression
// codec (none, gzip, snappy, lz4, zstd) its idempotent Producer (acks=all) sends 20 000 records (100 000 in all)
// with keys, headers, timestamps and sizes from 1 byte to 100 kB; a Consumer with assign() reads them
// back checking order, content, offsets and timestamps, then watermarks and offsets_for_times.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensurePythonClient } from "../support/clients/python.ts";
import type { PythonClient } from "../support/clients/python.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { batchCodecs, CODEC_IDS } from "./batches.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("confluent-python");
const py = ENABLED ? await probeInstall("confluent-kafka", ensurePythonClient) : { ok: false as const, reason: "disabled" };
const CODECS = ["none", "gzip", "snappy", "lz4", "zstd"] as const;
const PER_CODEC = 20_000;
const PARTITIONS = 3;

describe.skipIf(!py.ok || !ENABLED)(`confluent-kafka-python vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: PythonClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!py.ok) return;
    client = py.value;
    target = await startTarget();
    await createTopics(target.port, CODECS.map((c) => ({ name: `py-${c}`, partitions: PARTITIONS })));
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop confluent-python/${interopTarget()}] ${client?.version} ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  }, 120_000);

  for (const codec of CODECS) {
    test(`${codec}: ${PER_CODEC} records produced and consumed`, async () => {
      const t0 = freshT0();
      const common = ["--bootstrap", target.bootstrap, "--topic", `py-${codec}`, "--partitions", `${PARTITIONS}`, "--count", `${PER_CODEC}`, "--t0", `${t0}`];
      let t = performance.now();
      const produced = eventOf(await collect("python produce", client.spawn(["produce", ...common, "--compression", codec]), { timeoutMs: 60_000 }), "produced");
      timings[`${codec}.produceMs`] = performance.now() - t;
      expect(produced.errors).toEqual([]);
      expect(produced.acked).toBe(PER_CODEC);
      expect(produced.unflushed).toBe(0);
      expect(produced.lastOffsets).toEqual([0, 1, 2].map((p) => partitionCount(PER_CODEC, PARTITIONS, p) - 1));
      // The codec really reached the broker (librdkafka sends a batch raw only when it does not shrink).
      const codecs = await batchCodecs(target.port, `py-${codec}`, PARTITIONS);
      if (codec === "none") expect([...codecs]).toEqual([0]);
      else expect(codecs.has(CODEC_IDS[codec])).toBe(true);

      t = performance.now();
      const consumed = eventOf(await collect("python consume", client.spawn(["consume", ...common]), { timeoutMs: 60_000 }), "consumed");
      timings[`${codec}.consumeMs`] = performance.now() - t;
      expect(consumed.errors).toEqual([]);
      expect(consumed.offsetErrors).toEqual([]);
      expect(consumed.count).toBe(PER_CODEC);
      expect(consumed.nextOffsets).toEqual([0, 1, 2].map((p) => partitionCount(PER_CODEC, PARTITIONS, p)));
    }, 90_000);
  }
});
