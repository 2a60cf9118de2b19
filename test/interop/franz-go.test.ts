// franz-go (kgo + kadm) against the broker under test: kadm creates a topic with a config, the
// idempotent kgo producer (acks=all, its defaults) sends 120 000 records with keys, headers, timestamps
// and sizes from 1 byte to 100 kB (zstd), a ConsumePartitions consumer (no group) reads them back
// checking order, content, offsets and timestamps; kadm then lists offsets (start, end, by time),
// describes and alters configs and deletes the topic.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureGoClient } from "../support/clients/go.ts";
import type { GoClient } from "../support/clients/go.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("franz-go");
const go = ENABLED ? await probeInstall("franz-go", ensureGoClient) : { ok: false as const, reason: "disabled" };
const COUNT = 120_000;
const PARTITIONS = 3;

describe.skipIf(!go.ok || !ENABLED)(`franz-go vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: GoClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!go.ok) return;
    client = go.value;
    target = await startTarget();
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop franz-go/${interopTarget()}] ${client?.version} ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  }, 120_000);

  test(`kadm create, kgo produce/consume ${COUNT} records, kadm offsets/configs/delete`, async () => {
    const topic = "franz-go";
    const t0 = freshT0();
    const base = ["--bootstrap", target.bootstrap, "--topic", topic, "--partitions", `${PARTITIONS}`];
    const common = [...base, "--count", `${COUNT}`, "--t0", `${t0}`];
    let t = performance.now();
    const created = await collect("go admin-create", client.spawn(["admin-create", ...base]), { timeoutMs: 60_000 });
    timings.createMs = performance.now() - t;
    expect(created.events.filter((e) => e.event === "check" && e.ok !== true)).toEqual([]);
    expect(eventOf(created, "admin").failures).toBe(0);

    t = performance.now();
    const produced = eventOf(await collect("go produce", client.spawn(["produce", ...common, "--compression", "zstd"]), { timeoutMs: 60_000 }), "produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);
    expect(produced.acked).toBe(COUNT);
    expect(produced.lastOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p) - 1));

    t = performance.now();
    const consumed = eventOf(await collect("go consume", client.spawn(["consume", ...common]), { timeoutMs: 90_000 }), "consumed");
    timings.consumeMs = performance.now() - t;
    expect(consumed.errors).toEqual([]);
    expect(consumed.count).toBe(COUNT);
    expect(consumed.nextOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p)));

    t = performance.now();
    const checked = await collect("go admin-check", client.spawn(["admin-check", ...common]), { timeoutMs: 60_000 });
    timings.adminMs = performance.now() - t;
    expect(checked.events.filter((e) => e.event === "check" && e.ok !== true)).toEqual([]);
    expect(checked.events.filter((e) => e.event === "check").length).toBe(5);
  }, 200_000);
});
