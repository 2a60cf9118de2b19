// Partition replication with Apache Kafka 4.4.0 leading and Strand following (issue 13, the follower
// side): one Kafka controller (process.roles=controller, node 9), one Kafka broker (node 1) and one
// Strand broker (node 2, process.roles=broker) that follows Kafka's metadata log as in
// kraft-mixed-kafka.test.ts case (a). Kafka's controller places the replicas, so Strand's own RF limit
// plays no part.
//   1. A topic with replica assignment [1, 2] and min.insync.replicas=2 is created through the Kafka
//      broker, which leads it. Batches produced with acks=all are acknowledged: Kafka's leader only
//      answers once every ISR member (Strand) has fetched past them, and with min.insync.replicas=2 it
//      refuses (NOT_ENOUGH_REPLICAS) if Strand drops out of the ISR.
//   2. Strand's segment file holds the same bytes as Kafka's (offsets, leader epochs, CRCs: the batches
//      as the leader wrote them).
//   2b. Strand is SIGKILLed: Kafka's controller fences it and shrinks the ISR to [1]; acks=1 writes go
//      on. Restarted on its log, Strand fetches from its log end with its last epoch and catches up;
//      Kafka's leader takes it back into the ISR (AlterPartition with Strand's new broker epoch), so
//      acks=all works again, and the segments are still equal.
//   3. The Kafka broker is SIGKILLed: Kafka's controller fences it after broker.session.timeout.ms and
//      elects Strand (the other ISR member) leader in a new epoch; Strand serves the records to a
//      consumer Fetch, and an idempotent producer's retry of a batch Kafka had acknowledged is a
//      duplicate on Strand (its producer state followed the replicated batches).
// Gated on Java and the Kafka jars like the other *-kafka tests: skipped (with the reason printed) only
// when the jars cannot be materialised; every process is killed and every temp dir removed in afterAll.
import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withClient } from "../support/kafka-client.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { newClusterId } from "../support/kafka-broker.ts";
import { startKafkaNode, type KafkaNodeHandle } from "../support/kafka-node.ts";
import { freePorts } from "../support/ports.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { until as untilBase } from "../support/until.ts";
import { buildRecordBatch, RecordBatchView } from "../../src/protocol/records/index.ts";

const TOPIC = "replicated";
const KAFKA_BROKER = 1;
const STRAND_BROKER = 2;
const CONTROLLER = 9;
/** As kraft-mixed-kafka.test.ts: the quorum finalizes only feature levels Strand supports. */
const STRAND_FEATURE_LEVELS = ["share.version=0", "streams.version=0"].flatMap((f) => ["--feature", f]);

const kafkas: KafkaNodeHandle[] = [];
const strands: StrandHandle[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of strands) await s.kill().catch(() => {});
  for (const d of dirs) removeDataDir(d);
  for (const k of kafkas) await k.remove().catch(() => {});
}, 180_000);

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, diag: () => string = () => "") => untilBase(what, fn, timeoutMs, 200, diag);

type MetadataPartition = { errorCode: number; partitionIndex: number; leaderId: number; leaderEpoch: number; replicaNodes: number[]; isrNodes: number[] };
type MetadataRes = { brokers: Array<{ nodeId: number }>; topics: Array<{ name: string | null; errorCode: number; partitions: MetadataPartition[] }> };
const partitionOf = async (port: number): Promise<MetadataPartition | undefined> => {
  const m = await withClient(port, (c) => c.request<MetadataRes>(3, 12, { topics: [{ topicId: "AAAAAAAAAAAAAAAAAAAAAA", name: TOPIC }], allowAutoTopicCreation: false }));
  return m.topics.find((t) => t.name === TOPIC)?.partitions[0];
};

/** The batches of a segment or a fetch answer (whole ones), each as its own subarray. */
function batchesOf(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Bounded by the bytes: every batch is at least its 12-byte prefix long.
  for (let pos = 0; pos + 12 <= bytes.length; ) {
    const len = view.getInt32(pos + 8) + 12;
    if (pos + len > bytes.length) break;
    out.push(bytes.subarray(pos, pos + len));
    pos += len;
  }
  return out;
}

const segment = (logDir: string) => new Uint8Array(readFileSync(join(logDir, `${TOPIC}-0`, "00000000000000000000.log")));

test("Kafka 4.4.0 leads, Strand follows: acks=all is acknowledged, Strand's log is Kafka's byte for byte, and Strand leads after Kafka's broker dies", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const t0 = Date.now();
  const phase = (name: string) => console.log(`${name} at ${Date.now() - t0} ms`);
  const clusterId = newClusterId();
  const [controllerPort, brokerPort] = await freePorts(2);
  const voters = `${CONTROLLER}@127.0.0.1:${controllerPort}`;
  const timing = { "broker.heartbeat.interval.ms": 500, "broker.session.timeout.ms": 6000 };
  const controller = await startKafkaNode({
    clusterId,
    formatArgs: STRAND_FEATURE_LEVELS,
    properties: {
      "process.roles": "controller",
      "node.id": CONTROLLER,
      "controller.quorum.voters": voters,
      listeners: `CONTROLLER://127.0.0.1:${controllerPort}`,
      "controller.listener.names": "CONTROLLER",
      "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
      ...timing,
    },
    startTimeoutMs: 90_000,
  });
  kafkas.push(controller);
  const strandDataDir = mkdtempSync(join(tmpdir(), "strand-follower-"));
  dirs.push(strandDataDir);
  const strandOverrides = {
    "node.id": STRAND_BROKER,
    "cluster.id": clusterId,
    "process.roles": "broker",
    "controller.quorum.voters": voters,
    "controller.listener.names": "CONTROLLER",
    listeners: "PLAINTEXT://127.0.0.1:0",
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
    "offsets.topic.replication.factor": 1,
    "transaction.state.log.replication.factor": 1,
    // A short back-off so the test sees the leader's answers promptly (Kafka's defaults otherwise).
    "replica.fetch.backoff.ms": 200,
    ...timing,
  };
  const [kafka, firstStrand] = await Promise.all([
    startKafkaNode({
      clusterId,
      properties: {
        "process.roles": "broker",
        "node.id": KAFKA_BROKER,
        "controller.quorum.voters": voters,
        listeners: `PLAINTEXT://127.0.0.1:${brokerPort}`,
        "advertised.listeners": `PLAINTEXT://127.0.0.1:${brokerPort}`,
        "inter.broker.listener.name": "PLAINTEXT",
        "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "offsets.topic.replication.factor": 1,
        "transaction.state.log.replication.factor": 1,
        "transaction.state.log.min.isr": 1,
        "share.coordinator.state.topic.replication.factor": 1,
        "share.coordinator.state.topic.min.isr": 1,
        "auto.create.topics.enable": false,
        ...timing,
      },
      startTimeoutMs: 90_000,
    }).then((k) => (kafkas.push(k), k)),
    (async () => {
      const s = await startStrand({ dataDir: strandDataDir, startTimeoutMs: 60_000, overrides: strandOverrides });
      strands.push(s);
      return s;
    })(),
  ]);
  let strand = firstStrand;
  const diag = () => `--- Strand ---\n${strand.output().slice(-8000)}\n--- Kafka broker ---\n${kafka.logTail(8000)}\n--- Kafka controller ---\n${controller.logTail(4000)}`;

  await until("both brokers registered", async () => {
    const m = await withClient(brokerPort!, (c) => c.request<MetadataRes>(3, 12, { topics: null, allowAutoTopicCreation: false }));
    const ids = m.brokers.map((b) => b.nodeId).sort();
    return ids.length === 2 && ids[0] === KAFKA_BROKER && ids[1] === STRAND_BROKER;
  }, 60_000, diag);

  phase("nodes up");
  // 1. The topic, led by the Kafka broker, replicated to Strand.
  const created = await until(
    "CreateTopics",
    () =>
      withClient(brokerPort!, async (c) => {
        const r = await c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
          topics: [{ name: TOPIC, numPartitions: -1, replicationFactor: -1, assignments: [{ partitionIndex: 0, brokerIds: [KAFKA_BROKER, STRAND_BROKER] }], configs: [{ name: "min.insync.replicas", value: "2" }] }],
          timeoutMs: 10_000,
        });
        const t = r.topics[0]!;
        return t.errorCode === 0 || t.errorCode === 36 ? t : t.errorCode === 41 || t.errorCode === 7 ? null : Promise.reject(new Error(`CreateTopics: ${t.errorCode} ${t.errorMessage}`));
      }),
    30_000,
    diag,
  );
  expect([0, 36]).toContain(created.errorCode);
  const initial = await until("the partition led by Kafka with ISR [1, 2]", async () => {
    const p = await partitionOf(brokerPort!);
    return p && p.errorCode === 0 && p.leaderId === KAFKA_BROKER && p.isrNodes.length === 2 ? p : null;
  }, 30_000, diag);
  expect(initial.replicaNodes).toEqual([KAFKA_BROKER, STRAND_BROKER]);

  // acks=all: answered only once Strand has fetched past each batch (min.insync.replicas=2).
  const values: string[] = [];
  const produce = (acks: number, batches: number, tag: string) =>
    withClient(brokerPort!, async (c) => {
      for (let i = 0; i < batches; i++) {
        const batchValues = Array.from({ length: 3 + i }, (_, k) => `${tag}${i}-${k}`);
        const batch = buildRecordBatch({ records: batchValues.map((v) => ({ value: new TextEncoder().encode(v) })) });
        const res = await until(
          `acks=${acks} produce ${tag}${i}`,
          async () => {
            const r = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, { acks, timeoutMs: 15_000, topicData: [{ name: TOPIC, partitionData: [{ index: 0, records: batch }] }] });
            const pr = r.responses[0]!.partitionResponses[0]!;
            // NOT_LEADER_OR_FOLLOWER / UNKNOWN_TOPIC_OR_PARTITION only while Kafka's broker applies the topic.
            if (pr.errorCode === 6 || pr.errorCode === 3) return null;
            return pr;
          },
          30_000,
          diag,
        );
        expect(res.errorCode).toBe(0);
        expect(res.baseOffset).toBe(BigInt(values.length));
        values.push(...batchValues);
      }
    });
  await produce(-1, 4, "r");
  const afterProduce = await partitionOf(brokerPort!);
  expect(afterProduce!.isrNodes.sort()).toEqual([KAFKA_BROKER, STRAND_BROKER]);

  phase("produced acks=all");
  // 2. Strand's log is Kafka's: the same batches, byte for byte.
  const kafkaLog = segment(kafka.logDir);
  expect(kafkaLog.length).toBeGreaterThan(0);
  const strandLogDir = join(strand.dataDir, "logs");
  await until("Strand's segment to match Kafka's", async () => segment(strandLogDir).length === kafkaLog.length, 30_000, diag);
  expect(segment(strandLogDir)).toEqual(kafkaLog);
  // Each batch carries the leader epoch Kafka's leader stamped (its epoch when the topic was made).
  const strandBatches = batchesOf(segment(strandLogDir));
  expect(strandBatches.length).toBe(4);
  for (const b of strandBatches) expect(new DataView(b.buffer, b.byteOffset).getInt32(12)).toBe(initial.leaderEpoch);

  // 2b. Strand is SIGKILLed: Kafka's controller fences it and takes it out of the ISR; acks=1 writes
  // go on. Restarted on its log, Strand fetches from its log end with its last epoch, catches up, and
  // Kafka's leader takes it back into the ISR (AlterPartition, with Strand's new broker epoch), so
  // acks=all with min.insync.replicas=2 works again.
  await strand.kill();
  await until("Kafka's ISR without Strand", async () => {
    const p = await partitionOf(brokerPort!);
    return p && p.isrNodes.length === 1 && p.isrNodes[0] === KAFKA_BROKER;
  }, 30_000, diag);
  phase("ISR shrunk");
  await produce(1, 2, "while-down");
  strand = await startStrand({ dataDir: strandDataDir, startTimeoutMs: 60_000, overrides: strandOverrides });
  strands.push(strand);
  phase("Strand restarted");
  await until("Kafka's ISR with Strand again", async () => {
    const p = await partitionOf(brokerPort!);
    return p && p.isrNodes.length === 2;
  }, 45_000, diag);
  phase("ISR expanded");
  await produce(-1, 1, "back");
  const kafkaLogAfter = segment(kafka.logDir);
  await until("Strand's segment to match Kafka's after the restart", async () => segment(strandLogDir).length === kafkaLogAfter.length, 30_000, diag);
  expect(segment(strandLogDir)).toEqual(kafkaLogAfter);

  phase("caught up after restart");
  // An idempotent producer's batch, replicated: Strand's producer state must know it after an election.
  const init = await until("InitProducerId", () => withClient(brokerPort!, (c) => c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 })).then((r) => (r.errorCode === 0 ? r : null)), 30_000, diag);
  const idempotentValues = ["id-0", "id-1"];
  const idempotent = () => buildRecordBatch({ producerId: init.producerId, producerEpoch: init.producerEpoch, baseSequence: 0, records: idempotentValues.map((v) => ({ value: new TextEncoder().encode(v) })) });
  const idempotentOffset = BigInt(values.length);
  const first = await withClient(brokerPort!, (c) => c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, { acks: -1, timeoutMs: 15_000, topicData: [{ name: TOPIC, partitionData: [{ index: 0, records: idempotent() }] }] }));
  expect(first.responses[0]!.partitionResponses[0]).toMatchObject({ errorCode: 0, baseOffset: idempotentOffset });
  values.push(...idempotentValues);
  await until("Strand to fetch the idempotent batch", async () => segment(strandLogDir).length === segment(kafka.logDir).length, 30_000, diag);
  // And to hear the leader's high watermark past it: a leader elected with an ISR below
  // min.insync.replicas does not move its high watermark (Kafka 4.4, KIP-966), so what Strand serves
  // after the election is what it held as committed before it. A v12 consumer fetch to the follower
  // (KIP-392) answers with the follower's high watermark.
  await until("Strand's high watermark to reach the log end", () =>
    withClient(strand.port, async (c) => {
      const r = await c.request<{ responses: Array<{ partitions: Array<{ errorCode: number; highWatermark: bigint }> }> }>(1, 12, {
        replicaId: -1, maxWaitMs: 0, minBytes: 1, maxBytes: 1 << 20, isolationLevel: 0, sessionId: 0, sessionEpoch: -1,
        topics: [{ topic: TOPIC, partitions: [{ partition: 0, fetchOffset: 0n, logStartOffset: -1n, partitionMaxBytes: 1 << 20, currentLeaderEpoch: -1, lastFetchedEpoch: -1 }] }],
        forgottenTopicsData: [], rackId: "",
      });
      const p = r.responses[0]!.partitions[0]!;
      return p.errorCode === 0 && p.highWatermark === BigInt(values.length);
    }), 30_000, diag);

  // 3. The Kafka broker dies: Strand, the other ISR member, is elected and serves the records.
  const before = (await partitionOf(brokerPort!))!.leaderEpoch;
  await kafka.kill();
  const led = await until("Strand elected leader", async () => {
    const p = await partitionOf(strand.port).catch(() => undefined);
    return p && p.errorCode === 0 && p.leaderId === STRAND_BROKER && p.leaderEpoch > before ? p : null;
  }, 45_000, diag);
  phase("Strand leads");
  expect(led.leaderEpoch).toBeGreaterThan(before);
  const fetched = await until(
    "Fetch from Strand as leader",
    () =>
      withClient(strand.port, async (c) => {
        const r = await c.request<{ responses: Array<{ partitions: Array<{ errorCode: number; highWatermark: bigint; records: Uint8Array | null }> }> }>(1, 12, {
          replicaId: -1,
          maxWaitMs: 100,
          minBytes: 1,
          maxBytes: 1 << 20,
          isolationLevel: 0,
          sessionId: 0,
          sessionEpoch: -1,
          topics: [{ topic: TOPIC, partitions: [{ partition: 0, fetchOffset: 0n, logStartOffset: -1n, partitionMaxBytes: 1 << 20, currentLeaderEpoch: -1, lastFetchedEpoch: -1 }] }],
          forgottenTopicsData: [],
          rackId: "",
        });
        const p = r.responses[0]!.partitions[0]!;
        return p.errorCode === 0 && p.highWatermark === BigInt(values.length) ? p : null;
      }),
    30_000,
    diag,
  );
  // The producer's retry of its batch (its acknowledgement was lost with the old leader) is a duplicate:
  // answered with the original offset, not written again.
  const retry = await withClient(strand.port, (c) => c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; baseOffset: bigint }> }> }>(0, 9, { acks: 1, timeoutMs: 15_000, topicData: [{ name: TOPIC, partitionData: [{ index: 0, records: idempotent() }] }] }));
  expect(retry.responses[0]!.partitionResponses[0]).toMatchObject({ errorCode: 0, baseOffset: idempotentOffset });
  const got = batchesOf(fetched.records!).flatMap((b) => [...new RecordBatchView(b).records()].map((r) => new TextDecoder().decode(r.value!)));
  expect(got).toEqual(values);
  console.log(strand.output().split("\n").filter((l) => / (WARN|ERROR) /.test(l)).slice(-30).join("\n"));
  expect(strand.output()).not.toMatch(/replica fetcher stops fetching/);
}, 180_000);
