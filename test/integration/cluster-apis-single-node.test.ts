// Issue 19 item 6: the cluster APIs a one-broker Kafka 4.4.0 answers without any cluster to act on —
// ElectLeaders (43), ListPartitionReassignments (46), AlterPartitionReassignments (45) and
// AlterReplicaLogDirs (34) — sent the same way to Kafka 4.4.0 and to Strand, answers compared whole
// (error codes and messages included), plus the versions each advertises in ApiVersions.
import { afterAll, expect, test } from "bun:test";
import { probeKafkaDist, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { join } from "node:path";
import { scenario } from "./cluster-apis-scenario.ts";
import { waitForOutput } from "../support/output.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

test("single-node ElectLeaders, ListPartitionReassignments, AlterPartitionReassignments, AlterReplicaLogDirs answer as Kafka 4.4.0", async () => {
  const strand: StrandHandle = await startStrand();
  cleanups.push(() => strand.kill());
  const mine = await scenario(strand.port, join(strand.dataDir, "logs"));
  if (process.env.STRAND_PRINT_SCENARIO) console.log(JSON.stringify(mine, null, 1));
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`comparison with Kafka skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const kafka: KafkaHandle = await startKafka();
  cleanups.push(() => kafka.remove());
  const theirs = await scenario(kafka.port, kafka.logDir);
  if (process.env.STRAND_PRINT_SCENARIO) console.log(JSON.stringify(theirs, null, 1));
  for (let i = 0; i < theirs.length; i++) expect([mine[i]?.[0], mine[i]?.[1]]).toEqual([theirs[i]![0], theirs[i]![1]]);
  expect(mine.length).toBe(theirs.length);
}, 180_000);

test("AlterReplicaLogDirs across two log.dirs (JBOD): the replica's own dir is NONE, a move to the other is refused (not supported yet) and logged", async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { KafkaTestClient } = await import("../support/kafka-client.ts");
  const { createTopic } = await import("../unit/produce/wire-helpers.ts");
  const root = mkdtempSync(join(tmpdir(), "strand-jbod-"));
  const dirs = [join(root, "a"), join(root, "b")];
  const h = await startStrand({ dataDir: root, overrides: { "log.dirs": dirs.join(","), "metadata.log.dir": join(root, "meta") } });
  cleanups.push(async () => {
    await h.kill();
    removeDataDir(root);
  });
  const c = await KafkaTestClient.connect(h.port);
  try {
    await createTopic(c, "jbod", 2);
    const described = await c.request<{ results: Array<{ logDir: string; topics: Array<{ name: string; partitions: Array<{ partitionIndex: number }> }> }> }>(35, 4, { topics: null });
    const home = new Map<number, string>();
    for (const r of described.results) for (const t of r.topics) if (t.name === "jbod") for (const p of t.partitions) home.set(p.partitionIndex, r.logDir);
    expect(home.size).toBe(2);
    const other = (p: number) => dirs.find((d) => d !== home.get(p))!;
    const r = await c.request<{ results: Array<{ topicName: string; partitions: Array<{ partitionIndex: number; errorCode: number }> }> }>(34, 2, {
      dirs: [
        { path: home.get(0)!, topics: [{ name: "jbod", partitions: [0] }] },
        { path: other(1), topics: [{ name: "jbod", partitions: [1] }] },
      ],
    });
    expect(r.results).toEqual([{ topicName: "jbod", partitions: [{ partitionIndex: 0, errorCode: 0 }, { partitionIndex: 1, errorCode: 56 }] }]);
    await waitForOutput(h, /WARN AlterReplicaLogDirs: moving a replica between log dirs is not supported yet.*partition=jbod-1/);
  } finally {
    c.close();
  }
  expect(await h.stop()).toBe(0);
}, 60_000);
