// The partitions this broker hosts and the calls every produce and fetch go through (Kafka's
// kafka.server.ReplicaManager; the follower fetcher is not here):
// - appendRecords(entries, acks, timeoutMs, origin): each entry is one partition's validated records
//   (server/produce validates the request); each is appended synchronously, in order, through its
//   Partition, and answered on its own: acks=0/1 at once (unless a forced flush must return first),
//   acks=-1 once the high watermark passes the batch (DelayedProduce), bounded by timeoutMs
//   (REQUEST_TIMED_OUT for what is still pending);
// - fetchMessages(params): reads every partition up to its high watermark, or for read_committed its
//   last stable offset (the read never moves either), with the partition's LSO and, for read_committed,
//   the aborted transactions overlapping what was read; waits (DelayedFetch) while fewer than
//   min_bytes are available up to that bound, until an append, a high-watermark or LSO move
//   (tryCompleteDelayedRequests) completes it or max_wait_ms passes; followers (replica id >= 0) read to
//   the log end and their first read records their position on the leader (local-read.ts); a diverging
//   last fetched epoch is answered at once;
// - the leader side of replication (LeaderHost for partition-leader.ts): follower state, the HW from
//   the ISR, ISR changes through the AlterPartitionManager, the isr-expiration task
//   (startIsrExpiration: every replica.lag.time.max.ms / 2), acks=-1 against min.insync.replicas;
// - applyDelta(delta): the metadata layer's publisher: creates the logs and Partitions of partitions
//   that appear here, deletes those that go (and, for the first image, sets stray logs on disk aside), re-reads
//   topic configs, and applies each partition's assignment (leader epoch, replicas, ISR); partitions
//   another broker leads are fetched by the ReplicaFetcherManager (restarted when the leader epoch
//   moves), partitions led here or gone stop being fetched (Kafka's applyLocalFollowersDelta). A partition
//   whose log is offline (failed to load, or a write failed) stays offline until its topic is deleted:
//   it answers KAFKA_STORAGE_ERROR and nothing here recreates it.
//
// Sharding across Bun workers (later): every call is per partition (a request is split per partition
// and its result is per partition), and Partition holds no state shared with another partition. A
// worker shard would own a ReplicaManager over a subset of partitions (partition -> worker by a stable
// hash of topic id and index), with its own timer and purgatories; the connection's thread splits a
// produce or fetch by owner, posts each part, and merges the per-partition results in request order.
// What stays per broker here (the timer, the two purgatories, the image reference) becomes per worker.

import type { BrokerConfig } from "../config/broker-config.ts";
import type { MetadataImage } from "../metadata/image.ts";
import type { MetadataDelta, MetadataPublisher } from "../metadata/publisher.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { levelCheck, type Logger } from "../util/log.ts";
import { Timer } from "../util/purgatory/index.ts";
import { LogOfflineError } from "../storage/errors.ts";
import type { LogManager } from "../storage/log-manager.ts";
import type { Log } from "../storage/log.ts";
import { DelayedFetchPurgatory, partitionWatchKey } from "./delayed-fetch.ts";
import { DelayedDeleteRecordsPurgatory, type DeleteRecordsPartitionStatus } from "./delayed-delete-records.ts";
import { DelayedProducePurgatory, pendingStatus, type ProducePartitionStatus } from "./delayed-produce.ts";
import type { FetchParams, FetchResults } from "./fetch-read.ts";
import { Partition, type AppendOrigin, type LogDurability, type PartitionHost } from "./partition.ts";
import type { AlterPartitionManager } from "./alter-partition-manager.ts";
import { BrokerLeaderHost } from "./broker-leader-host.ts";
import type { LeaderHost } from "./partition-leader.ts";
import type { WakeupHandle } from "../util/purgatory/clock.ts";
import { markStrayLogs, reconcileLogs } from "./partition-logs.ts";
import { applyAssignments } from "./partition-assignments.ts";
import { countBytesOut, readFromLocalLog, recordThrottledBytes, type PartitionLookupError } from "./local-read.ts";
import { UNBOUNDED_QUOTA, type ReplicaQuota } from "./replication-quota.ts";
import { findPreferredReadReplica, replicaSelectorOf, type ReplicaSelectorKind } from "./replica-selector.ts";
import { followerFetchStarts, interBrokerListenerName } from "./leader-endpoint-lookup.ts";
import type { ReplicaFetcherManager } from "./replica-fetcher-manager.ts";
import type { ReplicaFetcherHost } from "./replica-fetcher-thread.ts";

import { appendFailure, failedAppend, INTERNAL_TOPICS, settledDetail, type AppendEntry, type PartitionAppendResult } from "./append-result.ts";
export { INTERNAL_TOPICS, failedAppend, type AppendEntry, type AppendOrigin, type PartitionAppendResult, type PartitionLookupError } from "./append-result.ts";

export interface ReplicaManagerOptions {
  nodeId: number;
  config: BrokerConfig;
  logs: LogManager;
  logger: Logger;
  /** The wheel delayed operations wait on (tests pass one on a FakeClock). */
  timer?: Timer;
  /** Test seam: the durability a new Partition waits on (default: its Log's group commit and flushes). */
  durabilityOf?: (log: Log) => LogDurability;
  /**
   * Builds the replica fetchers over this manager (the broker passes one; absent: partitions another
   * broker leads are hosted but not fetched, as before replication).
   */
  replicaFetchers?: (host: ReplicaFetcherHost) => ReplicaFetcherManager;
  /** LEADER SIDE: sends ISR changes to the controller; absent, ISR changes are refused (single node). */
  alterPartitionManager?: AlterPartitionManager;
  /** This broker's epoch (its registration's); -1 when absent. */
  brokerEpoch?: () => bigint;
  /** A topic's min.insync.replicas (every config layer); default: the image's topic settings, else the broker's. */
  minInsyncReplicas?: (topic: string) => number;
  /** LEADER SIDE: the leader replication quota (replication-quota.ts); absent: followers are never throttled. */
  leaderQuota?: ReplicaQuota;
}

export class ReplicaManager implements MetadataPublisher, PartitionHost {
  readonly nodeId: number;
  /** One timing wheel (one wake-up) for every delayed operation of the data path. */
  private readonly timer: Timer;
  private readonly delayedProduce: DelayedProducePurgatory;
  private readonly delayedFetch: DelayedFetchPurgatory;
  private readonly delayedDeleteRecords: DelayedDeleteRecordsPurgatory;
  /** topic -> partition index -> Partition, for the partitions hosted here (bounded by the image). */
  private partitions = new Map<string, Array<Partition | undefined>>();
  private image: MetadataImage | null = null;
  private readonly settleStatus = (s: ProducePartitionStatus): number => this.produceStatus(s);
  /** The logger's level, checked once per produce request (it changes at run time: BROKER_LOGGER). */
  private readonly debugEnabled: (level: "debug") => boolean;
  /** The fetchers of the partitions another broker leads (null: none are fetched). */
  readonly replicaFetcherManager: ReplicaFetcherManager | null;
  /** The listener name a follower finds its leader's endpoint under (Kafka's interBrokerListenerName). */
  private readonly listenerName: string;
  /** replica.selector.class (KIP-392); null: no preferred read replicas, the leader serves consumers. */
  private readonly replicaSelector: ReplicaSelectorKind | null;
  /** The leader replication quota (Kafka's quotas.leader). */
  private readonly leaderQuota: ReplicaQuota;
  /** PartitionHost's leader side (partition-leader.ts): the broker's clock, configs, image and AlterPartitionManager. */
  readonly leaderHost: LeaderHost;
  /** The isr-expiration task's next run, while started. */
  private isrExpiration: WakeupHandle | null = null;
  /** This broker asked the controller for a controlled shutdown (Kafka's isInControlledShutdown). */
  private inControlledShutdown = false;

  constructor(private readonly opts: ReplicaManagerOptions) {
    this.nodeId = opts.nodeId;
    this.timer = opts.timer ?? new Timer();
    this.delayedProduce = new DelayedProducePurgatory(this.timer);
    this.delayedFetch = new DelayedFetchPurgatory(this.timer);
    this.delayedDeleteRecords = new DelayedDeleteRecordsPurgatory(this.timer);
    this.debugEnabled = levelCheck(opts.logger);
    this.listenerName = interBrokerListenerName(opts.config);
    this.replicaFetcherManager = opts.replicaFetchers?.(this) ?? null;
    this.replicaSelector = replicaSelectorOf(opts.config.optionalString("replica.selector.class"));
    this.leaderQuota = opts.leaderQuota ?? UNBOUNDED_QUOTA;
    this.leaderHost = new BrokerLeaderHost(opts, this.timer.clock, () => this.image);
  }

  get delayedProduceCount(): number {
    return this.delayedProduce.waiting;
  }
  get delayedFetchCount(): number {
    return this.delayedFetch.waiting;
  }
  get delayedDeleteRecordsCount(): number {
    return this.delayedDeleteRecords.waiting;
  }

  brokerFsyncBeforeAck(): boolean {
    return this.opts.config.bool("strand.log.fsync.before.ack");
  }

  /**
   * Kafka's isr-expiration task: every replica.lag.time.max.ms / 2, each partition led here drops the
   * followers that did not catch up within replica.lag.time.max.ms (AlterPartition).
   */
  startIsrExpiration(): void {
    if (this.isrExpiration) return;
    const periodMs = Math.max(1, Math.floor(this.leaderHost.replicaLagTimeMaxMs() / 2));
    const run = (): void => {
      this.isrExpiration = this.timer.clock.schedule(run, periodMs);
      this.maybeShrinkIsr();
    };
    this.isrExpiration = this.timer.clock.schedule(run, periodMs);
  }

  /** One round of the isr-expiration task over the partitions led here. */
  maybeShrinkIsr(): void {
    // Bounded by the partitions hosted here.
    for (const arr of this.partitions.values()) {
      for (const p of arr) {
        if (p === undefined || p.leaderId !== this.nodeId) continue;
        try {
          p.maybeShrinkIsr();
        } catch (e) {
          this.opts.logger.error("ISR shrink check failed", { partition: p.name, error: (e as Error).message });
        }
      }
    }
  }

  tryCompleteDelayedRequests(p: Partition): void {
    if (this.delayedProduce.waiting > 0) this.delayedProduce.checkAndComplete(p.watchKey);
    if (this.delayedFetch.waiting > 0) this.delayedFetch.checkAndComplete(p.watchKey);
    if (this.delayedDeleteRecords.waiting > 0) this.delayedDeleteRecords.checkAndComplete(p.watchKey);
  }

  /**
   * Kafka's ReplicaManager.deleteRecords after the leader's deletions (deleteRecordsOnLeader): the
   * partitions whose low watermark is still below the requested offset wait (DelayedDeleteRecords)
   * until every live replica's log start passed it, at most `timeoutMs`. Resolves with `pending`
   * settled (REQUEST_TIMED_OUT for what still waits then).
   */
  waitForLowWatermark(pending: readonly DeleteRecordsPartitionStatus[], timeoutMs: number): Promise<readonly DeleteRecordsPartitionStatus[]> {
    const keys = pending.map((s) => partitionWatchKey(s.topic, s.partition));
    return this.delayedDeleteRecords.wait(pending, keys, this.lowWatermarkStatus, timeoutMs);
  }

  private readonly lowWatermarkStatus = (s: DeleteRecordsPartitionStatus): { lowWatermark: number } | { errorCode: number } => {
    const p = this.getPartitionOrError(s.topic, s.partition);
    return p instanceof Partition ? { lowWatermark: p.lowWatermarkIfLeader() } : { errorCode: p.errorCode };
  };

  /** BrokerTopicMetrics of the partitions no longer hosted here (the all-topics totals keep them). */
  readonly retiredTopicStats = { bytesIn: 0, messagesIn: 0, bytesOut: 0, replicationBytesOut: 0 };

  /** Every hosted Partition, led here or followed (metrics, read at scrape time). */
  *hostedPartitions(): IterableIterator<Partition> {
    // Bounded by the partitions hosted here.
    for (const arr of this.partitions.values()) for (const p of arr) if (p !== undefined) yield p;
  }

  /** The hosted Partition, for tests and tools (undefined when not hosted here). */
  partition(topic: string, partition: number): Partition | undefined {
    return this.partitions.get(topic)?.[partition];
  }

  /**
   * The partition when this broker leads it (or, with `requireLeader` false, hosts it as a follower: a
   * KIP-392 consumer read), else the error Kafka answers with (getPartitionOrException / getLocalLog).
   */
  getPartitionOrError(topic: string, partition: number, requireLeader = true): Partition | PartitionLookupError {
    const hosted = this.partitions.get(topic)?.[partition];
    if (hosted !== undefined && (hosted.leaderId === this.nodeId || (!requireLeader && !hosted.isOffline))) {
      // Kafka's ReplicaManager answers an offline partition (HostedPartition.Offline) this way.
      if (hosted.isOffline) return { errorCode: ErrorCode.KAFKA_STORAGE_ERROR, detail: `${topic}-${partition} is offline` };
      return hosted;
    }
    const state = this.image?.topicsByName.get(topic)?.partitions[partition];
    if (!state) return { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, detail: `${topic}-${partition} does not exist` };
    if (state.leader !== this.nodeId) return { errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, detail: `${topic}-${partition} is led by ${state.leader}, not ${this.nodeId}` };
    if (this.opts.logs.isOffline({ topic, partition })) return { errorCode: ErrorCode.KAFKA_STORAGE_ERROR, detail: `${topic}-${partition} is offline` };
    return { errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, detail: `${topic}-${partition} has no log on this broker` };
  }

  /**
   * Appends each entry to its partition as leader, synchronously and in order (callers run this before
   * their first await, so appends keep the order requests arrived in). Returns the per-entry results,
   * at once when nothing must wait, else once every waiting partition settled or timeoutMs passed.
   */
  appendRecords(entries: readonly AppendEntry[], acks: number, timeoutMs: number, origin: AppendOrigin): PartitionAppendResult[] | Promise<PartitionAppendResult[]> {
    const results: PartitionAppendResult[] = new Array(entries.length);
    let statuses: ProducePartitionStatus[] | null = null;
    let waitingIndex: number[] | null = null;
    let keys: string[] | null = null;
    // Kafka's "written to log ... beginning at offset" line (its TRACE; DEBUG here, Strand's lowest).
    const debug = this.debugEnabled("debug");
    // Bounded by the request's partitions.
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const found = this.getPartitionOrError(e.topic, e.partition);
      if (!(found instanceof Partition)) {
        results[i] = failedAppend(found.errorCode, found.detail);
        continue;
      }
      if (origin === "client" && INTERNAL_TOPICS.has(e.topic)) {
        results[i] = failedAppend(ErrorCode.INVALID_TOPIC_EXCEPTION, `Cannot append to internal topic ${e.topic}`);
        continue;
      }
      const name = found.name;
      try {
        const info = found.appendRecordsToLeader(e.records, e.batch, e.nowMs, e.crcVerified, e.header, origin, e.transactionVersion ?? 0, acks);
        results[i] = {
          errorCode: 0,
          errorMessage: null,
          recordErrors: [],
          baseOffset: info.firstOffset,
          logAppendTimeMs: info.duplicate ? info.logAppendTimeMs : Math.max(e.logAppendTimeMs, info.logAppendTimeMs),
          logStartOffset: info.logStartOffset,
          detail: null,
        };
        // BrokerTopicMetrics (Kafka marks them after a successful local append; a duplicate appends nothing).
        if (!info.duplicate) {
          found.bytesIn += e.records.length;
          found.messagesIn += info.endOffset - info.firstOffset;
        }
        if (debug) this.opts.logger.debug("appended to local log", { partition: name, firstOffset: info.firstOffset, endOffset: info.endOffset, duplicate: info.duplicate || undefined, origin });
        if (acks === 0) continue;
        const required = acks === -1 ? info.endOffset : -1;
        const behindHw = required >= 0 && found.highWatermark < required;
        const behindFlush = info.flushOffset >= 0 && found.durableOffset < info.flushOffset;
        if (!behindHw && !behindFlush) {
          // Kafka checks an acks=-1 produce through its DelayedProduce even when nothing is left to wait for.
          const code = required >= 0 ? found.checkEnoughReplicasReachOffset(required) : 0;
          if (code) results[i] = failedAppend(code, `${name}: the ISR is below min.insync.replicas after the append`);
          continue;
        }
        (statuses ??= []).push(pendingStatus(e.topic, e.partition, behindHw ? required : -1, behindFlush ? info.flushOffset : -1));
        (waitingIndex ??= []).push(i);
        (keys ??= []).push(found.watchKey);
      } catch (err) {
        results[i] = appendFailure(err, name);
      }
    }
    if (statuses === null) return results;
    const idx = waitingIndex!;
    return this.delayedProduce.wait(statuses, keys!, this.settleStatus, timeoutMs).then((settled) => {
      settled.forEach((s, k) => {
        if (s.errorCode !== 0) results[idx[k]!] = failedAppend(s.errorCode, `${s.topic}-${s.partition}: ${settledDetail(s)}`);
      });
      return results;
    });
  }

  /** -1 while `s` must wait, else its error code (0: its offsets are committed). */
  private produceStatus(s: ProducePartitionStatus): number {
    // Committed while this broker led, and no other leader since (none at all: a controlled shutdown of
    // the only replica moves the leader to -1 while fsync-before-ack appends still wait for their sync):
    // the records stay, so the answer is success. Kafka checks leadership first and answers
    // NOT_LEADER_OR_FOLLOWER; its retry is then a duplicate the next leader's producer state holds, but
    // a restarted node keeps only each producer's last batch (the snapshot's), so the Java producer
    // would bump its epoch and write the batches again.
    const p = this.getPartitionOrError(s.topic, s.partition);
    if (p instanceof Partition) {
      if (s.flushOffset >= 0 && p.durableOffset < s.flushOffset) return -1;
      if (s.requiredOffset < 0) return 0;
      // Kafka's checkEnoughReplicasReachOffset: NOT_ENOUGH_REPLICAS_AFTER_APPEND when the ISR shrank meanwhile.
      return p.checkEnoughReplicasReachOffset(s.requiredOffset) ?? -1;
    }
    const hosted = this.partitions.get(s.topic)?.[s.partition];
    // Still waiting for its sync: keep waiting (a wake for another partition of the request must not
    // answer it NOT_LEADER_OR_FOLLOWER first); the request's timeout and shutdown still bound it.
    if (hosted !== undefined && hosted.leaderId === -1 && !hosted.isOffline) return this.produceSatisfied(hosted, s) ? 0 : -1;
    return p.errorCode;
  }

  private produceSatisfied(p: Partition, s: ProducePartitionStatus): boolean {
    if (s.requiredOffset >= 0 && p.highWatermark < s.requiredOffset) return false;
    if (s.flushOffset >= 0 && p.durableOffset < s.flushOffset) return false;
    return true;
  }

  /**
   * Reads every partition of a fetch; answers at once when max_wait_ms <= 0, nothing is fetched,
   * min_bytes are available or a partition has an error; otherwise waits (DelayedFetch) and reads again.
   */
  fetchMessages(params: FetchParams): FetchResults | Promise<FetchResults> {
    const answer = this.fetchMessagesUnrecorded(params);
    // Kafka records a follower's throttled bytes once, as the answer is sent (not per re-read).
    if (answer instanceof Promise) return answer.then((r) => this.recordLeaderThrottled(params, r));
    return this.recordLeaderThrottled(params, answer);
  }

  private recordLeaderThrottled(params: FetchParams, r: FetchResults): FetchResults {
    recordThrottledBytes(this.leaderQuota, params, r);
    countBytesOut(r, (params.replicaId ?? -1) >= 0);
    return r;
  }

  private fetchMessagesUnrecorded(params: FetchParams): FetchResults | Promise<FetchResults> {
    const first = this.readFromLocalLog(params, true);
    // Kafka also answers at once when a partition's log diverges from the fetcher's.
    if (params.maxWaitMs <= 0 || params.partitions.length === 0 || first.totalBytes >= params.minBytes || first.anyError || first.anyDiverging) return first;
    const keys = params.partitions.map((p) => partitionWatchKey(p.topic, p.partition));
    return new Promise<FetchResults>((resolve) => {
      let last: FetchResults | null = null;
      let checked = false;
      this.delayedFetch.tryCompleteElseWatch(
        {
          tryComplete: () => {
            // The first check repeats the read just made; skip it.
            if (!checked) {
              checked = true;
              return false;
            }
            last = this.readFromLocalLog(params);
            return last.totalBytes >= params.minBytes || last.anyError || last.anyDiverging === true;
          },
          onComplete: (expired) => resolve(expired || !last ? this.readFromLocalLog(params) : last),
        },
        keys,
        params.maxWaitMs,
      );
    });
  }

  /**
   * Kafka's readFromLocalLog (local-read.ts). `updateFetchState`: a follower's first read of a request
   * records its position (re-reads of a delayed fetch do not, as Kafka's readFromPurgatory).
   */
  readFromLocalLog(params: FetchParams, updateFetchState = false): FetchResults {
    return readFromLocalLog(this.lookup, params, updateFetchState, this.timer.clock.nowMs(), this.replicaSelector === null ? null : this.preferredReadReplica, this.leaderQuota);
  }

  private readonly lookup = (topic: string, partition: number, requireLeader: boolean): Partition | PartitionLookupError => this.getPartitionOrError(topic, partition, requireLeader);

  /** KIP-392 (replica-selector.ts): the replica a consumer in `clientRack` should read `p` from, or -1. */
  private readonly preferredReadReplica = (p: Partition, fetchOffset: number, clientRack: string, listenerName: string, nowMs: number): number => {
    const leader = p.leaderState;
    const image = this.image;
    if (leader === null || image === null || this.replicaSelector === null) return -1;
    const followers = p.replicas.filter((id) => id !== this.nodeId).flatMap((id) => leader.replica(id) ?? []);
    const listener = listenerName.toUpperCase();
    const broker = (id: number) => {
      const reg = image.brokers.get(id);
      return { rack: reg?.rack ?? null, hasEndpoint: reg?.endpoints.some((e) => e.name.toUpperCase() === listener) ?? false };
    };
    return findPreferredReadReplica(this.replicaSelector, clientRack, this.nodeId, p.logEndOffset, p.isr, followers, fetchOffset, nowMs, broker);
  };

  /**
   * The metadata layer's publisher (Kafka's applyDelta): logs created / deleted / reconfigured as the
   * image says, then every hosted partition's Partition made to match its assignment. Never throws past
   * one partition (the change is committed).
   */
  applyDelta(delta: MetadataDelta): void {
    const { logs, logger } = this.opts;
    if (delta.before === null) {
      const stray = markStrayLogs(delta.after, logs, this.nodeId, logger);
      if (stray > 0) logger.warn("stray partition logs set aside", { count: stray });
    }
    try {
      reconcileLogs(delta.before, delta.after, logs, this.nodeId, delta.configChanged, logger);
    } catch (e) {
      logger.error("applying a committed metadata change to the logs failed", { error: (e as Error).message });
    }
    this.image = delta.after;
    this.updatePartitions(delta.after);
  }

  private updatePartitions(image: MetadataImage): void {
    const c = applyAssignments(image, this.partitions, {
      nodeId: this.nodeId,
      inControlledShutdown: this.inControlledShutdown,
      currentLog: (topic, partition) => this.currentLog(topic, partition),
      newPartition: (log, topic, partition) => new Partition(log, this, partitionWatchKey(topic, partition), this.opts.durabilityOf?.(log)),
      logger: this.opts.logger,
    });
    this.partitions = c.hosted;
    this.updateFetchers(image, c.stopFetching, c.startFetching);
    // Operations waiting on a partition that went answer now (UNKNOWN_TOPIC_OR_PARTITION and the like).
    for (const p of c.gone) {
      this.tryCompleteDelayedRequests(p);
      // The all-topics counters never go down; a topic's own go with its last partition here (as Kafka's).
      const t = this.retiredTopicStats;
      t.bytesIn += p.bytesIn;
      t.messagesIn += p.messagesIn;
      t.bytesOut += p.bytesOut;
      t.replicationBytesOut += p.replicationBytesOut;
    }
  }

  /** Stopping comes first, so a restarted partition starts at its current log end (Kafka's order). */
  private updateFetchers(image: MetadataImage, stop: Array<{ topic: string; partition: number }>, start: readonly Partition[]): void {
    const fm = this.replicaFetcherManager;
    if (fm === null) return;
    fm.removeFetcherForPartitions([...stop, ...start.map((p) => ({ topic: p.topic, partition: p.partition }))]);
    fm.addFetcherForPartitions(followerFetchStarts(image, start, this.listenerName, this.opts.logger));
    fm.shutdownIdleFetcherThreads();
  }

  private currentLog(topic: string, partition: number): Log | undefined {
    try {
      return this.opts.logs.getLog({ topic, partition });
    } catch (e) {
      if (e instanceof LogOfflineError) return undefined;
      throw e;
    }
  }

  /** Completes every delayed fetch now (shutdown: long polls answer with what they have). */
  completeDelayedFetches(): void {
    this.delayedFetch.completeAll();
  }

  /** Called when the controlled shutdown begins: followers out of the ISR (or leaderless) stop fetching from the next delta on. */
  beginControlledShutdown(): void {
    this.inControlledShutdown = true;
  }

  /** Stops every replica fetcher; resolves once none appends any more (before the logs close). */
  async stopReplicaFetchers(): Promise<void> {
    await this.replicaFetcherManager?.shutdown();
  }

  /** Shutdown: every delayed operation answers now; produces still pending answer REQUEST_TIMED_OUT. */
  shutdown(): void {
    void this.replicaFetcherManager?.shutdown();
    this.isrExpiration?.cancel();
    this.isrExpiration = null;
    this.delayedFetch.completeAll();
    this.delayedProduce.completeAll();
    this.delayedDeleteRecords.completeAll();
  }
}
