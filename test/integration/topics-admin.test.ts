// Topic administration against the real broker process: create (with configs, validate_only, errors),
// describe through Metadata / DescribeTopicPartitions / DescribeCluster, add partitions, delete by
// name and id, auto-creation through Metadata, and everything surviving a SIGTERM and a SIGKILL restart.
import { afterAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { waitForOutput } from "../support/output.ts";

const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";
const handles: StrandHandle[] = [];
const dataDirs = new Set<string>();
afterAll(async () => {
  for (const h of handles) await h.kill().catch(() => {});
  for (const d of dataDirs) removeDataDir(d);
}, 120_000);

type Topic = { errorCode: number; name: string | null; topicId: string; isInternal: boolean; partitions: Array<{ partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[] }> };
type MetadataRes = { brokers: Array<{ nodeId: number; host: string; port: number }>; clusterId: string | null; controllerId: number; topics: Topic[] };

/** Starts a broker on `dataDir` (a fresh one when undefined). */
async function start(dataDir: string | undefined, overrides: Record<string, string | number | boolean> = {}): Promise<{ h: StrandHandle; c: KafkaTestClient }> {
  const h = await startStrand({ dataDir, overrides });
  dataDirs.add(h.dataDir);
  handles.push(h);
  return { h, c: await KafkaTestClient.connect(h.port) };
}

const create = (name: string, numPartitions: number, configs: Array<{ name: string; value: string }> = []) => ({ name, numPartitions, replicationFactor: 1, assignments: [], configs });

async function metadata(c: KafkaTestClient, names: string[] | null, allowAutoTopicCreation = false, version = 12): Promise<MetadataRes> {
  // Before v4 there is no allow flag: the codec only sends its default (true).
  return c.request<MetadataRes>(3, version, { topics: names === null ? null : names.map((name) => ({ topicId: ZERO, name })), allowAutoTopicCreation: version < 4 ? true : allowAutoTopicCreation });
}

test("create, describe, grow and delete topics; state survives SIGTERM and SIGKILL restarts", async () => {
  let { h, c } = await start(undefined, { "num.partitions": 3 });

  const created = await c.request<{ topics: Array<{ name: string; topicId: string; errorCode: number; errorMessage: string | null; numPartitions: number; configs: Array<{ name: string; value: string; configSource: number }> }> }>(19, 7, {
    topics: [create("orders", 4, [{ name: "retention.ms", value: "3600000" }, { name: "cleanup.policy", value: "compact" }]), create("bad name", 1), create("events", -1)],
    timeoutMs: 10_000,
  });
  const [orders, bad, events] = created.topics;
  expect(orders!.errorCode).toBe(0);
  expect(orders!.topicId).not.toBe(ZERO);
  expect(orders!.numPartitions).toBe(4);
  expect(orders!.configs.find((x) => x.name === "retention.ms")).toEqual({ name: "retention.ms", value: "3600000", readOnly: false, configSource: 1, isSensitive: false } as never);
  expect(orders!.configs.find((x) => x.name === "segment.bytes")!.configSource).toBe(5);
  expect(bad!.errorCode).toBe(17);
  expect(events!.numPartitions).toBe(3); // num.partitions
  for (let p = 0; p < 4; p++) expect(existsSync(join(h.dataDir, "logs", `orders-${p}`, "00000000000000000000.log"))).toBe(true);

  // validate_only creates nothing; a repeat is TOPIC_ALREADY_EXISTS.
  const vo = await c.request<{ topics: Array<{ errorCode: number; numPartitions: number }> }>(19, 7, { topics: [create("dry", 2)], timeoutMs: 1000, validateOnly: true });
  expect([vo.topics[0]!.errorCode, vo.topics[0]!.numPartitions]).toEqual([0, 2]);
  const again = await c.request<{ topics: Array<{ errorCode: number }> }>(19, 3, { topics: [create("orders", 1)], timeoutMs: 1000 });
  expect(again.topics[0]!.errorCode).toBe(36);

  let md = await metadata(c, null);
  expect(md.topics.map((t) => t.name).sort()).toEqual(["events", "orders"]);
  expect(md.controllerId).toBe(1);
  expect(md.brokers).toEqual([{ nodeId: 1, host: "127.0.0.1", port: h.port, rack: null } as never]);
  const ordersMd = md.topics.find((t) => t.name === "orders")!;
  expect(ordersMd.topicId).toBe(orders!.topicId);
  expect(ordersMd.partitions.map((p) => [p.partitionIndex, p.leaderId, p.leaderEpoch])).toEqual([0, 1, 2, 3].map((i) => [i, 1, 0]));
  expect((await metadata(c, [])).topics).toEqual([]);
  // v0: an empty list means every topic.
  expect((await metadata(c, [], false, 0)).topics.length).toBe(2);

  const grown = await c.request<{ results: Array<{ name: string; errorCode: number }> }>(37, 3, { topics: [{ name: "events", count: 5, assignments: null }, { name: "orders", count: 2, assignments: null }], timeoutMs: 1000, validateOnly: false });
  expect(grown.results.map((r) => [r.name, r.errorCode])).toEqual([["events", 0], ["orders", 37]]);

  const cluster = await c.request<{ clusterId: string; controllerId: number; brokers: Array<{ brokerId: number; port: number }> }>(60, 1, { endpointType: 1 });
  expect(cluster.clusterId).toBe(md.clusterId!);
  expect(cluster.brokers.map((b) => [b.brokerId, b.port])).toEqual([[1, h.port]]);

  const dtp = await c.request<{ topics: Topic[]; nextCursor: { topicName: string; partitionIndex: number } | null }>(75, 0, { topics: [], responsePartitionLimit: 6, cursor: null });
  expect(dtp.topics.map((t) => [t.name, t.partitions.length])).toEqual([["events", 5], ["orders", 1]]);
  expect(dtp.nextCursor).toEqual({ topicName: "orders", partitionIndex: 1 } as never);

  // SIGTERM restart: topics, ids, partitions and configs come back from the metadata log.
  c.close();
  expect(await h.stop()).toBe(0);
  ({ h, c } = await start(h.dataDir));
  md = await metadata(c, ["orders", "events"]);
  expect(md.topics.map((t) => [t.name, t.topicId, t.partitions.length])).toEqual([["orders", orders!.topicId, 4], ["events", events!.topicId, 5]]);
  expect(md.brokers[0]!.port).toBe(h.port); // re-registered on the new port
  const described = await c.request<{ results: Array<{ configs: Array<{ name: string; value: string }> }> }>(32, 4, {
    resources: [{ resourceType: 2, resourceName: "orders", configurationKeys: ["retention.ms", "cleanup.policy"] }],
    includeSynonyms: false,
    includeDocumentation: false,
  });
  expect(Object.fromEntries(described.results[0]!.configs.map((x) => [x.name, x.value]))).toEqual({ "retention.ms": "3600000", "cleanup.policy": "compact" });

  // Delete by name (v5) and by id (v6); the logs go.
  const del = await c.request<{ responses: Array<{ name: string | null; errorCode: number }> }>(20, 6, { topics: [{ name: null, topicId: events!.topicId }, { name: "missing", topicId: ZERO }], timeoutMs: 1000 });
  expect(del.responses.map((r) => [r.name, r.errorCode])).toEqual([["missing", 3], ["events", 0]]);
  expect(existsSync(join(h.dataDir, "logs", "events-0"))).toBe(false);

  // SIGKILL restart: the deletion and a topic created just before the kill are both there.
  await c.request(19, 7, { topics: [create("late", 1)], timeoutMs: 1000 });
  c.close();
  await h.kill();
  ({ h, c } = await start(h.dataDir));
  md = await metadata(c, null);
  expect(md.topics.map((t) => t.name).sort()).toEqual(["late", "orders"]);
  expect(h.output()).not.toContain("stray");
  c.close();
  expect(await h.stop()).toBe(0);
}, 60_000);

test("Metadata auto-creates a topic (UNKNOWN_TOPIC_OR_PARTITION first, as Kafka 4.4.0) only when allowed", async () => {
  const { h, c } = await start(undefined, { "num.partitions": 2 });
  let md = await metadata(c, ["auto.one", "bad name", "__consumer_offsets"], true);
  expect(md.topics.map((t) => [t.name, t.errorCode, t.isInternal])).toEqual([
    ["auto.one", 3, false],
    ["bad name", 17, false],
    ["__consumer_offsets", 3, true],
  ]);
  md = await metadata(c, ["auto.one"], true);
  expect(md.topics[0]!.errorCode).toBe(0);
  expect(md.topics[0]!.partitions.length).toBe(2);
  // Not allowed by the request: stays unknown.
  md = await metadata(c, ["auto.two"], false);
  expect(md.topics[0]!.errorCode).toBe(3);
  expect((await metadata(c, ["auto.two"], false)).topics[0]!.errorCode).toBe(3);
  // v3 has no allow flag: auto-creation applies.
  await metadata(c, ["auto.three"], false, 3);
  expect((await metadata(c, ["auto.three"], false)).topics[0]!.errorCode).toBe(0);
  c.close();
  expect(await h.stop()).toBe(0);
}, 30_000);

test("auto.create.topics.enable=false: Metadata never creates", async () => {
  const { h, c } = await start(undefined, { "auto.create.topics.enable": false });
  expect((await metadata(c, ["never"], true)).topics[0]!.errorCode).toBe(3);
  expect((await metadata(c, ["never"], true)).topics[0]!.errorCode).toBe(3);
  c.close();
  expect(await h.stop()).toBe(0);
}, 30_000);

test("a partition log on disk whose topic is not in the metadata is set aside as -stray at start-up (as Kafka), not deleted, and said so at ERROR", async () => {
  const first = await start(undefined);
  // One answered request: the CLI installs its SIGTERM handler just after "strand started" is logged.
  await metadata(first.c, []);
  first.c.close();
  expect(await first.h.stop()).toBe(0);
  const { mkdirSync, writeFileSync } = await import("node:fs");
  const ghost = join(first.h.dataDir, "logs", "ghost-0");
  mkdirSync(ghost);
  writeFileSync(join(ghost, "00000000000000000000.log"), new Uint8Array(0));
  const { h, c } = await start(first.h.dataDir);
  expect(existsSync(ghost)).toBe(false);
  const { readdirSync } = await import("node:fs");
  const kept = readdirSync(join(first.h.dataDir, "logs")).filter((n) => /^ghost-0\.[0-9a-f]{32}-stray$/.test(n));
  expect(kept.length).toBe(1);
  expect(existsSync(join(first.h.dataDir, "logs", kept[0]!, "00000000000000000000.log"))).toBe(true);
  await waitForOutput(h, /ERROR.*stray partition log set aside, not deleted.*partition=ghost-0/);
  await metadata(c, []);
  c.close();
  expect(await h.stop()).toBe(0);
}, 30_000);
