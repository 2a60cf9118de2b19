// The in-memory Persister (the share coordinator's semantics: uninitialised reads, state and leader
// epoch fencing, batches merged over older ones and pruned below the start offset) and the share
// session cache (epochs, limit, connection close).
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { InMemoryPersister, combineStateBatches } from "../../../src/coordinator/share/in-memory-persister.ts";
import { ShareSessionCache, nextEpoch, updateSessionPartitions } from "../../../src/server/share/share-session-cache.ts";

const T = "AAAAAAAAAAAAAAAAAAAAAQ";
const sb = (first: number, last: number, deliveryState: number, deliveryCount: number) => ({ firstOffset: BigInt(first), lastOffset: BigInt(last), deliveryState, deliveryCount });

describe("InMemoryPersister", () => {
  test("read before initialise is INVALID_REQUEST; write and read back; fencing by state and leader epoch", async () => {
    const p = new InMemoryPersister();
    const read = (leaderEpoch: number) => p.readState({ groupId: "g", topics: [{ topicId: T, partitions: [{ partition: 0, leaderEpoch }] }] });
    const write = (stateEpoch: number, leaderEpoch: number, startOffset: bigint, batches: ReturnType<typeof sb>[]) =>
      p.writeState({ groupId: "g", topics: [{ topicId: T, partitions: [{ partition: 0, stateEpoch, leaderEpoch, startOffset, deliveryCompleteCount: 0, stateBatches: batches }] }] });
    expect((await read(0)).results[0]!.partitions[0]).toMatchObject({ errorCode: ErrorCode.INVALID_REQUEST, startOffset: -1n });
    expect((await write(0, 0, 0n, [])).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
    await p.initializeState({ groupId: "g", topics: [{ topicId: T, partitions: [{ partition: 0, stateEpoch: 1, startOffset: 10n }] }] });
    expect((await read(3)).results[0]!.partitions[0]).toMatchObject({ errorCode: 0, stateEpoch: 1, startOffset: 10n, stateBatches: [] });
    expect((await write(1, 3, 12n, [sb(12, 20, 0, 1), sb(15, 15, 4, 2)])).results[0]!.partitions[0]!.errorCode).toBe(0);
    expect((await read(3)).results[0]!.partitions[0]!.stateBatches).toEqual([sb(12, 14, 0, 1), sb(15, 15, 4, 2), sb(16, 20, 0, 1)]);
    expect((await write(1, 2, 12n, [])).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.FENCED_LEADER_EPOCH);
    expect((await write(0, 3, 12n, [])).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.FENCED_STATE_EPOCH);
    expect((await read(2)).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.FENCED_LEADER_EPOCH);
    const summary = await p.readSummary({ groupId: "g", topics: [{ topicId: T, partitions: [{ partition: 0, leaderEpoch: 3 }] }] });
    expect(summary.results[0]!.partitions[0]).toMatchObject({ errorCode: 0, startOffset: 12n, stateEpoch: 1, leaderEpoch: 3 });
    await p.deleteState({ groupId: "g", topics: [{ topicId: T, partitions: [{ partition: 0 }] }] });
    expect((await read(3)).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
  });

  test("combineStateBatches: newer ranges win, pruned below the start offset, equal neighbours joined", () => {
    expect(combineStateBatches([sb(0, 9, 0, 1)], [sb(3, 4, 2, 1), sb(5, 9, 0, 1)], 2n)).toEqual([sb(2, 2, 0, 1), sb(3, 4, 2, 1), sb(5, 9, 0, 1)]);
    expect(combineStateBatches([sb(0, 4, 4, 1)], [sb(5, 6, 4, 1)], 0n)).toEqual([sb(0, 6, 4, 1)]);
    expect(combineStateBatches([sb(0, 4, 4, 1)], [], 5n)).toEqual([]);
  });
});

describe("ShareSessionCache", () => {
  test("open, check epochs, limit, connection close", () => {
    let max = 2;
    const c = new ShareSessionCache(() => max);
    const s = c.open("g", "m1", 0, 7);
    expect(typeof s).toBe("object");
    expect(c.check("g", "m1", 2)).toBe(ErrorCode.INVALID_SHARE_SESSION_EPOCH);
    expect(c.check("g", "m2", 1)).toBe(ErrorCode.SHARE_SESSION_NOT_FOUND);
    expect(c.check("g", "m1", 1)).toBe(s);
    expect(c.check("g", "m1", -1)).toBe(s);
    c.open("g", "m2", 0, 8);
    expect(c.open("g", "m3", 0, 8)).toBe(ErrorCode.SHARE_SESSION_LIMIT_REACHED);
    // Reopening an existing session is not a new one.
    expect(typeof c.open("g", "m1", 0, 7)).toBe("object");
    expect(c.removeConnection(8).map((x) => x.memberId)).toEqual(["m2"]);
    expect(c.size).toBe(1);
    max = 1;
    expect(c.open("g", "m4", 0, 9)).toBe(ErrorCode.SHARE_SESSION_LIMIT_REACHED);
    expect(nextEpoch(2 ** 31 - 1)).toBe(1);
  });

  test("partitions join and leave a session", () => {
    const c = new ShareSessionCache(() => 10);
    const s = c.open("g", "m", 0) as Exclude<ReturnType<ShareSessionCache["open"]>, number>;
    updateSessionPartitions(s, [{ topicId: T, partition: 0 }, { topicId: T, partition: 1 }], []);
    updateSessionPartitions(s, [{ topicId: T, partition: 0 }], [{ topicId: T, partition: 1 }]);
    expect([...s.partitions.keys()]).toEqual([`${T}:0`]);
  });
});

describe("markAborted", () => {
  test("an aborted producer's data batches between its first offset and its marker", async () => {
    const { markAborted } = await import("../../../src/server/share/record-batches.ts");
    const span = (baseOffset: number, lastOffset: number, producerId: bigint, isTransactional: boolean, isControl = false) => ({ baseOffset, lastOffset, position: 0, sizeBytes: 0, producerId, isTransactional, isControl }) as Parameters<typeof markAborted>[0][number];
    const spans = [span(0, 1, 7n, true), span(2, 2, 8n, true), span(3, 3, 7n, true, true), span(4, 5, 7n, true), span(6, 6, 9n, false)];
    markAborted(spans, [{ producerId: 7n, firstOffset: 0 }]);
    expect(spans.map((s) => s.archive === true)).toEqual([true, false, false, false, false]);
  });
});

describe("share group configs", () => {
  test("share.auto.offset.reset by_duration takes ISO-8601 durations", async () => {
    const { parseDurationMs } = await import("../../../src/server/share/share-config.ts");
    expect(parseDurationMs("PT1H")).toBe(3_600_000);
    expect(parseDurationMs("P1DT30M")).toBe(86_400_000 + 1_800_000);
    expect(parseDurationMs("PT0.5S")).toBe(500);
    expect(parseDurationMs("P")).toBeNull();
    expect(parseDurationMs("1h")).toBeNull();
  });
});
