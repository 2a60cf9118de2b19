// Item 8 of issue 4: `make build` gives dist/strand, a single executable that runs the broker with no
// Bun on the PATH. The build runs once per test run in a temp copy of the sources (src, native, the
// Makefile and tools/compile.ts; node_modules linked), so the ~110 MB binary never lands in the checkout. Then the binary,
// with PATH=/usr/bin:/bin and a fresh HOME, starts a broker that answers ApiVersions and shuts down
// cleanly on SIGTERM; and, once Strand serves the record APIs (targets.ts "single-binary-kcat"), kcat
// produces 10 000 records to it and reads them back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { run } from "../support/clients/cache.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureKcat } from "../support/clients/kcat.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand } from "../support/strand.ts";
import type { StrandHandle } from "../support/strand.ts";
import { checkKcatMessages, kcatConsume, kcatProduce } from "./kcat-helpers.ts";
import { createTopics } from "./topics.ts";
import { STRAND_ENABLED } from "./targets.ts";

const ROOT = resolve(import.meta.dir, "../..");
/** A PATH with the system tools and no Bun (Bun lives in node_modules/.bin, never in these). */
const NO_BUN_PATH = "/usr/bin:/bin";
const KCAT_GATE = STRAND_ENABLED["single-binary-kcat"];
const KCAT_ON = KCAT_GATE.enabled || process.env.STRAND_INTEROP_FORCE === "1";
if (!KCAT_ON) console.warn(`[interop] single-binary kcat round trip not run (test/interop/targets.ts): waiting for ${KCAT_GATE.waitingFor}`);

describe("single binary (make build -> dist/strand)", () => {
  const work = mkdtempSync(join(tmpdir(), "strand-binary-"));
  const home = join(work, "home");
  let binary = "";
  let broker: StrandHandle | undefined;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    const src = join(work, "src-copy");
    for (const p of ["src", "native", "tools/compile.ts", "Makefile", "package.json", "tsconfig.json"]) {
      cpSync(join(ROOT, p), join(src, p), { recursive: true, preserveTimestamps: true, filter: (f) => !f.includes("/native/build") });
    }
    symlinkSync(join(ROOT, "node_modules"), join(src, "node_modules"));
    const t = performance.now();
    // -o: never remake node_modules/.bin/bun here (npm install would write through the link).
    const r = await run(["make", "-o", "node_modules/.bin/bun", "build"], { cwd: src, timeoutMs: 180_000 });
    timings.buildMs = performance.now() - t;
    if (r.exitCode !== 0) throw new Error(`make build exited ${r.exitCode}:\n${r.stdout}\n${r.stderr}`);
    binary = join(src, "dist", "strand");
  }, 200_000);

  afterAll(async () => {
    await broker?.stop().catch(() => broker?.kill());
    rmSync(work, { recursive: true, force: true });
    console.log(`[interop single-binary] ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  }, 120_000);

  test("make build produces an executable dist/strand", () => {
    expect(existsSync(binary)).toBe(true);
    const st = statSync(binary);
    expect(st.mode & 0o111).not.toBe(0);
    expect(st.size).toBeGreaterThan(50 * 1024 * 1024); // it carries the Bun runtime
    expect(Bun.which("bun", { PATH: NO_BUN_PATH })).toBeNull();
  });

  test("the binary runs without Bun on the PATH: version", async () => {
    const r = await run([binary, "version"], { env: { PATH: NO_BUN_PATH, HOME: home }, timeoutMs: 30_000 });
    expect(r.exitCode).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain("0.1.0");
  });

  test("the binary starts a broker that answers ApiVersions and stops cleanly on SIGTERM", async () => {
    const t = performance.now();
    broker = await startStrand({ binary, env: { PATH: NO_BUN_PATH, HOME: home } });
    timings.startMs = performance.now() - t;
    const c = await KafkaTestClient.connect(broker.port);
    const res = await c.request<{ errorCode: number; apiKeys: Array<{ apiKey: number }> }>(18, 3, {
      clientSoftwareName: "strand-test", clientSoftwareVersion: "1.0",
    });
    c.close();
    expect(res.errorCode).toBe(0);
    expect(res.apiKeys.some((k) => k.apiKey === 18)).toBe(true);
    if (!KCAT_ON) {
      expect(await broker.stop()).toBe(0);
      broker = undefined;
    }
  }, 60_000);

  test.skipIf(!KCAT_ON)("kcat produces to and consumes from the binary's broker", async () => {
    const kcat = await probeInstall("kcat", ensureKcat);
    if (!kcat.ok || !broker) throw new Error(kcat.ok ? "no broker" : kcat.reason);
    const count = 10_000;
    await createTopics(broker.port, [{ name: "binary", partitions: 2 }]);
    const tsMin = Date.now();
    await Promise.all([0, 1].map((p) => kcatProduce(kcat.value, broker!.bootstrap, "binary", p, count, 2, "lz4")));
    const tsMax = Date.now();
    const msgs = await kcatConsume(kcat.value, broker.bootstrap, "binary");
    expect(checkKcatMessages(msgs, count, 2, tsMin, tsMax)).toEqual([]);
    expect(msgs.length).toBe(count);
    expect(await broker.stop()).toBe(0);
    broker = undefined;
  }, 90_000);
});
