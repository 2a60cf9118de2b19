// Kafka's TransactionCoordinator as the broker runs it: one TransactionCoordinatorShard per
// __transaction_state partition this node leads, run by the CoordinatorRuntime (loaded by replaying
// the partition with loadCoordinatorPartition, records committed through the PartitionWriter).
// Requests are routed to the shard of abs(javaHashCode(transactionalId)) % partitions (Kafka's
// TransactionStateManager.partitionFor). Leadership follows the metadata image (reconcile, as the
// group coordinator does). The topic is created on the first FindCoordinator / InitProducerId.
//
// Periodic work on the broker's clock: abort of timed-out transactions every
// transaction.abort.timed.out.transaction.cleanup.interval.ms, removal of transactional ids idle past
// transactional.id.expiration.ms every transaction.remove.expired.transaction.cleanup.interval.ms.
//
// It is also the TxnPartitionVerifier of the produce / TxnOffsetCommit paths (verifyOrAdd): on one
// node the coordinator answers in process. With several nodes, a transactional id coordinated
// elsewhere answers NOT_COORDINATOR (left out: AddPartitionsToTxn v4+ to the coordinator's node).
//
// __transaction_state is created with min(transaction.state.log.replication.factor, brokers
// registered) replicas and min.insync.replicas min(transaction.state.log.min.isr, replicas), so a
// single node with Kafka's defaults (3 / 2) still works: Kafka would refuse to create it.

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import type { MetadataLayer } from "../../metadata/layer.ts";
import { transactionVersion } from "../../metadata/features.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { LogOfflineError } from "../../storage/errors.ts";
import type { Log } from "../../storage/log.ts";
import { kafkaAbs, javaStringHashCode } from "../group/partitioner.ts";
import type { GroupClock } from "../group/timer.ts";
import type { CoordinatorLoader, LoadSink, LoadSummary } from "../runtime/coordinator-loader.ts";
import { CoordinatorRuntime } from "../runtime/coordinator-runtime.ts";
import { CoordinatorError } from "../runtime/errors.ts";
import { loadCoordinatorPartition } from "../runtime/log-loader.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import type { PartitionWriter, TopicPartition } from "../runtime/partition-writer.ts";
import { TransactionMarkerChannelManager, type MarkerWriter } from "./marker-channel.ts";
import { TransactionCoordinatorShard, type ProducerIdAndEpochResult } from "./transaction-coordinator.ts";
import { tpKey, type TransactionMetadata, type TransactionVersion } from "./transaction-metadata.ts";
import { TransactionState, stateName } from "./transaction-state.ts";

export const TRANSACTION_STATE_TOPIC = "__transaction_state";

export interface TransactionConfig {
  numPartitions: number;
  replicationFactor: number;
  minIsr: number;
  segmentBytes: number;
  maxTimeoutMs: number;
  abortTimedOutTransactionsIntervalMs: number;
  removeExpiredTransactionalIdsIntervalMs: number;
  transactionalIdExpirationMs: number;
  partitionVerificationEnable: boolean;
}

export function transactionConfigOf(c: BrokerConfig): TransactionConfig {
  return {
    numPartitions: c.int("transaction.state.log.num.partitions"),
    replicationFactor: c.int("transaction.state.log.replication.factor"),
    minIsr: c.int("transaction.state.log.min.isr"),
    segmentBytes: c.int("transaction.state.log.segment.bytes"),
    maxTimeoutMs: c.int("transaction.max.timeout.ms"),
    abortTimedOutTransactionsIntervalMs: c.int("transaction.abort.timed.out.transaction.cleanup.interval.ms"),
    removeExpiredTransactionalIdsIntervalMs: c.int("transaction.remove.expired.transaction.cleanup.interval.ms"),
    transactionalIdExpirationMs: c.int("transactional.id.expiration.ms"),
    partitionVerificationEnable: c.bool("transaction.partition.verification.enable"),
  };
}

export interface TransactionCoordinatorServiceDeps {
  config: TransactionConfig;
  nodeId: number;
  metadata: () => MetadataLayer | undefined;
  writer: PartitionWriter;
  logger: CoordinatorLogger;
  clock: GroupClock;
  generateProducerId: () => bigint;
  markerWriter: MarkerWriter;
  /** Replays a partition (tests); default: loadCoordinatorPartition over the partition's log. */
  loader?: CoordinatorLoader;
  /** Marker retry backoff (tests shorten it). */
  markerBackoffMs?: { min: number; max: number };
}

export type TxnCoordinatorLocation =
  | { kind: "here" }
  | { kind: "loading" }
  | { kind: "elsewhere"; leader: number }
  | { kind: "unavailable"; reason: string };

export interface TransactionListing {
  transactionalId: string;
  producerId: bigint;
  state: string;
}

export interface TransactionDescription {
  errorCode: number;
  transactionalId: string;
  state: string;
  timeoutMs: number;
  startTimeMs: number;
  producerId: bigint;
  producerEpoch: number;
  topics: Array<{ topic: string; partitions: number[] }>;
}

export function partitionForTransactionalId(transactionalId: string, numPartitions: number): number {
  return kafkaAbs(javaStringHashCode(transactionalId)) % numPartitions;
}

/** server/txn-verification.ts's VerifyOrAddRequest (the coordinator does not import server/). */
export interface VerifyOrAddRequest {
  transactionalId: string;
  producerId: bigint;
  producerEpoch: number;
  partitions: ReadonlyArray<{ topic: string; partition: number }>;
  add: boolean;
}

export class TransactionCoordinatorService {
  readonly runtime: CoordinatorRuntime<TransactionCoordinatorShard>;
  readonly markers: TransactionMarkerChannelManager;
  readonly config: TransactionConfig;
  private seenImage: MetadataImage | null = null;
  private creating: Promise<void> | null = null;
  private readonly timers: Array<{ cancel(): void }> = [];
  private closed = false;
  /** Verifications of one producer run one after another, so its batches are appended in order. */
  private readonly chains = new Map<bigint, Promise<unknown>>();

  constructor(private readonly deps: TransactionCoordinatorServiceDeps) {
    this.config = deps.config;
    this.markers = new TransactionMarkerChannelManager({
      writer: deps.markerWriter,
      clock: deps.clock,
      logger: deps.logger,
      partitionExists: (topic, partition) => {
        const t = deps.metadata()?.image.topicsByName.get(topic);
        return t === undefined ? deps.metadata() === undefined : t.partitions[partition] !== undefined;
      },
      minBackoffMs: deps.markerBackoffMs?.min,
      maxBackoffMs: deps.markerBackoffMs?.max,
    });
    const loader: CoordinatorLoader = deps.loader ?? { load: (tp, sink) => this.load(tp, sink) };
    this.runtime = new CoordinatorRuntime<TransactionCoordinatorShard>({
      topic: TRANSACTION_STATE_TOPIC,
      writer: deps.writer,
      loader,
      logger: deps.logger,
      shardBuilder: (ctx) => {
        const leaderEpoch = deps.metadata()?.image.topicsByName.get(TRANSACTION_STATE_TOPIC)?.partitions[ctx.tp.partition]?.leaderEpoch ?? 0;
        const shard = new TransactionCoordinatorShard(ctx, {
          coordinatorEpoch: Math.max(0, leaderEpoch),
          nowMs: () => deps.clock.nowMs(),
          generateProducerId: deps.generateProducerId,
          transactionVersionLevel: () => this.transactionVersionLevel(),
          markers: this.markers,
          logger: deps.logger,
          schedule: (cb, ms) => deps.clock.schedule(cb, ms),
        });
        const replay = shard.replay.bind(shard);
        shard.replay = (offset, producerId, producerEpoch, key, value) => {
          try {
            replay(offset, producerId, producerEpoch, key, value);
          } catch (e) {
            deps.logger.warn("skipping unreadable __transaction_state record", { partition: `${TRANSACTION_STATE_TOPIC}-${ctx.tp.partition}`, error: (e as Error).message });
          }
        };
        return shard;
      },
    });
  }

  transactionVersionLevel(): number {
    const image = this.deps.metadata()?.image;
    return image ? transactionVersion(image) : 0;
  }

  // ---- topic and leadership -----------------------------------------------------------------------

  get topicExists(): boolean {
    return this.deps.metadata()?.image.topicsByName.has(TRANSACTION_STATE_TOPIC) ?? false;
  }

  private log(partition: number): Log | undefined {
    try {
      const log = this.deps.metadata()?.partitionLog(TRANSACTION_STATE_TOPIC, partition);
      return log && !log.isOffline ? log : undefined;
    } catch (e) {
      if (e instanceof LogOfflineError) return undefined;
      throw e;
    }
  }

  private load(tp: TopicPartition, sink: LoadSink): Promise<LoadSummary> {
    try {
      const log = this.log(tp.partition);
      if (!log) throw new Error(`${TRANSACTION_STATE_TOPIC}-${tp.partition} has no usable log on this node`);
      return Promise.resolve(loadCoordinatorPartition(log, sink));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Create __transaction_state if needed, then load the shards led here. */
  async ensureTopic(): Promise<void> {
    if (!this.topicExists || this.creating !== null) {
      const md = this.deps.metadata();
      if (!md?.ensureInternalTopic) throw new Error("the metadata layer cannot create internal topics");
      // The metadata layer refuses fewer replicas than configured while brokers are missing (a single
      // node gets what it has); min.insync.replicas is never above the replicas the topic gets.
      const brokers = Math.max(1, md.image.brokers.size);
      const rf = this.config.replicationFactor;
      this.creating ??= md
        .ensureInternalTopic(
          TRANSACTION_STATE_TOPIC,
          this.config.numPartitions,
          { "cleanup.policy": "compact", "compression.type": "uncompressed", "segment.bytes": String(this.config.segmentBytes), "min.insync.replicas": String(Math.min(this.config.minIsr, rf, brokers)), "unclean.leader.election.enable": "false" },
          rf,
        )
        .then(
          () => void (this.creating = null),
          (e: unknown) => {
            this.creating = null;
            throw e;
          },
        );
      await this.creating;
    }
    await Promise.allSettled(this.reconcile());
  }

  private leads(image: MetadataImage, partition: number): boolean {
    const p = image.topicsByName.get(TRANSACTION_STATE_TOPIC)?.partitions[partition];
    return p !== undefined && p.leader === this.deps.nodeId && (this.deps.loader !== undefined || this.log(partition) !== undefined);
  }

  /** Load shards of partitions newly led here, unload those no longer led (Kafka's onElection / onResignation). */
  reconcile(): Array<Promise<LoadSummary>> {
    const image = this.deps.metadata()?.image;
    if (!image || image === this.seenImage || this.closed) return [];
    this.seenImage = image;
    if (!image.topicsByName.has(TRANSACTION_STATE_TOPIC)) return [];
    const loads: Array<Promise<LoadSummary>> = [];
    for (let p = 0; p < this.config.numPartitions; p++) {
      const state = this.runtime.shardState(p);
      if (this.leads(image, p)) {
        if (state === undefined || state === "failed") {
          this.markers.removeMarkersForTxnTopicPartition(p);
          const load = this.runtime.scheduleLoadOperation(p);
          load.catch((e: unknown) => this.deps.logger.error("transaction coordinator shard did not load", { partition: `${TRANSACTION_STATE_TOPIC}-${p}`, error: String(e) }));
          loads.push(load);
        }
      } else if (state !== undefined) {
        this.runtime.scheduleUnloadOperation(p);
      }
    }
    return loads;
  }

  partitionFor(transactionalId: string): number {
    return partitionForTransactionalId(transactionalId, this.config.numPartitions);
  }

  locate(transactionalId: string): TxnCoordinatorLocation {
    this.reconcile();
    const partition = this.partitionFor(transactionalId);
    const state = this.runtime.shardState(partition);
    if (state === "active") return { kind: "here" };
    if (state === "loading") return { kind: "loading" };
    const p = this.deps.metadata()?.image.topicsByName.get(TRANSACTION_STATE_TOPIC)?.partitions[partition];
    if (!p || p.leader < 0) return { kind: "unavailable", reason: `${TRANSACTION_STATE_TOPIC}-${partition} has no leader` };
    if (p.leader !== this.deps.nodeId) return { kind: "elsewhere", leader: p.leader };
    return { kind: "unavailable", reason: `${TRANSACTION_STATE_TOPIC}-${partition} is not usable on this node` };
  }

  /** Start the shards of the partitions led here and the periodic tasks. */
  async start(): Promise<{ partitions: number; records: number }> {
    let records = 0;
    for (const r of await Promise.allSettled(this.reconcile())) if (r.status === "fulfilled") records += r.value.records;
    this.every(this.config.abortTimedOutTransactionsIntervalMs, () => void this.abortTimedOutTransactions());
    this.every(this.config.removeExpiredTransactionalIdsIntervalMs, () => void this.expireTransactionalIds());
    return { partitions: this.runtime.partitions().length, records };
  }

  private every(intervalMs: number, fn: () => void): void {
    const slot = this.timers.length;
    const arm = (): void => {
      if (this.closed) return;
      this.timers[slot] = this.deps.clock.schedule(() => {
        try {
          fn();
        } finally {
          arm();
        }
      }, intervalMs);
    };
    this.timers.push({ cancel: () => undefined });
    arm();
  }

  // ---- operations ---------------------------------------------------------------------------------

  private async write<T>(name: string, transactionalId: string, op: (shard: TransactionCoordinatorShard) => Promise<T>): Promise<T> {
    this.reconcile();
    return await this.runtime.scheduleWriteOperation(name, this.partitionFor(transactionalId), op);
  }

  private codeOf(e: unknown): number {
    if (e instanceof CoordinatorError) return e.code;
    this.deps.logger.error("transaction coordinator operation failed", { error: e instanceof Error ? e.stack ?? e.message : String(e) });
    return ErrorCode.UNKNOWN_SERVER_ERROR;
  }

  validateTransactionTimeoutMs(timeoutMs: number): boolean {
    return timeoutMs > 0 && timeoutMs <= this.config.maxTimeoutMs;
  }

  async handleInitProducerId(transactionalId: string, txnTimeoutMs: number, expected: { producerId: bigint; producerEpoch: number } | null): Promise<ProducerIdAndEpochResult> {
    const fail = (errorCode: number): ProducerIdAndEpochResult => ({ errorCode, producerId: -1n, producerEpoch: -1 });
    if (transactionalId === "") return fail(ErrorCode.INVALID_REQUEST);
    if (!this.validateTransactionTimeoutMs(txnTimeoutMs)) return fail(ErrorCode.INVALID_TRANSACTION_TIMEOUT);
    try {
      if (!this.topicExists) await this.ensureTopic();
      return await this.write("init-producer-id", transactionalId, (s) => s.initProducerId(transactionalId, txnTimeoutMs, expected));
    } catch (e) {
      return fail(this.codeOf(e));
    }
  }

  async handleAddPartitionsToTransaction(transactionalId: string, producerId: bigint, producerEpoch: number, partitions: readonly string[], clientTransactionVersion: TransactionVersion): Promise<number> {
    if (transactionalId === "") return ErrorCode.INVALID_REQUEST;
    try {
      return await this.write("add-partitions", transactionalId, (s) => s.addPartitions(transactionalId, producerId, producerEpoch, partitions, clientTransactionVersion));
    } catch (e) {
      return this.codeOf(e);
    }
  }

  handleVerifyPartitionsInTransaction(transactionalId: string, producerId: bigint, producerEpoch: number, partitions: readonly string[]): Map<string, number> {
    if (transactionalId === "") return new Map(partitions.map((p) => [p, ErrorCode.INVALID_REQUEST]));
    try {
      this.reconcile();
      return this.runtime.scheduleReadOperation(this.partitionFor(transactionalId), (s) => s.verifyPartitions(transactionalId, producerId, producerEpoch, partitions));
    } catch (e) {
      const code = this.codeOf(e);
      return new Map(partitions.map((p) => [p, code]));
    }
  }

  async handleEndTransaction(transactionalId: string, producerId: bigint, producerEpoch: number, result: "COMMIT" | "ABORT", clientTransactionVersion: TransactionVersion): Promise<ProducerIdAndEpochResult> {
    if (transactionalId === "") return { errorCode: ErrorCode.INVALID_REQUEST, producerId: -1n, producerEpoch: -1 };
    try {
      return await this.write("end-txn", transactionalId, (s) => s.endTransaction(transactionalId, producerId, producerEpoch, result, true, clientTransactionVersion));
    } catch (e) {
      return { errorCode: this.codeOf(e), producerId: -1n, producerEpoch: -1 };
    }
  }

  /** TxnPartitionVerifier: verify (V1) or add (V2) the partitions of a transactional produce. */
  verifyOrAdd(req: VerifyOrAddRequest): Promise<Map<string, number>> {
    const keys = req.partitions.map((p) => tpKey(p.topic, p.partition));
    const run = async (): Promise<Map<string, number>> => {
      if (!req.add) return this.handleVerifyPartitionsInTransaction(req.transactionalId, req.producerId, req.producerEpoch, keys);
      const code = await this.handleAddPartitionsToTransaction(req.transactionalId, req.producerId, req.producerEpoch, keys, 2);
      return new Map(keys.map((k) => [k, code]));
    };
    const prev = this.chains.get(req.producerId);
    const next = prev ? prev.then(run, run) : run();
    this.chains.set(req.producerId, next);
    const cleanup = (): void => {
      if (this.chains.get(req.producerId) === next) this.chains.delete(req.producerId);
    };
    next.then(cleanup, cleanup);
    return next;
  }

  describeTransaction(transactionalId: string): TransactionDescription {
    const d: TransactionDescription = { errorCode: ErrorCode.NONE, transactionalId, state: "", timeoutMs: 0, startTimeMs: -1, producerId: -1n, producerEpoch: -1, topics: [] };
    if (transactionalId === "") return { ...d, errorCode: ErrorCode.INVALID_REQUEST };
    let m: TransactionMetadata | undefined;
    try {
      this.reconcile();
      m = this.runtime.scheduleReadOperation(this.partitionFor(transactionalId), (s) => s.txns.get(transactionalId));
    } catch (e) {
      return { ...d, errorCode: this.codeOf(e) };
    }
    if (!m || m.state === TransactionState.DEAD) return { ...d, errorCode: ErrorCode.TRANSACTIONAL_ID_NOT_FOUND };
    const byTopic = new Map<string, number[]>();
    for (const tp of m.partitions()) {
      let ps = byTopic.get(tp.topic);
      if (!ps) byTopic.set(tp.topic, (ps = []));
      ps.push(tp.partition);
    }
    return {
      ...d,
      state: stateName(m.state),
      timeoutMs: m.txnTimeoutMs,
      startTimeMs: m.txnStartTimestamp,
      producerId: m.producerId,
      producerEpoch: m.producerEpoch,
      topics: [...byTopic].map(([topic, partitions]) => ({ topic, partitions })),
    };
  }

  /**
   * ListTransactions over every loaded shard: filters by state names, producer ids, a minimum running
   * time (durationFilterMs >= 0: started at least that long ago) and a transactional id pattern (a
   * Java regular expression in Kafka; a JavaScript RegExp here, matched against the whole id).
   */
  listTransactions(stateFilters: readonly string[], producerIdFilters: readonly bigint[], durationFilterMs: number, pattern: RegExp | null): { errorCode: number; unknownStates: string[]; transactions: TransactionListing[] } {
    this.reconcile();
    const known = new Set(["Empty", "Ongoing", "PrepareCommit", "PrepareAbort", "CompleteCommit", "CompleteAbort", "PrepareEpochFence"]);
    const unknownStates = stateFilters.filter((s) => !known.has(s));
    const states = new Set(stateFilters.filter((s) => known.has(s)));
    const pids = new Set(producerIdFilters);
    const now = this.deps.clock.nowMs();
    const out: TransactionListing[] = [];
    if (stateFilters.length > 0 && states.size === 0) return { errorCode: ErrorCode.NONE, unknownStates, transactions: out };
    // Bounded by the transactional ids held by the shards loaded here.
    for (const [, shard] of this.runtime.activeShards()) {
      for (const m of shard.txns.values()) {
        if (m.state === TransactionState.DEAD) continue;
        const name = stateName(m.state);
        if (states.size > 0 && !states.has(name)) continue;
        if (pids.size > 0 && !pids.has(m.producerId)) continue;
        if (durationFilterMs >= 0 && now - m.txnStartTimestamp < durationFilterMs) continue;
        if (pattern !== null && !pattern.test(m.transactionalId)) continue;
        out.push({ transactionalId: m.transactionalId, producerId: m.producerId, state: name });
      }
    }
    return { errorCode: ErrorCode.NONE, unknownStates, transactions: out };
  }

  abortTimedOutTransactions(): Promise<number> {
    const runs: Array<Promise<ProducerIdAndEpochResult[]>> = [];
    for (const [p] of this.runtime.activeShards()) runs.push(this.runtime.scheduleWriteOperation("abort-timed-out", p, (s) => s.abortTimedOutTransactions()).then((ps) => Promise.all(ps)));
    return Promise.allSettled(runs).then((rs) => rs.reduce((n, r) => n + (r.status === "fulfilled" ? r.value.filter((x) => x.errorCode === ErrorCode.NONE).length : 0), 0));
  }

  expireTransactionalIds(): Promise<number> {
    const runs: Array<Promise<number>> = [];
    for (const [p] of this.runtime.activeShards()) runs.push(this.runtime.scheduleWriteOperation("expire-transactional-ids", p, (s) => ({ done: s.expireTransactionalIds(this.config.transactionalIdExpirationMs) })).then((r) => r.done));
    return Promise.allSettled(runs).then((rs) => rs.reduce((n, r) => n + (r.status === "fulfilled" ? r.value : 0), 0));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) t.cancel();
    this.markers.close();
    this.runtime.close();
  }
}
