// Kafka's SharePartitionManager: the share partitions this broker leads, by (groupId, topic id,
// partition), and the share sessions (ShareSessionCache).
//
// - a share partition is created on first use where this broker leads the partition, and initialised
//   from the Persister; one whose partition moved away (NOT_LEADER_OR_FOLLOWER) or whose leader epoch
//   changed is closed and dropped (its locks cancelled), and read again from the Persister when the
//   leadership comes back; one whose initialisation failed is dropped so the next request retries;
// - fetch: acquires records on every session partition that can (Kafka's DelayedShareFetch): reads the
//   log from each partition's next fetch offset through ReplicaManager.fetchMessages (max_bytes shared
//   evenly between the partitions, Kafka's uniform PartitionMaxBytesStrategy), acquires up to
//   max_records over the partitions in turn, and answers at once when something was acquired or
//   max_wait_ms is 0; otherwise waits, bounded by max_wait_ms, for new records (the delayed fetch) or
//   for records released by an acknowledgement or a lock timeout, and tries once more;
// - the records returned are the log's bytes (file slices on the zero-copy path), cut to the batches
//   holding acquired offsets.
// Bounded: at most `maxSharePartitions` share partitions (a new one past that answers
// UNKNOWN_SERVER_ERROR).

import { ErrorCode } from "../../protocol/errors.ts";
import type { Persister } from "../../coordinator/share/persister.ts";
import type { Records } from "../../protocol/primitives/records-ref.ts";
import type { ReplicaManager } from "../../replication/replica-manager.ts";
import type { FetchPartitionRequest } from "../../replication/fetch-read.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import type { Timer } from "../../util/purgatory/index.ts";
import { SharePartition, type AcquiredRange, type SharePartitionConfig, type ShareResult } from "./share-partition.ts";
import { ShareSessionCache, type SessionPartition, type ShareSession } from "./share-session-cache.ts";
import { batchSpans, markAborted, sliceRecords } from "./record-batches.ts";
import type { ShareAcknowledgementBatch } from "./record-state.ts";
import { EMPTY_RECORDS } from "../../replication/fetch-read.ts";

export interface SharePartitionManagerDeps {
  replicaManager: ReplicaManager;
  persister: Persister;
  timer: Timer;
  image: () => MetadataImage;
  config: (groupId: string) => SharePartitionConfig;
  readCommitted: (groupId: string) => boolean;
  maxSessions: () => number;
  maxSharePartitions?: number;
}

export interface ShareFetchParams {
  groupId: string;
  memberId: string;
  maxWaitMs: number;
  minBytes: number;
  maxBytes: number;
  maxRecords: number;
  batchSize: number;
  recordLimit: boolean;
}

export interface SharePartitionFetchResult {
  topicId: string;
  partition: number;
  errorCode: number;
  errorMessage: string | null;
  records: Records;
  acquired: AcquiredRange[];
  /** NOT_LEADER_OR_FOLLOWER with leader -1: the share partition's state was never initialised. */
  unknownLeader: boolean;
}

type Lookup = { sp: SharePartition; topic: string } | { error: ShareResult };

export class SharePartitionManager {
  readonly sessions: ShareSessionCache;
  private readonly partitions = new Map<string, SharePartition>();
  /** Delayed share fetches waiting for released records; each settles by its own max_wait_ms. */
  private readonly availableWaiters = new Set<() => void>();

  constructor(private readonly deps: SharePartitionManagerDeps) {
    this.sessions = new ShareSessionCache(deps.maxSessions);
  }

  get sharePartitionCount(): number {
    return this.partitions.size;
  }

  private static key(groupId: string, topicId: string, partition: number): string {
    return `${groupId}\u0000${topicId}:${partition}`;
  }

  /** The share partition, initialised, where this broker leads the partition; else the error to answer. */
  async sharePartition(groupId: string, topicId: string, partition: number): Promise<Lookup> {
    const topic = this.deps.image().topicsById.get(topicId);
    if (topic === undefined) return { error: { errorCode: ErrorCode.UNKNOWN_TOPIC_ID, errorMessage: null } };
    const key = SharePartitionManager.key(groupId, topicId, partition);
    const hosted = this.deps.replicaManager.getPartitionOrError(topic.name, partition);
    let sp = this.partitions.get(key);
    if ("errorCode" in hosted) {
      if (sp !== undefined) this.drop(key, sp);
      return { error: { errorCode: hosted.errorCode, errorMessage: null } };
    }
    if (sp !== undefined && sp.leaderEpoch !== hosted.leaderEpoch) {
      this.drop(key, sp);
      sp = undefined;
    }
    if (sp === undefined) {
      if (this.partitions.size >= (this.deps.maxSharePartitions ?? 100_000)) return { error: { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: "share partition limit reached" } };
      const log = hosted.log;
      sp = new SharePartition(groupId, topicId, partition, hosted.leaderEpoch, this.deps.timer, this.deps.persister, () => this.deps.config(groupId), {
        logStartOffset: () => hosted.logStartOffset,
        logEndOffset: () => hosted.highWatermark,
        offsetForTimestamp: (ts) => log.offsetForTimestamp(ts)?.offset ?? hosted.highWatermark,
      }, () => this.notifyAvailable());
      this.partitions.set(key, sp);
    }
    const init = await sp.maybeInitialize();
    if (init.errorCode !== ErrorCode.NONE) {
      if (this.partitions.get(key) === sp) this.drop(key, sp);
      return { error: init };
    }
    return { sp, topic: topic.name };
  }

  private drop(key: string, sp: SharePartition): void {
    sp.close();
    this.partitions.delete(key);
  }

  private notifyAvailable(): void {
    const waiters = [...this.availableWaiters];
    this.availableWaiters.clear();
    for (const w of waiters) w();
  }

  async acknowledge(groupId: string, memberId: string, topicId: string, partition: number, batches: readonly ShareAcknowledgementBatch[]): Promise<ShareResult> {
    const found = await this.sharePartition(groupId, topicId, partition);
    if ("error" in found) {
      // Kafka answers acknowledgements for a partition it has no share partition for with the exception's message.
      if (found.error.errorCode === ErrorCode.UNKNOWN_TOPIC_OR_PARTITION) return { errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: "This server does not host this topic-partition." };
      return found.error;
    }
    return found.sp.acknowledge(memberId, batches);
  }

  /** The session closed (epoch -1) or was replaced: the member's acquired records go back. */
  async releaseSession(session: ShareSession): Promise<void> {
    for (const p of session.partitions.values()) {
      const sp = this.partitions.get(SharePartitionManager.key(session.groupId, p.topicId, p.partition));
      if (sp !== undefined) await sp.releaseAcquiredRecords(session.memberId);
    }
  }

  /** Acquires records on `parts` for the member (see the file comment). */
  async fetch(parts: readonly SessionPartition[], params: ShareFetchParams): Promise<SharePartitionFetchResult[]> {
    const deadline = Date.now() + Math.max(0, params.maxWaitMs);
    let first = await this.fetchOnce(parts, params);
    if (params.maxWaitMs <= 0 || first.some((r) => r.acquired.length > 0 || r.errorCode !== ErrorCode.NONE)) return first;
    // Nothing to acquire yet: wait for new records (delayed fetch) or released ones, then try again.
    const waitMs = deadline - Date.now();
    if (waitMs <= 0) return first;
    let wake: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      wake = resolve;
      this.availableWaiters.add(resolve);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([this.waitForRecords(parts, params, waitMs), released, timeout]);
    clearTimeout(timer);
    this.availableWaiters.delete(wake);
    first = await this.fetchOnce(parts, params);
    return first;
  }

  /** Kafka's DelayedShareFetch wait: until a session partition has records past its next fetch offset (or waitMs). */
  private async waitForRecords(parts: readonly SessionPartition[], params: ShareFetchParams, waitMs: number): Promise<void> {
    const reqs: FetchPartitionRequest[] = [];
    for (const p of parts) {
      const sp = this.partitions.get(SharePartitionManager.key(params.groupId, p.topicId, p.partition));
      const topic = this.deps.image().topicsById.get(p.topicId);
      if (sp === undefined || topic === undefined || !sp.canAcquireRecords()) continue;
      reqs.push({ key: `${p.topicId}:${p.partition}`, topic: topic.name, partition: p.partition, fetchOffset: BigInt(sp.nextFetchOffset()), maxBytes: 1, currentLeaderEpoch: -1, unknownTopicId: false });
    }
    // Nothing can take new records (every window full): only a release or max_wait_ms ends the wait.
    if (reqs.length === 0) return new Promise<void>(() => {});
    await this.deps.replicaManager.fetchMessages({ partitions: reqs, maxBytes: 1, minBytes: Math.max(1, params.minBytes), maxWaitMs: waitMs, isolation: this.deps.readCommitted(params.groupId) ? "lastStable" : "highWatermark" });
  }

  private async fetchOnce(parts: readonly SessionPartition[], params: ShareFetchParams): Promise<SharePartitionFetchResult[]> {
    const out: SharePartitionFetchResult[] = [];
    const readable: Array<{ sp: SharePartition; req: FetchPartitionRequest; result: SharePartitionFetchResult }> = [];
    const perPartitionBytes = Math.max(1, Math.floor(params.maxBytes / Math.max(1, parts.length)));
    for (const p of parts) {
      const found = await this.sharePartition(params.groupId, p.topicId, p.partition);
      const result: SharePartitionFetchResult = { topicId: p.topicId, partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null, records: EMPTY_RECORDS, acquired: [], unknownLeader: false };
      if ("error" in found) {
        result.errorCode = found.error.errorCode;
        // A share partition the group coordinator never initialised: Kafka 4.4.0 answers
        // NOT_LEADER_OR_FOLLOWER with an unknown leader (the client re-reads metadata and retries).
        if (found.error.errorCode === ErrorCode.UNKNOWN_TOPIC_OR_PARTITION && this.deps.image().topicsById.get(p.topicId)?.partitions[p.partition] !== undefined) {
          result.errorCode = ErrorCode.NOT_LEADER_OR_FOLLOWER;
          result.unknownLeader = true;
        }
        out.push(result);
        continue;
      }
      out.push(result);
      if (!found.sp.canAcquireRecords()) continue;
      readable.push({ sp: found.sp, result, req: { key: `${p.topicId}:${p.partition}`, topic: found.topic, partition: p.partition, fetchOffset: BigInt(found.sp.nextFetchOffset()), maxBytes: perPartitionBytes, currentLeaderEpoch: -1, unknownTopicId: false } });
    }
    if (readable.length === 0) return out;
    const read = await this.deps.replicaManager.fetchMessages({
      partitions: readable.map((r) => r.req),
      maxBytes: params.maxBytes,
      minBytes: 0,
      maxWaitMs: 0,
      isolation: this.deps.readCommitted(params.groupId) ? "lastStable" : "highWatermark",
    });
    let recordsLeft = params.maxRecords;
    for (const { sp, req, result } of readable) {
      const r = read.results.get(req.key);
      if (r === undefined) continue;
      if (r.errorCode === ErrorCode.OFFSET_OUT_OF_RANGE) {
        sp.updateCacheAndOffsets(Number(r.logStartOffset));
        continue;
      }
      if (r.errorCode !== ErrorCode.NONE) {
        result.errorCode = r.errorCode;
        continue;
      }
      if (recordsLeft <= 0 || r.sizeBytes === 0) continue;
      const spans = batchSpans(r.records);
      if (r.abortedTransactions !== null) markAborted(spans, r.abortedTransactions);
      const acquired = sp.acquire(params.memberId, spans, recordsLeft, params.batchSize, params.recordLimit);
      if (acquired.length === 0) continue;
      for (const a of acquired) recordsLeft -= a.lastOffset - a.firstOffset + 1;
      const firstOffset = acquired[0]!.firstOffset;
      const lastOffset = acquired[acquired.length - 1]!.lastOffset;
      const kept = spans.filter((s) => s.lastOffset >= firstOffset && s.baseOffset <= lastOffset);
      result.acquired = acquired;
      result.records = kept.length === 0 ? EMPTY_RECORDS : sliceRecords(r.records, kept[0]!.position, kept[kept.length - 1]!.position + kept[kept.length - 1]!.sizeBytes);
    }
    return out;
  }

  /**
   * After a metadata change: share partitions whose partition this broker no longer leads, or leads in
   * another leader epoch, are closed and dropped (Kafka's SharePartitionListener on leader change); the
   * next request reads their state again from the Persister.
   */
  onMetadataUpdate(): void {
    const image = this.deps.image();
    for (const [key, sp] of this.partitions) {
      const topic = image.topicsById.get(sp.topicId);
      const hosted = topic === undefined ? null : this.deps.replicaManager.getPartitionOrError(topic.name, sp.partition);
      if (hosted === null || "errorCode" in hosted || hosted.leaderEpoch !== sp.leaderEpoch) this.drop(key, sp);
    }
  }

  /**
   * Kafka's ShareGroupListener.onMemberLeave, for the group coordinator: the member's share session
   * ends and its acquired records go back to the others.
   */
  async onMemberLeave(groupId: string, memberId: string): Promise<void> {
    const s = this.sessions.removeMember(groupId, memberId);
    if (s !== undefined) await this.releaseSession(s);
  }

  /** A client connection closed: the share sessions it used end and their acquired records go back. */
  connectionClosed(connectionId: number): void {
    for (const s of this.sessions.removeConnection(connectionId)) void this.releaseSession(s);
  }

  /** Broker shutdown: every share partition closed, its locks cancelled. */
  shutdown(): void {
    for (const [key, sp] of this.partitions) this.drop(key, sp);
    this.notifyAvailable();
  }
}
