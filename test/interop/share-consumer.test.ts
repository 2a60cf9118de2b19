// Share groups (KIP-932) with Java kafka-clients 4.4.0's KafkaShareConsumer against the broker, one
// broker for the file, a topic and a share group per test (share.auto.offset.reset=earliest):
// - three members on one partition share the work with implicit acknowledgement: every record is
//   delivered once, to one member, and the share-partition lag falls to 0;
// - explicit acknowledgement: ACCEPT, RELEASE (delivered again with delivery count 2), REJECT (archived);
// - a member that stops polling while it holds records: the acquisition locks time out
//   (share.record.lock.duration.ms) and another member gets the records with a higher delivery count;
// - share.delivery.count.limit=2 with every delivery released: two deliveries, then archived;
// - a member SIGKILLed while it holds records: another member gets them;
// - the broker SIGKILLed and restarted while two members accept records: every record is accepted, and
//   no record is delivered again after its acknowledgement was answered without an error.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient, KAFKA_CLIENTS_VERSION, type JavaClient } from "../support/clients/java.ts";
import { until } from "../support/until.ts";
import { deliveries, describeShareGroup, produceRecords, range, setGroupConfigs, ShareMember, shareOffsets } from "./share-members.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget } from "./targets.ts";

const java = await probeInstall("java", ensureJavaClient);

// Short timings so the lock and membership cases take seconds: the group-level lock duration may go
// down to group.share.min.record.lock.duration.ms.
const BROKER = {
  "group.share.min.record.lock.duration.ms": 1000,
  "group.share.session.timeout.ms": 6000,
  "group.share.min.session.timeout.ms": 6000,
  "group.share.heartbeat.interval.ms": 500,
  "group.share.min.heartbeat.interval.ms": 500,
};

describe.skipIf(!java.ok)(`Java KafkaShareConsumer ${KAFKA_CLIENTS_VERSION} vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: JavaClient;
  const members: ShareMember[] = [];
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    target = await startTarget({ overrides: BROKER });
  }, 180_000);

  afterAll(async () => {
    for (const m of members) m.proc.kill("SIGKILL");
    await Promise.all(members.map((m) => m.proc.exited));
    await target?.remove();
    console.log(`[interop share-consumer/${interopTarget()}] ms: ${JSON.stringify(timings)}`);
  }, 120_000);

  const diag = () => `${members.map((m) => m.diag()).join("\n")}\n--- broker ---\n${target.logTail().slice(-3000)}`;

  /** A topic and a share group reading it from the earliest offset, with `configs` on the group. */
  async function setUp(name: string, partitions: number, configs: Record<string, string | number> = {}): Promise<void> {
    await createTopics(target.port, [{ name, partitions }]);
    await setGroupConfigs(target.port, name, { "share.auto.offset.reset": "earliest", ...configs });
  }

  function member(name: string, topic: string, args: Record<string, string | number> = {}): ShareMember {
    const flags = Object.entries({ topic, group: topic, name, ...args }).flatMap(([k, v]) => [`--${k}`, String(v)]);
    const m = new ShareMember(name, client.spawn(["share-consume", "--bootstrap", target.bootstrap, ...flags]));
    members.push(m);
    return m;
  }

  const produce = (topic: string, count: number, perBatch: number) => produceRecords(target.port, topic, count, perBatch);

  /** Waits until partition 0 of the group's topic has lag 0: every record acknowledged or archived. */
  async function allDone(group: string, timeoutMs = 60_000): Promise<void> {
    await until(`share-partition lag 0 in ${group}`, async () => (await shareOffsets(target.port, group, group, 1))[0].lag === 0, timeoutMs, 250, diag);
  }

  async function stop(...ms: ShareMember[]): Promise<void> {
    for (const m of ms) m.proc.kill("SIGTERM");
    await Promise.all(ms.map((m) => m.proc.exited));
  }

  test("three members on one partition share the work; implicit acknowledgement; each record once", async () => {
    const t0 = Date.now();
    const topic = "share-work";
    const N = 300;
    await setUp(topic, 1);
    const ms = ["w1", "w2", "w3"].map((n) => member(n, topic, { "max-poll-records": 10, "process-ms": 10 }));
    await until("three members in the group", async () => (await describeShareGroup(target.port, topic))?.members === 3, 60_000, 250, diag);
    await produce(topic, N, 5);
    await until(`${N} records delivered`, async () => deliveries(ms).size === N, 60_000, 200, diag);
    await allDone(topic);
    const d = deliveries(ms);
    expect([...d.keys()].sort((a, b) => a - b)).toEqual(range(N));
    expect([...d.values()].filter((l) => l.length !== 1 || l[0].dc !== 1)).toEqual([]);
    for (const r of ms.flatMap((m) => m.records)) expect(r.value).toBe(`v${r.o}`);
    const busy = ms.filter((m) => m.records.length > 0).map((m) => `${m.name}:${m.records.length}`);
    console.log(`[share-work] records per member: ${busy.join(" ")}`);
    expect(busy.length).toBeGreaterThanOrEqual(2);
    // Implicit acknowledgements ride on the next poll; each is answered without an error.
    await until("every implicit acknowledgement answered", async () => ms.reduce((n, m) => n + m.ackedOk().size, 0) === N, 30_000, 200, diag);
    expect(ms.flatMap((m) => m.acked).filter((a) => a.error !== null)).toEqual([]);
    await stop(...ms);
    timings.work = Date.now() - t0;
  }, 180_000);

  test("explicit acknowledgement: accept, release (delivered again), reject (archived)", async () => {
    const t0 = Date.now();
    const topic = "share-explicit";
    const N = 30;
    await setUp(topic, 1);
    await produce(topic, N, 5);
    const m = member("x1", topic, { "ack-mode": "explicit", plan: "mixed", commit: "sync" });
    await allDone(topic);
    const d = deliveries([m]);
    for (const o of range(N)) {
      const dcs = (d.get(o) ?? []).map((r) => `${r.dc}:${r.ack}`);
      if (o % 3 === 1) expect({ o, dcs }).toEqual({ o, dcs: ["1:RELEASE", "2:ACCEPT"] });
      else expect({ o, dcs }).toEqual({ o, dcs: [`1:${o % 3 === 0 ? "ACCEPT" : "REJECT"}`] });
    }
    expect(m.acked.filter((a) => a.error !== null)).toEqual([]);
    await stop(m);
    timings.explicit = Date.now() - t0;
  }, 120_000);

  test("acquisition lock timeout: a member that stops polling loses its records to another (delivered again)", async () => {
    const t0 = Date.now();
    const topic = "share-lock";
    const N = 10;
    await setUp(topic, 1, { "share.record.lock.duration.ms": 2000 });
    await produce(topic, N, N);
    const holder = member("l1", topic, { "ack-mode": "explicit", "stall-after-polls": 1 });
    const held = (await until("l1 holding records", async () => holder.has("stalled"), 60_000, 100, diag)).offsets as number[];
    expect(held.length).toBeGreaterThan(0);
    const taker = member("l2", topic, { "ack-mode": "explicit", commit: "sync" });
    await allDone(topic);
    const got = deliveries([taker]);
    // At least 2: the holder's client may have fetched (acquired) them once more in the background
    // before its lock ran out again.
    for (const o of held) expect(got.get(o)?.[0]?.dc ?? 0).toBeGreaterThanOrEqual(2);
    expect([...got.keys()].sort((a, b) => a - b)).toEqual(range(N));
    await stop(holder, taker);
    timings.lock = Date.now() - t0;
  }, 120_000);

  test("share.delivery.count.limit=2: released twice, then archived", async () => {
    const t0 = Date.now();
    const topic = "share-limit";
    const N = 10;
    await setUp(topic, 1, { "share.delivery.count.limit": 2 });
    await produce(topic, N, 5);
    const m = member("d1", topic, { "ack-mode": "explicit", plan: "release", commit: "sync" });
    await allDone(topic);
    const d = deliveries([m]);
    for (const o of range(N)) expect({ o, dcs: (d.get(o) ?? []).map((r) => r.dc) }).toEqual({ o, dcs: [1, 2] });
    await stop(m);
    timings.limit = Date.now() - t0;
  }, 120_000);

  test("a member SIGKILLed while it holds records: another member gets them", async () => {
    const t0 = Date.now();
    const topic = "share-kill";
    const N = 20;
    // Locks longer than the test waits for anything else, so the hand-over is not a lock timeout alone.
    await setUp(topic, 1, { "share.record.lock.duration.ms": 15_000 });
    await produce(topic, N, N);
    const victim = member("k1", topic, { "ack-mode": "explicit", "stall-after-polls": 1 });
    const held = (await until("k1 holding records", async () => victim.has("stalled"), 60_000, 100, diag)).offsets as number[];
    expect(held.length).toBeGreaterThan(0);
    const other = member("k2", topic, { "ack-mode": "explicit", commit: "sync" });
    await until("k2 started", async () => other.has("started"), 60_000, 100, diag);
    victim.proc.kill("SIGKILL");
    await victim.proc.exited;
    const killedAt = Date.now();
    await allDone(topic);
    timings.killHandOver = Date.now() - killedAt;
    const got = deliveries([other]);
    expect([...got.keys()].sort((a, b) => a - b)).toEqual(range(N));
    for (const o of held) expect(got.get(o)?.[0]?.dc ?? 0).toBeGreaterThanOrEqual(2);
    await stop(other);
    timings.kill = Date.now() - t0;
  }, 120_000);

  test("broker SIGKILLed and restarted mid-way: every record accepted, none delivered after its acknowledgement", async () => {
    const t0 = Date.now();
    const topic = "share-restart";
    const N = 200;
    await setUp(topic, 1);
    await produce(topic, N, 5);
    const ms = ["r1", "r2"].map((n) => member(n, topic, { "ack-mode": "explicit", commit: "sync", "max-poll-records": 10, "process-ms": 10 }));
    const acked = () => ms.reduce((s, m) => { for (const o of m.ackedOk()) s.add(o); return s; }, new Set<number>());
    await until("a third of the records acknowledged", async () => acked().size >= N / 3, 60_000, 50, diag);
    const before = acked().size;
    await target.restart("SIGKILL");
    timings.restartedAt = Date.now() - t0;
    await until(`all ${N} records acknowledged`, async () => acked().size === N, 120_000, 200, diag);
    await allDone(topic);
    // An acknowledgement answered without an error is durable: no delivery of that offset after it.
    const firstAck = new Map<number, number>();
    for (const a of ms.flatMap((m) => m.acked)) {
      if (a.error !== null) continue;
      for (const o of a.offsets) firstAck.set(o, Math.min(firstAck.get(o) ?? Infinity, a.t));
    }
    const late = ms.flatMap((m) => m.records).filter((r) => r.t > (firstAck.get(r.o) ?? Infinity));
    console.log(`[share-restart] acknowledged before the kill: ${before}; redelivered: ${ms.flatMap((m) => m.records).filter((r) => r.dc > 1).length}`);
    expect(late).toEqual([]);
    await stop(...ms);
    timings.restart = Date.now() - t0;
  }, 240_000);
});
