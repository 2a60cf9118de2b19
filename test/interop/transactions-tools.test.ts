// Kafka 4.4.0's transaction tools against the broker under test (STRAND_INTEROP_TARGET), the same
// test for Apache Kafka 4.4.0 and Strand:
//   - kafka-transactions.sh list / describe / describe-producers while a Java producer holds a
//     transaction open, and list after it aborted it;
//   - a hanging transaction (a transactional batch the coordinator never heard of, written with
//     transaction.partition.verification.enable switched off for the moment, as a pre-KIP-890 broker
//     took it): find-hanging reports it, abort ends it with a marker (WriteTxnMarkers), find-hanging
//     reports nothing after, and read_committed readers get past it;
//   - kafka-features.sh describe shows transaction.version finalized at 2.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { KAFKA_MAIN, runKafkaClass } from "../support/kafka-dist.ts";
import { featuresTool, parseToolTable, transactionsTool } from "../support/kafka-tools.ts";
import { buildRecordBatch } from "../../src/protocol/records/builder.ts";
import { collect, DriverError, eventOf } from "./driver-output.ts";
import type { DriverEvent } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("transactions-tools");
const java = ENABLED ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
const TOPIC = "tools-txn";
const PARTITIONS = 2;
const COUNT = 200;
const OPEN_RECORDS = 5;
const HANGING_RECORDS = 4;
const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
const BROKER_OVERRIDES = {
  "offsets.topic.num.partitions": 1,
  "offsets.topic.replication.factor": 1,
  "transaction.state.log.num.partitions": 1,
  "transaction.state.log.replication.factor": 1,
  "transaction.state.log.min.isr": 1,
};

describe.skipIf(!java.ok || !ENABLED)(`kafka-transactions.sh and kafka-features.sh vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: JavaClient;

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    target = await startTarget({ overrides: BROKER_OVERRIDES });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  const tool = async (args: string[]) => {
    const r = await transactionsTool(target.bootstrap, args);
    return { rows: parseToolTable(r.stdout), stdout: r.stdout };
  };

  test("kafka-features.sh describe shows transaction.version finalized at 2", async () => {
    const r = await featuresTool(target.bootstrap, ["describe"]);
    expect(r.stdout).toMatch(/Feature: transaction\.version\s+SupportedMinVersion: 0\s+SupportedMaxVersion: 2\s+FinalizedVersionLevel: 2\s/);
  }, 60_000);

  test("list / describe / describe-producers of an open transaction, find-hanging and abort of a hanging one", async () => {
    await createTopics(target.port, [{ name: TOPIC, partitions: PARTITIONS }]);
    const t0 = freshT0();
    const txnId = "tools-open";
    const proc = client.spawn(["txn-produce", "--bootstrap", target.bootstrap, "--topic", TOPIC, "--partitions", `${PARTITIONS}`,
      "--count", `${COUNT}`, "--t0", `${t0}`, "--txn-id", txnId, "--per-txn", "100", "--abort-every", "0",
      "--hold-open", `${OPEN_RECORDS}`], { stdin: "pipe" });
    let resolveOpen: (e: DriverEvent) => void = () => {};
    const opened = new Promise<DriverEvent>((r) => (resolveOpen = r));
    const run = collect("txn-produce --hold-open", proc, { timeoutMs: 120_000, onEvent: (e) => e.event === "open" && resolveOpen(e) })
      .catch((e: unknown) => {
        if (e instanceof DriverError) throw new Error(`${e.message}\n--- broker log (tail) ---\n${target.logTail()}`);
        throw e;
      });
    const open = await Promise.race([opened, run.then((r): DriverEvent => {
      throw new Error(`the producer ended without opening its last transaction: ${JSON.stringify(r.events)}`);
    })]);
    const producerId = String(open.producerId);

    // list: every transactional id the coordinators know, with its state.
    const listed = (await tool(["list"])).rows.find((r) => r.TransactionalId === txnId);
    expect(listed).toMatchObject({ TransactionalId: txnId, ProducerId: producerId, TransactionState: "Ongoing" });

    // describe: the coordinator's view of the open transaction.
    const described = await tool(["describe", "--transactional-id", txnId]);
    expect(described.rows.length).toBe(1);
    expect(described.rows[0]).toMatchObject({
      TransactionalId: txnId,
      ProducerId: producerId,
      ProducerEpoch: String(open.epoch),
      TransactionState: "Ongoing",
      TransactionTimeoutMs: "30000",
      TopicPartitions: `${TOPIC}-0`,
    });
    expect(Number(described.rows[0].TransactionDurationMs)).toBeGreaterThanOrEqual(0);
    expect(Number(described.rows[0].CurrentTransactionStartTimeMs)).toBeGreaterThan(Date.now() - 120_000);

    // describe-producers: the partition leader's producer state, with the open transaction's first offset.
    const producers = await tool(["describe-producers", "--topic", TOPIC, "--partition", "0"]);
    const mine = producers.rows.find((r) => r.ProducerId === producerId);
    expect(mine).toBeDefined();
    expect(mine!.ProducerEpoch).toBe(String(open.epoch));
    expect(Number(mine!.CurrentTransactionStartOffset)).toBeGreaterThanOrEqual(COUNT / PARTITIONS);
    expect(Number(mine!.LastSequence)).toBe(OPEN_RECORDS - 1);
    // Known to its coordinator and younger than 15 minutes: not hanging.
    expect((await tool(["find-hanging", "--topic", TOPIC])).rows).toEqual([]);

    proc.stdin!.end();
    const ended = await run;
    expect(eventOf(ended, "closed").errors).toEqual([]);
    // abortTransaction returns once PrepareAbort is written; CompleteAbort follows the markers.
    let afterAbort: Record<string, string> | undefined;
    for (let attempt = 0; attempt < 10; attempt++) {
      afterAbort = (await tool(["list"])).rows.find((r) => r.TransactionalId === txnId);
      if (afterAbort?.TransactionState === "CompleteAbort") break;
      await Bun.sleep(500);
    }
    expect(afterAbort).toMatchObject({ TransactionalId: txnId, ProducerId: producerId, TransactionState: "CompleteAbort" });

    // A hanging transaction: with verification off, a transactional batch from a producer id the
    // transaction coordinators do not know is appended as it is, and nothing will ever end it.
    await setVerification(false);
    let hanging: { producerId: bigint; baseOffset: bigint };
    try {
      hanging = await produceHangingBatch();
    } finally {
      await setVerification(true);
    }
    const hangingProducers = await tool(["describe-producers", "--topic", TOPIC, "--partition", "1"]);
    expect(hangingProducers.rows.find((r) => r.ProducerId === String(hanging.producerId))).toMatchObject({
      ProducerEpoch: "0",
      LastSequence: String(HANGING_RECORDS - 1),
      CurrentTransactionStartOffset: String(hanging.baseOffset),
    });
    const found = (await tool(["find-hanging", "--topic", TOPIC])).rows;
    expect(found.length).toBe(1);
    expect(found[0]).toMatchObject({
      Topic: TOPIC,
      Partition: "1",
      ProducerId: String(hanging.producerId),
      ProducerEpoch: "0",
      StartOffset: String(hanging.baseOffset),
    });
    expect(Number(found[0]["Duration(min)"])).toBeGreaterThanOrEqual(59);

    await tool(["abort", "--topic", TOPIC, "--partition", "1", "--start-offset", String(hanging.baseOffset)]);
    expect((await tool(["find-hanging", "--topic", TOPIC])).rows).toEqual([]);
    const afterHangingAbort = (await tool(["describe-producers", "--topic", TOPIC, "--partition", "1"])).rows
      .find((r) => r.ProducerId === String(hanging.producerId));
    expect(afterHangingAbort?.CurrentTransactionStartOffset).toBe("None");

    // read_committed readers get past both aborted transactions; read_uncommitted sees their records.
    const spec = ["--bootstrap", target.bootstrap, "--topic", TOPIC, "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`, "--t0", `${t0}`];
    const committed = eventOf(await collect("txn-read read_committed", client.spawn(["txn-read", ...spec]), { timeoutMs: 90_000 }), "read");
    expect({ errors: committed.errors, count: committed.count, aborted: committed.aborted }).toEqual({ errors: [], count: COUNT, aborted: 0 });
    const all = eventOf(await collect("txn-read read_uncommitted", client.spawn(["txn-read", ...spec, "--isolation", "read_uncommitted"]),
      { timeoutMs: 90_000 }), "read");
    expect({ errors: all.errors, aborted: all.aborted }).toEqual({ errors: [], aborted: OPEN_RECORDS + HANGING_RECORDS });
  }, 240_000);

  /** transaction.partition.verification.enable as a cluster-wide dynamic default (kafka-configs.sh). */
  async function setVerification(enabled: boolean): Promise<void> {
    const change = enabled
      ? ["--delete-config", "transaction.partition.verification.enable"]
      : ["--add-config", "transaction.partition.verification.enable=false"];
    const r = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", target.bootstrap, "--entity-type", "brokers",
      "--entity-default", "--alter", ...change], { timeoutMs: 60_000 });
    if (r.exitCode !== 0) throw new Error(`kafka-configs ${change.join(" ")} exited ${r.exitCode}\n${r.stdout}\n${r.stderr}`);
    // The broker applies a dynamic default once the metadata record reaches it: read it back.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const d = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", target.bootstrap, "--entity-type", "brokers",
        "--entity-default", "--describe"], { timeoutMs: 60_000 });
      if (d.stdout.includes("transaction.partition.verification.enable=false") !== enabled) return;
      await Bun.sleep(200);
    }
    throw new Error(`transaction.partition.verification.enable=${enabled} not applied within 15 s`);
  }

  /** InitProducerId without a transactional id, then Produce v9 of a transactional batch an hour old on partition 1. */
  async function produceHangingBatch(): Promise<{ producerId: bigint; baseOffset: bigint }> {
    const c = await KafkaTestClient.connect(target.port);
    try {
      const init = await c.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, {
        transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1,
      });
      expect(init.errorCode).toBe(0);
      const hourAgo = Date.now() - 3_600_000;
      const records = buildRecordBatch({
        producerId: init.producerId,
        producerEpoch: init.producerEpoch,
        baseSequence: 0,
        isTransactional: true,
        records: Array.from({ length: HANGING_RECORDS }, (_, j) => ({
          key: new TextEncoder().encode(`xhanging-${j}`),
          value: new TextEncoder().encode("hanging"),
          timestamp: hourAgo + j,
        })),
      });
      // Bounded: a broker that still verifies answers an error (asserted below) within the request timeout.
      const res = await c.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number; errorMessage: string | null; baseOffset: bigint }> }> }>(0, 9, {
        transactionalId: "tools-hanging",
        acks: -1,
        timeoutMs: 30_000,
        topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: 1, records }] }],
      }, 40_000);
      const p = res.responses[0]!.partitionResponses[0]!;
      expect({ errorCode: p.errorCode, errorMessage: p.errorMessage }).toEqual({ errorCode: 0, errorMessage: null });
      return { producerId: init.producerId, baseOffset: p.baseOffset };
    } finally {
      c.close();
    }
  }
});

