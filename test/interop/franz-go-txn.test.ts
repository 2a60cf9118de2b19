// franz-go transactions against the broker under test, in the shape of franz-go's own transactional
// ETL test (pkg/kgo/txn_test.go): a transactional producer writes COUNT records to the first topic in
// committed transactions with aborted ones in between; three hops, each a process of two
// GroupTransactSession members (read_committed, one transactional id each, cooperative-sticky group),
// copy topic 1 -> 2 -> 3 -> 4 concurrently, each member deliberately aborting every fifth transaction
// after flushing it (its records reach the next topic's log under an ABORT marker; its offsets are
// reset and the records consumed again). A read_committed reader then finds every
// key of the last topic exactly once and none of the aborted records; read_uncommitted shows the
// aborted records are in the first topic's log. Driver modes: test/interop/go/txn.go.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureGoClient } from "../support/clients/go.ts";
import type { GoClient } from "../support/clients/go.ts";
import { collect, eventOf } from "./driver-output.ts";
import type { DriverEvent, DriverResult } from "./driver-output.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { createTopics } from "./topics.ts";
import { interopTarget, suiteEnabled } from "./targets.ts";

const ENABLED = suiteEnabled("franz-go-txn");
const go = ENABLED ? await probeInstall("franz-go", ensureGoClient) : { ok: false as const, reason: "disabled" };
const COUNT = 30_000;
const TXN_RECORDS = 1000;
const PARTITIONS = 3;
const HOPS = 3;
/** Each hop's own bound; the hops run concurrently with the producer. */
const HOP_TIMEOUT_MS = 90_000;

describe.skipIf(!go.ok || !ENABLED)(`franz-go GroupTransactSession chain vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let client: GoClient;
  const timings: Record<string, number> = {};
  const procs: Array<{ kill(signal?: number | NodeJS.Signals): void }> = [];

  beforeAll(async () => {
    if (!go.ok) return;
    client = go.value;
    target = await startTarget();
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.kill("SIGKILL");
    await target?.remove();
    console.log(`[interop franz-go-txn/${interopTarget()}] ${client?.version} ms: ${JSON.stringify(Object.fromEntries(
      Object.entries(timings).map(([n, v]) => [n, Math.round(v)])))}`);
  }, 120_000);

  function spawn(args: string[]) {
    const p = client.spawn(args);
    procs.push(p);
    return p;
  }

  test(`${COUNT} records through ${HOPS} consume-transform-produce hops: none lost, none duplicated, no aborted record read`, async () => {
    const topics = Array.from({ length: HOPS + 1 }, (_, i) => `txn-chain-${i + 1}`);
    await createTopics(target.port, topics.map((name) => ({ name, partitions: PARTITIONS })));
    const bootstrap = ["--bootstrap", target.bootstrap];
    const t = performance.now();
    // The hops start first and wait for records, as in franz-go's test.
    const hops: Array<Promise<DriverResult>> = topics.slice(0, HOPS).map((from, i) =>
      collect(`go txn-hop ${i + 1}`, spawn(["txn-hop", ...bootstrap, "--from", from, "--to", topics[i + 1], "--group", `txn-chain-hop-${i + 1}`,
        "--count", `${COUNT}`, "--members", "2", "--abort-every", "5", "--timeout-ms", `${HOP_TIMEOUT_MS}`]), { timeoutMs: HOP_TIMEOUT_MS + 30_000 }));
    // A failed hop must not leave an unhandled rejection while the producer is awaited.
    for (const h of hops) h.catch(() => undefined);
    const produced = eventOf(await collect("go txn-produce", spawn(["txn-produce", ...bootstrap, "--topic", topics[0], "--count", `${COUNT}`,
      "--txn-records", `${TXN_RECORDS}`, "--abort-every", "4", "--txn-id", "txn-chain-producer", "--timeout-ms", "45000"]), { timeoutMs: 60_000 }), "txn-produced");
    timings.produceMs = performance.now() - t;
    expect(produced.errors).toEqual([]);
    expect(produced.commits).toBe(COUNT / TXN_RECORDS);
    expect(produced.aborts).toBeGreaterThan(0);

    const hopEvents: DriverEvent[] = [];
    for (const [i, h] of hops.entries()) {
      const e = eventOf(await h, "hop");
      timings[`hop${i + 1}Ms`] = performance.now() - t;
      hopEvents.push(e);
    }
    for (const e of hopEvents) {
      expect({ from: e.from, errors: e.errors }).toEqual({ from: e.from, errors: [] });
      expect(e.consumed).toBe(COUNT);
      expect(e.distinctKeys).toBe(COUNT);
      expect(e.deliberateAborts as number).toBeGreaterThan(0);
    }

    const first = eventOf(await collect("go txn-verify first", spawn(["txn-verify", ...bootstrap, "--topic", topics[0], "--count", `${COUNT}`]), { timeoutMs: 45_000 }), "txn-verified");
    expect(first.errors).toEqual([]);
    expect({ distinct: first.distinct, committed: first.committed, abortedSeen: first.abortedSeen, missing: first.missing, duplicates: first.duplicates })
      .toEqual({ distinct: COUNT, committed: COUNT, abortedSeen: 0, missing: [], duplicates: [] });
    // The aborted transactions' records are in the log: only read_committed hides them.
    expect(first.uncommitted).toBe(COUNT + (produced.abortedRecords as number));
    // One marker per partition a transaction wrote to: at least one per transaction.
    expect(first.controlRecords as number).toBeGreaterThanOrEqual((produced.commits as number) + (produced.aborts as number));

    const last = eventOf(await collect("go txn-verify last", spawn(["txn-verify", ...bootstrap, "--topic", topics[HOPS], "--count", `${COUNT}`]), { timeoutMs: 45_000 }), "txn-verified");
    timings.totalMs = performance.now() - t;
    expect(last.errors).toEqual([]);
    expect({ distinct: last.distinct, committed: last.committed, abortedSeen: last.abortedSeen, missing: last.missing, duplicates: last.duplicates })
      .toEqual({ distinct: COUNT, committed: COUNT, abortedSeen: 0, missing: [], duplicates: [] });
    // The hops' deliberately aborted transactions were flushed before the abort: their records are in the log.
    expect(last.uncommitted as number).toBeGreaterThan(COUNT);
    console.log(`[interop franz-go-txn] producer ${produced.commits} commits + ${produced.aborts} aborts; hops ${JSON.stringify(hopEvents.map((e) =>
      ({ commits: e.commits, aborts: e.aborts, deliberate: e.deliberateAborts })))}; last topic: ${last.uncommitted} records in the log, ` +
      `${last.controlRecords} markers`);
  }, 240_000);
});
