// kafka-share-groups.sh (Kafka 4.4.0's ShareGroupCommand) against Strand and Apache Kafka 4.4.0 side by
// side: the same share group (one member kept alive by raw ShareGroupHeartbeats, then gone) on both,
// and the tool's --list, --describe --members / --state / --offsets, --reset-offsets --to-earliest
// --execute and --delete outputs compared after normalising what differs by design (the coordinator's
// port, topic ids). Strand runs in-process with an in-memory Persister standing in for the share
// coordinator. Needs java and the Kafka 4.4.0 jars; skipped only when they cannot be fetched.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startKafka, type KafkaHandle } from "../support/kafka-broker.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { shareGroupsTool } from "../support/kafka-tools.ts";
import { startShareStrand, type ShareStrand } from "../support/share/strand-in-process.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dist = await probeKafkaDist();
const TOPIC = "sgt-tool";
const G = "sg-tool";
const MEMBER = "tool-member-aaaaaaaaaa";

interface Side {
  name: string;
  bootstrap: string;
  port: number;
  client: KafkaTestClient;
}

let kafka: KafkaHandle | null = null;
let strand: ShareStrand | null = null;
const sides: Side[] = [];

const RETRIABLE = new Set<number>([ErrorCode.COORDINATOR_NOT_AVAILABLE, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.NOT_COORDINATOR]);

/** Join and heartbeat (bounded) until the member holds every partition; returns its epoch. */
async function joinAndAssign(s: Side): Promise<number> {
  const hb = (f: Any) => s.client.request<Any>(76, 1, { groupId: G, memberId: MEMBER, memberEpoch: 0, rackId: null, subscribedTopicNames: null, ...f });
  let r: Any = {};
  // FindCoordinator first: it creates __consumer_offsets on Kafka.
  for (let i = 0; i < 300; i++) {
    r = await s.client.request<Any>(10, 4, { keyType: 0, coordinatorKeys: [G] });
    if (!RETRIABLE.has(r.coordinators[0].errorCode)) break;
    await Bun.sleep(100);
  }
  for (let i = 0; i < 300; i++) {
    r = await hb({ subscribedTopicNames: [TOPIC] });
    if (!RETRIABLE.has(r.errorCode)) break;
    await Bun.sleep(100);
  }
  expect(r.errorCode).toBe(0);
  for (let i = 0; i < 150 && (r.assignment?.topicPartitions ?? []).length === 0; i++) {
    await Bun.sleep(200);
    r = await hb({ memberEpoch: r.memberEpoch });
    expect(r.errorCode).toBe(0);
  }
  expect(r.assignment.topicPartitions[0].partitions).toEqual([0, 1]);
  return r.memberEpoch;
}

/** The tool's output with what differs by design replaced: the broker's port, topic ids. */
function normalise(out: string, s: Side): string {
  return out
    .replaceAll(`:${s.port}`, ":<port>")
    .replace(/[A-Za-z0-9_-]{22}(?=:)/g, "<topic-id>")
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .trim();
}

/** Runs the tool on both brokers; expects the same exit code and normalised output; returns it. */
async function both(args: string[]): Promise<string> {
  const [a, b] = await Promise.all(sides.map((s) => shareGroupsTool(s.bootstrap, args)));
  const [na, nb] = [normalise(a!.stdout, sides[0]!), normalise(b!.stdout, sides[1]!)];
  if (na !== nb || a!.exitCode !== b!.exitCode || process.env.SHARE_TOOL_PRINT) console.log(`kafka-share-groups ${args.join(" ")}\n--- ${sides[0]!.name} (${a!.exitCode}) ---\n${a!.stdout}${a!.stderr}\n--- ${sides[1]!.name} (${b!.exitCode}) ---\n${b!.stdout}${b!.stderr}`);
  expect(b!.exitCode).toBe(a!.exitCode);
  expect(nb).toBe(na);
  return na;
}

describe.skipIf(!dist.ok)("kafka-share-groups.sh: Strand vs Kafka 4.4.0", () => {
  beforeAll(async () => {
    const [k, s] = await Promise.all([
      startKafka({ overrides: { "share.coordinator.state.topic.replication.factor": 1, "share.coordinator.state.topic.min.isr": 1, "share.coordinator.state.topic.num.partitions": 1 } }),
      startShareStrand(),
    ]);
    kafka = k;
    strand = s;
    for (const [name, port, bootstrap] of [["kafka", k.port, k.bootstrap], ["strand", s.port, s.bootstrap]] as const) {
      await createTopics(port, [{ name: TOPIC, partitions: 2 }]);
      sides.push({ name, port, bootstrap, client: await KafkaTestClient.connect(port) });
    }
    const epochs = await Promise.all(sides.map(joinAndAssign));
    expect(epochs[1]).toBe(epochs[0]!);
  }, 180_000);

  afterAll(async () => {
    for (const s of sides) s.client.close();
    await strand?.stop();
    await kafka?.remove();
  }, 120_000);

  test("--list, --describe --members / --state / --offsets with a member", async () => {
    expect(await both(["--list"])).toBe(G);
    expect(await both(["--list", "--state", "Stable"])).toContain(G);
    const members = await both(["--describe", "--group", G, "--members"]);
    expect(members).toContain(MEMBER);
    expect(await both(["--describe", "--group", G, "--state"])).toContain("Stable");
    expect(await both(["--describe", "--group", G, "--offsets"])).toContain(TOPIC);
  }, 120_000);

  test("the member leaves: --reset-offsets --to-earliest --execute, --describe --offsets, --delete", async () => {
    for (const s of sides) {
      const r = await s.client.request<Any>(76, 1, { groupId: G, memberId: MEMBER, memberEpoch: -1, rackId: null, subscribedTopicNames: null });
      expect(r.errorCode).toBe(0);
    }
    expect(await both(["--describe", "--group", G, "--state"])).toContain("Empty");
    const reset = await both(["--reset-offsets", "--to-earliest", "--execute", "--group", G, "--topic", TOPIC]);
    expect(reset).toContain(TOPIC);
    expect(await both(["--describe", "--group", G, "--offsets"])).toContain(TOPIC);
    expect(await both(["--delete", "--group", G])).toContain(G);
    await both(["--list"]);
  }, 120_000);
});
