// __consumer_offsets is compacted by the log cleaner (the coordinator's own rewrite is gone): many
// commits of a few groups, some groups deleted (tombstones), small segments; once the cleaner's
// checkpoint moves, a restart loads the groups from the cleaned log and every group's latest offsets,
// and no offsets of a deleted group, come back.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { readOffsetCheckpoint } from "../../src/storage/checkpoint-file.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic } from "../unit/produce/wire-helpers.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const handles: StrandHandle[] = [];
const lastOutput = (): string => handles[handles.length - 1]?.output() ?? "";
afterAll(async () => {
  for (const h of handles) await h.kill().catch(() => undefined);
  for (const h of handles) removeDataDir(h.dataDir);
}, 120_000);

const overrides = { "offsets.topic.num.partitions": 1, "offsets.topic.segment.bytes": 1048576, "log.cleaner.backoff.ms": 100, "log.cleaner.dedupe.buffer.size": 4 * 1024 * 1024 };

async function commit(c: KafkaTestClient, group: string, offset: bigint): Promise<void> {
  // Big metadata fills the 1 MiB segments (Kafka's smallest segment.bytes) in a few hundred commits.
  // Bounded: the coordinator becomes available once __consumer_offsets exists (created on first use).
  for (let attempt = 0; attempt < 100; attempt++) {
    const codes = await commitOnce(c, group, offset);
    if (codes.every((x) => x === 0)) return;
    expect(codes.every((x) => x === 14 || x === 15 || x === 16)).toBe(true);
    await Bun.sleep(50);
  }
  throw new Error(`commit of ${group} never succeeded:\n${lastOutput().slice(-2000)}`);
}

async function commitOnce(c: KafkaTestClient, group: string, offset: bigint): Promise<number[]> {
  const r = (await c.request(8, 9, {
    groupId: group,
    generationIdOrMemberEpoch: -1,
    memberId: "",
    groupInstanceId: null,
    topics: [{ name: "t", partitions: [0, 1].map((p) => ({ partitionIndex: p, committedOffset: offset + BigInt(p), committedLeaderEpoch: -1, committedMetadata: "m".repeat(4000) })) }],
  })) as Any;
  return r.topics[0].partitions.map((p: Any) => p.errorCode as number);
}

async function offsets(c: KafkaTestClient, group: string): Promise<number[]> {
  const r = (await c.request(9, 8, { groups: [{ groupId: group, topics: null }], requireStable: false })) as Any;
  const g = r.groups[0];
  expect(g.errorCode).toBe(0);
  return g.topics.flatMap((t: Any) => t.partitions.map((p: Any) => Number(p.committedOffset))).sort((a: number, b: number) => a - b);
}

test("__consumer_offsets cleaned by the log cleaner; the groups load back from the cleaned log", async () => {
  let h = await startStrand({ overrides });
  handles.push(h);
  let c = await KafkaTestClient.connect(h.port);
  await createTopic(c, "t", 2);
  // FindCoordinator creates __consumer_offsets (as Kafka's does).
  await c.request(10, 4, { key: "", keyType: 0, coordinatorKeys: ["g0"] });
  const groups = ["g0", "g1", "g2", "g3"];
  for (let round = 1; round <= 60; round++) for (const g of groups) await commit(c, g, BigInt(round * 10));
  // g3 goes: its offsets get tombstones.
  const del = (await c.request(42, 2, { groupsNames: ["g3"] })) as Any;
  expect(del.results[0].errorCode).toBe(0);
  // More commits roll the segment holding the tombstones out of the active one.
  for (let round = 61; round <= 80; round++) for (const g of groups.slice(0, 3)) await commit(c, g, BigInt(round * 10));
  const file = join(h.dataDir, "logs", "cleaner-offset-checkpoint");
  const deadline = Date.now() + 30_000;
  let cp = 0;
  // Bounded by the deadline: the cleaner runs every log.cleaner.backoff.ms.
  while (Date.now() < deadline) {
    cp = existsSync(file) ? (readOffsetCheckpoint(file).get("__consumer_offsets-0")?.offset ?? 0) : 0;
    if (cp > 200) break;
    await Bun.sleep(50);
  }
  expect(cp).toBeGreaterThan(200);
  expect(h.output()).toMatch(/INFO log cleaned partition=__consumer_offsets-0 /);
  const segs = readdirSync(join(h.dataDir, "logs", "__consumer_offsets-0")).filter((n) => n.endsWith(".log"));
  expect(segs.length).toBeGreaterThan(0);
  c.close();
  expect(await h.stop()).toBe(0);
  h = await startStrand({ dataDir: h.dataDir, overrides });
  handles.push(h);
  c = await KafkaTestClient.connect(h.port);
  try {
    for (const g of groups.slice(0, 3)) expect(await offsets(c, g)).toEqual([800, 801]);
    expect(await offsets(c, "g3")).toEqual([]);
  } finally {
    c.close();
  }
}, 90_000);
