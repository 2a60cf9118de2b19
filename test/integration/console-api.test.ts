// The web console's JSON API against a real broker process (served on its admin listener): the answers
// reflect what a Kafka client did (topics, offsets, sizes, a group's lag, the records with keys, headers
// and values), and the actions (create topic, delete topic, reset offsets) take effect as the Kafka
// protocol sees them. POSTs without the console's header are refused (CSRF).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { until } from "../support/until.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { createTopic, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";
import { COMMITTED, commitOffsets, fetchCommitted, GROUP, HOSTILE_KEY, joinMember, leaveGroup, PARTITIONS, PER_PARTITION, seedConsoleState, topicPartitions, TOPIC } from "../support/console-fixture.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let broker: StrandHandle;
let client: KafkaTestClient;
let api: string;

beforeAll(async () => {
  broker = await startStrand({ overrides: { "group.initial.rebalance.delay.ms": 0, "offsets.topic.num.partitions": 3 } });
  if (!broker.adminUrl) throw new Error("the broker did not report its admin listener");
  api = `${broker.adminUrl}/console/api`;
  client = await KafkaTestClient.connect(broker.port);
  await seedConsoleState(client);
}, 120_000);

afterAll(async () => {
  client?.close();
  await broker?.stop();
  if (broker) removeDataDir(broker.dataDir);
}, 60_000);

async function get(path: string): Promise<Any> {
  const r = await fetch(`${api}${path}`);
  const body = (await r.json()) as Any;
  if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${body.error}`);
  return body;
}

async function post(path: string, body: unknown, headers: Record<string, string> = { "x-strand-console": "1" }): Promise<{ status: number; body: Any }> {
  const r = await fetch(`${api}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Any };
}

describe("console API", () => {
  test("the page and its assets are served from the broker, with a strict content security policy", async () => {
    const page = await fetch(`${broker.adminUrl}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await page.text()).toContain("/console/app.js");
    const js = await fetch(`${broker.adminUrl}/console/app.js`);
    expect(js.headers.get("content-type")).toContain("text/javascript");
    expect((await js.text()).length).toBeGreaterThan(1000);
    expect((await fetch(`${broker.adminUrl}/console/nope`)).status).toBe(404);
    expect((await fetch(`${api}/nope`)).status).toBe(404);
  }, 30_000);

  test("overview: this broker, the controller, counts", async () => {
    const ov = await get("/overview");
    expect(ov.brokers.map((b: Any) => b.nodeId)).toEqual([1]);
    expect(ov.controllerId).toBe(1);
    expect(ov.brokers[0].endpoints.some((e: Any) => e.port === broker.port)).toBe(true);
    expect(ov.topicCount).toBeGreaterThanOrEqual(2); // orders.v1 and __consumer_offsets
    expect(ov.clusterId.length).toBeGreaterThan(0);
  }, 30_000);

  test("topics and a topic's partitions, offsets, sizes and configs", async () => {
    const list = (await get("/topics")).topics;
    expect((await get("/topics?filter=ORDERS")).topics.map((x: Any) => x.name)).toEqual([TOPIC]);
    const t = list.find((x: Any) => x.name === TOPIC);
    expect([t.partitions, t.replicationFactor, t.messages]).toEqual([PARTITIONS, 1, PARTITIONS * PER_PARTITION]);
    expect(t.sizeBytes).toBeGreaterThan(0);
    expect(list.find((x: Any) => x.name === "__consumer_offsets").internal).toBe(true);
    const d = await get(`/topics/${encodeURIComponent(TOPIC)}`);
    expect(d.partitionList.map((p: Any) => [p.partition, p.leader, p.isr, p.logStartOffset, p.highWatermark])).toEqual(
      Array.from({ length: PARTITIONS }, (_, p) => [p, 1, [1], 0, PER_PARTITION]),
    );
    expect(d.partitionList.every((p: Any) => p.sizeBytes > 0)).toBe(true);
    expect(d.configs.find((c: Any) => c.name === "cleanup.policy").value).toBe("delete");
    expect((await fetch(`${api}/topics/no-such-topic`)).status).toBe(404);
  }, 30_000);

  test("groups: committed offsets and lag = high watermark - committed", async () => {
    const list = await get("/groups");
    const g = list.find((x: Any) => x.groupId === GROUP);
    const lags = COMMITTED.map((c) => PER_PARTITION - Number(c));
    expect(g.totalLag).toBe(lags.reduce((a, b) => a + b, 0));
    const d = await get(`/groups/${encodeURIComponent(GROUP)}`);
    expect(d.offsets.map((o: Any) => [o.topic, o.partition, o.committed, o.highWatermark, o.lag])).toEqual(
      COMMITTED.map((c, p) => [TOPIC, p, String(c), PER_PARTITION, lags[p]]),
    );
    // The trend ring gets a point per sample (one at least once the page is read).
    const trend = await until("a lag sample", async () => ((await get(`/groups/${encodeURIComponent(GROUP)}`)).lagTrend as Any[]).at(-1), 15_000, 200);
    expect(trend.lag).toBe(g.totalLag);
  }, 30_000);

  test("message browser: keys, headers, JSON, text and binary values; by offset, by timestamp, bounded by limit", async () => {
    const r = await get(`/messages?topic=${encodeURIComponent(TOPIC)}&partition=2&offset=0&limit=4`);
    expect(r.messages.map((m: Any) => m.offset)).toEqual(["0", "1", "2", "3"]);
    expect(r.nextOffset).toBe("4");
    expect(r.messages[0].key).toEqual({ size: HOSTILE_KEY.length, encoding: "utf8", data: HOSTILE_KEY, truncated: false });
    expect(r.messages[0].headers).toEqual([{ key: "trace-id", value: { size: 5, encoding: "utf8", data: "t-2-0", truncated: false } }]);
    expect(r.messages[1].value).toEqual({ size: 5, encoding: "hex", data: "000102fffe", truncated: false });
    expect(r.messages[2].value.data).toBe("plain text 2");
    expect(JSON.parse(r.messages[3].value.data)).toEqual({ order: 3, partition: 2, items: [{ sku: "A-1", qty: 3 }] });
    expect(r.messages[0].compression).toBe("gzip");
    const byTime = await get(`/messages?topic=${encodeURIComponent(TOPIC)}&partition=0&timestamp=${Date.UTC(2026, 0, 1) + 5 * 60_000}&limit=2`);
    expect(byTime.messages.map((m: Any) => m.offset)).toEqual(["5", "6"]);
    const latest = await get(`/messages?topic=${encodeURIComponent(TOPIC)}&partition=1&from=latest&limit=3`);
    expect(latest.messages.map((m: Any) => m.offset)).toEqual(["7", "8", "9"]);
    expect((await fetch(`${api}/messages?topic=${encodeURIComponent(TOPIC)}&partition=0&limit=100000`)).status).toBe(400);
  }, 30_000);

  test("throughput from the broker's counters: records and bytes in after a produce, bytes out after a read", async () => {
    await createTopic(client, "counted", 1);
    await waitForLeaders(client, "counted", 1);
    // Two samples that hold the new topic before anything is produced to it (chart reads sample).
    await until("a first rate of the new topic", async () => ((await get("/topics/counted")).rates as Any[]).length > 0, 20_000, 300);
    const after = Date.now();
    const r = await produce(client, "counted", 0, buildRecordBatch({ records: [{ value: new TextEncoder().encode("counted") }] }));
    expect(r.errorCode).toBe(0);
    await get("/messages?topic=counted&partition=0&offset=0");
    // A chart read samples at most once a second: poll until a point after the produce shows them.
    const point = await until("a throughput point with records in and bytes out", async () => {
      const rates = (await get("/topics/counted")).rates as Any[];
      return rates.find((p) => p.timeMs >= after && p.messagesPerSec > 0 && p.bytesOutPerSec > 0) ?? null;
    }, 20_000, 300);
    expect(point.bytesPerSec).toBeGreaterThan(0);
    expect((await get("/throughput")).rates.some((p: Any) => p.messagesPerSec > 0)).toBe(true);
  }, 30_000);

  test("a Host that does not name this broker is refused (DNS rebinding)", async () => {
    const rebound = await fetch(`${api}/overview`, { headers: { host: "attacker.example" } });
    expect(rebound.status).toBe(421);
    expect(((await rebound.json()) as Any).error).toContain("attacker.example");
    expect((await fetch(`${api}/overview`, { headers: { host: "localhost" } })).status).toBe(200);
  }, 30_000);

  test("actions need the console's header (CSRF)", async () => {
    const r = await post("/topics", { name: "csrf-made", partitions: 1 }, {});
    expect(r.status).toBe(403);
    expect(await topicPartitions(client, "csrf-made")).toBeNull();
  }, 30_000);

  test("create topic and delete topic take effect (seen through Metadata)", async () => {
    const made = await post("/topics", { name: "console-made", partitions: 4, configs: { "retention.ms": "3600000" } });
    expect(made.status).toBe(201);
    expect(made.body.partitions).toBe(4);
    expect(await topicPartitions(client, "console-made")).toBe(4);
    expect((await get("/topics/console-made")).configs.find((c: Any) => c.name === "retention.ms")).toEqual({ name: "retention.ms", value: "3600000", source: "DYNAMIC_TOPIC_CONFIG" });
    const again = await post("/topics", { name: "console-made", partitions: 1 });
    expect([again.status, again.body.error]).toEqual([409, expect.stringContaining("TOPIC_ALREADY_EXISTS")]);
    const bad = await post("/topics", { name: "bad name!", partitions: 1 });
    expect([bad.status, bad.body.error]).toEqual([400, expect.stringContaining("INVALID_TOPIC_EXCEPTION")]);
    const del = await post("/topics/console-made/delete", {});
    expect(del.status).toBe(200);
    expect(await topicPartitions(client, "console-made")).toBeNull();
  }, 30_000);

  test("reset offsets: refused while the group has members, done once it is empty (seen through OffsetFetch)", async () => {
    const other = await KafkaTestClient.connect(broker.port);
    try {
      await commitOffsets(client, "reset-me", TOPIC, [[0, 2n], [1, 2n], [2, 2n]]);
      const member = await joinMember(other, "reset-me", TOPIC, PARTITIONS);
      const stable = await get("/groups/reset-me");
      expect([stable.state, stable.memberCount, stable.members[0].memberId, stable.members[0].assignment]).toEqual(["Stable", 1, member, [{ topic: TOPIC, partitions: [0, 1, 2] }]]);
      const refused = await post(`/groups/reset-me/reset-offsets`, { topic: TOPIC, to: "latest" });
      expect([refused.status, refused.body.error]).toEqual([409, expect.stringContaining("no members")]);
      expect(await fetchCommitted(client, "reset-me", TOPIC, PARTITIONS)).toEqual([2n, 2n, 2n]);
      await leaveGroup(other, "reset-me", member);
      const latest = await post(`/groups/reset-me/reset-offsets`, { topic: TOPIC, to: "latest" });
      expect(latest.status).toBe(200);
      expect(await fetchCommitted(client, "reset-me", TOPIC, PARTITIONS)).toEqual([10n, 10n, 10n]);
      const one = await post(`/groups/reset-me/reset-offsets`, { topic: TOPIC, partitions: [1], to: "offset", offset: "6" });
      expect(one.body.partitions).toEqual([{ partition: 1, offset: "6", error: null }]);
      const byTime = await post(`/groups/reset-me/reset-offsets`, { topic: TOPIC, partitions: [2], to: "timestamp", timestamp: Date.UTC(2026, 0, 1) + 3 * 60_000 });
      expect(byTime.body.partitions[0].offset).toBe("3");
      await post(`/groups/reset-me/reset-offsets`, { topic: TOPIC, partitions: [0], to: "earliest" });
      expect(await fetchCommitted(client, "reset-me", TOPIC, PARTITIONS)).toEqual([0n, 6n, 3n]);
    } finally {
      other.close();
    }
  }, 30_000);
});
