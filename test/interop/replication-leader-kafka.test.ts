// The leader side of replication against Apache Kafka 4.4.0 as the follower (issue 13): a mixed KRaft
// cluster of one Kafka controller (node 3, process.roles=controller), one Kafka broker (node 1) and one
// Strand broker (node 2, process.roles=broker, following the Kafka controller as in
// kraft-mixed-kafka.test.ts case (a)). A topic with replica assignment [2, 1] (Strand the preferred
// leader) and min.insync.replicas=2:
//   1. acks=all produces to Strand are acknowledged once Kafka's replica fetched them (Kafka's
//      ReplicaFetcherThread sends Fetch v17+ with ReplicaState to Strand), and Kafka's log segment holds
//      the same batches, byte for byte;
//   2. the Kafka broker is SIGSTOPped and an acks=1 produce moves the leader's log end past it: after
//      replica.lag.time.max.ms Strand shrinks the ISR to [2] with
//      an AlterPartition that Kafka's controller commits (its session timeout is long, so the controller
//      does not fence the broker itself first), and acks=all is answered NOT_ENOUGH_REPLICAS;
//   3. SIGCONT: Kafka's fetcher catches up, Strand expands the ISR back to [2, 1] (AlterPartition v3 with
//      the follower's broker epoch), and acks=all is acknowledged again.
//
// Gated on Java and the Kafka jars like the other *-kafka tests: skipped (with the reason printed) only
// when Maven Central cannot be reached; every process is resumed, killed and removed in afterAll (test/support/mixed-cluster.ts).
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { withClient } from "../support/kafka-client.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { startMixedCluster, type MixedCluster } from "../support/mixed-cluster.ts";
import { until as untilBase } from "../support/until.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";

const KAFKA_BROKER = 1;
const STRAND_BROKER = 2;
const CONTROLLER = 3;
const TOPIC = "repl-leader";
const LAG_MS = 3_000;
const NOT_ENOUGH_REPLICAS = 19;

// close() resumes every paused broker, kills every process and removes every dir.
let cluster: MixedCluster | null = null;
afterAll(async () => {
  await cluster?.close();
}, 120_000);

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, diag: () => string = () => "") => untilBase(what, fn, timeoutMs, 200, diag);

type MetadataRes = { brokers: Array<{ nodeId: number }>; topics: Array<{ name: string | null; errorCode: number; partitions: Array<{ partitionIndex: number; leaderId: number; isrNodes: number[] }> }> };
const metadata = (port: number) => withClient(port, (c) => c.request<MetadataRes>(3, 12, { topics: null, allowAutoTopicCreation: false }));

async function partitionState(port: number): Promise<{ leaderId: number; isrNodes: number[] } | null> {
  const t = (await metadata(port)).topics.find((x) => x.name === TOPIC);
  return t?.partitions[0] ?? null;
}

type ProduceRes = { responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> };
async function produce(port: number, value: string, acks = -1): Promise<{ errorCode: number; baseOffset: bigint }> {
  return withClient(port, async (c) => {
    const r = await c.request<ProduceRes>(0, 9, {
      acks,
      timeoutMs: 15_000,
      topicData: [{ name: TOPIC, partitionData: [{ index: 0, records: buildRecordBatch({ records: [{ value: new TextEncoder().encode(value) }] }) }] }],
    });
    return r.responses[0]!.partitionResponses[0]!;
  });
}

function segmentOf(logDir: string): Uint8Array {
  const f = join(logDir, `${TOPIC}-0`, "00000000000000000000.log");
  return existsSync(f) ? new Uint8Array(readFileSync(f)) : new Uint8Array(0);
}

test("Strand leads a partition that an Apache Kafka 4.4.0 broker follows: acks=all, ISR shrink and expand through AlterPartition", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  // Heartbeats every 500 ms; the controller's session timeout is long so that the SIGSTOPped broker is
  // not fenced (and dropped from the ISR by the controller) before Strand's own shrink, which this test
  // is about.
  const c = await startMixedCluster({
    controllerId: CONTROLLER,
    kafkaBrokers: [KAFKA_BROKER],
    strandBrokers: [STRAND_BROKER],
    common: { "broker.heartbeat.interval.ms": 500, "broker.session.timeout.ms": 60_000 },
    brokers: { "replica.lag.time.max.ms": LAG_MS },
  });
  cluster = c;
  const kafka = c.kafka.get(KAFKA_BROKER)!;
  const strand = c.strand.get(STRAND_BROKER)!;
  const kafkaPort = c.portOf(KAFKA_BROKER);
  const strandDir = strand.dataDir;
  const diag = () => c.diag();

  await until("both brokers registered", async () => {
    const ids = (await metadata(strand.port)).brokers.map((b) => b.nodeId).sort();
    return ids.length === 2 && ids[0] === KAFKA_BROKER && ids[1] === STRAND_BROKER;
  }, 60_000, diag);

  // CreateTopics through the Kafka broker (forwarded to its controller), Strand the preferred leader.
  const created = await until("CreateTopics with assignment [2, 1]", () =>
    withClient(kafkaPort, async (c) => {
      const r = await c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
        topics: [{ name: TOPIC, numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [STRAND_BROKER, KAFKA_BROKER] }], configs: [{ name: "min.insync.replicas", value: "2" }] }],
        timeoutMs: 15_000,
      });
      const t = r.topics[0]!;
      return t.errorCode === 0 || t.errorCode === 36 ? t : t.errorCode === 41 || t.errorCode === 7 ? null : Promise.reject(new Error(`CreateTopics: ${t.errorCode} ${t.errorMessage}`));
    }), 30_000, diag);
  expect(created.errorCode === 0 || created.errorCode === 36).toBe(true);
  await until("Strand leads with ISR [2, 1]", async () => {
    const p = await partitionState(strand.port);
    return p && p.leaderId === STRAND_BROKER && [...p.isrNodes].sort().join(",") === "1,2";
  }, 30_000, diag);

  // 1. acks=all is acknowledged once Kafka's replica has the batch.
  for (let i = 0; i < 3; i++) {
    const r = await until(`acks=all produce ${i}`, async () => {
      const x = await produce(strand.port, `v${i}`);
      // NOT_LEADER_OR_FOLLOWER / UNKNOWN_TOPIC_OR_PARTITION until Strand has applied the topic.
      return x.errorCode === 0 ? x : x.errorCode === 6 || x.errorCode === 3 ? null : Promise.reject(new Error(`Produce: ${x.errorCode}\n${diag()}`));
    }, 30_000, diag);
    expect(r.baseOffset).toBe(BigInt(i));
  }
  const strandLogDir = join(strandDir, "logs");
  const leaderBytes = segmentOf(strandLogDir);
  expect(leaderBytes.length).toBeGreaterThan(0);
  await until("Kafka's replica to hold the same batches", async () => Buffer.from(segmentOf(kafka.logDir)).equals(Buffer.from(leaderBytes)), 30_000, () => `strand ${leaderBytes.length} bytes, kafka ${segmentOf(kafka.logDir).length} bytes\n${diag()}`);

  // 2. The follower stops: once the leader's log end moves past it (an acks=1 produce; a follower at
  // the log end stays in sync, as in Kafka), Strand shrinks the ISR through AlterPartition after
  // replica.lag.time.max.ms, and acks=all is refused.
  await c.pause(KAFKA_BROKER);
  const one = await produce(strand.port, "while stopped", 1);
  expect(one).toMatchObject({ errorCode: 0, baseOffset: 3n });
  // Strand proposes the shrink (AlterPartition) and Kafka's controller commits it: the controller does
  // not drop broker 1 on its own (not fenced: the session timeout is 60 s), so ISR [2] is Strand's.
  let lastProbe = "";
  const procState = (pid: number) => {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, "utf8");
      return `${st.slice(st.lastIndexOf(")") + 2).split(" ")[0]} wchan=${readFileSync(`/proc/${pid}/wchan`, "utf8")}`;
    } catch (e) {
      return String(e);
    }
  };
  await until("Strand to propose ISR [2] (AlterPartition)", async () => {
    const t0 = performance.now();
    const md = await Promise.race([partitionState(strand.port).then((p) => JSON.stringify(p)), Bun.sleep(3_000).then(() => "no answer in 3 s")]).catch((e: unknown) => String(e));
    lastProbe = `strand pid ${strand.pid} ${procState(strand.pid)}; metadata ${md} in ${Math.round(performance.now() - t0)} ms`;
    return /shrinking ISR partition=repl-leader-0 from=2,1 to=2 /.test(strand.output());
  }, 30_000, () => `${lastProbe}\n${diag()}`);
  await until("Kafka's controller to have committed ISR [2]", async () => {
    const p = await partitionState(strand.port);
    return p && p.isrNodes.length === 1 && p.isrNodes[0] === STRAND_BROKER;
  }, 30_000, diag);
  const refused = await produce(strand.port, "refused");
  expect(refused.errorCode).toBe(NOT_ENOUGH_REPLICAS);

  // 3. The follower resumes: it catches up and Strand expands the ISR again.
  c.resume(KAFKA_BROKER);
  await until("Strand to propose ISR [2, 1] (AlterPartition v3)", async () => /expanding ISR partition=repl-leader-0 from=2 to=2,1 /.test(strand.output()), 60_000, diag);
  await until("Kafka's controller to have committed ISR [2, 1]", async () => {
    const p = await partitionState(strand.port);
    return p && [...p.isrNodes].sort().join(",") === "1,2";
  }, 30_000, diag);
  const again = await until("acks=all after the expansion", async () => {
    const x = await produce(strand.port, "again");
    return x.errorCode === 0 ? x : x.errorCode === NOT_ENOUGH_REPLICAS ? null : Promise.reject(new Error(`Produce: ${x.errorCode}`));
  }, 30_000, diag);
  expect(again.baseOffset).toBe(4n);
  expect(strand.output()).not.toMatch(/ ERROR /);
}, 240_000);
