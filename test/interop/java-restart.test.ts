// A broker restart in the middle of a Java idempotent producer (acks=all, its defaults): the producer
// sends 100 000 records at a steady rate; once 20 000 are acknowledged the broker is stopped (SIGTERM,
// clean shutdown; then SIGKILL with strand.log.fsync.before.ack=true) and started again on the same
// port and data. Every record must end up acknowledged exactly once, at the offset the spec says, and
// a consumer must read every one back: nothing acknowledged is lost, nothing is duplicated.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureJavaClient } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("java-restart");
const java = ENABLED ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
const COUNT = 100_000;
const PARTITIONS = 3;
/** Records per second: the send takes ~5 s, so the restart happens with records in flight. */
const RATE = 20_000;
const RESTART_AFTER_ACKED = 20_000;

describe.skipIf(!java.ok || !ENABLED)(`broker restart under a Java idempotent producer vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: JavaClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    // fsync before acknowledging: with it, even SIGKILL loses nothing acknowledged (Strand's knob).
    target = await startTarget({ strandOverrides: { "strand.log.fsync.before.ack": true } });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop java-restart/${interopTarget()}] ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    test(`${signal} in the middle: every acknowledged record survives, once, in order`, async () => {
      const topic = `restart-${signal.toLowerCase()}`;
      await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
      const t0 = freshT0();
      const common = ["--bootstrap", target.bootstrap, "--topic", topic, "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${t0}`];
      let restart: Promise<number> | null = null;
      let t = performance.now();
      const run = await collect(`java produce (${signal})`, client.spawn(["produce", ...common, "--rate", `${RATE}`, "--progress", `${RESTART_AFTER_ACKED}`]), {
        timeoutMs: 100_000,
        onEvent: (e) => {
          if (e.event !== "progress" || restart) return;
          const r0 = performance.now();
          restart = target.restart(signal).then(() => performance.now() - r0);
        },
      });
      timings[`${signal}.produceMs`] = performance.now() - t;
      expect(restart).not.toBeNull(); // the restart really happened while producing
      timings[`${signal}.restartMs`] = await restart!;
      const produced = eventOf(run, "produced");
      expect(produced.errors).toEqual([]);
      expect(produced.acked).toBe(COUNT);
      expect(produced.lastOffsets).toEqual([0, 1, 2].map((p) => partitionCount(COUNT, PARTITIONS, p) - 1));

      t = performance.now();
      const consumed = eventOf(await collect("java consume", client.spawn(["consume", ...common]), { timeoutMs: 90_000 }), "consumed");
      timings[`${signal}.consumeMs`] = performance.now() - t;
      expect(consumed.errors).toEqual([]);
      expect(consumed.offsetErrors).toEqual([]);
      expect(consumed.count).toBe(COUNT);
    }, 200_000);
  }
});
