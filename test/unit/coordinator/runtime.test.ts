// CoordinatorRuntime with a fake PartitionWriter: a failed append reverts the shard's state exactly and
// answers Kafka's mapped error; load replays the partition; writes wait while a shard loads; unload
// answers NOT_COORDINATOR. Time is a hand-driven clock (no sleeps).
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { CoordinatorRuntime } from "../../../src/coordinator/runtime/coordinator-runtime.ts";
import { CoordinatorError } from "../../../src/coordinator/runtime/errors.ts";
import {
  PartitionWriterError,
  type CoordinatorRecord,
  type EndTxnMarkerWrite,
  type PartitionWriter,
  type TopicPartition,
  type TransactionalProducer,
} from "../../../src/coordinator/runtime/partition-writer.ts";
import type { CoordinatorLoader, LoadSink } from "../../../src/coordinator/runtime/coordinator-loader.ts";
import { DEFAULT_COORDINATOR_CONFIG, GroupCoordinator } from "../../../src/coordinator/group/group-coordinator.ts";
import { ManualClock } from "../group/harness.ts";

const QUIET = { debug() {}, info() {}, warn() {}, error() {} };

type LogEntry =
  | { kind: "record"; record: CoordinatorRecord; producerId: bigint; producerEpoch: number }
  | { kind: "marker"; marker: EndTxnMarkerWrite };

/** Appends (records and markers) are held until the test settles them; each append is recorded. */
class FakeWriter implements PartitionWriter {
  readonly log = new Map<number, LogEntry[]>();
  readonly pending: Array<{ entries: LogEntry[]; ok: () => void; fail: (code: number) => void }> = [];
  append(tp: TopicPartition, records: readonly CoordinatorRecord[], producer?: TransactionalProducer): Promise<number> {
    return this.hold(tp, records.map((record) => ({ kind: "record", record, producerId: producer?.producerId ?? -1n, producerEpoch: producer?.producerEpoch ?? -1 })));
  }
  appendEndTxnMarker(tp: TopicPartition, marker: EndTxnMarkerWrite): Promise<number> {
    return this.hold(tp, [{ kind: "marker", marker }]);
  }
  private hold(tp: TopicPartition, entries: LogEntry[]): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.pending.push({
        entries,
        ok: () => {
          const l = this.log.get(tp.partition) ?? [];
          l.push(...entries);
          this.log.set(tp.partition, l);
          resolve(l.length);
        },
        fail: (code) => reject(new PartitionWriterError(code, tp, "injected")),
      });
    });
  }
}

/** Replays what FakeWriter committed (offsets = positions); `gate` holds a load until released. */
class FakeLoader implements CoordinatorLoader {
  gate: Promise<void> = Promise.resolve();
  loads = 0;
  constructor(private readonly writer: FakeWriter) {}
  async load(tp: TopicPartition, sink: LoadSink) {
    this.loads++;
    await this.gate;
    const entries = this.writer.log.get(tp.partition) ?? [];
    entries.forEach((e, offset) => {
      if (e.kind === "record") sink.record(offset, e.producerId, e.producerEpoch, e.record.key, e.record.value);
      else sink.endTransactionMarker(e.marker.producerId, e.marker.producerEpoch, e.marker.result);
    });
    return { records: entries.length, bytes: 0 };
  }
}

function setup() {
  const clock = new ManualClock();
  const writer = new FakeWriter();
  const loader = new FakeLoader(writer);
  const runtime = new CoordinatorRuntime<GroupCoordinator>({
    topic: "__consumer_offsets",
    writer,
    loader,
    logger: QUIET,
    shardBuilder: (ctx) =>
      new GroupCoordinator({ ...DEFAULT_COORDINATOR_CONFIG, numPartitions: 1 }, { append: (_p, r, rev) => ctx.append(r, rev) }, clock, {
        snapshotRegistry: ctx.snapshotRegistry,
        logger: QUIET,
        runTimer: ctx.scheduleWrite,
      }),
  });
  return { clock, writer, loader, runtime };
}

const commitReq = (offset: bigint, partitions = [0]) => ({
  groupId: "g",
  memberId: "",
  groupInstanceId: null,
  generationIdOrMemberEpoch: -1,
  retentionTimeMs: -1,
  apiVersion: 8,
  topics: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitions: partitions.map((partition) => ({ partition, offset, leaderEpoch: -1, metadata: "", commitTimestampMs: -1 })) }],
});

const fetched = (rt: CoordinatorRuntime<GroupCoordinator>) => rt.scheduleReadOperation(0, (s) => s.fetchOffsets("g", null).map((o) => [o.partition, o.offset]));

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("CoordinatorRuntime", () => {
  test("a committed write is answered after its append; a failed one reverts the state exactly and answers the mapped error", async () => {
    const { writer, runtime } = setup();
    await runtime.scheduleLoadOperation(0);
    const first = await runtime.scheduleWriteOperation("offset-commit", 0, (s) => s.commitOffsets(commitReq(5n, [0, 1])));
    let committed = false;
    void first.written.then(() => (committed = true));
    await settle();
    expect(committed).toBe(false); // waits for the commit
    writer.pending.shift()!.ok();
    await first.written;
    expect(runtime.undoEntryCount(0)).toBe(0);

    const second = await runtime.scheduleWriteOperation("offset-commit", 0, (s) => s.commitOffsets(commitReq(10n, [1, 2])));
    expect(fetched(runtime)).toEqual([[0, 5n], [1, 10n], [2, 10n]]); // applied
    // One undo entry per changed offset, not a copy of the group.
    expect(runtime.undoEntryCount(0)).toBe(2);
    writer.pending.shift()!.fail(ErrorCode.NOT_ENOUGH_REPLICAS);
    const err = await second.written.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(CoordinatorError);
    expect((err as CoordinatorError).code).toBe(ErrorCode.COORDINATOR_NOT_AVAILABLE);
    expect(fetched(runtime)).toEqual([[0, 5n], [1, 5n]]);
    expect(runtime.shardState(0)).toBe("active");
  });

  test("Kafka's append error mapping: storage and leadership errors answer NOT_COORDINATOR and unload the shard", async () => {
    const { writer, runtime } = setup();
    await runtime.scheduleLoadOperation(0);
    const w = await runtime.scheduleWriteOperation("offset-commit", 0, (s) => s.commitOffsets(commitReq(3n)));
    writer.pending.shift()!.fail(ErrorCode.KAFKA_STORAGE_ERROR);
    const err = (await w.written.then(() => null, (e: unknown) => e)) as CoordinatorError;
    expect(err.code).toBe(ErrorCode.NOT_COORDINATOR);
    expect(runtime.shardState(0)).toBeUndefined();
    expect(() => fetched(runtime)).toThrow(CoordinatorError);
    const later = await runtime.scheduleWriteOperation("x", 0, () => 1).then(() => null, (e: unknown) => (e as CoordinatorError).code);
    expect(later).toBe(ErrorCode.NOT_COORDINATOR);
  });

  test("a failure with later writes in flight reverts them too, then reloads the shard from the log", async () => {
    const { writer, loader, runtime } = setup();
    await runtime.scheduleLoadOperation(0);
    const a = await runtime.scheduleWriteOperation("c", 0, (s) => s.commitOffsets(commitReq(1n, [0])));
    const b = await runtime.scheduleWriteOperation("c", 0, (s) => s.commitOffsets(commitReq(2n, [1])));
    writer.pending.shift()!.fail(ErrorCode.UNKNOWN_SERVER_ERROR);
    expect(await a.written.then(() => 0, (e: unknown) => (e as CoordinatorError).code)).toBe(ErrorCode.UNKNOWN_SERVER_ERROR);
    expect(fetched(runtime)).toEqual([]); // b was applied after a: undone with it
    writer.pending.shift()!.ok(); // b's records did reach the log
    await b.written;
    await settle();
    expect(loader.loads).toBe(2);
    expect(fetched(runtime)).toEqual([[1, 2n]]); // state = the log again
  });

  test("load replays the partition; writes wait while it loads and run in arrival order; unload answers NOT_COORDINATOR", async () => {
    const { writer, loader, runtime } = setup();
    await runtime.scheduleLoadOperation(0);
    const w = await runtime.scheduleWriteOperation("c", 0, (s) => s.commitOffsets(commitReq(7n, [0, 1])));
    writer.pending.shift()!.ok();
    await w.written;
    runtime.scheduleUnloadOperation(0);
    expect(runtime.shardState(0)).toBeUndefined();

    let release!: () => void;
    loader.gate = new Promise<void>((r) => (release = r));
    const loading = runtime.scheduleLoadOperation(0);
    expect(runtime.shardState(0)).toBe("loading");
    expect(() => fetched(runtime)).toThrow(expect.objectContaining({ code: ErrorCode.COORDINATOR_LOAD_IN_PROGRESS }));
    const order: number[] = [];
    const q1 = runtime.scheduleWriteOperation("c", 0, (s) => (order.push(1), s.commitOffsets(commitReq(8n, [0]))));
    const q2 = runtime.scheduleWriteOperation("c", 0, (s) => (order.push(2), s.commitOffsets(commitReq(9n, [0]))));
    await settle();
    expect(order).toEqual([]);
    release();
    await loading;
    await Promise.all([q1, q2]);
    expect(order).toEqual([1, 2]);
    expect(fetched(runtime)).toEqual([[0, 9n], [1, 7n]]); // replayed 7s, then the queued writes

    // Unload: writes in flight and members waiting in JoinGroup get NOT_COORDINATOR.
    const pendingWrite = (await q2).written;
    // (Not awaited: the operation's value is the JoinGroup answer, which waits for the rebalance.)
    const join = runtime.scheduleWriteOperation("join", 0, (s) =>
      s.classic.join({ groupId: "j", memberId: "", groupInstanceId: null, clientId: "c", clientHost: "/h", sessionTimeoutMs: 10_000, rebalanceTimeoutMs: 30_000, protocolType: "consumer", protocols: [{ name: "range", metadata: new Uint8Array([1]) }], requireKnownMemberId: false, supportsSkipAssignment: false, reason: null }),
    );
    await settle();
    runtime.scheduleUnloadOperation(0);
    expect(await pendingWrite.then(() => 0, (e: unknown) => (e as CoordinatorError).code)).toBe(ErrorCode.NOT_COORDINATOR);
    expect((await join).errorCode).toBe(ErrorCode.NOT_COORDINATOR);
  });

  test("timer expiries run as write operations of their shard (and revert on a failed append)", async () => {
    const { clock, writer, runtime } = setup();
    await runtime.scheduleLoadOperation(0);
    const w = await runtime.scheduleWriteOperation("c", 0, (s) => s.commitOffsets(commitReq(4n, [0])));
    writer.pending.shift()!.ok();
    await w.written;
    // Retention: 7 days by default; the expiry task runs as a write whose tombstones fail.
    clock.advance(8 * 24 * 3600 * 1000);
    const expired = runtime.scheduleWriteOperation("expire", 0, (s) => s.expireOffsets());
    expect(await expired).toBe(1);
    expect(fetched(runtime)).toEqual([]);
    writer.pending.shift()!.fail(ErrorCode.REQUEST_TIMED_OUT);
    await settle();
    expect(fetched(runtime)).toEqual([[0, 4n]]);
  });

  describe("transactions", () => {
    const txnReq = (offset: bigint, partitions = [0], producerId = 42n) => ({
      groupId: "g",
      producerId,
      producerEpoch: 3,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      groupInstanceId: null,
      apiVersion: 4,
      topics: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitions: partitions.map((partition) => ({ partition, offset, leaderEpoch: -1, metadata: "", commitTimestampMs: -1 })) }],
    });
    const stable = (rt: CoordinatorRuntime<GroupCoordinator>) => rt.scheduleReadOperation(0, (s) => s.fetchOffsets("g", [{ name: "t", partitions: [0, 1] }], true).map((o) => [o.partition, o.offset, o.errorCode ?? 0]));

    test("a transactional write goes in one transactional batch of its producer and stays pending until COMMIT", async () => {
      const { writer, runtime } = setup();
      await runtime.scheduleLoadOperation(0);
      const w = await runtime.scheduleTransactionalWriteOperation("txn-commit-offset", 0, 42n, 3, (s) => s.commitTransactionalOffsets(txnReq(11n, [0, 1])));
      expect(writer.pending[0]!.entries.map((e) => (e.kind === "record" ? [e.producerId, e.producerEpoch] : null))).toEqual([[42n, 3], [42n, 3]]);
      writer.pending.shift()!.ok();
      await w.written;
      expect(fetched(runtime)).toEqual([]); // pending: invisible
      expect(stable(runtime)).toEqual([[0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT], [1, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]]);

      const done = runtime.scheduleTransactionCompletion("write-txn-marker", 0, 42n, 3, 7, "COMMIT");
      await settle();
      expect(writer.pending[0]!.entries).toEqual([{ kind: "marker", marker: { producerId: 42n, producerEpoch: 3, coordinatorEpoch: 7, result: "COMMIT" } }]);
      expect(fetched(runtime)).toEqual([[0, 11n], [1, 11n]]); // applied with the marker
      writer.pending.shift()!.ok();
      await done;
      expect(runtime.undoEntryCount(0)).toBe(0);
      expect(stable(runtime)).toEqual([[0, 11n, 0], [1, 11n, 0]]);
    });

    test("a refused marker reverts the completion exactly; ABORT then drops the offsets", async () => {
      const { writer, runtime } = setup();
      await runtime.scheduleLoadOperation(0);
      const w = await runtime.scheduleTransactionalWriteOperation("txn-commit-offset", 0, 42n, 3, (s) => s.commitTransactionalOffsets(txnReq(11n)));
      writer.pending.shift()!.ok();
      await w.written;
      const fenced = runtime.scheduleTransactionCompletion("write-txn-marker", 0, 42n, 3, 7, "COMMIT");
      await settle();
      expect(fetched(runtime)).toEqual([[0, 11n]]);
      writer.pending.shift()!.fail(ErrorCode.TRANSACTION_COORDINATOR_FENCED);
      expect(await fenced.then(() => 0, (e: unknown) => (e as CoordinatorError).code)).toBe(ErrorCode.TRANSACTION_COORDINATOR_FENCED);
      expect(fetched(runtime)).toEqual([]); // back to pending
      expect(stable(runtime)[0]).toEqual([0, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]);
      expect(runtime.shardState(0)).toBe("active");

      const abort = runtime.scheduleTransactionCompletion("write-txn-marker", 0, 42n, 3, 8, "ABORT");
      await settle();
      writer.pending.shift()!.ok();
      await abort;
      expect(stable(runtime)).toEqual([[0, -1n, 0], [1, -1n, 0]]);
    });

    test("a failed transactional append reverts the pending offsets", async () => {
      const { writer, runtime } = setup();
      await runtime.scheduleLoadOperation(0);
      const w = await runtime.scheduleTransactionalWriteOperation("txn-commit-offset", 0, 42n, 3, (s) => s.commitTransactionalOffsets(txnReq(11n)));
      expect(stable(runtime)[0]![2]).toBe(ErrorCode.UNSTABLE_OFFSET_COMMIT);
      writer.pending.shift()!.fail(ErrorCode.INVALID_PRODUCER_EPOCH);
      expect(await w.written.then(() => 0, (e: unknown) => (e as CoordinatorError).code)).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
      expect(stable(runtime)[0]).toEqual([0, -1n, 0]);
      expect(runtime.scheduleReadOperation(0, (s) => s.hasPendingTransactions())).toBe(false);
    });

    test("reload rebuilds pending and completed transactions from records, producer ids and markers", async () => {
      const { writer, runtime } = setup();
      await runtime.scheduleLoadOperation(0);
      const step = async <T extends { written: Promise<void> }>(p: Promise<T>) => {
        const r = await p;
        writer.pending.shift()!.ok();
        await r.written;
      };
      const complete = async (pid: bigint, result: "COMMIT" | "ABORT") => {
        const p = runtime.scheduleTransactionCompletion("m", 0, pid, 3, 0, result);
        await settle();
        writer.pending.shift()!.ok();
        await p;
      };
      await step(runtime.scheduleTransactionalWriteOperation("t", 0, 1n, 3, (s) => s.commitTransactionalOffsets(txnReq(5n, [0], 1n))));
      await complete(1n, "COMMIT"); // p0 = 5
      await step(runtime.scheduleTransactionalWriteOperation("t", 0, 2n, 3, (s) => s.commitTransactionalOffsets(txnReq(6n, [0, 1], 2n))));
      await complete(2n, "ABORT"); // dropped
      await step(runtime.scheduleTransactionalWriteOperation("t", 0, 3n, 3, (s) => s.commitTransactionalOffsets(txnReq(7n, [1], 3n)))); // open
      // A transactional offset committed before a plain commit does not overwrite it on COMMIT.
      await step(runtime.scheduleTransactionalWriteOperation("t", 0, 4n, 3, (s) => s.commitTransactionalOffsets(txnReq(8n, [0], 4n))));
      await step(runtime.scheduleWriteOperation("c", 0, (s) => s.commitOffsets(commitReq(9n, [0]))));
      await complete(4n, "COMMIT");
      const before = stable(runtime);
      expect(before).toEqual([[0, 9n, 0], [1, -1n, ErrorCode.UNSTABLE_OFFSET_COMMIT]]);

      runtime.scheduleUnloadOperation(0);
      await runtime.scheduleLoadOperation(0);
      expect(stable(runtime)).toEqual(before);
      await complete(3n, "COMMIT");
      expect(stable(runtime)).toEqual([[0, 9n, 0], [1, 7n, 0]]);
      runtime.scheduleUnloadOperation(0);
      await runtime.scheduleLoadOperation(0);
      expect(stable(runtime)).toEqual([[0, 9n, 0], [1, 7n, 0]]);
      expect(runtime.scheduleReadOperation(0, (s) => s.hasPendingTransactions())).toBe(false);
    });

    test("a transactional write needs a producer id; a completion without a marker-capable writer fails cleanly", async () => {
      const { runtime } = setup();
      await runtime.scheduleLoadOperation(0);
      const bad = await runtime.scheduleTransactionalWriteOperation("t", 0, -1n, 0, () => 1).then(() => 0, (e: unknown) => (e as CoordinatorError).code);
      expect(bad).toBe(ErrorCode.INVALID_PRODUCER_ID_MAPPING);
      const plain = new CoordinatorRuntime<GroupCoordinator>({
        topic: "__x",
        writer: { append: () => Promise.resolve(0) },
        loader: { load: () => Promise.resolve({ records: 0, bytes: 0 }) },
        logger: QUIET,
        shardBuilder: (ctx) => new GroupCoordinator({ ...DEFAULT_COORDINATOR_CONFIG, numPartitions: 1 }, { append: (_p, r) => ctx.append(r) }, new ManualClock(), { snapshotRegistry: ctx.snapshotRegistry, logger: QUIET }),
      });
      await plain.scheduleLoadOperation(0);
      const code = await plain.scheduleTransactionCompletion("m", 0, 1n, 0, 0, "ABORT").then(() => 0, (e: unknown) => (e as CoordinatorError).code);
      expect(code).toBe(ErrorCode.UNKNOWN_SERVER_ERROR);
    });
  });
});
