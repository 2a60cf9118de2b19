// Kafka Streams 4.4.0 with processing.guarantee=exactly_once_v2 against the broker under test
// (STRAND_INTEROP_TARGET), the same test for Apache Kafka 4.4.0 and Strand. A stateful topology
// (groupBy → repartition topic, count() → state store with its changelog topic, record cache off)
// counts the values of 6000 spec records (~180 distinct "words"); the broker is SIGKILLed while the
// app is in the middle of them and restarted on the same port and data. The app must carry on by
// itself, and a read_committed reader of its output must see every word's counts as 1, 2, ..., n:
// nothing lost, nothing counted twice, across the transactions the kill left open (the restarted
// coordinator completes or aborts them) and whatever the app does to recover (retries, aborts, task
// re-initialisation from the changelog).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient, ensureJavaStreams, KAFKA_CLIENTS_VERSION } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { collect, DriverError, eventOf } from "./driver-output.ts";
import type { DriverEvent } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("kafka-streams-eos");
const streamsClient = ENABLED ? await probeInstall("kafka-streams", ensureJavaStreams) : { ok: false as const, reason: "disabled" };
const java = ENABLED ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
const PARTITIONS = 3;
const COUNT = 6000;
/** Kill the broker once the app has pushed this many updates through its count step. */
const KILL_AT = 2000;
const BROKER_OVERRIDES = {
  "offsets.topic.num.partitions": 1,
  "offsets.topic.replication.factor": 1,
  "transaction.state.log.num.partitions": 1,
  "transaction.state.log.replication.factor": 1,
  "transaction.state.log.min.isr": 1,
  "group.initial.rebalance.delay.ms": 0,
};

describe.skipIf(!streamsClient.ok || !java.ok || !ENABLED)(`Kafka Streams ${KAFKA_CLIENTS_VERSION} exactly_once_v2 vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let streams: JavaClient;
  let client: JavaClient;
  let stateDir: string;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!streamsClient.ok || !java.ok) return;
    streams = streamsClient.value;
    client = java.value;
    stateDir = mkdtempSync(join(tmpdir(), "strand-streams-eos-"));
    target = await startTarget({ overrides: BROKER_OVERRIDES });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    console.log(`[interop streams-eos/${interopTarget()}] ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  async function internalTopics(): Promise<string[]> {
    const c = await KafkaTestClient.connect(target.port);
    try {
      const md = await c.request<{ topics: Array<{ name: string | null }> }>(3, 9, { topics: null, allowAutoTopicCreation: false });
      return md.topics.map((x) => x.name ?? "").filter((n) => n.startsWith("strand-eos-count-")).sort();
    } finally {
      c.close();
    }
  }

  test(`a stateful count gives exact counts across a SIGKILL restart of the broker`, async () => {
    const input = "streams-input";
    const output = "streams-output";
    const t0 = freshT0();
    await createTopics(target.port, [{ name: input, partitions: PARTITIONS }, { name: output, partitions: PARTITIONS }]);
    let t = performance.now();
    const produced = eventOf(await collect("java produce", client.spawn(["produce", "--bootstrap", target.bootstrap, "--topic", input,
      "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${t0}`]), { timeoutMs: 60_000 }), "produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);

    const app = streams.spawn(["streams-count", "--bootstrap", target.bootstrap, "--input", input, "--output", output,
      "--app-id", "strand-eos-count", "--state-dir", stateDir], { stdin: "pipe" });
    const events: DriverEvent[] = [];
    let restart: Promise<void> | null = null;
    let processedAtRestart = -1;
    t = performance.now();
    const appRun = collect("streams-count", app, {
      timeoutMs: 240_000,
      onEvent: (e) => {
        events.push(e);
        if (e.event === "processed" && (e.n as number) >= KILL_AT && restart === null) {
          timings.killAtMs = performance.now() - t;
          const r0 = performance.now();
          restart = target.restart("SIGKILL").then(() => {
            timings.restartMs = performance.now() - r0;
            processedAtRestart = Math.max(...events.filter((x) => x.event === "processed").map((x) => x.n as number));
          });
        }
      },
    }).catch((e: unknown) => {
      if (e instanceof DriverError) throw new Error(`${e.message}\n--- broker log (tail) ---\n${target.logTail()}`);
      throw e;
    });
    try {
      // Bounded: the app reaches KILL_AT within a minute on a working broker.
      const deadline = Date.now() + 90_000;
      while (restart === null && Date.now() < deadline) await Bun.sleep(100);
      expect({ killedInTheMiddle: restart !== null, events: restart === null ? events.slice(-20) : [] })
        .toEqual({ killedInTheMiddle: true, events: [] });
      await restart;

      t = performance.now();
      const verified = eventOf(await collect("streams-verify", streams.spawn(["streams-verify", "--bootstrap", target.bootstrap,
        "--output", output, "--count", `${COUNT}`, "--timeout-ms", "150000"]), { timeoutMs: 180_000 }), "verified");
      timings.verifyMs = performance.now() - t;
      console.log(`[interop streams-eos/${interopTarget()}] ${verified.updates} committed updates for ${verified.words} words; ` +
        `app states ${JSON.stringify(events.filter((e) => e.event === "state").map((e) => e.state))}; ` +
        `uncaught ${JSON.stringify(events.filter((e) => e.event === "uncaught").map((e) => e.error))}`);
      expect(verified.errors).toEqual([]);
      expect(verified.complete).toBe(verified.words);
      expect(verified.updates).toBe(COUNT);
      // The topology really was stateful: Streams created its repartition and changelog topics.
      expect(await internalTopics()).toEqual(["strand-eos-count-by-word-repartition", "strand-eos-count-counts-changelog"]);
    } catch (e) {
      // Show what the app said (its stderr has the Streams client's warnings), then fail.
      app.kill("SIGKILL");
      const appOutcome = await appRun.then((r) => r.stderr, (x: unknown) => (x instanceof Error ? x.message : String(x)));
      throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- streams-count (killed) ---\n${appOutcome.slice(-5000)}`);
    }
    app.stdin!.end();
    const ended = await appRun;
    // The kill was in the middle: most of the input was still to be counted when the broker came back.
    expect(processedAtRestart).toBeLessThan(COUNT);
    expect(eventOf(ended, "closed").processed as number).toBeGreaterThanOrEqual(COUNT);
    expect(eventOf(ended, "closed").clean).toBe(true);
    expect(ended.events.filter((e) => e.event === "state" && e.state === "ERROR")).toEqual([]);
  }, 300_000);
});
