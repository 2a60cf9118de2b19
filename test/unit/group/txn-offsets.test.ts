// Transactional offset commits in the group coordinator shard (Kafka 4.4.0's OffsetMetadataManager):
// TxnOffsetCommit validation, pending offsets per producer, COMMIT/ABORT markers, OffsetFetch
// requireStable, and the tombstone / expiry rules around open transactions, checked by replaying the
// records the shard wrote (with their producer ids) into a fresh shard.
import { describe, expect, test } from "bun:test";
import { DEFAULT_COORDINATOR_CONFIG, GroupCoordinator, type CoordinatorLog, type TxnCommitRequest } from "../../../src/coordinator/group/group-coordinator.ts";
import type { KeyValue } from "../../../src/coordinator/group/records.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { ZERO_UUID } from "../../../src/protocol/primitives/codec-runtime.ts";
import { ManualClock, flush, joinReq } from "./harness.ts";

/** Records as the log would hold them: the producer id of their batch (set by the test per write). */
class MemoryLog implements CoordinatorLog {
  readonly records: Array<{ key: Uint8Array; value: Uint8Array | null; producerId: bigint } | { marker: "COMMIT" | "ABORT"; producerId: bigint }> = [];
  producerId = -1n;
  append(_partition: number, records: KeyValue[]): Promise<void> {
    for (const r of records) this.records.push({ ...r, producerId: this.producerId });
    return Promise.resolve();
  }
  replayInto(c: GroupCoordinator): void {
    this.records.forEach((r, offset) => {
      if ("marker" in r) c.replayEndTransactionMarker(r.producerId, 0, r.marker);
      else c.replay(offset, r.producerId, 0, r.key, r.value);
    });
  }
}

function make() {
  const clock = new ManualClock();
  const log = new MemoryLog();
  const config = { ...DEFAULT_COORDINATOR_CONFIG, initialRebalanceDelayMs: 0, minSessionTimeoutMs: 10, offsetsRetentionMs: 60_000 };
  const c = new GroupCoordinator(config, log, clock);
  const fresh = () => {
    const c2 = new GroupCoordinator(config, null, clock);
    log.replayInto(c2);
    return c2;
  };
  const txnCommit = (over: Partial<TxnCommitRequest> & { offset?: bigint; partitions?: number[] } = {}) => {
    const { offset = 10n, partitions = [0], ...rest } = over;
    const req: TxnCommitRequest = {
      groupId: "g",
      producerId: 7n,
      producerEpoch: 0,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      groupInstanceId: null,
      apiVersion: 4,
      topics: [{ name: "t", topicId: ZERO_UUID, partitions: partitions.map((partition) => ({ partition, offset, leaderEpoch: 1, metadata: "m", commitTimestampMs: -1 })) }],
      ...rest,
    };
    log.producerId = req.producerId;
    const r = c.commitTransactionalOffsets(req);
    log.producerId = -1n;
    return r.results.flatMap((t) => t.partitions.map((p) => p.errorCode));
  };
  const end = (producerId: bigint, result: "COMMIT" | "ABORT") => {
    c.replayEndTransactionMarker(producerId, 0, result);
    log.records.push({ marker: result, producerId });
  };
  const plainCommit = (offset: bigint, partition = 0) =>
    c.commitOffsets({ groupId: "g", memberId: "", groupInstanceId: null, generationIdOrMemberEpoch: -1, retentionTimeMs: -1, apiVersion: 8, topics: [{ name: "t", topicId: ZERO_UUID, partitions: [{ partition, offset, leaderEpoch: -1, metadata: "", commitTimestampMs: -1 }] }] });
  return { clock, log, c, fresh, txnCommit, end, plainCommit };
}

const view = (c: GroupCoordinator, requireStable = true) => c.fetchOffsets("g", [{ name: "t", partitions: [0, 1] }], requireStable).map((o) => [o.partition, o.offset, o.errorCode ?? 0]);
const UNSTABLE = ErrorCode.UNSTABLE_OFFSET_COMMIT;

describe("transactional offsets", () => {
  test("pending until COMMIT, invisible meanwhile; requireStable answers UNSTABLE_OFFSET_COMMIT; replay agrees", () => {
    const { c, fresh, txnCommit, end } = make();
    expect(txnCommit({ partitions: [0, 1] })).toEqual([ErrorCode.NONE, ErrorCode.NONE]);
    expect(view(c, false)).toEqual([[0, -1n, 0], [1, -1n, 0]]);
    expect(view(c)).toEqual([[0, -1n, UNSTABLE], [1, -1n, UNSTABLE]]);
    expect(c.fetchOffsets("g", null, true)).toEqual([]); // fetch-all lists committed partitions only
    expect(view(fresh())).toEqual(view(c));
    end(7n, "COMMIT");
    expect(view(c)).toEqual([[0, 10n, 0], [1, 10n, 0]]);
    expect(c.fetchOffsets("g", null, true).map((o) => o.metadata)).toEqual(["m", "m"]);
    expect(view(fresh())).toEqual(view(c));
    expect(c.hasPendingTransactions()).toBe(false);
  });

  test("ABORT drops them; a marker of a producer with nothing pending changes nothing", () => {
    const { c, fresh, txnCommit, end, plainCommit } = make();
    plainCommit(3n);
    txnCommit({ offset: 20n });
    expect(c.fetchOffsets("g", null, true).map((o) => [o.offset, o.errorCode])).toEqual([[-1n, UNSTABLE]]);
    end(7n, "ABORT");
    end(99n, "COMMIT");
    expect(view(c)).toEqual([[0, 3n, 0], [1, -1n, 0]]);
    expect(view(fresh())).toEqual(view(c));
  });

  test("a COMMIT does not overwrite a plain commit written after the transactional one; two producers are independent", () => {
    const { c, fresh, txnCommit, end, plainCommit } = make();
    txnCommit({ offset: 5n, producerId: 1n });
    plainCommit(6n);
    txnCommit({ offset: 8n, producerId: 2n, partitions: [1] });
    end(1n, "COMMIT");
    expect(view(c)).toEqual([[0, 6n, 0], [1, -1n, UNSTABLE]]);
    end(2n, "COMMIT");
    expect(view(c)).toEqual([[0, 6n, 0], [1, 8n, 0]]);
    expect(view(fresh())).toEqual(view(c));
  });

  test("OffsetDelete and group deletion write tombstones for pending partitions and drop them", () => {
    const { c, fresh, txnCommit, end } = make();
    txnCommit({ partitions: [0, 1] });
    const del = c.deleteOffsets("g", [{ name: "t", partitions: [0] }]);
    expect(del.results[0]!.partitions).toEqual([{ partition: 0, errorCode: ErrorCode.NONE }]);
    expect(view(c)).toEqual([[0, -1n, 0], [1, -1n, UNSTABLE]]);
    expect(view(fresh())).toEqual(view(c));
    expect(c.deleteGroup("g").errorCode).toBe(ErrorCode.NONE);
    expect(view(c)).toEqual([[0, -1n, 0], [1, -1n, 0]]);
    expect(view(fresh())).toEqual(view(c));
    end(7n, "COMMIT"); // nothing left to materialize
    expect(view(c)).toEqual([[0, -1n, 0], [1, -1n, 0]]);
  });

  test("expiry keeps an offset a transaction holds, and a group in an open transaction", () => {
    const { c, clock, txnCommit, end, plainCommit } = make();
    plainCommit(1n, 0);
    plainCommit(1n, 1);
    txnCommit({ partitions: [0] });
    clock.advance(120_000);
    expect(c.expireOffsets()).toBe(1); // partition 1 only
    expect(c.groups.has("g")).toBe(true);
    end(7n, "ABORT");
    expect(c.expireOffsets()).toBe(1);
    expect(c.groups.has("g")).toBe(false);
  });

  test("validation as Kafka 4.4.0's validateTransactionalOffsetCommit", async () => {
    const { c, clock, txnCommit } = make();
    // No group, generation >= 0: ILLEGAL_GENERATION before v6, GROUP_ID_NOT_FOUND from v6.
    expect(txnCommit({ groupId: "none", generationIdOrMemberEpoch: 1, memberId: "m" })).toEqual([ErrorCode.ILLEGAL_GENERATION]);
    expect(txnCommit({ groupId: "none", generationIdOrMemberEpoch: 1, memberId: "m", apiVersion: 6 })).toEqual([ErrorCode.GROUP_ID_NOT_FOUND]);
    // Metadata over offset.metadata.max.bytes.
    const big = "x".repeat(5000);
    const r = c.commitTransactionalOffsets({ groupId: "g", producerId: 7n, producerEpoch: 0, generationIdOrMemberEpoch: -1, memberId: "", groupInstanceId: null, apiVersion: 3, topics: [{ name: "t", topicId: ZERO_UUID, partitions: [{ partition: 0, offset: 1n, leaderEpoch: -1, metadata: big, commitTimestampMs: -1 }] }] });
    expect(r.results[0]!.partitions[0]!.errorCode).toBe(ErrorCode.OFFSET_METADATA_TOO_LARGE);

    // A live classic group in CompletingRebalance: a transactional commit is not refused for it, and
    // one without member (old producers) is accepted; a wrong member or generation is not.
    const j = c.classic.join(joinReq({ groupId: "live", requireKnownMemberId: false }));
    clock.advance(0);
    const jr = await j;
    await flush();
    expect(c.groups.get("live")!.is("CompletingRebalance")).toBe(true);
    expect(txnCommit({ groupId: "live", memberId: jr.memberId, generationIdOrMemberEpoch: 1 })).toEqual([ErrorCode.NONE]);
    expect(txnCommit({ groupId: "live" })).toEqual([ErrorCode.NONE]);
    expect(txnCommit({ groupId: "live", memberId: "nobody", generationIdOrMemberEpoch: 1 })).toEqual([ErrorCode.UNKNOWN_MEMBER_ID]);
    expect(txnCommit({ groupId: "live", memberId: jr.memberId, generationIdOrMemberEpoch: 2 })).toEqual([ErrorCode.ILLEGAL_GENERATION]);
  });
});
