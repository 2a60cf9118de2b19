// confluent-kafka-python (librdkafka) transactions against the broker under test: a transactional
// Producer (init_transactions, begin_transaction, produce, commit_transaction / abort_transaction)
// writes COUNT records in committed transactions with flushed-then-aborted ones between them; a
// consume-transform-produce loop (read_committed group consumer + transactional producer,
// send_offsets_to_transaction, every fourth transaction aborted and the consumer rewound to the
// group's committed offsets) copies them to a second topic. read_committed readers find every record
// of both topics exactly once, in its partition, and no aborted one; read_uncommitted shows the aborted
// records are in the logs; the group's committed offsets cover the whole input. Driver modes:
// test/interop/python/txn.py.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensurePythonClient } from "../support/clients/python.ts";
import type { PythonClient } from "../support/clients/python.ts";
import { collect, eventOf } from "./driver-output.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("confluent-python-txn");
const py = ENABLED ? await probeInstall("confluent-kafka", ensurePythonClient) : { ok: false as const, reason: "disabled" };
const COUNT = 5000;
const TXN_RECORDS = 100;
const PARTITIONS = 3;
const IN = "py-txn-in";
const OUT = "py-txn-out";

describe.skipIf(!py.ok || !ENABLED)(`confluent-kafka-python transactions vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: PythonClient;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    if (!py.ok) return;
    client = py.value;
    target = await startTarget();
    await createTopics(target.port, [IN, OUT].map((name) => ({ name, partitions: PARTITIONS })));
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
    console.log(`[interop confluent-python-txn/${interopTarget()}] ${client?.version} ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  }, 120_000);

  const base = () => ["--bootstrap", target.bootstrap, "--partitions", `${PARTITIONS}`, "--count", `${COUNT}`];
  let produced: Record<string, unknown>;

  test(`transactional producer: ${COUNT} records committed, aborted transactions between them, read_committed sees only the committed`, async () => {
    let t = performance.now();
    produced = eventOf(await collect("python txn-produce", client.spawn(["txn-produce", ...base(), "--topic", IN,
      "--txn-records", `${TXN_RECORDS}`, "--abort-every", "3", "--timeout-ms", "60000"]), { timeoutMs: 75_000 }), "txn-produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);
    expect(produced.commits).toBe(COUNT / TXN_RECORDS);
    expect(produced.aborts as number).toBeGreaterThan(0);

    t = performance.now();
    const v = eventOf(await collect("python txn-verify in", client.spawn(["txn-verify", ...base(), "--topic", IN]), { timeoutMs: 60_000 }), "txn-verified");
    timings.verifyInMs = performance.now() - t;
    expect(v.errors).toEqual([]);
    expect({ committed: v.committed, distinct: v.distinct, abortedSeen: v.abortedSeen, missing: v.missing, duplicates: v.duplicates })
      .toEqual({ committed: COUNT, distinct: COUNT, abortedSeen: 0, missing: [], duplicates: [] });
    expect(v.uncommitted).toBe(COUNT + (produced.abortedRecords as number));
  }, 150_000);

  test("consume-transform-produce with send_offsets_to_transaction, commits and aborts: each record copied exactly once", async () => {
    expect(produced?.errors).toEqual([]);
    let t = performance.now();
    const ctp = eventOf(await collect("python txn-ctp", client.spawn(["txn-ctp", "--bootstrap", target.bootstrap, "--from", IN, "--to", OUT,
      "--group", "py-txn-ctp", "--count", `${COUNT}`, "--abort-every", "4", "--timeout-ms", "60000"]), { timeoutMs: 75_000 }), "txn-ctp");
    timings.ctpMs = performance.now() - t;
    expect(ctp.errors).toEqual([]);
    expect({ consumed: ctp.consumed, distinct: ctp.distinct }).toEqual({ consumed: COUNT, distinct: COUNT });
    expect(ctp.aborts as number).toBeGreaterThan(0);

    t = performance.now();
    const v = eventOf(await collect("python txn-verify out", client.spawn(["txn-verify", ...base(), "--topic", OUT, "--value-prefix", "T"]), { timeoutMs: 60_000 }), "txn-verified");
    timings.verifyOutMs = performance.now() - t;
    expect(v.errors).toEqual([]);
    expect({ committed: v.committed, distinct: v.distinct, abortedSeen: v.abortedSeen, missing: v.missing, duplicates: v.duplicates })
      .toEqual({ committed: COUNT, distinct: COUNT, abortedSeen: 0, missing: [], duplicates: [] });
    // The aborted copies were flushed before the abort: in the log, hidden by read_committed.
    expect(v.uncommitted as number).toBeGreaterThan(COUNT);

    // The group committed (transactionally) past the last input record of every partition.
    const input = eventOf(await collect("python txn-verify in", client.spawn(["txn-verify", ...base(), "--topic", IN]), { timeoutMs: 60_000 }), "txn-verified");
    const last = input.lastDataOffsets as number[];
    const highs = input.highWatermarks as number[];
    const committed = ctp.committedOffsets as Record<string, number>;
    for (let p = 0; p < PARTITIONS; p++) {
      expect(committed[`${p}`]).toBeGreaterThan(last[p]);
      expect(committed[`${p}`]).toBeLessThanOrEqual(highs[p]);
    }
    console.log(`[interop confluent-python-txn] producer ${produced.commits} commits + ${produced.aborts} aborts; ctp ${ctp.commits} commits + ` +
      `${ctp.aborts} aborts; committed offsets ${JSON.stringify(committed)}, input high watermarks ${JSON.stringify(highs)}`);
  }, 200_000);
});
