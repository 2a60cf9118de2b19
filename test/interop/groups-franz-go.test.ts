// franz-go (kgo) consumer groups against the broker: a classic group with the cooperative-sticky
// balancer, and a KIP-848 group (kgo.ServerSideBalancer: franz-go runs ConsumerGroupHeartbeat v1 when
// the broker advertises it, asking for the "uniform" server assignor). For each, three member
// processes join one after another while a producer writes, one leaves, one is SIGKILLed (its
// partitions move only after the session timeout), the last drains the topic; no partition is consumed
// by two members at one generation/member epoch and every offset is consumed
// (test/interop/group-scenario.ts). Then the broker restarts (SIGKILL) and, for both groups, the
// committed offsets are intact and a new member resumes exactly at them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureGoClient, type GoClient } from "../support/clients/go.ts";
import { GroupHarness, joinLeaveKillDrain, resumeAfterRestart, type ScenarioOptions } from "./group-scenario.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("franz-go");
const go = ENABLED ? await probeInstall("franz-go", ensureGoClient) : { ok: false as const, reason: "disabled" };
const PARTITIONS = 6;
const SESSION_TIMEOUT_MS = 6000;
const EXTRA_PER_PARTITION = 5;

const MODES = [
  { label: "cooperative-sticky", protocol: "classic" },
  { label: "consumer", protocol: "consumer" },
] as const;

describe.skipIf(!go.ok || !ENABLED)(`franz-go consumer groups vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: GoClient;
  let h: GroupHarness;
  const committed = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    if (!go.ok) return;
    client = go.value;
    h = new GroupHarness((args) => client.spawn(args));
    target = await startTarget({
      overrides: {
        "group.initial.rebalance.delay.ms": 0,
        // KIP-848 members take their session timeout and heartbeat interval from the broker.
        "group.consumer.session.timeout.ms": SESSION_TIMEOUT_MS,
        "group.consumer.min.session.timeout.ms": SESSION_TIMEOUT_MS,
        "group.consumer.heartbeat.interval.ms": 500,
        "group.consumer.min.heartbeat.interval.ms": 500,
      },
    });
  }, 180_000);

  afterAll(async () => {
    h?.killAll();
    await target?.remove();
    console.log(`[interop groups-franz-go/${interopTarget()}] ${client?.version} ms: ${JSON.stringify(h?.timings)}`);
  }, 120_000);

  function options(m: (typeof MODES)[number]): ScenarioOptions {
    const topic = `groups-franz-${m.label}`;
    const group = `franz-${m.label}`;
    const base = ["--bootstrap", target.bootstrap, "--topic", topic];
    return {
      label: m.label,
      topic,
      group,
      partitions: PARTITIONS,
      sessionTimeoutMs: SESSION_TIMEOUT_MS,
      groupType: m.protocol,
      producerArgs: ["group-produce", ...base, "--partitions", `${PARTITIONS}`],
      memberArgs: (name) => ["group-member", ...base, "--group", group, "--protocol", m.protocol, "--name", name,
        "--balancer", "cooperative-sticky", "--session-timeout-ms", `${SESSION_TIMEOUT_MS}`],
    };
  }

  for (const m of MODES) {
    test(`${m.label}: join one by one under load, leave, SIGKILL, drain; no partition consumed twice at one generation`, async () => {
      committed.set(m.label, await joinLeaveKillDrain(h, target, options(m)));
    }, 150_000);
  }

  test("after a broker restart every group's committed offsets are intact and a new member resumes at them", async () => {
    expect([...committed.keys()]).toEqual(MODES.map((m) => m.label));
    const t = performance.now();
    await target.restart("SIGKILL");
    h.timings.restartMs = Math.round(performance.now() - t);
    for (const m of MODES) {
      const o = options(m);
      const produceMore = ["group-produce", "--bootstrap", target.bootstrap, "--topic", o.topic, "--partitions", `${PARTITIONS}`, "--count", `${PARTITIONS * EXTRA_PER_PARTITION}`];
      await resumeAfterRestart(h, target, o, committed.get(m.label)!, { produceMore, extraPerPartition: EXTRA_PER_PARTITION });
    }
  }, 180_000);
});
