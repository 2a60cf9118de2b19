// Kafka's ShareCoordinatorService as the broker runs it: one ShareCoordinatorShard per
// __share_group_state partition this node leads, run by the CoordinatorRuntime (loaded by replaying
// the partition, records committed through the PartitionWriter). A share partition's state lives on
// partition abs(javaHashCode("groupId:topicId:partition")) % partitions (partitionFor). Leadership
// follows the metadata image (reconcile), as the group and transaction coordinators do.
//
// Requests are split per share partition, each run as a write operation of its shard (Kafka does so
// even for reads: a read may record a new leader epoch), and the answers gathered per topic. As
// 4.4.0's service: an empty group id, no topics or a topic without partitions gives an empty answer;
// a partition whose shard is not here answers NOT_COORDINATOR (COORDINATOR_LOAD_IN_PROGRESS is not
// answered: writes wait for the load); a failed append answers its mapped error.
//
// __share_group_state is created on first need with Kafka's topic configs (cleanup.policy=delete,
// retention.ms=-1, compression.type=producer, segment.bytes and min.insync.replicas from
// share.coordinator.state.topic.*), min(replication factor, brokers registered) replicas, as the
// transaction coordinator does for a cluster smaller than the configured factor. Topics deleted from
// the image get their share state tombstoned (Kafka's onTopicsDeleted / maybeCleanupShareState).
//
// Periodic work as 4.4.0's, while share groups are enabled (share.version >= 1): every
// share.coordinator.cold.partition.snapshot.interval.ms a fresh snapshot of each share partition not
// written for that long; every share.coordinator.state.topic.prune.interval.ms the records below each
// shard's last redundant offset (the least offset of a live share partition's latest snapshot) are
// deleted (deleteRecords on the leader), so the topic does not grow without bound nor its load time.

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import type { MetadataLayer } from "../../metadata/layer.ts";
import { finalizedLevel } from "../../metadata/features.ts";
import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../protocol/generated/messages/delete-share-group-state-response.ts";
import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import type { ReadShareGroupStateRequest } from "../../protocol/generated/messages/read-share-group-state-request.ts";
import type { ReadShareGroupStateResponse } from "../../protocol/generated/messages/read-share-group-state-response.ts";
import type { ReadShareGroupStateSummaryRequest } from "../../protocol/generated/messages/read-share-group-state-summary-request.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../protocol/generated/messages/read-share-group-state-summary-response.ts";
import type { WriteShareGroupStateRequest } from "../../protocol/generated/messages/write-share-group-state-request.ts";
import type { WriteShareGroupStateResponse } from "../../protocol/generated/messages/write-share-group-state-response.ts";
import { LogOfflineError } from "../../storage/errors.ts";
import type { Log } from "../../storage/log.ts";
import type { GroupClock } from "../group/timer.ts";
import type { CoordinatorLoader, LoadSink, LoadSummary } from "../runtime/coordinator-loader.ts";
import { CoordinatorRuntime } from "../runtime/coordinator-runtime.ts";
import { CoordinatorError } from "../runtime/errors.ts";
import { loadCoordinatorPartition } from "../runtime/log-loader.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import type { CoordinatorRecord, PartitionWriter, TopicPartition } from "../runtime/partition-writer.ts";
import type { Persister } from "./persister.ts";
import { ShareCoordinatorShard, type SharePartitionAnswer } from "./share-coordinator-shard.ts";
import { asCoordinatorKey, partitionForShareKey } from "./share-partition-key.ts";
import { gatherByTopic, type PartitionRequest } from "./share-state-answers.ts";

export const SHARE_GROUP_STATE_TOPIC = "__share_group_state";

export interface ShareCoordinatorConfig {
  numPartitions: number;
  replicationFactor: number;
  minIsr: number;
  segmentBytes: number;
  snapshotUpdateRecordsPerSnapshot: number;
  pruneIntervalMs: number;
  coldPartitionSnapshotIntervalMs: number;
}

export function shareCoordinatorConfigOf(c: BrokerConfig): ShareCoordinatorConfig {
  return {
    numPartitions: c.int("share.coordinator.state.topic.num.partitions"),
    replicationFactor: c.int("share.coordinator.state.topic.replication.factor"),
    minIsr: c.int("share.coordinator.state.topic.min.isr"),
    segmentBytes: c.int("share.coordinator.state.topic.segment.bytes"),
    snapshotUpdateRecordsPerSnapshot: c.int("share.coordinator.snapshot.update.records.per.snapshot"),
    pruneIntervalMs: c.int("share.coordinator.state.topic.prune.interval.ms"),
    coldPartitionSnapshotIntervalMs: c.int("share.coordinator.cold.partition.snapshot.interval.ms"),
  };
}

export interface ShareCoordinatorServiceDeps {
  config: ShareCoordinatorConfig;
  nodeId: number;
  metadata: () => MetadataLayer | undefined;
  writer: PartitionWriter;
  logger: CoordinatorLogger;
  clock: GroupClock;
  /** Replays a partition (tests); default: loadCoordinatorPartition over the partition's log. */
  loader?: CoordinatorLoader;
  /** Kafka's PartitionWriter.deleteRecords: the log start of a partition led here moves to `offset`. */
  deleteRecords?: (tp: TopicPartition, offset: number) => Promise<void>;
}

export type ShareCoordinatorLocation =
  | { kind: "here" }
  | { kind: "loading" }
  | { kind: "elsewhere"; leader: number }
  | { kind: "unavailable"; reason: string };

const NOT_AVAILABLE = "Share coordinator is not available.";

export class ShareCoordinatorService implements Persister {
  readonly runtime: CoordinatorRuntime<ShareCoordinatorShard>;
  readonly config: ShareCoordinatorConfig;
  private seenImage: MetadataImage | null = null;
  private seenTopicIds: ReadonlyMap<string, unknown> | null = null;
  private creating: Promise<void> | null = null;
  private active = false;
  private readonly timers: Array<{ cancel(): void }> = [];
  /** The offset each partition was last pruned to (Kafka's lastPrunedOffsets); bounded by the partitions. */
  private readonly lastPrunedOffsets = new Map<number, number>();

  constructor(private readonly deps: ShareCoordinatorServiceDeps) {
    this.config = deps.config;
    const loader: CoordinatorLoader = deps.loader ?? { load: (tp, sink) => this.load(tp, sink) };
    // The offsets of committed snapshots feed each shard's offsets manager (the prune's bound).
    const writer: PartitionWriter = {
      append: async (tp, records, producer) => {
        const end = await (producer ? deps.writer.append(tp, records, producer) : deps.writer.append(tp, records));
        this.onCommitted(tp.partition, records, end);
        return end;
      },
    };
    this.runtime = new CoordinatorRuntime<ShareCoordinatorShard>({
      topic: SHARE_GROUP_STATE_TOPIC,
      writer,
      loader,
      logger: deps.logger,
      shardBuilder: (ctx) => {
        const shard = new ShareCoordinatorShard(ctx, {
          snapshotUpdateRecordsPerSnapshot: this.config.snapshotUpdateRecordsPerSnapshot,
          coldPartitionSnapshotIntervalMs: this.config.coldPartitionSnapshotIntervalMs,
          nowMs: () => deps.clock.nowMs(),
          topicPartitionCount: (topicId) => deps.metadata()?.image.topicsById.get(topicId)?.partitions.length,
          logger: deps.logger,
        });
        const replay = shard.replay.bind(shard);
        shard.replay = (offset, producerId, producerEpoch, key, value) => {
          try {
            replay(offset, producerId, producerEpoch, key, value);
          } catch (e) {
            deps.logger.warn("skipping unreadable __share_group_state record", { partition: `${SHARE_GROUP_STATE_TOPIC}-${ctx.tp.partition}`, offset, error: (e as Error).message });
          }
        };
        return shard;
      },
    });
  }

  // ---- topic and leadership -----------------------------------------------------------------------

  /** The partitions of __share_group_state: the topic's when it exists, else the configured count. */
  get numPartitions(): number {
    return this.deps.metadata()?.image.topicsByName.get(SHARE_GROUP_STATE_TOPIC)?.partitions.length ?? this.config.numPartitions;
  }

  get topicExists(): boolean {
    return this.deps.metadata()?.image.topicsByName.has(SHARE_GROUP_STATE_TOPIC) ?? false;
  }

  partitionFor(coordinatorKey: string): number {
    return partitionForShareKey(coordinatorKey, this.numPartitions);
  }

  private log(partition: number): Log | undefined {
    try {
      const log = this.deps.metadata()?.partitionLog(SHARE_GROUP_STATE_TOPIC, partition);
      return log && !log.isOffline ? log : undefined;
    } catch (e) {
      if (e instanceof LogOfflineError) return undefined;
      throw e;
    }
  }

  private load(tp: TopicPartition, sink: LoadSink): Promise<LoadSummary> {
    try {
      const log = this.log(tp.partition);
      if (!log) throw new Error(`${SHARE_GROUP_STATE_TOPIC}-${tp.partition} has no usable log on this node`);
      return Promise.resolve(loadCoordinatorPartition(log, sink));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Kafka's shareGroupStateTopicConfigs. */
  topicConfigs(replicas: number): Record<string, string> {
    return {
      "cleanup.policy": "delete",
      "compression.type": "producer",
      "segment.bytes": String(this.config.segmentBytes),
      "min.insync.replicas": String(Math.min(this.config.minIsr, replicas)),
      "retention.ms": "-1",
    };
  }

  /** Create __share_group_state if needed, then load the shards led here. */
  async ensureTopic(): Promise<void> {
    if (!this.topicExists || this.creating !== null) {
      const md = this.deps.metadata();
      if (!md?.ensureInternalTopic) throw new Error("the metadata layer cannot create internal topics");
      const replicas = Math.min(this.config.replicationFactor, Math.max(1, md.image.brokers.size));
      this.creating ??= md.ensureInternalTopic(SHARE_GROUP_STATE_TOPIC, this.config.numPartitions, this.topicConfigs(replicas), this.config.replicationFactor).then(
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
    const p = image.topicsByName.get(SHARE_GROUP_STATE_TOPIC)?.partitions[partition];
    return p !== undefined && p.leader === this.deps.nodeId && (this.deps.loader !== undefined || this.log(partition) !== undefined);
  }

  /** Load shards of partitions newly led here, unload those no longer led (Kafka's onElection / onResignation). */
  reconcile(): Array<Promise<LoadSummary>> {
    const image = this.deps.metadata()?.image;
    if (!image || image === this.seenImage || !this.active) return [];
    this.seenImage = image;
    this.cleanupDeletedTopics(image);
    const topic = image.topicsByName.get(SHARE_GROUP_STATE_TOPIC);
    if (!topic) return [];
    const loads: Array<Promise<LoadSummary>> = [];
    for (let p = 0; p < topic.partitions.length; p++) {
      const state = this.runtime.shardState(p);
      if (this.leads(image, p)) {
        if (state === undefined || state === "failed") {
          const load = this.runtime.scheduleLoadOperation(p);
          load.catch((e: unknown) => this.deps.logger.error("share coordinator shard did not load", { partition: `${SHARE_GROUP_STATE_TOPIC}-${p}`, error: String(e) }));
          loads.push(load);
        }
      } else if (state !== undefined) {
        this.lastPrunedOffsets.delete(p);
        this.runtime.scheduleUnloadOperation(p);
      }
    }
    return loads;
  }

  /** Kafka's handleTopicsDeletion: topics gone from the image lose their share state. */
  private cleanupDeletedTopics(image: MetadataImage): void {
    const before = this.seenTopicIds;
    this.seenTopicIds = image.topicsById;
    if (before === null || before === image.topicsById) return;
    const deleted = new Set<string>();
    for (const id of before.keys()) if (!image.topicsById.has(id)) deleted.add(id);
    if (deleted.size === 0) return;
    for (const [p] of this.runtime.activeShards()) {
      this.runtime.scheduleWriteOperation("on-topics-deleted", p, (s) => s.cleanupDeletedTopics(deleted)).catch((e: unknown) =>
        this.deps.logger.warn("share state of deleted topics not cleaned up", { partition: `${SHARE_GROUP_STATE_TOPIC}-${p}`, error: String(e) }),
      );
    }
  }

  /** Where the coordinator of `coordinatorKey` is (FindCoordinator, the persister). */
  locate(coordinatorKey: string): ShareCoordinatorLocation {
    this.reconcile();
    const partition = this.partitionFor(coordinatorKey);
    const state = this.runtime.shardState(partition);
    if (state === "active") return { kind: "here" };
    if (state === "loading") return { kind: "loading" };
    const p = this.deps.metadata()?.image.topicsByName.get(SHARE_GROUP_STATE_TOPIC)?.partitions[partition];
    if (!p || p.leader < 0) return { kind: "unavailable", reason: `${SHARE_GROUP_STATE_TOPIC}-${partition} has no leader` };
    if (p.leader !== this.deps.nodeId) return { kind: "elsewhere", leader: p.leader };
    return { kind: "unavailable", reason: `${SHARE_GROUP_STATE_TOPIC}-${partition} is not usable on this node` };
  }

  async start(): Promise<{ partitions: number; records: number }> {
    this.active = true;
    let records = 0;
    for (const r of await Promise.allSettled(this.reconcile())) if (r.status === "fulfilled") records += r.value.records;
    this.every(this.config.coldPartitionSnapshotIntervalMs, () => void this.snapshotColdPartitions());
    this.every(this.config.pruneIntervalMs, () => void this.pruneRecords());
    return { partitions: this.runtime.partitions().length, records };
  }

  close(): void {
    this.active = false;
    for (const t of this.timers) t.cancel();
    this.runtime.close();
  }

  private every(intervalMs: number, fn: () => void): void {
    const slot = this.timers.length;
    const arm = (): void => {
      if (!this.active) return;
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

  /** Kafka's isShareGroupsEnabled: the periodic jobs run only with share.version >= 1. */
  private shareGroupsEnabled(): boolean {
    const image = this.deps.metadata()?.image;
    return image !== undefined && finalizedLevel(image, "share.version") >= 1;
  }

  private onCommitted(partition: number, records: readonly CoordinatorRecord[], endOffset: number): void {
    if (this.runtime.shardState(partition) !== "active") return;
    const first = endOffset - records.length;
    this.runtime.scheduleReadOperation(partition, (s) => records.forEach((r, i) => s.onCommitted(first + i, r)));
  }

  /** Kafka's snapshot-cold-partitions job over the shards led here; resolves once their writes settle. */
  async snapshotColdPartitions(): Promise<void> {
    if (!this.shareGroupsEnabled()) return;
    this.reconcile();
    const runs: Array<Promise<void>> = [];
    for (const [p] of this.runtime.activeShards()) runs.push(this.runtime.scheduleWriteOperation("snapshot-cold-partitions", p, (s) => s.snapshotColdPartitions()).then((committed) => committed));
    for (const r of await Promise.allSettled(runs)) if (r.status === "rejected") this.deps.logger.warn("cold share partitions not snapshotted", { error: String(r.reason) });
  }

  /** Kafka's write-state-record-prune job: delete each shard's records below its last redundant offset. */
  async pruneRecords(): Promise<void> {
    const deleteRecords = this.deps.deleteRecords;
    if (!deleteRecords || !this.shareGroupsEnabled()) return;
    this.reconcile();
    const runs: Array<Promise<void>> = [];
    for (const [p, shard] of this.runtime.activeShards()) {
      const offset = shard.offsetsManager.lastRedundantOffset();
      if (offset === null || this.lastPrunedOffsets.get(p) === offset) continue;
      runs.push(
        deleteRecords({ topic: SHARE_GROUP_STATE_TOPIC, partition: p }, offset).then(
          () => void this.lastPrunedOffsets.set(p, offset),
          (e: unknown) => this.deps.logger.warn("__share_group_state records not pruned", { partition: `${SHARE_GROUP_STATE_TOPIC}-${p}`, offset, error: String(e) }),
        ),
      );
    }
    await Promise.all(runs);
  }

  // ---- the share-state operations -----------------------------------------------------------------

  /**
   * Runs `op` on the shard of each partition's key and gathers the answers per topic; a failed
   * operation answers its error with `what`'s message, as Kafka's handleOperationException.
   */
  private async perPartition<P extends PartitionRequest, A extends SharePartitionAnswer>(
    name: string,
    what: string,
    groupId: string,
    topics: ReadonlyArray<{ topicId: string; partitions: readonly P[] }>,
    op: (shard: ShareCoordinatorShard, topicId: string, p: P) => Promise<A> | A,
    failed: (a: SharePartitionAnswer) => A,
  ): Promise<Array<{ topicId: string; partitions: Array<A & { partition: number }> }>> {
    if (groupId === "" || topics.length === 0 || topics.some((t) => t.partitions.length === 0)) return [];
    if (!this.active) return gatherByTopic(topics, () => failed({ errorCode: ErrorCode.COORDINATOR_NOT_AVAILABLE, errorMessage: NOT_AVAILABLE }));
    this.reconcile();
    const answers = new Map<string, Map<number, Promise<A>>>();
    for (const t of topics) {
      let byPartition = answers.get(t.topicId);
      if (!byPartition) answers.set(t.topicId, (byPartition = new Map()));
      for (const p of t.partitions) {
        const shardPartition = this.partitionFor(asCoordinatorKey(groupId, t.topicId, p.partition));
        const answer = this.runtime.scheduleWriteOperation(name, shardPartition, (s) => op(s, t.topicId, p)).then(
          (a) => a,
          (e: unknown) => {
            const code = e instanceof CoordinatorError ? e.code : ErrorCode.UNKNOWN_SERVER_ERROR;
            if (!(e instanceof CoordinatorError)) this.deps.logger.error("share coordinator operation failed", { operation: name, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
            return failed({ errorCode: code, errorMessage: `Unable to ${what}: ${e instanceof CoordinatorError ? errorMessage(code) : String(e)}` });
          },
        );
        byPartition.set(p.partition, answer);
      }
    }
    const out: Array<{ topicId: string; partitions: Array<A & { partition: number }> }> = [];
    for (const [topicId, byPartition] of answers) {
      const partitions: Array<A & { partition: number }> = [];
      for (const [partition, answer] of byPartition) partitions.push({ ...(await answer), partition });
      out.push({ topicId, partitions });
    }
    return out;
  }

  async initializeState(req: InitializeShareGroupStateRequest): Promise<InitializeShareGroupStateResponse> {
    const results = await this.perPartition("initialize-share-group-state", "initialize share group state", req.groupId, req.topics, (s, topicId, p) => s.initializeState(req.groupId, topicId, p.partition, p.stateEpoch, p.startOffset), (a) => a);
    return { results };
  }

  async readState(req: ReadShareGroupStateRequest): Promise<ReadShareGroupStateResponse> {
    const results = await this.perPartition("read-update-leader-epoch-state", "read share group state", req.groupId, req.topics, (s, topicId, p) => s.readStateAndMaybeUpdateLeaderEpoch(req.groupId, topicId, p.partition, p.leaderEpoch), (a) => ({
      ...a,
      stateEpoch: 0,
      startOffset: 0n,
      stateBatches: [],
    }));
    return { results };
  }

  async writeState(req: WriteShareGroupStateRequest): Promise<WriteShareGroupStateResponse> {
    const results = await this.perPartition("write-share-group-state", "write share group state", req.groupId, req.topics, (s, topicId, p) => s.writeState(req.groupId, topicId, p), (a) => a);
    return { results };
  }

  async deleteState(req: DeleteShareGroupStateRequest): Promise<DeleteShareGroupStateResponse> {
    const results = await this.perPartition("delete-share-group-state", "delete share group state", req.groupId, req.topics, (s, topicId, p) => s.deleteState(req.groupId, topicId, p.partition), (a) => a);
    return { results };
  }

  async readSummary(req: ReadShareGroupStateSummaryRequest): Promise<ReadShareGroupStateSummaryResponse> {
    const results = await this.perPartition("read-share-group-state-summary", "read share group state summary", req.groupId, req.topics, (s, topicId, p) => s.readStateSummary(req.groupId, topicId, p.partition), (a) => ({
      ...a,
      stateEpoch: 0,
      leaderEpoch: 0,
      startOffset: 0n,
      deliveryCompleteCount: -1,
    }));
    return { results };
  }
}
