// kafka-transactions.sh describe-producers (Kafka 4.4.0's TransactionsCommand, through the Admin
// client's describeProducers: Metadata for the leader, then DescribeProducers v0) against the broker
// under test, for an idempotent producer (no transaction coordinator needed) and a partition with no
// producers; the tool's table must show the producer's epoch and last sequence as Kafka's does.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { createTopic, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";
import { startTarget, type InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

const dist = await probeKafkaDist();
const TRANSACTIONS_COMMAND = "org.apache.kafka.tools.TransactionsCommand"; // kafka-transactions.sh
const TOPIC = "describe-producers";

/** The tool's table as rows of column -> value (whitespace-separated, header first). */
function table(stdout: string): Array<Record<string, string>> {
  const lines = stdout.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
  const header = lines[0]!.split(/\s+/);
  return lines.slice(1).map((l) => Object.fromEntries(l.split(/\s+/).map((v, i) => [header[i]!, v])));
}

describe.skipIf(!dist.ok)(`kafka-transactions.sh describe-producers vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let c: KafkaTestClient;

  beforeAll(async () => {
    target = await startTarget();
    c = await KafkaTestClient.connect(target.port);
    await createTopic(c, TOPIC, 2);
    await waitForLeaders(c, TOPIC, 2);
  }, 120_000);

  afterAll(async () => {
    c?.close();
    await target?.remove();
  }, 120_000);

  test("an idempotent producer's epoch and last sequence; an empty partition", async () => {
    // Kafka answers COORDINATOR_LOAD_IN_PROGRESS (14) until its producer id block arrives: retry, bounded.
    let init = { errorCode: -1, producerId: -1n, producerEpoch: -1 };
    for (let i = 0; i < 100; i++) {
      init = await c.request<typeof init>(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
      if (init.errorCode !== 14) break;
      await Bun.sleep(100);
    }
    expect(init.errorCode).toBe(0);
    const { producerId, producerEpoch } = init;
    const batch = (seq: number, n: number) => buildRecordBatch({ producerId, producerEpoch, baseSequence: seq, records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([seq + i]) })) });
    expect((await produce(c, TOPIC, 0, batch(0, 3))).errorCode).toBe(0);
    expect((await produce(c, TOPIC, 0, batch(3, 2))).errorCode).toBe(0);

    const run = (partition: number) => runKafkaClass(TRANSACTIONS_COMMAND, ["--bootstrap-server", target.bootstrap, "describe-producers", "--topic", TOPIC, "--partition", String(partition)], { timeoutMs: 60_000 });
    const r = await run(0);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = table(r.stdout);
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ ProducerId: String(producerId), ProducerEpoch: String(producerEpoch), LastSequence: "4", LatestCoordinatorEpoch: "-1", CurrentTransactionStartOffset: "None" });
    expect(Number(rows[0]!.LastTimestamp)).toBeGreaterThan(0);
    const empty = await run(1);
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(table(empty.stdout)).toEqual([]);
  }, 90_000);

  test("DescribeProducers errors on the wire: invalid name, unknown topic, unknown partition", async () => {
    const res = await c.request<{ topics: Array<{ name: string; partitions: Array<{ partitionIndex: number; errorCode: number; errorMessage: string | null; activeProducers: unknown[] }> }> }>(61, 0, {
      topics: [
        { name: "bad/name", partitionIndexes: [0] },
        { name: "no-such-topic", partitionIndexes: [3] },
        { name: TOPIC, partitionIndexes: [1, 9] },
      ],
    });
    const rows = res.topics.flatMap((t) => t.partitions.map((p) => [t.name, p.partitionIndex, p.errorCode, p.errorMessage, p.activeProducers.length]));
    expect(rows).toEqual([
      ["bad/name", 0, 17, "Topic name is invalid: 'bad/name' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'", 0],
      ["no-such-topic", 3, 3, "This server does not host this topic-partition.", 0],
      [TOPIC, 1, 0, null, 0],
      [TOPIC, 9, 3, null, 0],
    ]);
  }, 30_000);
});
