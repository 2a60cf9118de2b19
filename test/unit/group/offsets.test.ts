import { describe, expect, test } from "bun:test";
import { DEFAULT_COORDINATOR_CONFIG, GroupCoordinator, type CoordinatorLog } from "../../../src/coordinator/group/group-coordinator.ts";
import type { KeyValue } from "../../../src/coordinator/group/records.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { ZERO_UUID } from "../../../src/protocol/primitives/codec-runtime.ts";
import { ManualClock, flush, joinReq } from "./harness.ts";

class MemoryLog implements CoordinatorLog {
  readonly records: Array<{ partition: number } & KeyValue> = [];
  append(partition: number, records: KeyValue[]): Promise<void> {
    for (const r of records) this.records.push({ partition, ...r });
    return Promise.resolve();
  }
}

function make(over = {}) {
  const clock = new ManualClock();
  const log = new MemoryLog();
  const c = new GroupCoordinator({ ...DEFAULT_COORDINATOR_CONFIG, initialRebalanceDelayMs: 0, minSessionTimeoutMs: 10, offsetsRetentionMs: 60_000, ...over }, log, clock);
  return { clock, log, c };
}

const commit = (c: GroupCoordinator, over: Partial<Parameters<GroupCoordinator["commitOffsets"]>[0]> = {}) =>
  c.commitOffsets({
    groupId: "g",
    memberId: "",
    groupInstanceId: null,
    generationIdOrMemberEpoch: -1,
    retentionTimeMs: -1,
    apiVersion: 8,
    topics: [{ name: "t", topicId: ZERO_UUID, partitions: [{ partition: 0, offset: 10n, leaderEpoch: 2, metadata: "meta", commitTimestampMs: -1 }] }],
    ...over,
  });

const codes = (r: ReturnType<typeof commit>) => r.results.flatMap((t) => t.partitions.map((p) => p.errorCode));

describe("offsets", () => {
  test("simple commits create an Empty group; fetch returns them, unknown partitions -1", async () => {
    const { c, log } = make();
    expect(codes(commit(c))).toEqual([ErrorCode.NONE]);
    expect(c.groups.get("g")!.state).toBe("Empty");
    expect(c.fetchOffsets("g", [{ name: "t", partitions: [0, 1] }])).toEqual([
      { topic: "t", partition: 0, offset: 10n, leaderEpoch: 2, metadata: "meta", topicId: ZERO_UUID },
      { topic: "t", partition: 1, offset: -1n, leaderEpoch: -1, metadata: "", topicId: ZERO_UUID },
    ]);
    expect(c.fetchOffsets("g", null).length).toBe(1);
    expect(c.fetchOffsets("nope", null)).toEqual([]);
    expect(log.records.length).toBe(1);
    expect(log.records[0]!.partition).toBe(c.partitionFor("g"));
  });

  test("generation / member checks against a live classic group", async () => {
    const { c, clock } = make();
    const j = c.classic.join(joinReq({ requireKnownMemberId: false }));
    clock.advance(0);
    const r = await j;
    // CompletingRebalance: REBALANCE_IN_PROGRESS
    expect(codes(commit(c, { memberId: r.memberId, generationIdOrMemberEpoch: 1 }))).toEqual([ErrorCode.REBALANCE_IN_PROGRESS]);
    await c.classic.sync({ groupId: "g", memberId: r.memberId, groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [] });
    await flush();
    expect(codes(commit(c, { memberId: r.memberId, generationIdOrMemberEpoch: 1 }))).toEqual([ErrorCode.NONE]);
    expect(codes(commit(c, { memberId: r.memberId, generationIdOrMemberEpoch: 0 }))).toEqual([ErrorCode.ILLEGAL_GENERATION]);
    expect(codes(commit(c, { memberId: "x", generationIdOrMemberEpoch: 1 }))).toEqual([ErrorCode.UNKNOWN_MEMBER_ID]);
    // A simple commit to a group with members is refused.
    expect(codes(commit(c))).toEqual([ErrorCode.UNKNOWN_MEMBER_ID]);
    // Missing group with a generation: v9+ GROUP_ID_NOT_FOUND, before ILLEGAL_GENERATION.
    expect(codes(commit(c, { groupId: "other", generationIdOrMemberEpoch: 1, apiVersion: 9 }))).toEqual([ErrorCode.GROUP_ID_NOT_FOUND]);
    expect(codes(commit(c, { groupId: "other", generationIdOrMemberEpoch: 1, apiVersion: 8 }))).toEqual([ErrorCode.ILLEGAL_GENERATION]);
    // Metadata too large
    const big = commit(c, { groupId: "s", topics: [{ name: "t", topicId: ZERO_UUID, partitions: [{ partition: 0, offset: 1n, leaderEpoch: -1, metadata: "x".repeat(5000), commitTimestampMs: -1 }] }] });
    expect(codes(big)).toEqual([ErrorCode.OFFSET_METADATA_TOO_LARGE]);
    // DeleteGroups refuses a group with members; OffsetDelete refuses a subscribed topic only if known.
    expect(c.deleteGroup("g").errorCode).toBe(ErrorCode.NON_EMPTY_GROUP);
    expect(c.deleteGroup("zzz").errorCode).toBe(ErrorCode.GROUP_ID_NOT_FOUND);
  });

  test("retention: offsets of an Empty group expire after offsets.retention; explicit expiry wins; the group goes", async () => {
    const { c, clock, log } = make();
    commit(c);
    commit(c, { groupId: "h", retentionTimeMs: 1000, apiVersion: 2 });
    clock.advance(1000);
    expect(c.expireOffsets()).toBe(1);
    expect(c.fetchOffsets("h", null)).toEqual([]);
    expect(c.groups.has("h")).toBe(false);
    clock.advance(58_999);
    expect(c.expireOffsets()).toBe(0);
    clock.advance(1);
    expect(c.expireOffsets()).toBe(1);
    expect(c.groups.has("g")).toBe(false);
    // Tombstones written for the offsets and the groups.
    expect(log.records.filter((r) => r.value === null).length).toBe(4);
  });

  test("DeleteGroups and OffsetDelete write tombstones; replay rebuilds the same state", async () => {
    const { c, log, clock } = make();
    commit(c);
    commit(c, { groupId: "h" });
    commit(c, { groupId: "h", topics: [{ name: "u", topicId: ZERO_UUID, partitions: [{ partition: 1, offset: 5n, leaderEpoch: -1, metadata: null, commitTimestampMs: -1 }] }] });
    const j = c.classic.join(joinReq({ groupId: "live", requireKnownMemberId: false }));
    clock.advance(0);
    const jr = await j;
    await c.classic.sync({ groupId: "live", memberId: jr.memberId, groupInstanceId: null, generationId: 1, protocolType: null, protocolName: null, assignments: [{ memberId: jr.memberId, assignment: new Uint8Array([9]) }] });
    expect(c.deleteGroup("g").errorCode).toBe(ErrorCode.NONE);
    expect(c.deleteOffsets("h", [{ name: "t", partitions: [0] }]).results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NONE);
    await flush();
    const { c: c2 } = make();
    log.records.forEach((r, i) => c2.replay(i, -1n, -1, r.key, r.value));
    expect(c2.groups.has("g")).toBe(false);
    expect(c2.fetchOffsets("h", null).map((o) => [o.topic, o.partition, o.offset])).toEqual([["u", 1, 5n]]);
    const live = c2.groups.get("live")!;
    expect(live.state).toBe("Stable");
    expect(live.generationId).toBe(1);
    expect([...live.member(jr.memberId)!.assignment]).toEqual([9]);
    // The snapshot of every partition replays to the same state (the compaction rewrite).
    const { c: c3 } = make();
    for (let p = 0; p < c.config.numPartitions; p++) c.snapshotRecords(p).forEach((r, i) => c3.replay(i, -1n, -1, r.key, r.value));
    expect(c3.fetchOffsets("h", null)).toEqual(c2.fetchOffsets("h", null));
    expect(c3.groups.get("live")!.generationId).toBe(1);
  });
});
