// The group coordinator of this node: every group (classic, and KIP-848 consumer groups kept in
// `consumerGroups`, see consumer-manager.ts), their committed offsets, and the records that persist
// them in __consumer_offsets. Group ids are one namespace: an empty group of one type is converted
// when a member of the other protocol arrives; a non-empty one answers with Kafka's errors.
// Kafka's GroupCoordinatorShard: the groups of one __consumer_offsets partition (GroupCoordinatorService
// routes each group to its partition's shard, src/coordinator/runtime runs the shard). State changes
// are applied in memory at once (so requests apply in arrival order) inside the runtime's snapshot and
// answered once their records are committed; the offsets and the group maps are timeline state, so a
// failed append reverts them (a failed consumer-group write reloads the shard instead: its members are
// not timeline state yet). Built without a runtime (unit tests) it writes straight to `log`.
// Transactional offsets (TxnOffsetCommit) stay pending per producer (pending-txn-offsets.ts) until the
// producer's marker: replayEndTransactionMarker materializes them on COMMIT and drops them on ABORT.

import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { ClassicGroup } from "./classic-group.ts";
import { ClassicGroupManager, DEFAULT_CLASSIC_CONFIG, type ClassicGroupConfig } from "./classic-manager.ts";
import { GroupError } from "./errors.ts";
import { OffsetStore, type OffsetAndMetadata } from "./offset-store.ts";
import { PendingTransactionalOffsets } from "./pending-txn-offsets.ts";
import type { TransactionResult } from "../../protocol/records/control-batch.ts";
import { partitionForGroup } from "./partitioner.ts";
import { decodeRecord, groupMetadataRecord, offsetCommitRecord, type KeyValue } from "./records.ts";
import { groupFromRecord, groupToRecord } from "./group-record.ts";
import { GroupTimers, type GroupClock } from "./timer.ts";
import { ConsumerGroup } from "./consumer-group.ts";
import { ConsumerGroupManager, type ConsumerGroupConfig, type GroupTimings, type TopicInfo } from "./consumer-manager.ts";
import { consumerGroupSnapshot, consumerGroupTombstones, replayConsumerGroupRecord } from "./consumer-group-records.ts";
import { decodeConsumerGroupRecord } from "./consumer-records.ts";
import { validateConsumerCommit, validateConsumerFetch } from "./consumer-offsets.ts";
import { describeConsumerGroup, type DescribedConsumerGroup } from "./consumer-describe.ts";
import { BUILTIN_ASSIGNORS } from "./assignors/index.ts";
import type { CoordinatorShard } from "../runtime/coordinator-shard.ts";
import { SnapshotRegistry, TimelineMap } from "../runtime/snapshot-registry.ts";
import { STDERR_LOGGER, type CoordinatorLogger } from "../runtime/logger.ts";
import { DEFAULT_STREAMS_GROUP_CONFIG, StreamsGroupShard } from "./streams-shard.ts";
import type { StreamsGroupConfig, StreamsGroupSettings } from "./streams-manager.ts";
import { ShareGroup } from "./share-group.ts";
import { DEFAULT_SHARE_GROUP_CONFIG, ShareGroupManager, type ShareGroupConfig, type ShareGroupTimings } from "./share-manager.ts";
import { replayShareGroupRecord, shareGroupSnapshot, shareGroupTombstones } from "./share-group-records.ts";
import { decodeShareGroupRecord } from "./share-records.ts";
import { describeShareGroup, type DescribedShareGroup } from "./share-describe.ts";

export interface CoordinatorLog {
  /**
   * Append records to a partition of __consumer_offsets; resolves once committed. `revertable` false:
   * the state change behind them is not timeline state (a failure reloads the shard).
   */
  append(partition: number, records: KeyValue[], revertable?: boolean): Promise<void>;
}

export interface GroupShardOptions {
  /** The shard's timeline registry (the runtime's); absent: nothing is recorded. */
  snapshotRegistry?: SnapshotRegistry;
  logger?: CoordinatorLogger;
  /** Run a timer expiry as a write operation of the shard (the runtime's scheduleWrite). */
  runTimer?: (name: string, fn: () => void) => void;
}

export interface GroupCoordinatorConfig extends ClassicGroupConfig {
  /** KIP-848 consumer groups (group.consumer.*); absent: the defaults. */
  consumer?: ConsumerGroupConfig;
  /** KIP-1071 streams groups (group.streams.*); absent: the defaults. */
  streams?: StreamsGroupConfig;
  /** KIP-932 share groups (group.share.*); absent: the defaults. */
  share?: ShareGroupConfig;
  numPartitions: number;
  /** offsets.topic.replication.factor (absent: 1). */
  offsetsTopicReplicationFactor?: number;
  offsetsRetentionMs: number;
  offsetsRetentionCheckIntervalMs: number;
  offsetMetadataMaxBytes: number;
}

export const DEFAULT_COORDINATOR_CONFIG: GroupCoordinatorConfig = {
  ...DEFAULT_CLASSIC_CONFIG,
  numPartitions: 50,
  offsetsRetentionMs: 7 * 24 * 3600 * 1000,
  offsetsRetentionCheckIntervalMs: 600_000,
  offsetMetadataMaxBytes: 4096,
};

export const DEFAULT_CONSUMER_GROUP_CONFIG: ConsumerGroupConfig = {
  sessionTimeoutMs: 45_000,
  heartbeatIntervalMs: 5_000,
  maxSize: 2 ** 31 - 1,
  assignors: [BUILTIN_ASSIGNORS.get("uniform")!, BUILTIN_ASSIGNORS.get("range")!],
  assignmentIntervalMs: 1_000,
};

export type Group = ClassicGroup;

export interface CommitPartition {
  partition: number;
  offset: bigint;
  leaderEpoch: number;
  metadata: string | null;
  /** OffsetCommit v1 per-partition commit timestamp (-1: now). */
  commitTimestampMs: number;
}

export interface CommitTopic {
  name: string;
  topicId: string;
  partitions: CommitPartition[];
}

export interface CommitRequest {
  groupId: string;
  memberId: string;
  groupInstanceId: string | null;
  generationIdOrMemberEpoch: number;
  /** OffsetCommit v2-4 retention time (-1: the broker's). */
  retentionTimeMs: number;
  apiVersion: number;
  topics: CommitTopic[];
}

/** A TxnOffsetCommit, as the handler passes it (topics already resolved and checked against metadata). */
export interface TxnCommitRequest {
  groupId: string;
  producerId: bigint;
  producerEpoch: number;
  /** v3+; -1 before. */
  generationIdOrMemberEpoch: number;
  /** v3+; "" before. */
  memberId: string;
  groupInstanceId: string | null;
  apiVersion: number;
  topics: CommitTopic[];
}

export interface CommitResult {
  name: string;
  partitions: Array<{ partition: number; errorCode: number }>;
}

export interface FetchedOffset {
  topic: string;
  partition: number;
  offset: bigint;
  leaderEpoch: number;
  metadata: string;
  topicId: string;
  /** UNSTABLE_OFFSET_COMMIT when stable offsets were asked for and a transaction holds one; else absent. */
  errorCode?: number;
}

export interface GroupListing {
  groupId: string;
  protocolType: string;
  state: string;
  type: string;
}

export interface MemberDescription {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  metadata: Uint8Array;
  assignment: Uint8Array;
}

export interface GroupDescription {
  errorCode: number;
  groupId: string;
  state: string;
  protocolType: string;
  protocolData: string;
  members: MemberDescription[];
}

export class GroupCoordinator implements CoordinatorShard {
  readonly groups: TimelineMap<string, Group>;
  readonly offsets: OffsetStore;
  /** Offsets of open transactions (Kafka's pendingTransactionalOffsets). */
  readonly pendingTxnOffsets: PendingTransactionalOffsets;
  readonly timers: GroupTimers;
  readonly classic: ClassicGroupManager;
  readonly consumerGroups: TimelineMap<string, ConsumerGroup>;
  readonly consumer: ConsumerGroupManager;
  /** KIP-1071 streams groups (streams-shard.ts). */
  readonly streams: StreamsGroupShard;
  /** KIP-932 share groups (share-manager.ts); their ids share the namespace of the other groups. */
  readonly shareGroups: TimelineMap<string, ShareGroup>;
  readonly share: ShareGroupManager;
  /** A share group's timings now (its share.* GROUP configs over the broker's group.share.* keys). */
  shareGroupConfigSource: (groupId: string) => ShareGroupTimings = () => this.config.share ?? DEFAULT_SHARE_GROUP_CONFIG;
  private readonly logger: CoordinatorLogger;
  /** The topics that exist (name -> id, partitions); the service wires it to the metadata image. */
  topicSource: () => ReadonlyMap<string, TopicInfo> = () => new Map();
  /** A consumer group's timings now (GROUP configs over the broker's dynamic keys); the static config by default. */
  groupConfigSource: (groupId: string) => GroupTimings = () => this.config.consumer ?? DEFAULT_CONSUMER_GROUP_CONFIG;
  /** A streams group's settings now (GROUP configs over group.streams.*); null: the static config. */
  streamsConfigSource: ((groupId: string) => StreamsGroupSettings) | null = null;
  private expiryTimer: { cancel(): void } | null = null;
  /** The recordOffset the next live offset record gets: above every replayed record, then rising. */
  private nextRecordOffset = 0;

  constructor(
    readonly config: GroupCoordinatorConfig,
    private readonly log: CoordinatorLog | null,
    clock: GroupClock,
    opts: GroupShardOptions = {},
  ) {
    const registry = opts.snapshotRegistry ?? null;
    this.groups = new TimelineMap(registry);
    this.consumerGroups = new TimelineMap(registry);
    this.shareGroups = new TimelineMap(registry);
    this.offsets = new OffsetStore(registry);
    this.pendingTxnOffsets = new PendingTransactionalOffsets(registry);
    this.logger = opts.logger ?? STDERR_LOGGER;
    this.timers = new GroupTimers(clock, opts.runTimer);
    this.classic = new ClassicGroupManager(
      {
        classicGroup: (id, create) => this.classicGroup(id, create),
        storeGroup: (g) => this.append(g.groupId, [groupMetadataRecord(g.groupId, groupToRecord(g))]),
      },
      this.timers,
      config,
      this.logger,
    );
    this.consumer = new ConsumerGroupManager(
      {
        consumerGroup: (id, create) => this.consumerGroup(id, create),
        append: (id, records) => this.append(id, records, false),
        topics: () => this.topicSource(),
        groupConfig: (groupId) => this.groupConfigSource(groupId),
      },
      this.timers,
      config.consumer ?? DEFAULT_CONSUMER_GROUP_CONFIG,
      this.logger,
    );
    this.streams = new StreamsGroupShard(registry, this.timers, config.streams ?? DEFAULT_STREAMS_GROUP_CONFIG, this.logger, {
      otherGroup: (id) => {
        const classic = this.groups.get(id);
        if (classic) return classic.is("Empty") && classic.size === 0 ? "empty" : "busy";
        return this.consumerGroups.has(id) || this.shareGroups.has(id) ? "busy" : null;
      },
      dropEmptyGroup: (id) => {
        const classic = this.groups.get(id)!;
        this.classic.cancelGroupTimers(classic);
        this.groups.delete(id);
        if (classic.protocolType !== null) this.appendInBackground("classic-to-streams conversion", id, [groupMetadataRecord(id, null)]);
      },
      append: (id, records) => this.append(id, records, false),
      topics: () => this.topicSource(),
      groupConfig: (id) => this.streamsConfigSource?.(id) ?? (config.streams ?? DEFAULT_STREAMS_GROUP_CONFIG),
    });
    this.share = new ShareGroupManager(
      {
        shareGroup: (id, create) => this.shareGroup(id, create),
        append: (id, records) => this.append(id, records, false),
        topics: () => this.topicSource(),
        groupConfig: (groupId) => this.shareGroupConfigSource(groupId),
      },
      this.timers,
      config.share ?? DEFAULT_SHARE_GROUP_CONFIG,
      this.logger,
    );
  }

  /** The share group (Kafka's getOrMaybeCreateShareGroup): a group of another type is GROUP_ID_NOT_FOUND. */
  shareGroup(groupId: string, create: boolean): ShareGroup | undefined {
    const sg = this.shareGroups.get(groupId);
    if (sg) return sg;
    if (this.consumerGroups.has(groupId) || this.groups.has(groupId) || this.streams.has(groupId)) {
      throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Group ${groupId} is not a share group.`);
    }
    if (!create) return undefined;
    const n = new ShareGroup(groupId, this.timers.nowMs());
    this.shareGroups.set(groupId, n);
    return n;
  }

  describeShareGroup(groupId: string, topicName: (topicId: string) => string | undefined): DescribedShareGroup | null {
    const g = this.shareGroups.get(groupId);
    return g ? describeShareGroup(g, topicName) : null;
  }

  /** Append share group records (their state is not timeline state: a failed write reloads the shard). */
  appendShareRecords(groupId: string, records: KeyValue[]): Promise<void> {
    return this.append(groupId, records, false);
  }

  /** Records to write once a Persister.initializeState answered (see ShareGroupManager.initialized). */
  shareStateInitialized(...args: Parameters<ShareGroupManager["initialized"]>): Promise<void> {
    return this.append(args[0], this.share.initialized(...args), false);
  }

  /** The consumer group; an empty classic group is converted when `create`; a non-empty one is an error. */
  consumerGroup(groupId: string, create: boolean): ConsumerGroup | undefined {
    const cg = this.consumerGroups.get(groupId);
    if (cg) return cg;
    if (this.streams.has(groupId)) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Group ${groupId} is not a consumer group.`);
    if (this.shareGroups.has(groupId)) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Group ${groupId} is not a consumer group.`);
    const classic = this.groups.get(groupId);
    if (classic) {
      if (!create) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Group ${groupId} is not a consumer group.`);
      if (!classic.is("Empty") || classic.size > 0) {
        throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Cannot upgrade classic group ${groupId} to consumer group because online upgrade is not supported by Strand.`);
      }
      this.classic.cancelGroupTimers(classic);
      this.groups.delete(groupId);
      if (classic.protocolType !== null) this.appendInBackground("classic-to-consumer conversion", groupId, [groupMetadataRecord(groupId, null)]);
    } else if (!create) {
      return undefined;
    }
    const n = new ConsumerGroup(groupId, this.timers.nowMs());
    this.consumerGroups.set(groupId, n);
    return n;
  }

  describeConsumerGroup(groupId: string, topicName: (topicId: string) => string | undefined): DescribedConsumerGroup | null {
    const g = this.consumerGroups.get(groupId);
    if (!g) return null;
    return describeConsumerGroup(g, this.consumer.config.assignors.map((a) => a.name), topicName);
  }

  partitionFor(groupId: string): number {
    return partitionForGroup(groupId, this.config.numPartitions);
  }

  private append(groupId: string, records: KeyValue[], revertable = true): Promise<void> {
    if (this.log === null || records.length === 0) return Promise.resolve();
    return this.log.append(this.partitionFor(groupId), records, revertable);
  }

  /** An append nobody waits for: its failure is logged (the runtime reverted or reloads the state). */
  private appendInBackground(what: string, groupId: string, records: KeyValue[], revertable = true): void {
    this.logFailure(what, groupId, this.append(groupId, records, revertable));
  }

  private logFailure(what: string, groupId: string, p: Promise<void>): void {
    p.catch((e: unknown) => this.logger.warn(`group coordinator: ${what} was not written`, { groupId, error: e instanceof Error ? e.message : String(e) }));
  }

  classicGroup(groupId: string, create: boolean): ClassicGroup | undefined {
    const g = this.groups.get(groupId);
    if (g) return g;
    if (this.streams.has(groupId)) {
      if (!create) return undefined;
      throw new GroupError(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, groupId, `Group ${groupId} is a streams group.`);
    }
    if (this.shareGroups.has(groupId)) {
      if (!create) return undefined;
      throw new GroupError(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, groupId, `Group ${groupId} is not a classic group.`);
    }
    const cg = this.consumerGroups.get(groupId);
    if (cg) {
      if (!create) return undefined;
      if (!cg.isEmpty()) {
        // Kafka 4.4's default migration policy lets classic members join a consumer group; Strand does
        // not run classic members inside consumer groups and answers as Kafka does with it disabled.
        throw new GroupError(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, groupId, `Cannot join the consumer group ${groupId} with the classic protocol because the group migration is disabled.`);
      }
      this.consumer.cancelGroupTimers(cg);
      this.consumerGroups.delete(groupId);
      this.appendInBackground("consumer-to-classic conversion", groupId, consumerGroupTombstones(cg), false);
    }
    if (!create) return undefined;
    const n = new ClassicGroup(groupId, this.timers.nowMs());
    this.groups.set(groupId, n);
    return n;
  }

  // ---- offsets --------------------------------------------------------------------------------

  /** Validate and apply a commit; the promise resolves once its records are written. */
  commitOffsets(req: CommitRequest): { results: CommitResult[]; written: Promise<void> } {
    const errorFor = (code: number): CommitResult[] =>
      req.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: code })) }));
    if (this.shareGroups.has(req.groupId)) {
      // Kafka's ShareGroup.validateOffsetCommit: share groups keep no committed offsets.
      return { results: errorFor(ErrorCode.GROUP_ID_NOT_FOUND), written: Promise.resolve() };
    }
    const cg = this.consumerGroups.get(req.groupId);
    if (cg) {
      const parts = req.topics.flatMap((t) => t.partitions.map((p) => ({ topicId: t.topicId, topic: t.name, partition: p.partition })));
      const check = validateConsumerCommit(cg, req.memberId, req.generationIdOrMemberEpoch, req.apiVersion, parts);
      if (check.errorCode !== ErrorCode.NONE) return { results: errorFor(check.errorCode), written: Promise.resolve() };
      return this.writeCommit(req);
    }
    const streamsCheck = this.streams.commitCheck(req.groupId, req.memberId, req.generationIdOrMemberEpoch, req.topics.flatMap((t) => t.partitions.map((p) => ({ topic: t.name, partition: p.partition }))));
    if (streamsCheck !== null) return streamsCheck === ErrorCode.NONE ? this.writeCommit(req) : { results: errorFor(streamsCheck), written: Promise.resolve() };
    let group = this.groups.get(req.groupId);
    if (!group) {
      if (req.generationIdOrMemberEpoch < 0) group = this.classicGroup(req.groupId, true)!;
      else return { results: errorFor(req.apiVersion >= 9 ? ErrorCode.GROUP_ID_NOT_FOUND : ErrorCode.ILLEGAL_GENERATION), written: Promise.resolve() };
    }
    const code = this.validateClassicCommit(group, req);
    if (code !== ErrorCode.NONE) return { results: errorFor(code), written: Promise.resolve() };
    return this.writeCommit(req);
  }

  /**
   * The records and per-partition answers of a commit, plain or transactional: a partition whose
   * metadata exceeds offset.metadata.max.bytes (UTF-8) answers OFFSET_METADATA_TOO_LARGE; every other
   * one gets the offset `offsetOf` builds, kept by `keep` (committed, or pending for a producer).
   */
  private recordCommits(
    groupId: string,
    topics: readonly CommitTopic[],
    offsetOf: (t: CommitTopic, p: CommitTopic["partitions"][number], metadata: string) => OffsetAndMetadata,
    keep: (topic: string, partition: number, o: OffsetAndMetadata) => void,
  ): { results: CommitResult[]; written: Promise<void> } {
    const records: KeyValue[] = [];
    const results: CommitResult[] = [];
    for (const t of topics) {
      const parts: CommitResult["partitions"] = [];
      for (const p of t.partitions) {
        const metadata = p.metadata ?? "";
        if (new TextEncoder().encode(metadata).length > this.config.offsetMetadataMaxBytes) {
          parts.push({ partition: p.partition, errorCode: ErrorCode.OFFSET_METADATA_TOO_LARGE });
          continue;
        }
        const o = offsetOf(t, p, metadata);
        keep(t.name, p.partition, o);
        records.push(offsetCommitRecord({ group: groupId, topic: t.name, partition: p.partition }, toValue(o)));
        parts.push({ partition: p.partition, errorCode: ErrorCode.NONE });
      }
      results.push({ name: t.name, partitions: parts });
    }
    return { results, written: this.append(groupId, records) };
  }

  private writeCommit(req: CommitRequest): { results: CommitResult[]; written: Promise<void> } {
    const now = this.timers.nowMs();
    return this.recordCommits(
      req.groupId,
      req.topics,
      (t, p, metadata) => {
        const commitTs = req.apiVersion === 1 && p.commitTimestampMs >= 0 ? p.commitTimestampMs : now;
        const expire = req.apiVersion === 1 && p.commitTimestampMs >= 0 ? null : req.retentionTimeMs >= 0 && req.apiVersion >= 2 && req.apiVersion <= 4 ? commitTs + req.retentionTimeMs : null;
        return { committedOffset: p.offset, leaderEpoch: p.leaderEpoch, metadata, commitTimestampMs: commitTs, expireTimestampMs: expire, topicId: t.topicId, recordOffset: this.nextRecordOffset++ };
      },
      (topic, partition, o) => this.offsets.put(req.groupId, topic, partition, o),
    );
  }

  /**
   * TxnOffsetCommit (Kafka 4.4.0's OffsetMetadataManager.commitTransactionalOffset): validate as a
   * transactional commit, then hold each offset pending for the producer until its marker. Run it as
   * a transactional write (CoordinatorRuntime.scheduleTransactionalWriteOperation) so the records go
   * in a transactional batch of the producer. A failed check answers its code for every partition.
   */
  commitTransactionalOffsets(req: TxnCommitRequest): { results: CommitResult[]; written: Promise<void> } {
    const errorFor = (code: number): CommitResult[] =>
      req.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: code })) }));
    const code = this.validateTxnCommit(req);
    if (code !== ErrorCode.NONE) return { results: errorFor(code), written: Promise.resolve() };
    const now = this.timers.nowMs();
    return this.recordCommits(
      req.groupId,
      req.topics,
      (t, p, metadata) => ({ committedOffset: p.offset, leaderEpoch: p.leaderEpoch, metadata, commitTimestampMs: now, expireTimestampMs: null, topicId: t.topicId, recordOffset: this.nextRecordOffset++ }),
      (topic, partition, o) => this.pendingTxnOffsets.put(req.producerId, req.groupId, topic, partition, o),
    );
  }

  /** Kafka 4.4.0's validateTransactionalOffsetCommit. */
  private validateTxnCommit(req: TxnCommitRequest): number {
    const v6 = req.apiVersion >= 6; // GROUP_ID_NOT_FOUND and STALE_MEMBER_EPOCH exist from v6 (KIP-1319)
    const cg = this.consumerGroups.get(req.groupId);
    if (cg) {
      // An old producer sends no group metadata (sendOffsetsToTransaction(offsets, groupId)).
      if (req.generationIdOrMemberEpoch === -1 && req.memberId === "" && req.groupInstanceId === null) return ErrorCode.NONE;
      const parts = req.topics.flatMap((t) => t.partitions.map((p) => ({ topicId: t.topicId, topic: t.name, partition: p.partition })));
      const code = validateConsumerCommit(cg, req.memberId, req.generationIdOrMemberEpoch, req.apiVersion, parts, true).errorCode;
      return code === ErrorCode.STALE_MEMBER_EPOCH && !v6 ? ErrorCode.ILLEGAL_GENERATION : code;
    }
    if (this.streams.has(req.groupId)) {
      if (req.generationIdOrMemberEpoch === -1 && req.memberId === "" && req.groupInstanceId === null) return ErrorCode.NONE;
      const code = this.streams.commitCheck(req.groupId, req.memberId, req.generationIdOrMemberEpoch, req.topics.flatMap((t) => t.partitions.map((p) => ({ topic: t.name, partition: p.partition }))))!;
      return code === ErrorCode.STALE_MEMBER_EPOCH && !v6 ? ErrorCode.ILLEGAL_GENERATION : code;
    }
    let group = this.groups.get(req.groupId);
    if (!group) {
      if (req.generationIdOrMemberEpoch >= 0) return v6 ? ErrorCode.GROUP_ID_NOT_FOUND : ErrorCode.ILLEGAL_GENERATION;
      group = this.classicGroup(req.groupId, true)!; // a simple group, as Kafka creates one
    }
    return this.validateClassicCommit(group, req, true);
  }

  /** Kafka's ClassicGroup.validateOffsetCommit (a transactional commit skips the state checks). */
  private validateClassicCommit(group: ClassicGroup, req: CommitRequest | TxnCommitRequest, isTransactional = false): number {
    if (group.is("Dead")) return ErrorCode.COORDINATOR_NOT_AVAILABLE;
    const gen = req.generationIdOrMemberEpoch;
    if (gen < 0 && group.is("Empty")) return ErrorCode.NONE; // a simple (admin / assign()) commit
    if (gen >= 0 || req.memberId !== "" || req.groupInstanceId !== null) {
      if (group.isStaticMemberFenced(req.groupInstanceId, req.memberId)) return ErrorCode.FENCED_INSTANCE_ID;
      if (!group.hasMember(req.memberId)) return ErrorCode.UNKNOWN_MEMBER_ID;
      if (gen !== group.generationId) return ErrorCode.ILLEGAL_GENERATION;
    } else if (!isTransactional && !group.is("Empty")) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (!isTransactional && group.is("CompletingRebalance")) return ErrorCode.REBALANCE_IN_PROGRESS;
    return ErrorCode.NONE;
  }

  /** OffsetFetch v9+ member check for consumer groups (NONE for classic or unknown groups). */
  validateOffsetFetch(groupId: string, memberId: string | null, memberEpoch: number): number {
    const cg = this.consumerGroups.get(groupId);
    return cg ? validateConsumerFetch(cg, memberId, memberEpoch).errorCode : (this.streams.fetchCheck(groupId, memberId, memberEpoch) ?? ErrorCode.NONE);
  }

  /**
   * Offsets of a group: the partitions asked for (unknown ones at -1), or every committed one. With
   * `requireStable` (OffsetFetch v7+), a partition an open transaction holds an offset for answers
   * UNSTABLE_OFFSET_COMMIT (offset -1), as Kafka's fetchOffsets / fetchAllOffsets.
   */
  fetchOffsets(groupId: string, topics: Array<{ name: string; partitions: number[] }> | null, requireStable = false): FetchedOffset[] {
    // A share group has no committed offsets: Kafka 4.4.0 answers none (no error) without a member.
    if (this.shareGroups.has(groupId)) return [];
    const unstable = (topic: string, partition: number): FetchedOffset | null =>
      requireStable && this.pendingTxnOffsets.has(groupId, topic, partition)
        ? { topic, partition, offset: -1n, leaderEpoch: -1, metadata: "", topicId: ZERO_UUID, errorCode: ErrorCode.UNSTABLE_OFFSET_COMMIT }
        : null;
    if (topics === null) {
      return this.offsets.entries(groupId).map(
        (e) =>
          unstable(e.topic, e.partition) ?? {
            topic: e.topic,
            partition: e.partition,
            offset: e.offset.committedOffset,
            leaderEpoch: e.offset.leaderEpoch,
            metadata: e.offset.metadata,
            topicId: e.offset.topicId,
          },
      );
    }
    const out: FetchedOffset[] = [];
    for (const t of topics) {
      for (const p of t.partitions) {
        const u = unstable(t.name, p);
        if (u) {
          out.push(u);
          continue;
        }
        const o = this.offsets.get(groupId, t.name, p);
        out.push(
          o
            ? { topic: t.name, partition: p, offset: o.committedOffset, leaderEpoch: o.leaderEpoch, metadata: o.metadata, topicId: o.topicId }
            : { topic: t.name, partition: p, offset: -1n, leaderEpoch: -1, metadata: "", topicId: ZERO_UUID },
        );
      }
    }
    return out;
  }

  /** OffsetDelete: group-level error via GroupError; per-partition codes otherwise. */
  deleteOffsets(groupId: string, topics: Array<{ name: string; partitions: number[] }>): { results: CommitResult[]; written: Promise<void> } {
    const group = this.groups.get(groupId);
    const cg = this.consumerGroups.get(groupId);
    const streamsSubscribed = (topic: string) => this.streams.isSubscribed(groupId, topic);
    if (!cg && (!group || group.is("Dead")) && !this.streams.has(groupId)) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, "no such group");
    const records: KeyValue[] = [];
    const results = topics.map((t) => {
      const subscribed = streamsSubscribed(t.name) ?? (cg ? !cg.isEmpty() && cg.isSubscribedToTopic(t.name) : !group!.is("Empty") && group!.isSubscribedToTopic(t.name));
      return {
        name: t.name,
        partitions: t.partitions.map((p) => {
          if (subscribed) return { partition: p, errorCode: ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC };
          // A tombstone also when only an open transaction holds the partition (Kafka's deleteOffsets).
          const pending = this.pendingTxnOffsets.has(groupId, t.name, p);
          if (this.offsets.delete(groupId, t.name, p) || pending) records.push(offsetCommitRecord({ group: groupId, topic: t.name, partition: p }, null));
          if (pending) this.pendingTxnOffsets.removePartition(groupId, t.name, p);
          return { partition: p, errorCode: ErrorCode.NONE };
        }),
      };
    });
    return { results, written: this.append(groupId, records) };
  }

  // ---- groups ---------------------------------------------------------------------------------

  listGroups(statesFilter: readonly string[], typesFilter: readonly string[]): GroupListing[] {
    const states = new Set(statesFilter.map((s) => s.toLowerCase()));
    const types = new Set(typesFilter.map((s) => s.toLowerCase()));
    const out: GroupListing[] = [];
    for (const g of this.groups.values()) {
      if (g.is("Dead")) continue;
      if (states.size > 0 && !states.has(g.state.toLowerCase())) continue;
      if (types.size > 0 && !types.has(g.type)) continue;
      out.push({ groupId: g.groupId, protocolType: g.protocolType ?? "", state: g.state, type: g.type });
    }
    for (const g of [...this.consumerGroups.values(), ...this.shareGroups.values()]) {
      if (states.size > 0 && !states.has(g.state.toLowerCase())) continue;
      if (types.size > 0 && !types.has(g.type)) continue;
      out.push({ groupId: g.groupId, protocolType: g.protocolType, state: g.state, type: g.type });
    }
    out.push(...this.streams.list(states, types));
    return out;
  }

  describeGroup(groupId: string): GroupDescription {
    const g = this.groups.get(groupId);
    if (!g) return { errorCode: ErrorCode.NONE, groupId, state: "Dead", protocolType: "", protocolData: "", members: [] };
    const stable = g.is("Stable") && g.protocolName !== null;
    return {
      errorCode: ErrorCode.NONE,
      groupId,
      state: g.state,
      protocolType: g.protocolType ?? "",
      protocolData: stable ? g.protocolName! : "",
      members: [...g.members.values()].map((m) => ({
        memberId: m.memberId,
        groupInstanceId: m.groupInstanceId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        metadata: stable ? m.metadataFor(g.protocolName!) : new Uint8Array(0),
        assignment: stable ? m.assignment : new Uint8Array(0),
      })),
    };
  }

  /** DeleteGroups for one group: only an Empty group (or one only holding offsets) can be deleted. */
  deleteGroup(groupId: string): { errorCode: number; written: Promise<void> } {
    const sg = this.shareGroups.get(groupId);
    if (sg) {
      if (!sg.isEmpty()) return { errorCode: ErrorCode.NON_EMPTY_GROUP, written: Promise.resolve() };
      return { errorCode: ErrorCode.NONE, written: this.removeShareGroup(sg) };
    }
    const cg = this.consumerGroups.get(groupId);
    if (cg) {
      if (!cg.isEmpty()) return { errorCode: ErrorCode.NON_EMPTY_GROUP, written: Promise.resolve() };
      return { errorCode: ErrorCode.NONE, written: this.removeConsumerGroup(cg) };
    }
    const streamsDeleted = this.streams.delete(groupId, () => this.deleteAllOffsets(groupId));
    if (streamsDeleted) return streamsDeleted;
    const g = this.groups.get(groupId);
    if (!g || g.is("Dead")) return { errorCode: ErrorCode.GROUP_ID_NOT_FOUND, written: Promise.resolve() };
    if (!g.is("Empty")) return { errorCode: ErrorCode.NON_EMPTY_GROUP, written: Promise.resolve() };
    return { errorCode: ErrorCode.NONE, written: this.removeGroup(g) };
  }

  /** Tombstones for every offset of a group, committed or pending (Kafka's deleteAllOffsets). */
  private deleteAllOffsets(groupId: string): KeyValue[] {
    const committed = this.offsets.deleteGroup(groupId);
    const seen = new Set(committed.map((tp) => `${tp.topic}\u0000${tp.partition}`));
    const records = committed.map((tp) => offsetCommitRecord({ group: groupId, topic: tp.topic, partition: tp.partition }, null));
    for (const tp of this.pendingTxnOffsets.partitionsOf(groupId)) {
      if (!seen.has(`${tp.topic}\u0000${tp.partition}`)) records.push(offsetCommitRecord({ group: groupId, topic: tp.topic, partition: tp.partition }, null));
      this.pendingTxnOffsets.removePartition(groupId, tp.topic, tp.partition);
    }
    return records;
  }

  private removeConsumerGroup(g: ConsumerGroup): Promise<void> {
    const records: KeyValue[] = this.deleteAllOffsets(g.groupId);
    records.push(...consumerGroupTombstones(g));
    this.consumer.cancelGroupTimers(g);
    g.dead = true;
    this.consumerGroups.delete(g.groupId);
    return this.append(g.groupId, records, false);
  }

  private removeShareGroup(g: ShareGroup): Promise<void> {
    const records = shareGroupTombstones(g);
    this.share.cancelGroupTimers(g);
    g.dead = true;
    this.shareGroups.delete(g.groupId);
    return this.append(g.groupId, records, false);
  }

  private removeGroup(g: Group): Promise<void> {
    const records: KeyValue[] = this.deleteAllOffsets(g.groupId);
    records.push(groupMetadataRecord(g.groupId, null));
    this.classic.cancelGroupTimers(g);
    g.transitionTo("Dead", this.timers.nowMs());
    this.groups.delete(g.groupId);
    return this.append(g.groupId, records);
  }

  // ---- expiry (offsets.retention.minutes) -------------------------------------------------------

  /** Remove expired offsets (tombstones) and delete Empty groups left without offsets. Returns the count removed. */
  expireOffsets(): number {
    const now = this.timers.nowMs();
    let removed = 0;
    for (const groupId of new Set([...this.offsets.groupIds(), ...this.groups.keys(), ...this.consumerGroups.keys(), ...this.streams.groupIds()])) {
      const g = this.groups.get(groupId);
      const cg = this.consumerGroups.get(groupId);
      const records: KeyValue[] = [];
      for (const e of this.offsets.entries(groupId)) {
        // A consumer group's offsets run from their commit time unless a member subscribes to the topic.
        const streamsSubscribed = this.streams.isSubscribed(groupId, e.topic);
        const base = streamsSubscribed !== null ? (streamsSubscribed ? null : e.offset.commitTimestampMs) : cg ? (!cg.isEmpty() && cg.isSubscribedToTopic(e.topic) ? null : e.offset.commitTimestampMs) : this.expiryBaseMs(g, e.topic, e.offset);
        const expired = e.offset.expireTimestampMs !== null ? now >= e.offset.expireTimestampMs : base !== null && now - base >= this.config.offsetsRetentionMs;
        // Not while an open transaction holds an offset for the partition (Kafka's cleanupExpiredOffsets).
        if (!expired || this.pendingTxnOffsets.has(groupId, e.topic, e.partition)) continue;
        this.offsets.delete(groupId, e.topic, e.partition);
        records.push(offsetCommitRecord({ group: groupId, topic: e.topic, partition: e.partition }, null));
        removed++;
      }
      // A group in an open transaction stays (Kafka: not removed while openTransactionsByGroup has it).
      if (this.pendingTxnOffsets.hasOpenTransactions(groupId)) {
        this.appendInBackground("offset expiry", groupId, records);
        continue;
      }
      if (cg && cg.isEmpty() && !this.offsets.hasOffsets(groupId)) this.logFailure("removal of an expired consumer group", groupId, this.removeConsumerGroup(cg));
      const sgRemoval = this.streams.expireIfEmpty(groupId, this.offsets.hasOffsets(groupId));
      if (sgRemoval) this.logFailure("removal of an expired streams group", groupId, sgRemoval);
      if (g && g.is("Empty") && !this.offsets.hasOffsets(groupId) && g.generationId >= 0) {
        this.logFailure("removal of an expired group", groupId, this.removeGroup(g));
      }
      this.appendInBackground("offset expiry", groupId, records);
    }
    return removed;
  }

  /** Kafka's offsetExpirationCondition: from when an offset's retention runs, or null if it does not. */
  private expiryBaseMs(g: Group | undefined, topic: string, o: OffsetAndMetadata): number | null {
    if (!g || g.protocolType === null) return o.commitTimestampMs;
    if (g.is("Empty")) return g.currentStateTimestampMs;
    if (g.protocolType === "consumer" && g.subscribedTopics !== null && !g.subscribedTopics.has(topic)) return o.commitTimestampMs;
    return null;
  }

  startExpiry(): void {
    const arm = () => {
      this.expiryTimer = this.timers.clock.schedule(() => {
        this.expireOffsets();
        arm();
      }, this.config.offsetsRetentionCheckIntervalMs);
    };
    arm();
  }

  // ---- loading --------------------------------------------------------------------------------

  /**
   * Apply one record read back from __consumer_offsets (start-up). Later records win. An offset record
   * of a transactional batch (producerId >= 0) is pending for its producer until the marker.
   */
  replay(offset: number, producerId: bigint, _producerEpoch: number, key: Uint8Array, value: Uint8Array | null): void {
    if (offset >= this.nextRecordOffset) this.nextRecordOffset = offset + 1;
    const r = decodeRecord(key, value);
    if (r.type === "offset") {
      const { group, topic, partition } = r.key;
      if (r.value === null) {
        this.offsets.delete(group, topic, partition);
        this.pendingTxnOffsets.removePartition(group, topic, partition);
      } else {
        const o: OffsetAndMetadata = {
          committedOffset: r.value.offset,
          leaderEpoch: r.value.leaderEpoch,
          metadata: r.value.metadata,
          commitTimestampMs: Number(r.value.commitTimestamp),
          expireTimestampMs: r.value.expireTimestamp >= 0n ? Number(r.value.expireTimestamp) : null,
          topicId: r.value.topicId,
          recordOffset: offset,
        };
        if (producerId >= 0n) this.pendingTxnOffsets.put(producerId, group, topic, partition, o);
        else this.offsets.put(group, topic, partition, o);
        // A simple-commit group exists as soon as it has offsets (Kafka creates an Empty classic group).
        if (!this.consumerGroups.has(group) && !this.streams.has(group)) this.classicGroup(group, true);
      }
    } else if (r.type === "group") {
      const old = this.groups.get(r.groupId);
      if (old) this.classic.cancelGroupTimers(old);
      if (r.value === null) this.groups.delete(r.groupId);
      else this.groups.set(r.groupId, groupFromRecord(r.groupId, r.value, this.timers.nowMs()));
    } else if (decodeShareGroupRecord(r.recordType, r.key, r.value) !== null) {
      replayShareGroupRecord(
        decodeShareGroupRecord(r.recordType, r.key, r.value)!,
        (id, create) => {
          const existing = this.shareGroups.get(id);
          if (existing || !create) return existing;
          const n = new ShareGroup(id, this.timers.nowMs());
          this.shareGroups.set(id, n);
          return n;
        },
        (id) => void this.shareGroups.delete(id),
        this.timers.nowMs(),
      );
    } else if (!this.streams.replay(r.recordType, r.key, r.value)) {
      const cr = decodeConsumerGroupRecord(r.recordType, r.key, r.value);
      if (cr === null) return;
      replayConsumerGroupRecord(
        cr,
        (id, create) => {
          const existing = this.consumerGroups.get(id);
          if (existing || !create) return existing;
          // An Empty classic placeholder made by replayed offsets gives way to the consumer group.
          const classic = this.groups.get(id);
          if (classic && classic.size === 0) this.groups.delete(id);
          const n = new ConsumerGroup(id, this.timers.nowMs());
          this.consumerGroups.set(id, n);
          return n;
        },
        (id) => void this.consumerGroups.delete(id),
      );
    }
  }

  /**
   * The end of `producerId`'s transaction (a marker read back, or written by the runtime's transaction
   * completion inside its snapshot): COMMIT moves its pending offsets to the committed ones, except
   * over an offset committed after it (a higher recordOffset, as Kafka); ABORT drops them.
   */
  replayEndTransactionMarker(producerId: bigint, _producerEpoch: number, result: TransactionResult): void {
    const pending = this.pendingTxnOffsets.complete(producerId);
    if (!pending || result !== "COMMIT") return;
    for (const groupId of pending.groupIds()) {
      for (const e of pending.entries(groupId)) {
        const existing = this.offsets.get(groupId, e.topic, e.partition);
        if (existing === undefined || (e.offset.recordOffset ?? -1) > (existing.recordOffset ?? -1)) this.offsets.put(groupId, e.topic, e.partition, e.offset);
      }
    }
  }

  /** Whether an open transaction holds offsets here (the size-bound rewrite then waits: it would drop them). */
  hasPendingTransactions(): boolean {
    return this.pendingTxnOffsets.producerCount > 0;
  }

  /** After replay: arm session timeouts of loaded members, start the expiry task. */
  loaded(): void {
    for (const g of this.groups.values()) this.classic.scheduleLoadedMembers(g);
    for (const g of this.consumerGroups.values()) {
      g.rebuildOwnership();
      this.consumer.scheduleLoadedMembers(g);
    }
    this.streams.loaded();
    for (const g of this.shareGroups.values()) this.share.scheduleLoadedMembers(g);
  }

  /** The live records of the groups on one partition: what a compacted log would keep. */
  snapshotRecords(partition: number): KeyValue[] {
    const out: KeyValue[] = [];
    const ids = new Set([...this.groups.keys(), ...this.consumerGroups.keys(), ...this.streams.groupIds(), ...this.shareGroups.keys(), ...this.offsets.groupIds()]);
    for (const id of ids) {
      if (this.partitionFor(id) !== partition) continue;
      const g = this.groups.get(id);
      if (g && g.protocolType !== null) out.push(groupMetadataRecord(id, groupToRecord(g)));
      const cg = this.consumerGroups.get(id);
      if (cg) out.push(...consumerGroupSnapshot(cg));
      out.push(...this.streams.snapshot(id));
      const sg = this.shareGroups.get(id);
      if (sg) out.push(...shareGroupSnapshot(sg));
      for (const e of this.offsets.entries(id)) out.push(offsetCommitRecord({ group: id, topic: e.topic, partition: e.partition }, toValue(e.offset)));
    }
    return out;
  }

  close(): void {
    this.expiryTimer?.cancel();
    this.timers.cancelAll();
  }

  // ---- CoordinatorShard -------------------------------------------------------------------------

  onLoaded(): void {
    this.loaded();
  }

  /** No longer this node's partition: members waiting in JoinGroup / SyncGroup get NOT_COORDINATOR. */
  onUnloaded(): void {
    for (const g of this.groups.values()) this.classic.failWaiters(g, ErrorCode.NOT_COORDINATOR);
    this.close();
  }
}

/** Kafka's name for what GroupCoordinator is: the state machine of one __consumer_offsets partition. */
export type GroupCoordinatorShard = GroupCoordinator;

function toValue(o: OffsetAndMetadata) {
  return {
    offset: o.committedOffset,
    leaderEpoch: o.leaderEpoch,
    metadata: o.metadata,
    commitTimestamp: BigInt(o.commitTimestampMs),
    expireTimestamp: o.expireTimestampMs === null ? -1n : BigInt(o.expireTimestampMs),
    topicId: o.topicId,
  };
}
