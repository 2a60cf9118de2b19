// The migration path of issue 13, mixed with Apache Kafka 4.4.0: a reassignment moves a topic from
// Kafka brokers to Strand brokers while producers and a consumer run, with nothing lost.
// One Kafka controller (node 9), Kafka brokers 1 and 2, Strand brokers 3 and 4 (process.roles=broker,
// following Kafka's metadata log; test/support/mixed-cluster.ts).
//   1. Topic "migrated": 3 partitions, RF 2, placed on [1, 2], min.insync.replicas=2. Two idempotent
//      acks=all Java producers (chaos-produce) and a consumer (chaos-consume) run throughout
//      (test/support/replication-workload.ts).
//   2. kafka-reassign-partitions --execute (through a Strand broker, which forwards it to Kafka's
//      controller) moves every partition to [3, 4] / [4, 3] while they run; --verify until complete. Metadata (asked of every broker): each partition led by a Strand broker
//      with ISR = {3, 4}; the Kafka brokers' partition dirs are gone or renamed "-delete" (Kafka's
//      deletion of a replica removed from a broker).
//   3. kafka-topics --describe --under-replicated-partitions prints nothing; kafka-leader-election
//      --election-type PREFERRED --all-topic-partitions has nothing to elect.
//   4. The producers stop, every partition is read, the checker runs: nothing acknowledged lost, no
//      duplicate, no offset with two values, nothing served then truncated.
//   5. Strand broker 4 is SIGSTOPped: leader 3 shrinks the ISR of the partitions 4 follows (after
//      replica.lag.time.max.ms), Kafka's controller fences 4 and moves partition 1 to 3;
//      --under-replicated-partitions lists all three. SIGCONT: 4 catches up and rejoins every ISR, the
//      listing is empty again, and PREFERRED election gives partition 1 back to 4.
//   6. The Kafka brokers stop: acks=all produce and a fetch still work on the Strand brokers alone.
// Gated on Java and the Kafka jars like the other *-kafka tests: skipped (reason printed) only when
// they cannot be materialised; every process is killed and every temp dir removed in afterAll.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient } from "../support/clients/java.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { withClient } from "../support/kafka-client.ts";
import { startMixedCluster } from "../support/mixed-cluster.ts";
import type { MixedCluster } from "../support/mixed-cluster.ts";
import { startReplicationWorkload } from "../support/replication-workload.ts";
import type { ReplicationWorkload } from "../support/replication-workload.ts";
import { until as untilBase } from "../support/until.ts";

const TOPIC = "migrated";
const PARTITIONS = 3;
const KAFKA_BROKERS = [1, 2];
const STRAND_BROKERS = [3, 4];
/** Where the reassignment puts each partition: leaders spread over both Strand brokers. */
const TARGET = [[3, 4], [4, 3], [3, 4]];
const LAG_MS = 3_000;

let cluster: MixedCluster | null = null;
let workload: ReplicationWorkload | null = null;
const tmp = mkdtempSync(join(tmpdir(), "strand-migration-"));
afterAll(async () => {
  workload?.kill();
  await cluster?.close();
  rmSync(tmp, { recursive: true, force: true });
}, 120_000);

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number) => untilBase(what, fn, timeoutMs, 250, () => cluster?.diag() ?? "");

type MdPartition = { errorCode: number; partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[]; isrNodes: number[] };
type MdRes = { brokers: Array<{ nodeId: number }>; topics: Array<{ name: string | null; errorCode: number; partitions: MdPartition[] }> };
async function partitionsAt(port: number): Promise<MdPartition[]> {
  const m = await withClient(port, (c) => c.request<MdRes>(3, 12, { topics: [{ topicId: "AAAAAAAAAAAAAAAAAAAAAA", name: TOPIC }], allowAutoTopicCreation: false }, 5_000));
  const t = m.topics.find((x) => x.name === TOPIC);
  return t && t.errorCode === 0 ? [...t.partitions].sort((a, b) => a.partitionIndex - b.partitionIndex) : [];
}
const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const show = (ps: readonly MdPartition[]) => ps.map((p) => `${p.partitionIndex}: leader ${p.leaderId} replicas ${p.replicaNodes} isr ${p.isrNodes}`).join("; ");

/** A Kafka tool's exit code and output, whitespace collapsed. */
async function tool(mainClass: string, args: string[]): Promise<{ exitCode: number; out: string }> {
  const r = await runKafkaClass(mainClass, args, { timeoutMs: 60_000 });
  return { exitCode: r.exitCode, out: `${r.stdout}${r.stderr}`.replace(/\s+/g, " ").trim() };
}

const REASSIGN = "org.apache.kafka.tools.reassign.ReassignPartitionsCommand";
const LEADER_ELECTION = "org.apache.kafka.tools.LeaderElectionCommand";
const underReplicated = (port: number) => tool(KAFKA_MAIN.topics, ["--bootstrap-server", `127.0.0.1:${port}`, "--describe", "--under-replicated-partitions", "--topic", TOPIC]);
const preferredElection = (port: number) => tool(LEADER_ELECTION, ["--bootstrap-server", `127.0.0.1:${port}`, "--election-type", "PREFERRED", "--all-topic-partitions"]);

test("a reassignment moves a topic from Kafka 4.4.0 brokers to Strand brokers under acks=all producers and a consumer, with nothing lost", async () => {
  const dist = await probeKafkaDist();
  if (!dist.ok) {
    console.warn(`skipped: Kafka jars unavailable (${dist.reason})`);
    return;
  }
  const java = await probeInstall("kafka-clients", ensureJavaClient);
  if (!java.ok) {
    console.warn(`skipped: Java kafka-clients unavailable (${java.reason})`);
    return;
  }
  cluster = await startMixedCluster({
    kafkaBrokers: KAFKA_BROKERS,
    strandBrokers: STRAND_BROKERS,
    common: { "broker.heartbeat.interval.ms": 500, "broker.session.timeout.ms": 6_000 },
    brokers: { "replica.lag.time.max.ms": LAG_MS, "replica.fetch.backoff.ms": 200 },
  });
  const c = cluster;
  const strand3 = c.portOf(3);

  // 1. The topic on the Kafka brokers, and the clients.
  const created = await until("CreateTopics", () => withClient(c.portOf(1), async (k) => {
    const r = await k.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
      topics: [{ name: TOPIC, numPartitions: -1, replicationFactor: -1, assignments: [[1, 2], [2, 1], [1, 2]].map((brokerIds, partitionIndex) => ({ partitionIndex, brokerIds })), configs: [{ name: "min.insync.replicas", value: "2" }] }],
      timeoutMs: 10_000,
    });
    const t = r.topics[0]!;
    return t.errorCode === 41 || t.errorCode === 7 ? null : t;
  }), 30_000);
  expect([0, 36]).toContain(created.errorCode);
  await until("every partition on the Kafka brokers with a full ISR", async () => {
    const ps = await partitionsAt(c.portOf(1));
    return ps.length === PARTITIONS && ps.every((p) => KAFKA_BROKERS.includes(p.leaderId) && p.isrNodes.length === 2);
  }, 30_000);

  workload = startReplicationWorkload({ java: java.value, bootstrap: c.bootstrap, topic: TOPIC, partitions: PARTITIONS, producers: 2, ratePerProducer: 50, clientTimeoutMs: 240_000 });
  const w = workload;
  // Enough on every partition that the new replicas have a log to copy while the producers go on.
  await w.progressSince("acknowledgements on every partition before the reassignment", 0, 150);

  // 2. The reassignment, mid-run.
  const plan = join(tmp, "reassign.json");
  writeFileSync(plan, JSON.stringify({ version: 1, partitions: TARGET.map((replicas, partition) => ({ topic: TOPIC, partition, replicas, log_dirs: replicas.map(() => "any") })) }));
  // Through a Strand broker: it names itself controller in Metadata (as Kafka's brokers name a live
  // broker), so the tool's AlterPartitionReassignments and ListPartitionReassignments reach it and it
  // forwards them to Kafka's controller in an Envelope. --verify asks a Kafka broker as well.
  const reassign = (via: number, args: string[]) => tool(REASSIGN, ["--bootstrap-server", `127.0.0.1:${c.portOf(via)}`, "--reassignment-json-file", plan, ...args]);
  const executed = await reassign(3, ["--execute"]);
  console.log(`[migration] --execute: ${executed.out}`);
  expect(executed.exitCode).toBe(0);
  expect(executed.out).toMatch(/Successfully started partition reassignments? for migrated-0,migrated-1,migrated-2/);
  const movedAtMs = Date.now();
  const complete = (v: { exitCode: number; out: string }) => v.exitCode === 0 && TARGET.every((_, p) => v.out.includes(`Reassignment of partition ${TOPIC}-${p} is completed`));
  const verified = await until("kafka-reassign-partitions --verify: complete", async () => {
    const v = await reassign(4, ["--verify"]);
    return complete(v) ? v : null;
  }, 90_000);
  const verifiedAtMs = Date.now();
  console.log(`[migration] --verify: ${verified.out}`);
  const verifiedByKafka = await reassign(1, ["--verify"]);
  expect(complete(verifiedByKafka)).toBe(true);
  for (const id of [...KAFKA_BROKERS, ...STRAND_BROKERS]) {
    const ps = await until(`broker ${id}'s Metadata: every partition led by a Strand broker, ISR {3, 4}`, async () => {
      const x = await partitionsAt(c.portOf(id));
      return x.length === PARTITIONS && x.every((p, i) => p.errorCode === 0 && STRAND_BROKERS.includes(p.leaderId) && sorted(p.isrNodes).join() === "3,4" && p.replicaNodes.join() === TARGET[i]!.join()) ? x : null;
    }, 30_000);
    if (id === 3) console.log(`[migration] after: ${show(ps)}`);
  }
  for (const id of KAFKA_BROKERS) {
    const logDir = c.kafka.get(id)!.logDir;
    const left = await until(`Kafka broker ${id} to delete its replicas`, async () => {
      const ds = readdirSync(logDir).filter((d) => d.startsWith(`${TOPIC}-`));
      return ds.every((d) => !new RegExp(`^${TOPIC}-\\d+$`).test(d)) ? { ds } : null;
    }, 60_000);
    console.log(`[migration] Kafka broker ${id}'s partition dirs after the move: ${left.ds.length === 0 ? "none" : left.ds.join(", ")}`);
  }
  await w.progressSince("acknowledgements on every partition after the reassignment", Date.now(), 20);

  // 3. Healthy: nothing under-replicated, no preferred election to make.
  const healthy = await underReplicated(strand3);
  expect(healthy).toEqual({ exitCode: 0, out: "" });
  const noElection = await preferredElection(strand3);
  // Every partition is led by its preferred replica: the tool prints nothing (ELECTION_NOT_NEEDED is
  // not reported for --all-topic-partitions).
  expect(noElection).toEqual({ exitCode: 0, out: "" });

  // 4. Everything acknowledged is there exactly once.
  const r = await w.stop();
  // The producers ran through the move: records sent between --execute and --verify were acknowledged.
  const duringMove = w.acks.filter((a) => a.sentAtMs >= movedAtMs && a.sentAtMs <= verifiedAtMs).length;
  console.log(`[migration] acknowledged of records sent during the move: ${duringMove}; acknowledged=${r.report.acknowledged} readDuringRun=${r.report.readDuringRun} readAtEnd=${r.report.readAtEnd} lost=${r.report.lost} duplicates=${r.report.duplicates} inconsistent=${r.report.inconsistentOffsets} readThenTruncated=${r.report.readThenTruncated} phantoms=${r.report.phantoms} outOfRange=${r.outOfRange} | ${r.producers.map((p) => `${p.id} sent=${p.sent} acked=${p.acked} failed=${p.failed}`).join("; ")}`);
  if (r.report.examples.length > 0) console.log(r.report.examples.join("\n"));
  expect(r.finalReadComplete).toBe(true);
  expect(r.report.acknowledged).toBeGreaterThan(0);
  expect(duringMove).toBeGreaterThan(0);
  expect({ lost: r.report.lost, duplicates: r.report.duplicates, inconsistent: r.report.inconsistentOffsets, readThenTruncated: r.report.readThenTruncated, phantoms: r.report.phantoms, outOfRange: r.outOfRange })
    .toEqual({ lost: 0, duplicates: 0, inconsistent: 0, readThenTruncated: 0, phantoms: 0, outOfRange: 0 });
  expect(r.producers.every((p) => p.failed === 0)).toBe(true);

  // 5. A Strand follower stopped past replica.lag.time.max.ms (and its session): under-replicated.
  await c.pause(4);
  const shrunk = await until("broker 4 out of every ISR, partition 1 led by 3", async () => {
    const x = await partitionsAt(strand3);
    return x.length === PARTITIONS && x.every((p) => p.leaderId === 3 && p.isrNodes.join() === "3") ? x : null;
  }, 60_000);
  console.log(`[migration] broker 4 stopped: ${show(shrunk)}`);
  const listed = await underReplicated(strand3);
  console.log(`[migration] under-replicated with broker 4 stopped: ${listed.out}`);
  expect(listed.exitCode).toBe(0);
  for (let p = 0; p < PARTITIONS; p++) expect(listed.out).toMatch(new RegExp(`Topic: ${TOPIC} Partition: ${p} Leader: 3 Replicas: ${TARGET[p]!.join(",")} Isr: 3`));
  c.resume(4);
  await until("broker 4 back in every ISR", async () => {
    const x = await partitionsAt(strand3);
    return x.length === PARTITIONS && x.every((p) => sorted(p.isrNodes).join() === "3,4");
  }, 60_000);
  expect(await underReplicated(strand3)).toEqual({ exitCode: 0, out: "" });
  const elected = await preferredElection(strand3);
  console.log(`[migration] preferred election after broker 4 came back: ${elected.out}`);
  expect(elected.exitCode).toBe(0);
  expect(elected.out).toMatch(new RegExp(`Successfully completed leader election \\(PREFERRED\\) for partitions ${TOPIC}-1\\b`));
  await until("partition 1 led by 4 again", async () => (await partitionsAt(strand3))[1]?.leaderId === 4, 30_000);

  // 6. The Kafka brokers leave: the Strand brokers serve the topic alone.
  for (const id of KAFKA_BROKERS) await c.kafka.get(id)!.stop();
  const after = await partitionsAt(strand3);
  for (const p of after) {
    const value = `after-kafka-${p.partitionIndex}`;
    const produced = await until(`acks=all produce to partition ${p.partitionIndex} on Strand alone`, () => withClient(c.portOf(p.leaderId), async (k) => {
      const res = await k.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, {
        acks: -1,
        timeoutMs: 15_000,
        topicData: [{ name: TOPIC, partitionData: [{ index: p.partitionIndex, records: buildRecordBatch({ records: [{ value: new TextEncoder().encode(value) }] }) }] }],
      }, 20_000);
      const pr = res.responses[0]!.partitionResponses[0]!;
      return pr.errorCode === 0 ? pr : null;
    }), 30_000);
    const fetched = await until(`fetch of partition ${p.partitionIndex} from Strand`, () => withClient(c.portOf(p.leaderId), async (k) => {
      const res = await k.request<{ responses: Array<{ partitions: Array<{ errorCode: number; highWatermark: bigint; records: Uint8Array | null }> }> }>(1, 12, {
        replicaId: -1, maxWaitMs: 100, minBytes: 1, maxBytes: 1 << 20, isolationLevel: 0, sessionId: 0, sessionEpoch: -1,
        topics: [{ topic: TOPIC, partitions: [{ partition: p.partitionIndex, fetchOffset: produced.baseOffset, logStartOffset: -1n, partitionMaxBytes: 1 << 20, currentLeaderEpoch: -1, lastFetchedEpoch: -1 }] }],
        forgottenTopicsData: [], rackId: "",
      });
      const fp = res.responses[0]!.partitions[0]!;
      return fp.errorCode === 0 && fp.highWatermark > produced.baseOffset && fp.records && fp.records.length > 0 ? fp : null;
    }), 30_000);
    expect(new TextDecoder().decode(fetched.records!)).toContain(value);
  }
}, 300_000);
