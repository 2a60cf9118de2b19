// Issue 19 item 5: a KIP-848 group's epoch and target assignment epoch as members join and leave, as
// Kafka 4.4.0 gives them: a new group starts at epoch 1 (its first member joins at 2); target
// assignments are batched by group.consumer.assignment.interval.ms (the group stays Assigning, epoch
// ahead of its target, until a heartbeat after the interval); the last member leaving sets both epochs
// at once, so the next join is assigned immediately. The same ConsumerGroupHeartbeat sequence goes to
// Strand and to a real Kafka 4.4.0, and every heartbeat answer and ConsumerGroupDescribe must be equal.
// The interval is 3 s on both so a busy machine does not cross it between the steps that must fall
// inside it; one wait crosses it.
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka } from "../support/kafka-dist.ts";
import { startStrand } from "../support/strand.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const INTERVAL_MS = 3_000;
const OVERRIDES = { "offsets.topic.num.partitions": 1, "group.consumer.assignment.interval.ms": INTERVAL_MS };

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

const hb = (over: Any) => ({
  groupId: "g-epochs", memberId: "m1", memberEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30_000,
  subscribedTopicNames: ["t-epochs"], subscribedTopicRegex: null, serverAssignor: null, topicPartitions: [], ...over,
});
const beat = (memberId: string, memberEpoch: number) => ({ memberId, memberEpoch, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: null });
const leave = (memberId: string) => ({ memberId, memberEpoch: -1, subscribedTopicNames: null, topicPartitions: null });
const parts = (a: Any | null) => (a?.topicPartitions ?? []).flatMap((t: Any) => t.partitions).sort();

async function scenario(port: number): Promise<string[]> {
  const c = await KafkaTestClient.connect(port);
  const out: string[] = [];
  try {
    const created = (await c.request(19, 5, { topics: [{ name: "t-epochs", numPartitions: 4, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 })) as Any;
    expect(created.topics[0].errorCode).toBe(0);
    // Kafka creates __consumer_offsets on the first FindCoordinator and loads it before answering heartbeats.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const f = (await c.request(10, 4, { key: "", keyType: 0, coordinatorKeys: ["warm-up"] })) as Any;
      if (f.coordinators[0].errorCode === 0) {
        const w = (await c.request(68, 1, hb({ groupId: "warm-up", memberId: "w" }))) as Any;
        if (w.errorCode === 0) break;
      }
      if (Date.now() > deadline) throw new Error(`port ${port}: group coordinator not ready within 60 s`);
      await Bun.sleep(100);
    }
    const epochs = new Map<string, number>();
    const step = async (label: string, req: Any) => {
      const r = (await c.request(68, 1, hb(req))) as Any;
      if (r.memberEpoch > 0) epochs.set(req.memberId ?? "m1", r.memberEpoch);
      const d = ((await c.request(69, 1, { groupIds: ["g-epochs"], includeAuthorizedOperations: false })) as Any).groups[0];
      const members = d.members
        .map((m: Any) => `${m.memberId}@${m.memberEpoch} has ${parts(m.assignment)} target ${parts(m.targetAssignment)}`)
        .sort()
        .join("; ");
      out.push(`${label}: error ${r.errorCode} epoch ${r.memberEpoch} assignment ${r.assignment === null ? "none" : parts(r.assignment)} | ` +
        `${d.groupState} epoch ${d.groupEpoch} target ${d.assignmentEpoch} [${members}]`);
    };
    const at = (m: string) => epochs.get(m) ?? 0;
    await step("m1 joins", {});
    await step("m2 joins", { memberId: "m2" });
    await step("m1 heartbeats", beat("m1", at("m1")));
    await step("m2 leaves", leave("m2"));
    await step("m1 heartbeats", beat("m1", at("m1")));
    await Bun.sleep(INTERVAL_MS + 300);
    await step("m1 heartbeats after the interval", beat("m1", at("m1")));
    await step("m1 heartbeats", beat("m1", at("m1")));
    await step("m1 leaves", leave("m1"));
    await step("m3 joins the empty group", { memberId: "m3" });
    await step("m4 joins", { memberId: "m4" });
    await step("m3 leaves", leave("m3"));
    await step("m4 leaves", leave("m4"));
  } finally {
    c.close();
  }
  return out;
}

test("KIP-848 group and target assignment epochs as members join and leave, as Kafka 4.4.0", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const strand = await startStrand({ overrides: OVERRIDES });
  cleanups.push(() => strand.kill());
  const kafka = await startKafka({ overrides: OVERRIDES });
  cleanups.push(() => kafka.remove());
  const [mine, theirs] = await Promise.all([scenario(strand.port), scenario(kafka.port)]);
  expect(mine).toEqual(theirs);
  // What Kafka answers, so the comparison cannot pass vacuously.
  expect(theirs[1]).toContain("Assigning epoch 3 target 2");
  expect(theirs[5]).toContain("Stable epoch 4 target 4");
  expect(theirs[7]).toContain("Empty epoch 5 target 5");
}, 240_000);
