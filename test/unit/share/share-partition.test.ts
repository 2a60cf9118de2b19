// SharePartition on an injected clock (FakeClock + Timer) and the in-memory persister: acquire,
// accept / release / reject / renew, lock timeout redelivery, delivery-count archiving, the max record
// locks bound, the start offset moving past acknowledged prefixes, and state written and restored.
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { InMemoryPersister } from "../../../src/coordinator/share/in-memory-persister.ts";
import { SharePartition, type SharePartitionConfig } from "../../../src/server/share/share-partition.ts";
import { AcknowledgeType, RecordState } from "../../../src/server/share/record-state.ts";

const TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";
const A = "member-a";
const B = "member-b";

async function setup(over: Partial<SharePartitionConfig> = {}, persister = new InMemoryPersister(), startOffset = 0n) {
  const clock = new FakeClock(1000);
  const timer = new Timer({ clock });
  const cfg: SharePartitionConfig = { recordLockDurationMs: 1000, deliveryCountLimit: 3, maxInFlightRecords: 100, autoOffsetReset: { type: "earliest" }, ...over };
  await persister.initializeState({ groupId: "g", topics: [{ topicId: TOPIC_ID, partitions: [{ partition: 0, stateEpoch: 1, startOffset }] }] });
  const wakeups = { count: 0 };
  const make = () => new SharePartition("g", TOPIC_ID, 0, 0, timer, persister, () => cfg, { logStartOffset: () => 0, logEndOffset: () => 50, offsetForTimestamp: () => 0 }, () => void wakeups.count++);
  const sp = make();
  expect((await sp.maybeInitialize()).errorCode).toBe(ErrorCode.NONE);
  return { clock, timer, sp, persister, make, wakeups };
}

const batches = (...spans: Array<[number, number]>) => spans.map(([baseOffset, lastOffset]) => ({ baseOffset, lastOffset }));
const ack = (firstOffset: number, lastOffset: number, type: number) => ({ firstOffset, lastOffset, acknowledgeTypes: [type] });

describe("SharePartition", () => {
  test("acquires whole batches up to max records, with delivery count 1", async () => {
    const { sp } = await setup();
    expect(sp.acquire(A, batches([0, 4], [5, 9], [10, 14]), 6, 500)).toEqual([{ firstOffset: 0, lastOffset: 9, deliveryCount: 1 }]);
    expect(sp.endOffset).toBe(9);
    expect(sp.nextFetchOffset()).toBe(10);
    // Acquired records are not acquired again.
    expect(sp.acquire(B, batches([0, 4]), 10, 500)).toEqual([]);
    // Record-limit mode stops at exactly max records.
    expect(sp.acquire(B, batches([10, 14]), 2, 500, true)).toEqual([{ firstOffset: 10, lastOffset: 11, deliveryCount: 1 }]);
  });

  test("accept moves the start offset; release redelivers with a higher count; reject archives", async () => {
    const { sp, persister } = await setup();
    sp.acquire(A, batches([0, 9]), 100, 500);
    expect(await sp.acknowledge(A, [ack(0, 2, AcknowledgeType.ACCEPT), ack(3, 3, AcknowledgeType.RELEASE), ack(4, 4, AcknowledgeType.REJECT)])).toEqual({ errorCode: 0, errorMessage: null });
    expect(sp.startOffset).toBe(3);
    expect(sp.recordState(3)).toEqual({ state: RecordState.AVAILABLE, deliveryCount: 1, memberId: null });
    expect(sp.recordState(4)?.state).toBe(RecordState.ARCHIVED);
    expect(sp.nextFetchOffset()).toBe(3);
    expect(sp.acquire(B, batches([0, 9]), 100, 500)).toEqual([{ firstOffset: 3, lastOffset: 3, deliveryCount: 2 }]);
    const read = await persister.readState({ groupId: "g", topics: [{ topicId: TOPIC_ID, partitions: [{ partition: 0, leaderEpoch: 0 }] }] });
    const p = read.results[0]!.partitions[0]!;
    expect(p.startOffset).toBe(3n);
    expect(p.stateBatches).toEqual([
      { firstOffset: 3n, lastOffset: 3n, deliveryState: RecordState.AVAILABLE, deliveryCount: 1 },
      { firstOffset: 4n, lastOffset: 4n, deliveryState: RecordState.ARCHIVED, deliveryCount: 1 },
    ]);
  });

  test("accepting the front of a full window wakes waiting fetches (room under the record locks again)", async () => {
    const { sp, wakeups } = await setup({ maxInFlightRecords: 10 });
    sp.acquire(A, batches([0, 9]), 100, 500);
    expect(sp.canAcquireRecords()).toBe(false);
    // Accepting records behind the start offset's front frees nothing: no wake-up.
    expect((await sp.acknowledge(A, [ack(5, 9, AcknowledgeType.ACCEPT)])).errorCode).toBe(0);
    expect(wakeups.count).toBe(0);
    expect((await sp.acknowledge(A, [ack(0, 4, AcknowledgeType.ACCEPT)])).errorCode).toBe(0);
    expect(sp.canAcquireRecords()).toBe(true);
    expect(wakeups.count).toBe(1);
  });

  test("acknowledgement errors: not acquired, other member, past the end; offsets below the start are ignored", async () => {
    const { sp } = await setup();
    sp.acquire(A, batches([0, 4]), 100, 500);
    expect(await sp.acknowledge(B, [ack(0, 0, AcknowledgeType.ACCEPT)])).toEqual({ errorCode: ErrorCode.INVALID_RECORD_STATE, errorMessage: "Member is not the owner of batch record" });
    expect((await sp.acknowledge(A, [ack(3, 7, AcknowledgeType.ACCEPT)])).errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect(await sp.acknowledge(A, [ack(0, 1, AcknowledgeType.ACCEPT)])).toEqual({ errorCode: 0, errorMessage: null });
    expect((await sp.acknowledge(A, [ack(0, 1, AcknowledgeType.ACCEPT)])).errorCode).toBe(0);
    expect(await sp.acknowledge(A, [ack(1, 2, AcknowledgeType.RELEASE)])).toEqual({ errorCode: 0, errorMessage: null });
    expect((await sp.acknowledge(A, [ack(2, 2, AcknowledgeType.ACCEPT)])).errorMessage).toBe("The batch cannot be acknowledged. The batch is not in the acquired state.");
    // All or nothing: the valid first batch is not applied when the second fails.
    expect((await sp.acknowledge(A, [ack(3, 3, AcknowledgeType.ACCEPT), ack(2, 2, AcknowledgeType.ACCEPT)])).errorCode).toBe(ErrorCode.INVALID_RECORD_STATE);
    expect(sp.recordState(3)?.state).toBe(RecordState.ACQUIRED);
  });

  test("a lock timeout releases the records; at the delivery count limit they are archived", async () => {
    const { sp, clock } = await setup({ deliveryCountLimit: 2 });
    sp.acquire(A, batches([0, 1]), 100, 500);
    clock.advance(999);
    expect(sp.recordState(0)?.state).toBe(RecordState.ACQUIRED);
    clock.advance(10);
    expect(sp.recordState(0)).toEqual({ state: RecordState.AVAILABLE, deliveryCount: 1, memberId: null });
    expect(sp.acquire(B, batches([0, 1]), 100, 500)).toEqual([{ firstOffset: 0, lastOffset: 1, deliveryCount: 2 }]);
    clock.advance(2000);
    // Delivered twice with a limit of 2: archived, and the start offset moves past them.
    expect(sp.startOffset).toBe(2);
    expect(sp.acquire(A, batches([0, 1]), 100, 500)).toEqual([]);
  });

  test("renew restarts the lock", async () => {
    const { sp, clock } = await setup();
    sp.acquire(A, batches([0, 0]), 100, 500);
    clock.advance(800);
    expect((await sp.acknowledge(A, [ack(0, 0, AcknowledgeType.RENEW)])).errorCode).toBe(0);
    clock.advance(800);
    expect(sp.recordState(0)?.state).toBe(RecordState.ACQUIRED);
    clock.advance(300);
    expect(sp.recordState(0)?.state).toBe(RecordState.AVAILABLE);
  });

  test("max record locks bound the in-flight window", async () => {
    const { sp } = await setup({ maxInFlightRecords: 5 });
    expect(sp.acquire(A, batches([0, 2], [3, 5], [6, 8]), 100, 500)).toEqual([{ firstOffset: 0, lastOffset: 5, deliveryCount: 1 }]);
    expect(sp.canAcquireRecords()).toBe(false);
    expect(sp.acquire(B, batches([6, 8]), 100, 500)).toEqual([]);
    await sp.acknowledge(A, [ack(0, 5, AcknowledgeType.ACCEPT)]);
    expect(sp.startOffset).toBe(6);
    expect(sp.acquire(B, batches([6, 8]), 100, 500)).toEqual([{ firstOffset: 6, lastOffset: 8, deliveryCount: 1 }]);
  });

  test("offsets missing from the log: a gap inside the window is archived, a gap after an empty window is skipped", async () => {
    const { sp } = await setup({ maxInFlightRecords: 10 });
    expect(sp.acquire(A, batches([0, 1], [5, 6]), 100, 500)).toEqual([
      { firstOffset: 0, lastOffset: 1, deliveryCount: 1 },
      { firstOffset: 5, lastOffset: 6, deliveryCount: 1 },
    ]);
    expect(sp.recordState(3)?.state).toBe(RecordState.ARCHIVED);
    await sp.acknowledge(A, [ack(0, 1, AcknowledgeType.ACCEPT), ack(5, 6, AcknowledgeType.ACCEPT)]);
    expect(sp.startOffset).toBe(7);
    // A gap of a million offsets with nothing in flight: no state is kept for it.
    expect(sp.acquire(A, batches([1_000_007, 1_000_008]), 100, 500)).toEqual([{ firstOffset: 1_000_007, lastOffset: 1_000_008, deliveryCount: 1 }]);
    expect(sp.inFlightRecords).toBe(2);
  });

  test("read_committed: batches of aborted transactions are archived, not acquired", async () => {
    const { sp } = await setup();
    const spans = [{ baseOffset: 0, lastOffset: 2, archive: true }, { baseOffset: 3, lastOffset: 3 }, { baseOffset: 4, lastOffset: 5 }];
    expect(sp.acquire(A, spans, 100, 500)).toEqual([{ firstOffset: 3, lastOffset: 5, deliveryCount: 1 }]);
    expect(sp.startOffset).toBe(3);
  });

  test("state restored from the persister by a new leader; acquired records come back available", async () => {
    const { sp, make } = await setup();
    sp.acquire(A, batches([0, 9]), 100, 500);
    await sp.acknowledge(A, [ack(0, 3, AcknowledgeType.ACCEPT), ack(5, 5, AcknowledgeType.REJECT), ack(6, 6, AcknowledgeType.RELEASE)]);
    sp.close();
    const next = make();
    expect((await next.maybeInitialize()).errorCode).toBe(0);
    expect(next.startOffset).toBe(4);
    expect(next.recordState(5)?.state).toBe(RecordState.ARCHIVED);
    expect(next.recordState(6)).toEqual({ state: RecordState.AVAILABLE, deliveryCount: 1, memberId: null });
    // 4 and 7-9 were acquired when the leader went: delivered again (4 from the gap, 6 with its count).
    expect(next.acquire(B, batches([0, 9]), 100, 500)).toEqual([
      { firstOffset: 4, lastOffset: 4, deliveryCount: 1 },
      { firstOffset: 6, lastOffset: 6, deliveryCount: 2 },
      { firstOffset: 7, lastOffset: 9, deliveryCount: 1 },
    ]);
  });

  test("an uninitialised share partition fails; a start offset of -1 follows share.auto.offset.reset", async () => {
    const persister = new InMemoryPersister();
    const clock = new FakeClock(0);
    const cfg: SharePartitionConfig = { recordLockDurationMs: 1000, deliveryCountLimit: 3, maxInFlightRecords: 100, autoOffsetReset: { type: "latest" } };
    const sp = new SharePartition("g", TOPIC_ID, 0, 0, new Timer({ clock }), persister, () => cfg, { logStartOffset: () => 3, logEndOffset: () => 42, offsetForTimestamp: () => 0 });
    expect((await sp.maybeInitialize()).errorCode).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
    const { sp: latest } = await setup({ autoOffsetReset: { type: "latest" } }, new InMemoryPersister(), -1n);
    expect(latest.startOffset).toBe(50);
    expect(latest.nextFetchOffset()).toBe(50);
  });

  test("a failed write undoes the acknowledgement", async () => {
    const persister = new InMemoryPersister();
    const { sp } = await setup({}, persister);
    sp.acquire(A, batches([0, 4]), 100, 500);
    // A newer state epoch elsewhere fences this leader's writes.
    await persister.initializeState({ groupId: "g", topics: [{ topicId: TOPIC_ID, partitions: [{ partition: 0, stateEpoch: 2, startOffset: 0n }] }] });
    const r = await sp.acknowledge(A, [ack(0, 1, AcknowledgeType.ACCEPT)]);
    expect(r.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
    expect(sp.startOffset).toBe(0);
    expect(sp.recordState(0)?.state).toBe(RecordState.ACQUIRED);
  });
});
