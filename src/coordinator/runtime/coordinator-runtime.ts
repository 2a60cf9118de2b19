// Kafka's CoordinatorRuntime (coordinator-common), for one event loop: a shard per partition of a
// coordinator topic (__consumer_offsets today, __transaction_state next), loaded by replaying the
// partition when this node becomes its leader and dropped when it stops leading it.
//
// A write operation runs against its shard at once (so operations apply in the order they arrive),
// inside a snapshot of the shard's timeline state (SnapshotRegistry). The records it produces go to
// the PartitionWriter as one batch (acks=-1); its callers wait for the commit (the append promise).
// When the append fails, the shard's state goes back to the snapshot and the waiters get the append's
// error as Kafka's coordinator maps it (errors.ts). Commits are answered in offset order.
//
// Differences from Kafka, on purpose: appends are asynchronous here (the writer's promise), so a later
// write may already be applied when an earlier one fails; reverting to the earlier snapshot undoes it
// too, and the shard is then reloaded from its partition once the writes in flight settle, so state
// equals the log again. A failure that means the partition is gone (NOT_LEADER_OR_FOLLOWER,
// KAFKA_STORAGE_ERROR) unloads the shard. Reads see applied state, not only committed state (Kafka
// reads at the last committed offset; here the gap is one append and its fsync).
//
// Transactions (Kafka's scheduleTransactionalWriteOperation / scheduleTransactionCompletion): a
// transactional write is a write whose records go in one transactional batch of its producer (the
// shard keeps their state pending until the producer's marker); a transaction completion is a write
// that applies replayEndTransactionMarker to the shard inside a snapshot and appends the COMMIT/ABORT
// marker through the PartitionWriter, so a refused marker (a fenced coordinator epoch, a stale producer
// epoch) reverts the shard as any failed append does. Verifying that the partition is part of the
// transaction is the caller's (the TxnOffsetCommit handler asks the transaction coordinator).
//
// Limits: while a shard loads, at most maxQueuedOperations writes wait for it (then
// COORDINATOR_LOAD_IN_PROGRESS); at most maxInFlightWrites appends per shard wait for their commit
// (then COORDINATOR_NOT_AVAILABLE, the client retries).

import { ErrorCode } from "../../protocol/errors.ts";
import type { CoordinatorLoader, LoadSummary } from "./coordinator-loader.ts";
import type { CoordinatorShard, CoordinatorShardBuilder, CoordinatorShardContext } from "./coordinator-shard.ts";
import { CoordinatorError, fromAppendFailure, losesPartition } from "./errors.ts";
import type { CoordinatorLogger } from "./logger.ts";
import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import type { CoordinatorRecord, EndTxnMarkerWrite, PartitionWriter, TopicPartition, TransactionalProducer } from "./partition-writer.ts";
import { SnapshotRegistry } from "./snapshot-registry.ts";

export type ShardState = "loading" | "active" | "failed";

export interface CoordinatorRuntimeOptions<S extends CoordinatorShard> {
  topic: string;
  writer: PartitionWriter;
  loader: CoordinatorLoader;
  shardBuilder: CoordinatorShardBuilder<S>;
  logger: CoordinatorLogger;
  maxQueuedOperations?: number;
  maxInFlightWrites?: number;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (e: CoordinatorError) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: CoordinatorError) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting (a fire-and-forget write): the runtime logs failures itself.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

interface WriteInProgress {
  name: string;
  epoch: number;
  records: CoordinatorRecord[];
  commit: Deferred;
  /** False for records appended outside an operation: their state change has no snapshot. */
  revertable: boolean;
  /** A transactional write: its records go in one transactional batch of this producer. */
  producer: TransactionalProducer | null;
  /** A transaction completion: this marker is appended (and no records). */
  marker: EndTxnMarkerWrite | null;
  markerTimeoutMs: number | undefined;
}

/** What kind of write runWrite starts. */
interface WriteKind {
  revertable: boolean;
  producer?: TransactionalProducer;
  marker?: EndTxnMarkerWrite;
  markerTimeoutMs?: number;
}

const PLAIN_WRITE: WriteKind = { revertable: true };

interface PendingWrite {
  name: string;
  epoch: number;
  commit: Deferred;
  settled: boolean;
}

class CoordinatorContext<S extends CoordinatorShard> {
  state: ShardState = "loading";
  shard!: S;
  readonly registry = new SnapshotRegistry();
  nextEpoch = 0;
  current: WriteInProgress | null = null;
  readonly inflight: PendingWrite[] = [];
  readonly queue: Array<{ run: () => void; fail: (e: CoordinatorError) => void }> = [];
  needsReload = false;
  loaded!: Promise<LoadSummary>;
  constructor(
    readonly tp: TopicPartition,
    readonly generation: number,
  ) {}
}

export class CoordinatorRuntime<S extends CoordinatorShard> {
  private readonly contexts = new Map<number, CoordinatorContext<S>>();
  private generations = 0;
  private closed = false;
  private readonly maxQueued: number;
  private readonly maxInFlight: number;

  constructor(private readonly opts: CoordinatorRuntimeOptions<S>) {
    this.maxQueued = opts.maxQueuedOperations ?? 1024;
    this.maxInFlight = opts.maxInFlightWrites ?? 8192;
  }

  get topic(): string {
    return this.opts.topic;
  }

  // ---- load / unload ----------------------------------------------------------------------------

  /** Become the coordinator of `partition`: build its shard and replay the partition into it. */
  scheduleLoadOperation(partition: number): Promise<LoadSummary> {
    const existing = this.contexts.get(partition);
    if (existing && existing.state !== "failed") return existing.loaded;
    if (this.closed) return Promise.reject(new CoordinatorError(ErrorCode.NOT_COORDINATOR, "the coordinator runtime is closed"));
    const ctx = new CoordinatorContext<S>({ topic: this.opts.topic, partition }, ++this.generations);
    ctx.shard = this.opts.shardBuilder(this.shardContext(ctx));
    this.contexts.set(partition, ctx);
    const t0 = performance.now();
    const sink = {
      record: (offset: number, producerId: bigint, producerEpoch: number, key: Uint8Array, value: Uint8Array | null) => ctx.shard.replay(offset, producerId, producerEpoch, key, value),
      endTransactionMarker: (producerId: bigint, producerEpoch: number, result: TransactionResult) => ctx.shard.replayEndTransactionMarker?.(producerId, producerEpoch, result),
    };
    ctx.loaded = this.opts.loader.load(ctx.tp, sink).then(
      (summary) => {
        if (this.contexts.get(partition) !== ctx) return summary;
        ctx.shard.onLoaded();
        ctx.state = "active";
        this.opts.logger.info("coordinator shard loaded", { partition: `${this.opts.topic}-${partition}`, ...summary, loadMs: Math.round(performance.now() - t0) });
        // Bounded by maxQueued; each runs as if it had arrived now, in arrival order.
        for (const q of ctx.queue.splice(0)) q.run();
        return summary;
      },
      (e: unknown) => {
        if (this.contexts.get(partition) === ctx) {
          ctx.state = "failed";
          this.opts.logger.error("coordinator shard failed to load; its groups answer NOT_COORDINATOR", { partition: `${this.opts.topic}-${partition}`, error: String(e) });
          this.dropContext(ctx, new CoordinatorError(ErrorCode.NOT_COORDINATOR, `${this.opts.topic}-${partition} failed to load`));
        }
        throw e;
      },
    );
    return ctx.loaded;
  }

  /** Stop coordinating `partition` (no longer its leader): waiters get NOT_COORDINATOR. */
  scheduleUnloadOperation(partition: number): void {
    const ctx = this.contexts.get(partition);
    if (!ctx) return;
    this.dropContext(ctx, new CoordinatorError(ErrorCode.NOT_COORDINATOR, `this node no longer coordinates ${this.opts.topic}-${partition}`));
    this.opts.logger.info("coordinator shard unloaded", { partition: `${this.opts.topic}-${partition}` });
  }

  private dropContext(ctx: CoordinatorContext<S>, error: CoordinatorError): void {
    if (this.contexts.get(ctx.tp.partition) === ctx) this.contexts.delete(ctx.tp.partition);
    for (const w of ctx.inflight.splice(0)) w.commit.reject(error);
    for (const q of ctx.queue.splice(0)) q.fail(error);
    ctx.registry.clear();
    try {
      ctx.shard.onUnloaded();
    } catch (e) {
      this.opts.logger.error("coordinator shard failed to unload cleanly", { partition: `${ctx.tp.topic}-${ctx.tp.partition}`, error: String(e) });
    }
  }

  /** Unload and load again (state = the partition's log), once no append is in flight. */
  private reload(ctx: CoordinatorContext<S>): void {
    if (this.contexts.get(ctx.tp.partition) !== ctx) return;
    this.opts.logger.warn("coordinator shard reloads from its partition after a failed append", { partition: `${ctx.tp.topic}-${ctx.tp.partition}` });
    this.dropContext(ctx, new CoordinatorError(ErrorCode.NOT_COORDINATOR, `${ctx.tp.topic}-${ctx.tp.partition} is reloading`));
    this.scheduleLoadOperation(ctx.tp.partition).catch((e: unknown) =>
      this.opts.logger.error("coordinator shard reload failed", { partition: `${ctx.tp.topic}-${ctx.tp.partition}`, error: String(e) }),
    );
  }

  // ---- state --------------------------------------------------------------------------------------

  shardState(partition: number): ShardState | undefined {
    return this.contexts.get(partition)?.state;
  }

  /** The partitions whose shard is loaded or loading. */
  partitions(): number[] {
    return [...this.contexts.keys()];
  }

  /** Loaded shards, by partition. */
  *activeShards(): IterableIterator<[number, S]> {
    for (const [p, ctx] of this.contexts) if (ctx.state === "active") yield [p, ctx.shard];
  }

  /** Whether a shard has appends waiting for their commit. */
  hasPendingWrites(partition: number): boolean {
    return (this.contexts.get(partition)?.inflight.length ?? 0) > 0;
  }

  /** Undo entries held by a shard's uncommitted writes (tests and the bench). */
  undoEntryCount(partition: number): number {
    return this.contexts.get(partition)?.registry.undoEntryCount ?? 0;
  }

  private activeContext(partition: number): CoordinatorContext<S> {
    const ctx = this.contexts.get(partition);
    if (!ctx || ctx.state === "failed") throw new CoordinatorError(ErrorCode.NOT_COORDINATOR, `this node does not coordinate ${this.opts.topic}-${partition}`);
    if (ctx.state === "loading") throw new CoordinatorError(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, `${this.opts.topic}-${partition} is loading`);
    return ctx;
  }

  // ---- operations ---------------------------------------------------------------------------------

  /** Run `op` against the shard's current state (throws NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS). */
  scheduleReadOperation<T>(partition: number, op: (shard: S) => T): T {
    return op(this.activeContext(partition).shard);
  }

  /**
   * Run `op` as a write of the shard: at once when it is loaded, after the load while it loads. The
   * promise gives op's value as soon as op has run; records op appended are committed (or reverted)
   * through the promises append() returned to it.
   */
  scheduleWriteOperation<T>(name: string, partition: number, op: (shard: S) => T): Promise<T> {
    return this.schedule(partition, (ctx) => this.runWrite(ctx, name, op, PLAIN_WRITE));
  }

  /**
   * Kafka's scheduleTransactionalWriteOperation: as scheduleWriteOperation, but the records `op`
   * appends are written in one transactional batch of `producerId`/`producerEpoch` (TxnOffsetCommit).
   * The shard applies them as pending state of that producer; its end marker settles them.
   */
  scheduleTransactionalWriteOperation<T>(name: string, partition: number, producerId: bigint, producerEpoch: number, op: (shard: S) => T): Promise<T> {
    if (producerId < 0n) return Promise.reject(new CoordinatorError(ErrorCode.INVALID_PRODUCER_ID_MAPPING, `a transactional write needs a producer id, got ${producerId}`));
    const producer = { producerId, producerEpoch };
    return this.schedule(partition, (ctx) => this.runWrite(ctx, name, op, { revertable: true, producer }));
  }

  /**
   * Kafka's scheduleTransactionCompletion: apply the COMMIT/ABORT of `producerId`'s transaction to the
   * shard (replayEndTransactionMarker) and append the marker; resolves once the marker is committed,
   * rejects with the append's mapped error after reverting the shard (TRANSACTION_COORDINATOR_FENCED,
   * INVALID_PRODUCER_EPOCH, NOT_COORDINATOR, ...).
   */
  scheduleTransactionCompletion(name: string, partition: number, producerId: bigint, producerEpoch: number, coordinatorEpoch: number, result: TransactionResult, timeoutMs?: number): Promise<void> {
    const marker: EndTxnMarkerWrite = { producerId, producerEpoch, coordinatorEpoch, result };
    return this.schedule(partition, (ctx) => {
      if (!this.opts.writer.appendEndTxnMarker) throw new CoordinatorError(ErrorCode.UNKNOWN_SERVER_ERROR, `the partition writer of ${ctx.tp.topic} cannot write transaction markers`);
      if (ctx.current !== null) throw new CoordinatorError(ErrorCode.UNKNOWN_SERVER_ERROR, "a transaction completion cannot run inside another write");
      return this.startWrite(ctx, name, (shard) => shard.replayEndTransactionMarker?.(producerId, producerEpoch, result), { revertable: true, marker, markerTimeoutMs: timeoutMs }).committed;
    }).then((committed) => committed);
  }

  /** Run `run` against the partition's context: at once when loaded, after the load while it loads. */
  private schedule<T>(partition: number, run: (ctx: CoordinatorContext<S>) => T): Promise<T> {
    const ctx = this.contexts.get(partition);
    if (!ctx || ctx.state === "failed") return Promise.reject(new CoordinatorError(ErrorCode.NOT_COORDINATOR, `this node does not coordinate ${this.opts.topic}-${partition}`));
    if (ctx.state === "loading") {
      if (ctx.queue.length >= this.maxQueued) {
        return Promise.reject(new CoordinatorError(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, `${this.opts.topic}-${partition} is loading and ${this.maxQueued} operations already wait for it`));
      }
      return new Promise<T>((resolve, reject) => {
        ctx.queue.push({
          run: () => {
            try {
              resolve(run(ctx));
            } catch (e) {
              reject(e);
            }
          },
          fail: reject,
        });
      });
    }
    try {
      return Promise.resolve(run(ctx));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  private runWrite<T>(ctx: CoordinatorContext<S>, name: string, op: (shard: S) => T, kind: WriteKind): T {
    return this.startWrite(ctx, name, op, kind).value;
  }

  /** Run `op` as a write; `committed` settles with its append (at once when it appended nothing). */
  private startWrite<T>(ctx: CoordinatorContext<S>, name: string, op: (shard: S) => T, kind: WriteKind): { value: T; committed: Promise<void> } {
    if (ctx.inflight.length >= this.maxInFlight) {
      throw new CoordinatorError(ErrorCode.COORDINATOR_NOT_AVAILABLE, `${this.maxInFlight} writes to ${ctx.tp.topic}-${ctx.tp.partition} already wait for their commit`);
    }
    if (ctx.current !== null) {
      // A write started from inside another (a timer callback run synchronously): one operation. Its
      // records join the outer write's batch, so a transactional write cannot nest in another.
      if (kind.producer !== undefined || kind.marker !== undefined) {
        throw new CoordinatorError(ErrorCode.UNKNOWN_SERVER_ERROR, `a transactional write cannot run inside another write (${ctx.current.name}, ${name})`);
      }
      return { value: op(ctx.shard), committed: ctx.current.commit.promise };
    }
    const epoch = ++ctx.nextEpoch;
    ctx.registry.getOrCreateSnapshot(epoch);
    const w: WriteInProgress = {
      name,
      epoch,
      records: [],
      commit: deferred(),
      revertable: kind.revertable,
      producer: kind.producer ?? null,
      marker: kind.marker ?? null,
      markerTimeoutMs: kind.markerTimeoutMs,
    };
    ctx.current = w;
    let value: T;
    try {
      value = op(ctx.shard);
    } catch (e) {
      // An operation that throws changes nothing (Kafka's shard only changes state by its records).
      ctx.current = null;
      ctx.registry.revertToSnapshot(epoch);
      throw e;
    }
    ctx.current = null;
    if (w.marker !== null && w.records.length > 0) {
      // A completion only writes its marker: records would have to go in a batch of their own first.
      ctx.registry.revertToSnapshot(epoch);
      throw new CoordinatorError(ErrorCode.UNKNOWN_SERVER_ERROR, `${name}: replayEndTransactionMarker appended records`);
    }
    if (w.records.length === 0 && w.marker === null) {
      if (ctx.inflight.length === 0) ctx.registry.deleteSnapshotsUpTo(epoch + 1);
      w.commit.resolve();
      return { value, committed: w.commit.promise };
    }
    this.append(ctx, w);
    return { value, committed: w.commit.promise };
  }

  private append(ctx: CoordinatorContext<S>, w: WriteInProgress): void {
    const pending: PendingWrite = { name: w.name, epoch: w.epoch, commit: w.commit, settled: false };
    ctx.inflight.push(pending);
    let appended: Promise<number>;
    try {
      const writer = this.opts.writer;
      if (w.marker !== null) appended = writer.appendEndTxnMarker!(ctx.tp, w.marker, w.markerTimeoutMs);
      else appended = w.producer !== null ? writer.append(ctx.tp, w.records, w.producer) : writer.append(ctx.tp, w.records);
    } catch (e) {
      appended = Promise.reject(e);
    }
    appended.then(
      () => this.onCommitted(ctx, pending),
      (e: unknown) => this.onAppendFailed(ctx, pending, e, w.revertable),
    );
  }

  private onCommitted(ctx: CoordinatorContext<S>, w: PendingWrite): void {
    if (this.contexts.get(ctx.tp.partition) !== ctx || !ctx.inflight.includes(w)) return;
    w.settled = true;
    this.completeSettled(ctx);
  }

  /** Answer committed writes in offset order, and forget the snapshots nothing can revert to now. */
  private completeSettled(ctx: CoordinatorContext<S>): void {
    while (ctx.inflight.length > 0 && ctx.inflight[0]!.settled) ctx.inflight.shift()!.commit.resolve();
    const head = ctx.inflight[0];
    ctx.registry.deleteSnapshotsUpTo(head ? head.epoch : ctx.nextEpoch + 1);
    if (ctx.needsReload && ctx.inflight.length === 0) this.reload(ctx);
  }

  private onAppendFailed(ctx: CoordinatorContext<S>, w: PendingWrite, e: unknown, revertable: boolean): void {
    if (this.contexts.get(ctx.tp.partition) !== ctx) return;
    const i = ctx.inflight.indexOf(w);
    if (i < 0) return;
    const later = ctx.inflight.length - i - 1;
    ctx.inflight.splice(i, 1);
    const error = fromAppendFailure(e);
    const partition = `${ctx.tp.topic}-${ctx.tp.partition}`;
    this.opts.logger.warn("coordinator write failed; its state change is reverted", { partition, operation: w.name, errorCode: error.code, error: e instanceof Error ? e.message : String(e) });
    // The snapshot may be gone already: an earlier failed write reverted past it.
    try {
      ctx.registry.revertToSnapshot(w.epoch);
    } catch (re) {
      if (!(re instanceof RangeError)) throw re;
    }
    w.commit.reject(error);
    // Operations applied after this one were undone with it (though a later append may still
    // succeed), and a write without a snapshot cannot be undone: the log is then the truth to reload.
    if (later > 0 || ctx.nextEpoch > w.epoch || !revertable) ctx.needsReload = true;
    if (losesPartition(e)) {
      this.opts.logger.error("coordinator partition lost after a failed append; its shard is unloaded", { partition, error: error.message });
      this.dropContext(ctx, new CoordinatorError(ErrorCode.NOT_COORDINATOR, `${partition} is no longer writable here: ${error.message}`));
      ctx.state = "failed";
      return;
    }
    this.completeSettled(ctx);
  }

  private shardContext(ctx: CoordinatorContext<S>): CoordinatorShardContext {
    return {
      tp: ctx.tp,
      snapshotRegistry: ctx.registry,
      append: (records, revertable = true) => {
        if (records.length === 0) return Promise.resolve();
        if (this.contexts.get(ctx.tp.partition) !== ctx) {
          return Promise.reject(new CoordinatorError(ErrorCode.NOT_COORDINATOR, `this node no longer coordinates ${ctx.tp.topic}-${ctx.tp.partition}`));
        }
        const w = ctx.current;
        if (w !== null) {
          if (w.marker !== null) return Promise.reject(new CoordinatorError(ErrorCode.UNKNOWN_SERVER_ERROR, "a transaction completion cannot append records"));
          w.records.push(...records);
          if (!revertable) w.revertable = false;
          return w.commit.promise;
        }
        // Outside an operation (a promise continuation): a write of its own, not revertable.
        try {
          return this.runWrite(
            ctx,
            "append",
            () => {
              ctx.current!.records.push(...records);
              return ctx.current!.commit.promise;
            },
            { revertable: false },
          );
        } catch (e) {
          return Promise.reject(e);
        }
      },
      scheduleWrite: (name, fn) => {
        if (this.contexts.get(ctx.tp.partition) !== ctx) return;
        this.scheduleWriteOperation(name, ctx.tp.partition, () => fn()).catch((e: unknown) =>
          this.opts.logger.warn("coordinator background write failed", { partition: `${ctx.tp.topic}-${ctx.tp.partition}`, operation: name, error: String(e) }),
        );
      },
    };
  }

  /** Drop every shard (broker shutdown). */
  close(): void {
    this.closed = true;
    for (const ctx of [...this.contexts.values()]) this.dropContext(ctx, new CoordinatorError(ErrorCode.NOT_COORDINATOR, "the coordinator is shutting down"));
  }
}
