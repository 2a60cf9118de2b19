// The single executable as `make build` makes it (tools/compile.ts: --compile --minify --bytecode
// --format=esm) serves the same broker as `bun src/cli/main.ts`: it starts on a fresh data dir
// (auto-format), creates a topic, takes a plain and an LZ4 batch and returns them on Fetch, prints the
// start-up trace when asked (STRAND_STARTUP_TRACE=1), stops cleanly, and restarts on the same data;
// its embedded log cleaner worker (a second entry point) cleans a compacted topic.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileArgs } from "../../tools/compile.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

const COMPRESSION_LZ4 = 3;
let dir = "";
let binary = "";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strand-compiled-"));
  binary = join(dir, "strand");
  const r = Bun.spawnSync([process.execPath, ...compileArgs(binary)], { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`compile failed (${r.exitCode}): ${r.stderr.toString().slice(-2000)}`);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

function valuesOf(records: Uint8Array | null): string[] {
  const dec = new TextDecoder();
  const out: string[] = [];
  for (const b of batchViews(records)) for (const r of b.records()) out.push(dec.decode(r.value ?? new Uint8Array()));
  return out;
}

test("the compiled binary starts, produces (plain and LZ4), fetches, stops and restarts on its data", async () => {
  const dataDir = join(dir, "data");
  mkdirSync(dataDir);
  const enc = new TextEncoder();
  const first = await startStrand({ binary, dataDir, env: { STRAND_STARTUP_TRACE: "1" } });
  try {
    const c = await KafkaTestClient.connect(first.port);
    try {
      await createTopic(c, "compiled", 1);
      const plain = await produce(c, "compiled", 0, buildRecordBatch({ records: [{ value: enc.encode("plain") }] }), { acks: 1 });
      expect(plain).toMatchObject({ errorCode: 0, baseOffset: 0n });
      const lz4 = await produce(c, "compiled", 0, buildRecordBatch({ records: [{ value: enc.encode("lz4 ".repeat(100)) }], compression: COMPRESSION_LZ4 }), { acks: 1 });
      expect(lz4).toMatchObject({ errorCode: 0, baseOffset: 1n });
      const f = await fetchOnce(c, "compiled", [{ partition: 0, offset: 0n }]);
      expect(valuesOf(f.partitions[0]!.records)).toEqual(["plain", "lz4 ".repeat(100)]);
    } finally {
      c.close();
    }
    // The trace line comes once the first Produce is answered; allow the pipe a moment.
    for (let i = 0; i < 50 && !first.output().includes("startup trace"); i++) await Bun.sleep(20);
    expect(first.output()).toMatch(/startup trace \(ms since process start\) modules-start=[\d.]+ .*first-produce=[\d.]+ timeOrigin=/);
  } finally {
    expect(await first.stop()).toBe(0);
  }
  const second = await startStrand({ binary, dataDir });
  try {
    expect(second.output()).not.toContain("startup trace");
    const c = await KafkaTestClient.connect(second.port);
    try {
      const f = await fetchOnce(c, "compiled", [{ partition: 0, offset: 0n }]);
      expect(valuesOf(f.partitions[0]!.records)).toEqual(["plain", "lz4 ".repeat(100)]);
    } finally {
      c.close();
    }
  } finally {
    expect(await second.stop()).toBe(0);
  }
}, 60_000);

test("the compiled binary runs the log cleaner's worker (embedded entry point)", async () => {
  const enc = new TextEncoder();
  const h = await startStrand({ binary, overrides: { "log.cleaner.backoff.ms": 50 } });
  try {
    const c = await KafkaTestClient.connect(h.port);
    try {
      await createTopic(c, "compiled-compact", 1, { "cleanup.policy": "compact", "internal.segment.bytes": "2048", "min.cleanable.dirty.ratio": "0.01", "segment.ms": "100" });
      for (let i = 0; i < 60; i++) {
        const r = await produce(c, "compiled-compact", 0, buildRecordBatch({ records: [{ key: enc.encode(`k${i % 5}`), value: enc.encode(`v${i}`.padEnd(80, ".")) }] }));
        expect(r.errorCode).toBe(0);
      }
    } finally {
      c.close();
    }
    // Bounded: the cleaner runs every 50 ms once a segment is below the active one.
    for (let i = 0; i < 200 && !/INFO log cleaned partition=compiled-compact-0 /.test(h.output()); i++) await Bun.sleep(25);
    expect(h.output()).toMatch(/INFO log cleaned partition=compiled-compact-0 /);
    expect(h.output()).not.toContain("log cleaning failed");
  } finally {
    expect(await h.stop()).toBe(0);
  }
}, 60_000);

test("the compiled binary serves the web console from its embedded assets", async () => {
  const h = await startStrand({ binary });
  try {
    expect(h.adminUrl).not.toBeNull();
    const src = (name: string) => Bun.file(join(import.meta.dir, "../../src/server/admin/console/assets", name)).text();
    const page = await fetch(`${h.adminUrl}/console`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(await src("console.html"));
    expect(await (await fetch(`${h.adminUrl}/console/ui.js`)).text()).toBe(await src("console-ui.js"));
    expect(await (await fetch(`${h.adminUrl}/console/app.js`)).text()).toBe(await src("console-app.js"));
    expect(await (await fetch(`${h.adminUrl}/console/app.css`)).text()).toBe(await src("console.css"));
    const ov = (await (await fetch(`${h.adminUrl}/console/api/overview`)).json()) as { brokers: Array<{ nodeId: number }> };
    expect(ov.brokers.map((b) => b.nodeId)).toEqual([1]);
  } finally {
    expect(await h.stop()).toBe(0);
  }
}, 60_000);
