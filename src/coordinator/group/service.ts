// Kafka's GroupCoordinatorService: the group coordinator as the broker runs it. One GroupCoordinator
// shard per __consumer_offsets partition this node leads, run by the CoordinatorRuntime (loaded by
// replay, writes applied to a snapshot and committed through the PartitionWriter); requests are routed
// to the shard of their group's partition (Kafka's abs(hash(groupId)) % offsets.topic.num.partitions).
// Which partitions are led here follows the metadata image (checked whenever it changes: at start-up,
// on the creation or deletion of __consumer_offsets, when a partition's log goes offline).
// Periodic work: offset expiry (offsets.retention.check.interval.ms) as a write of each shard, then
// the bounded-size rewrite of each partition.
//
// Dependencies are explicit (config values, a metadata accessor, the PartitionWriter, a logger, the
// broker's GroupClock): nothing here knows the Broker, so several brokers can live in one process.

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import type { MetadataLayer } from "../../metadata/layer.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { CoordinatorRuntime } from "../runtime/coordinator-runtime.ts";
import { CoordinatorError } from "../runtime/errors.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import type { PartitionWriter } from "../runtime/partition-writer.ts";
import { assignorsFromConfig } from "./assignors/index.ts";
import { streamsConfigOf } from "./streams-config.ts";
import type { StreamsGroupSettings } from "./streams-manager.ts";
import type { GroupTimings, TopicInfo } from "./consumer-manager.ts";
import { GroupCoordinator, type CommitResult, type GroupCoordinatorConfig, type GroupListing, type TxnCommitRequest } from "./group-coordinator.ts";
import { coordinatorErrorCode } from "./errors.ts";
import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import type { TopicPartition } from "../runtime/partition-writer.ts";
import { OFFSETS_TOPIC, OffsetsTopicLog } from "./offsets-topic.ts";
import { partitionForGroup } from "./partitioner.ts";
import type { GroupClock } from "./timer.ts";
import type { Persister } from "../share/persister.ts";
import type { ShareGroupTimings } from "./share-manager.ts";
import { ShareGroupService } from "./share-service.ts";

export function coordinatorConfigOf(c: BrokerConfig): GroupCoordinatorConfig {
  return {
    initialRebalanceDelayMs: c.int("group.initial.rebalance.delay.ms"),
    minSessionTimeoutMs: c.int("group.min.session.timeout.ms"),
    maxSessionTimeoutMs: c.int("group.max.session.timeout.ms"),
    maxGroupSize: c.int("group.max.size"),
    newMemberJoinTimeoutMs: 5 * 60 * 1000,
    numPartitions: c.int("offsets.topic.num.partitions"),
    offsetsTopicReplicationFactor: c.int("offsets.topic.replication.factor"),
    offsetsRetentionMs: c.int("offsets.retention.minutes") * 60_000,
    offsetsRetentionCheckIntervalMs: c.long("offsets.retention.check.interval.ms"),
    offsetMetadataMaxBytes: 4096,
    consumer: {
      sessionTimeoutMs: c.int("group.consumer.session.timeout.ms"),
      heartbeatIntervalMs: c.int("group.consumer.heartbeat.interval.ms"),
      // Not every group.consumer.* key is in the broker key table yet: Kafka's defaults then.
      maxSize: optional(() => c.int("group.consumer.max.size"), 2 ** 31 - 1),
      assignmentIntervalMs: c.int("group.consumer.assignment.interval.ms"),
      assignors: assignorsFromConfig(optional(() => c.list("group.consumer.assignors"), ["uniform", "range"])),
    },
    streams: streamsConfigOf(c),
    // group.share.* are accepted keys without a typed definition here: read as given, else Kafka's defaults.
    share: {
      sessionTimeoutMs: givenInt(c, "group.share.session.timeout.ms", 45_000),
      heartbeatIntervalMs: givenInt(c, "group.share.heartbeat.interval.ms", 5_000),
      maxSize: givenInt(c, "group.share.max.size", 200),
      initializeRetryIntervalMs: givenInt(c, "group.share.initialize.retry.interval.ms", 30_000),
      assignmentIntervalMs: givenInt(c, "group.share.assignment.interval.ms", 1_000, 0),
    },
  };
}

function givenInt(c: BrokerConfig, name: string, fallback: number, min = 1): number {
  const raw = c.given.get(name);
  const v = raw === undefined ? NaN : Number(raw.trim());
  return Number.isInteger(v) && v >= min ? v : fallback;
}

function optional<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof RangeError) return fallback; // "no broker configuration named ..."
    throw e;
  }
}

export interface GroupCoordinatorServiceDeps {
  config: GroupCoordinatorConfig;
  /** offsets.topic.segment.bytes */
  segmentBytes: number;
  nodeId: number;
  /** The broker's metadata layer (undefined while the broker is being assembled). */
  metadata: () => MetadataLayer | undefined;
  writer: PartitionWriter;
  logger: CoordinatorLogger;
  clock: GroupClock;
  /** A group's timings as they are now (GROUP config overrides, dynamic broker keys); absent: config.consumer's. */
  groupConfig?: (groupId: string) => GroupTimings;
  /** A streams group's settings now (GROUP config overrides, dynamic broker keys); absent: config.streams'. */
  streamsGroupConfig?: (groupId: string) => StreamsGroupSettings;
  /** A share group's timings now (its share.* GROUP configs over group.share.*); absent: config.share's. */
  shareGroupConfig?: (groupId: string) => ShareGroupTimings;
  /** The Persister of share-group state (services.sharePersister); absent or null: none wired. */
  persister?: () => Persister | null;
}

/** Where a group's coordinator is, as FindCoordinator answers it. */
export type CoordinatorLocation =
  | { kind: "here" }
  | { kind: "loading" }
  | { kind: "elsewhere"; leader: number }
  | { kind: "unavailable"; reason: string };

export class GroupCoordinatorService {
  readonly runtime: CoordinatorRuntime<GroupCoordinator>;
  readonly topicLog: OffsetsTopicLog;
  readonly config: GroupCoordinatorConfig;
  /** Share group operations that also go through the Persister (share-service.ts). */
  readonly share: ShareGroupService;
  private maintenance: ReturnType<typeof setInterval> | null = null;
  private seenImage: MetadataImage | null = null;
  private cachedTopics: ReadonlyMap<string, TopicInfo> = new Map();
  private topicsImage: MetadataImage | null = null;
  /** Set while a write waits for __consumer_offsets to be created. */
  private creating: Promise<void> | null = null;

  constructor(private readonly deps: GroupCoordinatorServiceDeps) {
    this.config = deps.config;
    const segmentBytes = deps.segmentBytes;
    this.topicLog = new OffsetsTopicLog({
      metadata: deps.metadata,
      writer: deps.writer,
      numPartitions: deps.config.numPartitions,
      replicationFactor: deps.config.offsetsTopicReplicationFactor ?? 1,
      segmentBytes,
    });
    this.runtime = new CoordinatorRuntime<GroupCoordinator>({
      topic: OFFSETS_TOPIC,
      writer: deps.writer,
      loader: this.topicLog,
      logger: deps.logger,
      shardBuilder: (ctx) => {
        const shard = new GroupCoordinator(
          deps.config,
          { append: (_p, records, revertable) => ctx.append(records, revertable) },
          deps.clock,
          { snapshotRegistry: ctx.snapshotRegistry, logger: deps.logger, runTimer: ctx.scheduleWrite },
        );
        shard.topicSource = () => this.topics();
        const groupConfig = deps.groupConfig;
        if (groupConfig) shard.groupConfigSource = groupConfig;
        if (deps.streamsGroupConfig) shard.streamsConfigSource = deps.streamsGroupConfig;
        const shareGroupConfig = deps.shareGroupConfig;
        if (shareGroupConfig) shard.shareGroupConfigSource = shareGroupConfig;
        // A record the loader cannot read is skipped (logged), so one bad record does not cost the shard.
        const replay = shard.replay.bind(shard);
        shard.replay = (offset, producerId, producerEpoch, key, value) => {
          try {
            replay(offset, producerId, producerEpoch, key, value);
          } catch (e) {
            deps.logger.warn("skipping unreadable __consumer_offsets record", { partition: `${OFFSETS_TOPIC}-${ctx.tp.partition}`, error: (e as Error).message });
          }
        };
        return shard;
      },
    });
    this.share = new ShareGroupService(this, () => deps.persister?.() ?? null, deps.logger);
  }

  /** Topics by name from the metadata image, rebuilt only when the image changes. */
  private topics(): ReadonlyMap<string, TopicInfo> {
    const image = this.deps.metadata()?.image;
    if (!image) return this.cachedTopics;
    if (image !== this.topicsImage) {
      this.topicsImage = image;
      const m = new Map<string, TopicInfo>();
      for (const t of image.topicsByName.values()) m.set(t.name, { name: t.name, topicId: t.topicId, numPartitions: t.partitions.length });
      this.cachedTopics = m;
    }
    return this.cachedTopics;
  }

  /** Load the shards of the partitions led here, then start offset expiry (the log cleaner compacts the topic). */
  async start(): Promise<{ partitions: number; records: number; bytes: number; groups: number; loadMs: number }> {
    const t0 = Date.now();
    const loads = this.reconcile();
    let records = 0;
    let bytes = 0;
    for (const r of await Promise.allSettled(loads)) {
      if (r.status === "fulfilled") {
        records += r.value.records;
        bytes += r.value.bytes;
      }
    }
    const every = Math.min(this.config.offsetsRetentionCheckIntervalMs, 2 ** 31 - 1);
    this.maintenance = setInterval(() => {
      this.expireAll();
    }, every);
    this.maintenance.unref?.();
    let groups = 0;
    for (const [, s] of this.runtime.activeShards()) groups += s.groups.size + s.consumerGroups.size + s.shareGroups.size;
    return { partitions: this.runtime.partitions().length, records, bytes, groups, loadMs: Date.now() - t0 };
  }

  /** Whether this node leads `partition` of __consumer_offsets and has a usable log for it. */
  private leads(image: MetadataImage, partition: number): boolean {
    const p = image.topicsByName.get(OFFSETS_TOPIC)?.partitions[partition];
    return p !== undefined && p.leader === this.deps.nodeId && this.topicLog.log(partition) !== undefined;
  }

  /**
   * Load the shards of partitions newly led here and unload those no longer led (Kafka's
   * onElection / onResignation from the metadata delta). Cheap when the image did not change.
   */
  reconcile(): Array<Promise<{ records: number; bytes: number }>> {
    const image = this.deps.metadata()?.image;
    if (!image || image === this.seenImage) return [];
    this.seenImage = image;
    const loads: Array<Promise<{ records: number; bytes: number }>> = [];
    for (let p = 0; p < this.config.numPartitions; p++) {
      const state = this.runtime.shardState(p);
      if (this.leads(image, p)) {
        if (state === undefined || state === "failed") {
          const load = this.runtime.scheduleLoadOperation(p);
          load.catch((e: unknown) => this.deps.logger.error("group coordinator shard did not load", { partition: `${OFFSETS_TOPIC}-${p}`, error: String(e) }));
          loads.push(load);
        }
      } else if (state !== undefined) {
        this.runtime.scheduleUnloadOperation(p);
      }
    }
    return loads;
  }

  partitionFor(groupId: string): number {
    return partitionForGroup(groupId, this.config.numPartitions);
  }

  /** Run a read against the group's shard; throws CoordinatorError NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS. */
  read<T>(groupId: string, op: (shard: GroupCoordinator) => T): T {
    this.reconcile();
    return this.runtime.scheduleReadOperation(this.partitionFor(groupId), op);
  }

  /** Run a write against the group's shard (see CoordinatorRuntime.scheduleWriteOperation). */
  write<T>(name: string, groupId: string, op: (shard: GroupCoordinator) => T): Promise<T> {
    return this.afterTopic((p) => this.runtime.scheduleWriteOperation(name, p, op), groupId);
  }

  /**
   * TxnOffsetCommit (Kafka's GroupCoordinatorService.commitTransactionalOffsets): a transactional write
   * of the group's shard, its records in one transactional batch of the producer. The caller verified
   * (or added) the __consumer_offsets partition in the producer's transaction.
   */
  commitTransactionalOffsets(req: TxnCommitRequest): Promise<{ results: CommitResult[]; written: Promise<void> }> {
    return this.afterTopic(
      (p) => this.runtime.scheduleTransactionalWriteOperation("txn-commit-offset", p, req.producerId, req.producerEpoch, (s) => s.commitTransactionalOffsets(req)),
      req.groupId,
    );
  }

  /**
   * WriteTxnMarkers on a __consumer_offsets partition (Kafka's GroupCoordinatorService.completeTransaction
   * and KafkaApis' answer for it): the shard applies the COMMIT/ABORT to its pending offsets and writes
   * the marker. Resolves the partition's error code: NONE once the marker is committed; the append's
   * error otherwise (TRANSACTION_COORDINATOR_FENCED, INVALID_PRODUCER_EPOCH, ...), with the coordinator
   * not being ready here (NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE)
   * answered NOT_LEADER_OR_FOLLOWER, which the transaction coordinator retries.
   */
  async completeTransaction(tp: TopicPartition, producerId: bigint, producerEpoch: number, coordinatorEpoch: number, result: TransactionResult, timeoutMs: number): Promise<number> {
    if (tp.topic !== OFFSETS_TOPIC) return ErrorCode.UNKNOWN_SERVER_ERROR; // Kafka: IllegalStateException
    this.reconcile();
    try {
      await this.runtime.scheduleTransactionCompletion("write-txn-marker", tp.partition, producerId, producerEpoch, coordinatorEpoch, result, timeoutMs);
      return ErrorCode.NONE;
    } catch (e) {
      const code = coordinatorErrorCode(e);
      if (code === ErrorCode.NOT_COORDINATOR || code === ErrorCode.COORDINATOR_LOAD_IN_PROGRESS || code === ErrorCode.COORDINATOR_NOT_AVAILABLE) return ErrorCode.NOT_LEADER_OR_FOLLOWER;
      return code;
    }
  }

  /** Run `run` on the group's partition once __consumer_offsets exists. */
  private afterTopic<T>(run: (partition: number) => Promise<T>, groupId: string): Promise<T> {
    // A write before any FindCoordinator creates the topic first, as the coordinator always did here
    // (Kafka would answer NOT_COORDINATOR); writes arriving meanwhile chain on it in arrival order.
    if (!this.topicLog.exists || this.creating !== null) {
      this.creating ??= this.ensureTopic().finally(() => void (this.creating = null));
      return this.creating.then(
        () => run(this.partitionFor(groupId)),
        (e: unknown) => {
          throw new CoordinatorError(ErrorCode.COORDINATOR_NOT_AVAILABLE, `${OFFSETS_TOPIC} could not be created: ${e instanceof Error ? e.message : String(e)}`);
        },
      );
    }
    this.reconcile();
    return run(this.partitionFor(groupId));
  }

  /** FindCoordinator: where the group's coordinator is. */
  locate(groupId: string): CoordinatorLocation {
    this.reconcile();
    const partition = this.partitionFor(groupId);
    const state = this.runtime.shardState(partition);
    if (state === "active") return { kind: "here" };
    if (state === "loading") return { kind: "loading" };
    const p = this.deps.metadata()?.image.topicsByName.get(OFFSETS_TOPIC)?.partitions[partition];
    if (!p || p.leader < 0) return { kind: "unavailable", reason: `${OFFSETS_TOPIC}-${partition} has no leader` };
    if (p.leader !== this.deps.nodeId) return { kind: "elsewhere", leader: p.leader };
    return { kind: "unavailable", reason: `${OFFSETS_TOPIC}-${partition} is not usable on this node` };
  }

  /** Create __consumer_offsets if needed, then load its shards. */
  async ensureTopic(): Promise<void> {
    await this.topicLog.ensureTopic();
    await Promise.allSettled(this.reconcile());
  }

  /** ListGroups over every loaded shard. */
  listGroups(states: readonly string[], types: readonly string[]): GroupListing[] {
    this.reconcile();
    const out: GroupListing[] = [];
    for (const [, s] of this.runtime.activeShards()) out.push(...s.listGroups(states, types));
    return out;
  }

  /**
   * The committed offsets of every group coordinated here (the loaded shards), for the consumer-lag
   * metric; read at scrape time. Bounded by the offsets held.
   */
  *committedOffsets(): IterableIterator<{ groupId: string; topic: string; partition: number; offset: bigint }> {
    for (const [, s] of this.runtime.activeShards()) yield* s.offsets.allOffsets();
  }

  /** Offset expiry: a write operation of each loaded shard. Returns the offsets removed. */
  expireAll(): Promise<number> {
    const runs: Array<Promise<number>> = [];
    for (const [p] of this.runtime.activeShards()) runs.push(this.runtime.scheduleWriteOperation("expire-offsets", p, (s) => s.expireOffsets()));
    return Promise.allSettled(runs).then((rs) => {
      let n = 0;
      for (const r of rs) {
        if (r.status === "fulfilled") n += r.value;
        else this.deps.logger.warn("offset expiry failed", { error: String(r.reason) });
      }
      return n;
    });
  }

  close(): void {
    if (this.maintenance) clearInterval(this.maintenance);
    this.runtime.close();
  }
}

/** The broker's coordinator service; throws if the broker did not start one. */
export function groupServiceOf(owner: { readonly groupCoordinator: GroupCoordinatorService | null }): GroupCoordinatorService {
  const s = owner.groupCoordinator;
  if (!s) throw new CoordinatorError(ErrorCode.COORDINATOR_NOT_AVAILABLE, "the group coordinator is not running");
  return s;
}
