// Produce latency while the log cleaner runs, against a real broker (bun src/cli/main.ts): a broker
// with the cleaner off fills a compacted topic with ~40 MB of keyed records (20k keys) in 4 MiB
// segments and stops; it restarts on the same data with the cleaner on, which starts cleaning at once,
// and sequential acks=1 produces to another topic are timed until the `log cleaned` line appears
// (at least 2,000). The same after a restart with the cleaner off, for comparison.
// Run: bun tools/cleaner-latency-bench.ts
import { buildRecordBatch } from "../src/protocol/records/index.ts";
import { KafkaTestClient } from "../test/support/kafka-client.ts";
import { removeDataDir, startStrand } from "../test/support/strand.ts";
import { createTopic, produce } from "../test/unit/produce/wire-helpers.ts";

const enc = new TextEncoder();
const value = new Uint8Array(100).fill(1);

async function fill(): Promise<string> {
  const h = await startStrand({ overrides: { "log.cleaner.enable": false } });
  const c = await KafkaTestClient.connect(h.port);
  await createTopic(c, "big", 1, { "cleanup.policy": "compact", "segment.bytes": String(4 << 20), "min.cleanable.dirty.ratio": "0.01" });
  await createTopic(c, "lat", 1);
  const fills: Array<Promise<unknown>> = [];
  for (let b = 0; b < 400; b++) {
    const records = Array.from({ length: 1000 }, (_, i) => ({ key: enc.encode(`key-${(b * 1000 + i) % 20_000}`), value }));
    fills.push(produce(c, "big", 0, buildRecordBatch({ records })));
    if (fills.length >= 16) await fills.shift();
  }
  await Promise.all(fills);
  c.close();
  await h.stop(60_000);
  return h.dataDir;
}

async function measure(dataDir: string, cleaner: boolean): Promise<void> {
  const h = await startStrand({ dataDir, overrides: { "log.cleaner.enable": cleaner, "log.cleaner.backoff.ms": 100 } });
  const c = await KafkaTestClient.connect(h.port);
  try {
    const lat: number[] = [];
    const t0 = performance.now();
    const cleaned = (): boolean => /INFO log cleaned partition=big-0 /.test(h.output());
    // Bounded: 2,000 produces, and with the cleaner on until it logged the cleaning (at most 30 s).
    for (let i = 0; i < 2000 || (cleaner && !cleaned() && performance.now() - t0 < 30_000); i++) {
      const s = performance.now();
      await produce(c, "lat", 0, buildRecordBatch({ records: [{ value }] }), { acks: 1 });
      lat.push(performance.now() - s);
    }
    const wall = performance.now() - t0;
    lat.sort((a, b) => a - b);
    const q = (x: number) => lat[Math.min(lat.length - 1, Math.floor(x * lat.length))]!.toFixed(2);
    const line = (h.output().match(/INFO log cleaned partition=big-0 [^\n]*/g) ?? []).join("\n  ");
    console.log(`cleaner ${cleaner ? "on " : "off"}: ${lat.length} produces in ${wall.toFixed(0)} ms (${((lat.length / wall) * 1000).toFixed(0)}/s); latency p50 ${q(0.5)} ms p99 ${q(0.99)} ms max ${q(1)} ms${line ? `\n  ${line}` : ""}`);
  } finally {
    c.close();
    await h.stop(60_000);
  }
}

const dir = await fill();
await measure(dir, false);
await measure(dir, true);
removeDataDir(dir);
