// Kafka Streams 4.4.0 with group.protocol=streams (KIP-1071) against the broker under test
// (STRAND_INTEROP_TARGET), the same test for Apache Kafka 4.4.0 and Strand. Two instances of a stateful
// app (groupBy → repartition topic, count() → state store with its changelog, exactly_once_v2) share
// the input's tasks through a streams group: the broker creates the internal topics, assigns the 8
// tasks (2 subtopologies × 4 partitions) to both members and moves them as the second joins. A
// read_committed reader of the output must see every word's counts as 1, 2, ..., n. Then
// StreamsGroupDescribe and Kafka's kafka-streams-groups.sh (--list, --describe) must show the group
// Stable with two members splitting the tasks, and both apps close cleanly (leaving the group Empty).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient, ensureJavaStreams, KAFKA_CLIENTS_VERSION } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { runKafkaClass } from "../support/kafka-dist.ts";
import { until } from "../support/until.ts";
import { collect, eventOf } from "./driver-output.ts";
import type { DriverEvent } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ENABLED = suiteEnabled("kafka-streams-groups");
const streamsClient = ENABLED ? await probeInstall("kafka-streams", ensureJavaStreams) : { ok: false as const, reason: "disabled" };
const java = ENABLED ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
const PARTITIONS = 4;
const COUNT = 2000;
const APP_ID = "strand-sg-count";
/** STREAMS_GROUPS_DEFAULT_TIMINGS=1 keeps the brokers' group.streams.* defaults (3 s initial delay, 5 s heartbeats): slower. */
const DEFAULT_TIMINGS = process.env.STREAMS_GROUPS_DEFAULT_TIMINGS === "1";
const BROKER_OVERRIDES = {
  "offsets.topic.num.partitions": 1,
  "offsets.topic.replication.factor": 1,
  "transaction.state.log.num.partitions": 1,
  "transaction.state.log.replication.factor": 1,
  "transaction.state.log.min.isr": 1,
  // Short streams-group timings so the test runs in seconds (Kafka's minimums lowered with them).
  ...(DEFAULT_TIMINGS
    ? {}
    : {
        "group.streams.initial.rebalance.delay.ms": 0,
        "group.streams.min.heartbeat.interval.ms": 500,
        "group.streams.heartbeat.interval.ms": 500,
        "group.streams.min.session.timeout.ms": 10_000,
        "group.streams.session.timeout.ms": 10_000,
      }),
};

describe.skipIf(!streamsClient.ok || !java.ok || !ENABLED)(`Kafka Streams ${KAFKA_CLIENTS_VERSION} group.protocol=streams vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let streams: JavaClient;
  let client: JavaClient;
  const stateDirs: string[] = [];
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!streamsClient.ok || !java.ok) return;
    streams = streamsClient.value;
    client = java.value;
    for (let i = 0; i < 2; i++) stateDirs.push(mkdtempSync(join(tmpdir(), `strand-streams-group-${i}-`)));
    target = await startTarget({ overrides: BROKER_OVERRIDES });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    for (const d of stateDirs) rmSync(d, { recursive: true, force: true });
    console.log(`[interop streams-groups/${interopTarget()}] ms: ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  async function describeGroup(): Promise<Any> {
    const c = await KafkaTestClient.connect(target.port);
    try {
      return ((await c.request(89, 1, { groupIds: [APP_ID], includeAuthorizedOperations: false, includeTopologyDescription: false })) as Any).groups[0];
    } finally {
      c.close();
    }
  }

  test("two instances of a stateful app share the tasks of a streams group and count exactly", async () => {
    const input = "sg-input";
    const output = "sg-output";
    const t0 = freshT0();
    await createTopics(target.port, [{ name: input, partitions: PARTITIONS }, { name: output, partitions: PARTITIONS }]);
    let t = performance.now();
    const produced = eventOf(await collect("java produce", client.spawn(["produce", "--bootstrap", target.bootstrap, "--topic", input,
      "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${t0}`]), { timeoutMs: 60_000 }), "produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);

    t = performance.now();
    const events: DriverEvent[][] = [[], []];
    const apps = stateDirs.map((dir, i) =>
      streams.spawn(["streams-count", "--bootstrap", target.bootstrap, "--input", input, "--output", output, "--app-id", APP_ID,
        "--state-dir", dir, "--group-protocol", "streams", "--guarantee", "exactly_once_v2"], { stdin: "pipe" }),
    );
    const runs = apps.map((app, i) => collect(`streams-count ${i}`, app, { timeoutMs: 120_000, onEvent: (e) => void events[i]!.push(e) }));
    try {
      const verified = eventOf(await collect("streams-verify", streams.spawn(["streams-verify", "--bootstrap", target.bootstrap,
        "--output", output, "--count", `${COUNT}`, "--timeout-ms", "60000"]), { timeoutMs: 90_000 }), "verified");
      timings.countMs = performance.now() - t;
      expect(verified.errors).toEqual([]);
      expect(verified.updates).toBe(COUNT);
      expect(verified.complete).toBe(verified.words);

      // The group settles with both members, each running some of the 8 tasks, every task once.
      t = performance.now();
      const d = await until("the streams group Stable with two members running tasks", async () => {
        const g = await describeGroup();
        const ok = g.errorCode === 0 && g.groupState === "Stable" && g.members.length === 2 && g.members.every((m: Any) => m.assignment.activeTasks.length > 0);
        return ok ? g : null;
      }, 60_000, 250);
      timings.stableMs = performance.now() - t;
      const tasks = d.members.flatMap((m: Any) => m.assignment.activeTasks.flatMap((x: Any) => x.partitions.map((p: number) => `${x.subtopologyId}:${p}`))).sort();
      expect(tasks).toEqual(["0:0", "0:1", "0:2", "0:3", "1:0", "1:1", "1:2", "1:3"]);
      expect(new Set(d.members.map((m: Any) => m.processId)).size).toBe(2);
      expect(d.topology.subtopologies.map((s: Any) => [s.sourceTopics, s.repartitionSinkTopics, s.stateChangelogTopics.map((x: Any) => `${x.name}/${x.partitions}`),
        s.repartitionSourceTopics.map((x: Any) => `${x.name}/${x.partitions}`)])).toEqual([
        [[input], [`${APP_ID}-by-word-repartition`], [], []],
        [[], [], [`${APP_ID}-counts-changelog/4`], [`${APP_ID}-by-word-repartition/4`]],
      ]);

      // Kafka's kafka-streams-groups.sh (StreamsGroupCommand) lists and describes the group.
      t = performance.now();
      const list = await runKafkaClass("org.apache.kafka.tools.streams.StreamsGroupCommand", ["--bootstrap-server", target.bootstrap, "--list"]);
      const described = await runKafkaClass("org.apache.kafka.tools.streams.StreamsGroupCommand", ["--bootstrap-server", target.bootstrap, "--describe", "--members", "--group", APP_ID]);
      timings.toolMs = performance.now() - t;
      console.log(`[interop streams-groups/${interopTarget()}] --list:\n${list.stdout}\n--describe --members:\n${described.stdout}${described.stderr}`);
      expect(list.exitCode).toBe(0);
      expect(list.stdout.trim().split("\n").map((l) => l.trim())).toEqual([APP_ID]);
      expect(described.exitCode).toBe(0);
      const rows = described.stdout.trim().split("\n").map((l) => l.trim().split(/\s+/));
      expect(rows[0]!.slice(0, 3)).toEqual(["GROUP", "MEMBER", "PROCESS"]);
      expect(rows.slice(1).map((r) => r[0])).toEqual([APP_ID, APP_ID]);
    } catch (e) {
      for (const app of apps) app.kill("SIGKILL");
      const outs = await Promise.all(runs.map((r) => r.then((x) => x.stderr, (x: unknown) => (x instanceof Error ? x.message : String(x)))));
      throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- apps ---\n${outs.map((o) => o.slice(-3000)).join("\n---\n")}\n--- broker ---\n${target.logTail()}`);
    }
    for (const app of apps) app.stdin!.end();
    const ended = await Promise.all(runs);
    for (const r of ended) {
      expect(eventOf(r, "closed").clean).toBe(true);
      expect(r.events.filter((e) => e.event === "state" && e.state === "ERROR")).toEqual([]);
    }
    const after = await until("the group Empty after both apps left", async () => {
      const g = await describeGroup();
      return g.groupState === "Empty" ? g : null;
    }, 30_000, 250);
    expect(after.members).toEqual([]);
  }, 240_000);
});
