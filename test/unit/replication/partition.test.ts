// Partition: the only place the high watermark moves. Its rule on a single node, with and without
// fsync-before-ack (broker flag or the topic's setting) and with a forced flush pending, driven through
// an injected durability seam whose syncs the test settles by hand; reads never move it.
import { afterEach, expect, test } from "bun:test";
import { Partition, type PartitionHost } from "../../../src/replication/partition.ts";
import { ProducePartitionError } from "../../../src/replication/errors.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import type { Log } from "../../../src/storage/log.ts";
import { tempDir } from "../storage/helpers.ts";
import { batchOf, imageOf, ManualDurability, NO_PRODUCER, NODE_ID, settleMicrotasks } from "./helpers.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
}, 120_000);

function setup(opts: { brokerFsync?: boolean; topicFsync?: boolean } = {}): { p: Partition; log: Log; d: ManualDurability; woken: string[] } {
  const dir = tempDir("strand-partition-");
  const logs = LogManager.open({ logDirs: [dir.path], nodeId: NODE_ID, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
  cleanups.push(() => dir.cleanup(), () => logs.close().then(() => undefined));
  const log = logs.getOrCreateLog({ topic: "t", partition: 0 }, { fsyncBeforeAck: opts.topicFsync ?? false });
  const d = new ManualDurability();
  const woken: string[] = [];
  const host: PartitionHost = { brokerFsyncBeforeAck: () => opts.brokerFsync ?? false, tryCompleteDelayedRequests: (x) => woken.push(x.watchKey) };
  const p = new Partition(log, host, "t\u00000", d);
  p.applyAssignment(imageOf([{ name: "t", partitions: 1, leaderEpoch: 3 }]).topicsByName.get("t")!.partitions[0]!, NODE_ID);
  return { p, log, d, woken };
}

const append = (p: Partition, count: number, tag = 0) => p.appendRecordsToLeader(batchOf(count, tag), { ...NO_PRODUCER, lastOffsetDelta: count - 1 }, Date.now(), false);

test("without fsync-before-ack the high watermark follows the log end at once and wakes delayed requests", () => {
  const { p, woken } = setup();
  expect(p.leaderEpoch).toBe(3);
  expect(p.isr).toEqual([NODE_ID]);
  const r = append(p, 5);
  expect(r).toMatchObject({ firstOffset: 0, endOffset: 5, flushOffset: -1, duplicate: false });
  expect(p.highWatermark).toBe(5);
  expect(p.logEndOffset).toBe(5);
  expect(woken).toEqual(["t\u00000"]);
});

for (const which of ["broker", "topic"] as const) {
  test(`with fsync-before-ack (${which} setting) the high watermark follows the durable offset`, async () => {
    const { p, d, woken } = setup(which === "broker" ? { brokerFsync: true } : { topicFsync: true });
    append(p, 4);
    append(p, 3, 1);
    expect(p.logEndOffset).toBe(7);
    expect(p.highWatermark).toBe(0);
    expect(d.waiting).toBe(2); // one group-commit wait per append
    d.reach(4);
    await settleMicrotasks();
    expect(p.highWatermark).toBe(4);
    expect(woken.length).toBeGreaterThan(0);
    d.reach(7);
    await settleMicrotasks();
    expect(p.highWatermark).toBe(7);
  });
}

test("a pending forced flush holds the high watermark until it returns (no fsync-before-ack)", async () => {
  const { p, d } = setup();
  d.pendingFlushOffset = 2; // a flush.messages flush up to 2 is running
  const r = append(p, 2);
  expect(r.flushOffset).toBe(2);
  expect(p.highWatermark).toBe(0);
  d.reach(2);
  await settleMicrotasks();
  expect(p.highWatermark).toBe(2);
});

test("reads never move the high watermark", async () => {
  const { p, d } = setup({ brokerFsync: true });
  append(p, 3);
  expect(p.read(0, 1 << 20, true).slice).toBeNull();
  p.maybeIncrementHighWatermark(); // what any caller may do: nothing is durable yet
  expect(p.highWatermark).toBe(0);
  expect(p.read(0, 1 << 20, true).slice).toBeNull();
  d.reach(3);
  await settleMicrotasks();
  expect(p.read(0, 1 << 20, true).slice).not.toBeNull();
});

test("a durable offset beyond the log end never puts the high watermark past the log end", async () => {
  const { p, d } = setup({ brokerFsync: true });
  append(p, 2);
  d.reach(1000);
  await settleMicrotasks();
  expect(p.highWatermark).toBe(2);
  p.maybeIncrementHighWatermark();
  expect(p.highWatermark).toBe(2);
});

test("a failed sync leaves the high watermark and wakes the waiters (they find the partition offline)", async () => {
  const { p, d, log, woken } = setup({ brokerFsync: true });
  append(p, 2);
  log.takeOffline(new Error("EIO"));
  d.failAll(new Error("EIO"));
  await settleMicrotasks();
  expect(p.highWatermark).toBe(0);
  expect(p.isOffline).toBe(true);
  expect(woken.length).toBe(1);
});

test("a leader catches up a lagging (checkpointed) high watermark when it takes the assignment", () => {
  const { p, log } = setup();
  log.append(batchOf(6)); // appended around the Partition: the high watermark stays where it was
  expect(log.highWatermark).toBe(0);
  p.applyAssignment(imageOf([{ name: "t", partitions: 1, leaderEpoch: 4 }]).topicsByName.get("t")!.partitions[0]!, NODE_ID);
  expect(p.leaderEpoch).toBe(4);
  expect(p.highWatermark).toBe(6);
});

test("idempotence runs in the leader append: a retried batch answers its first offsets, a gap is refused", () => {
  const { p } = setup();
  const ids = { producerId: 7n, producerEpoch: 0, baseSequence: 0, lastOffsetDelta: 2 };
  const bytes = () => buildRecordBatch({ producerId: 7n, producerEpoch: 0, baseSequence: 0, records: [{ value: new Uint8Array([1]) }, { value: new Uint8Array([2]) }, { value: new Uint8Array([3]) }] });
  append(p, 4);
  expect(p.appendRecordsToLeader(bytes(), ids, Date.now(), false)).toMatchObject({ firstOffset: 4, endOffset: 7, duplicate: false });
  expect(p.appendRecordsToLeader(bytes(), ids, Date.now(), false)).toMatchObject({ firstOffset: 4, endOffset: 7, duplicate: true });
  expect(p.logEndOffset).toBe(7);
  expect(() => p.appendRecordsToLeader(bytes(), { ...ids, baseSequence: 9 }, Date.now(), false)).toThrow(ProducePartitionError);
});

test("deleteRecordsOnLeader moves the log start up to the high watermark and wakes waiting fetches", () => {
  const { p, woken } = setup();
  append(p, 5);
  woken.length = 0;
  expect(p.deleteRecordsOnLeader(3)).toBe(3);
  expect(p.logStartOffset).toBe(3);
  expect(woken).toEqual(["t\u00000"]);
});

test("with fsync-before-ack the high watermark keeps catching up to what was appended without a wait of its own", async () => {
  const { p, log, d } = setup({ brokerFsync: true });
  append(p, 4);
  log.append(batchOf(2)); // written around the Partition (no wait of its own)
  d.reach(4);
  await settleMicrotasks();
  expect(p.highWatermark).toBe(4);
  expect(d.waiting).toBe(1); // a new round for offsets 4-5 was asked for
  d.reach(6);
  await settleMicrotasks();
  expect(p.highWatermark).toBe(6);
});
