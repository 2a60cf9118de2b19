// Transactions (issue 11) with Java kafka-clients 4.4.0 against the broker under test
// (STRAND_INTEROP_TARGET, see targets.ts), the same test for Apache Kafka 4.4.0 and Strand:
//   - a transactional producer with committed transactions interleaved with aborted ones; a
//     read_committed consumer sees every committed record once and in order and no aborted one, a
//     read_uncommitted consumer sees the aborted ones too (so they really were in the log);
//   - consume-transform-produce with sendOffsetsToTransaction, with aborted transactions, and the
//     first instance SIGKILLed inside an open transaction: the second instance (same transactional.id
//     and group) fences it, and the output holds every input record exactly once, in order;
//   - zombie fencing: a second producer with the same transactional.id fences the first, whose send
//     and commit fail, and whose open transaction is aborted;
//   - the producer under transaction.version 2 (the epoch goes up at every commit, KIP-890) and, after
//     `kafka-features.sh downgrade --feature transaction.version=1`, under version 1 (the epoch stays).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureJavaClient, KAFKA_CLIENTS_VERSION } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { featuresTool } from "../support/kafka-tools.ts";
import { collect, DriverError, eventOf } from "./driver-output.ts";
import type { DriverEvent, DriverResult } from "./driver-output.ts";
import { freshT0, partitionCount } from "./spec.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("java-transactions");
const java = ENABLED ? await probeInstall("kafka-clients", ensureJavaClient) : { ok: false as const, reason: "disabled" };
const PARTITIONS = 3;
/** Both brokers: one partition for each coordinator topic keeps start-up fast on 2 cores. */
const BROKER_OVERRIDES = {
  "offsets.topic.num.partitions": 1,
  "offsets.topic.replication.factor": 1,
  "transaction.state.log.num.partitions": 1,
  "transaction.state.log.replication.factor": 1,
  "transaction.state.log.min.isr": 1,
  "group.initial.rebalance.delay.ms": 0,
};

describe.skipIf(!java.ok || !ENABLED)(`transactions: Java kafka-clients ${KAFKA_CLIENTS_VERSION} vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: JavaClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    const t = performance.now();
    target = await startTarget({ overrides: BROKER_OVERRIDES });
    timings.startMs = performance.now() - t;
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop java-transactions/${interopTarget()}] ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  /** Runs a driver command to its end; a failure shows the driver's output and the broker's log tail. */
  async function drive(name: string, args: string[], timeoutMs: number, onEvent?: (e: DriverEvent) => void): Promise<DriverResult> {
    const t = performance.now();
    try {
      return await collect(name, client.spawn(args), { timeoutMs, onEvent });
    } catch (e) {
      if (e instanceof DriverError) throw new Error(`${e.message}\n--- broker log (tail) ---\n${target.logTail()}`);
      throw e;
    } finally {
      timings[`${name.replace(/\W+/g, "_")}Ms`] = performance.now() - t;
    }
  }

  function spec(topic: string, count: number, t0: number): string[] {
    return ["--bootstrap", target.bootstrap, "--topic", topic, "--partitions", `${PARTITIONS}`, "--count", `${count}`, "--t0", `${t0}`];
  }

  const perPartition = (count: number) => Array.from({ length: PARTITIONS }, (_, p) => partitionCount(count, PARTITIONS, p));

  /** txn-read under both isolation levels: read_committed sees the spec exactly, read_uncommitted also `aborted` more. */
  async function expectCommittedExactly(topic: string, count: number, t0: number, aborted: number, name: string) {
    const committed = eventOf(await drive(`${name} read_committed`, ["txn-read", ...spec(topic, count, t0), "--isolation", "read_committed"], 90_000), "read");
    expect({ errors: committed.errors, count: committed.count, aborted: committed.aborted, perPartition: committed.perPartition })
      .toEqual({ errors: [], count, aborted: 0, perPartition: perPartition(count) });
    const all = eventOf(await drive(`${name} read_uncommitted`, ["txn-read", ...spec(topic, count, t0), "--isolation", "read_uncommitted"], 90_000), "read");
    expect({ errors: all.errors, count: all.count, aborted: all.aborted }).toEqual({ errors: [], count, aborted });
  }

  test("commit and abort interleaved; read_committed sees committed records once, in order, and no aborted one", async () => {
    const topic = "txn-interleaved";
    const count = 3000;
    const t0 = freshT0();
    await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
    const produced = eventOf(await drive("txn-produce", ["txn-produce", ...spec(topic, count, t0), "--txn-id", "java-txn-interleaved",
      "--per-txn", "150", "--abort-every", "3", "--aborted-size", "25"], 90_000), "txn-produced");
    expect(produced.errors).toEqual([]);
    expect(produced.committed).toBe(count);
    // 20 committed transactions of 150 records; every third of the 29 transactions aborted.
    expect(produced.transactions).toBe(29);
    expect(produced.abortedTransactions).toBe(9);
    expect(produced.abortedRecords).toBe(225);
    await expectCommittedExactly(topic, count, t0, 225, "interleaved");
  }, 180_000);

  test("consume-transform-produce with sendOffsetsToTransaction; the first instance SIGKILLed in an open transaction", async () => {
    const input = "ctp-input";
    const output = "ctp-output";
    const group = "ctp-group";
    const txnId = "java-ctp";
    const count = 3000;
    const t0 = freshT0();
    await createTopics(target.port, [{ name: input, partitions: PARTITIONS }, { name: output, partitions: PARTITIONS }]);
    const produced = eventOf(await drive("produce input", ["produce", ...spec(input, count, t0)], 60_000), "produced");
    expect(produced.errors).toEqual([]);
    const ctp = ["ctp", "--bootstrap", target.bootstrap, "--input", input, "--output", output, "--partitions", `${PARTITIONS}`,
      "--count", `${count}`, "--group", group, "--txn-id", txnId, "--abort-every", "4", "--max-poll-records", "120"];

    // Instance 1 copies ~1000 records, then stalls inside an open transaction (records flushed, offsets
    // added) and is SIGKILLed: nothing of that transaction may reach read_committed readers.
    const proc = client.spawn([...ctp, "--stall-after", "1000"], { stdin: "pipe" });
    let stalled: DriverEvent | null = null;
    const first = await collect("ctp instance 1", proc, {
      timeoutMs: 90_000,
      onEvent: (e) => {
        if (e.event !== "stalled") return;
        stalled = e;
        proc.kill("SIGKILL");
      },
    }).catch((e: unknown) => {
      if (e instanceof DriverError && stalled !== null && !e.driver.includes("killed after")) return e.result;
      if (e instanceof DriverError) throw new Error(`${e.message}\n--- broker log (tail) ---\n${target.logTail()}`);
      throw e;
    });
    expect(stalled).not.toBeNull();
    expect((stalled as unknown as DriverEvent).open as number).toBeGreaterThan(0);
    const assigned1 = eventOf(first, "assigned");
    expect(assigned1.positions).toEqual([0, 0, 0]);

    // Instance 2: same transactional.id (fences instance 1, aborts its transaction) and group; it
    // starts from the offsets instance 1 committed in its transactions and copies the rest.
    const second = await drive("ctp instance 2", ctp, 120_000);
    const done = eventOf(second, "done");
    expect(done.errors).toEqual([]);
    expect(done.committed).toEqual(perPartition(count));
    expect(done.abortedTransactions as number).toBeGreaterThan(0);
    const assigned2 = eventOf(second, "assigned").positions as number[];
    // Where instance 2 starts is what instance 1 committed: its copied count, not its stalled records.
    expect(assigned2.reduce((a, b) => a + b, 0)).toBe((stalled as unknown as DriverEvent).copied as number);
    expect((done.copied as number) + ((stalled as unknown as DriverEvent).copied as number)).toBe(count);
    // The aborted copies have spec keys, so only read_committed is checked here: exactly the input.
    const committed = eventOf(await drive("ctp read_committed", ["txn-read", ...spec(output, count, t0), "--isolation", "read_committed"], 90_000), "read");
    expect({ errors: committed.errors, count: committed.count, perPartition: committed.perPartition })
      .toEqual({ errors: [], count, perPartition: perPartition(count) });
  }, 300_000);

  test("zombie fencing: a second producer with the same transactional.id fences the first", async () => {
    const topic = "txn-fencing";
    const count = 300;
    const t0 = freshT0();
    await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
    const fenced = eventOf(await drive("fence", ["fence", ...spec(topic, count, t0), "--txn-id", "java-zombie", "--zombie-records", "30"], 90_000), "fenced");
    console.log(`[interop java-transactions/${interopTarget()}] fencing: ${JSON.stringify(fenced)}`);
    expect(fenced.errors).toEqual([]);
    expect(fenced.sameProducerId).toBe(true);
    // What the Java client reports against Apache Kafka 4.4.0 (transaction.version=2): the zombie's send
    // and commit fail with InvalidProducerEpochException (its epoch is below the partition's and the
    // coordinator's), and once it knows, the abort fails with ProducerFencedException. The fencing
    // InitProducerId bumps the epoch and the abort of the zombie's transaction bumps it again (KIP-890).
    expect({ send: fenced.zombieSendError, commit: fenced.zombieCommitError, abort: fenced.zombieAbortError }).toEqual({
      send: "ExecutionException <- InvalidProducerEpochException",
      commit: "InvalidProducerEpochException",
      abort: "ProducerFencedException",
    });
    expect({ epochA: fenced.epochA, epochB: fenced.epochB, state: fenced.stateAfterFence }).toEqual({ epochA: 0, epochB: 2, state: "Empty" });
    await expectCommittedExactly(topic, count, t0, 30, "fencing");
  }, 180_000);

  // Last: it leaves the broker at transaction.version=1.
  test("transaction.version 2 (epoch bumped at every commit) and, after a downgrade, 1 (epoch kept)", async () => {
    const described = await featuresTool(target.bootstrap, ["describe"]);
    expect(described.stdout).toMatch(/Feature: transaction\.version\s+SupportedMinVersion: 0\s+SupportedMaxVersion: 2\s+FinalizedVersionLevel: 2\s/);
    const count = 600;
    const run = async (tv: number) => {
      const topic = `txn-tv${tv}`;
      const t0 = freshT0();
      await createTopics(target.port, [{ name: topic, partitions: PARTITIONS }]);
      const produced = eventOf(await drive(`txn-produce tv${tv}`, ["txn-produce", ...spec(topic, count, t0), "--txn-id", `java-tv${tv}`,
        "--per-txn", "100", "--abort-every", "3", "--aborted-size", "10", "--describe-epochs", "true"], 90_000), "txn-produced");
      expect(produced.errors).toEqual([]);
      expect(produced.committed).toBe(count);
      await expectCommittedExactly(topic, count, t0, 20, `tv${tv}`);
      console.log(`[interop java-transactions/${interopTarget()}] transaction.version=${tv}: epochs ${JSON.stringify(produced.epochs)} states ${JSON.stringify(produced.states)}`);
      expect(new Set(produced.producerIds as number[]).size).toBe(1);
      return produced.epochs as number[];
    };
    // After initTransactions, then after each of 8 transactions (6 committed, 2 aborted).
    const v2 = await run(2);
    expect(v2.length).toBe(9);
    for (let i = 1; i < v2.length; i++) expect(v2[i]).toBe(v2[i - 1] + 1);

    const downgraded = await featuresTool(target.bootstrap, ["downgrade", "--feature", "transaction.version=1"]);
    expect(downgraded.stdout).toContain("transaction.version was downgraded to 1.");
    const after = await featuresTool(target.bootstrap, ["describe"]);
    expect(after.stdout).toMatch(/Feature: transaction\.version\s+SupportedMinVersion: 0\s+SupportedMaxVersion: 2\s+FinalizedVersionLevel: 1\s/);
    const v1 = await run(1);
    expect(v1.length).toBe(9);
    expect(new Set(v1).size).toBe(1);
  }, 240_000);
});
