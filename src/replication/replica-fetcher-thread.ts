// One replica fetcher (Kafka's ReplicaFetcherThread over AbstractFetcherThread): the partitions this
// broker follows from one leader (and one fetcher id), fetched in one loop. Not a thread: an async loop
// on the event loop with at most one request in flight, woken when partitions are added, when a
// response has been handled, or when a back-off ends.
//
// Each round (Kafka's doWork): partitions still Truncating (no leader epoch known locally) truncate to
// their high watermark; then one Fetch carries every partition that is Fetching and not backing off.
// Per partition of the answer, as AbstractFetcherThread.processFetchRequest:
// - NONE with a diverging epoch: truncate as getOffsetTruncationState says, fetch again from there;
// - NONE: append the whole batches (Partition.appendRecordsToFollower), then the high watermark
//   (min of the leader's and the log end) and the leader's log start offset;
// - OFFSET_OUT_OF_RANGE: Kafka's fetchOffsetAndTruncate through ListOffsets (latest, then earliest);
// - FENCED_LEADER_EPOCH: this replica's epoch is older than the leader's: the partition stops until
//   the metadata brings the new epoch (addPartitions again);
// - NOT_LEADER_OR_FOLLOWER, UNKNOWN_LEADER_EPOCH, UNKNOWN_TOPIC_OR_PARTITION, UNKNOWN_TOPIC_ID,
//   KAFKA_STORAGE_ERROR and anything else: back off replica.fetch.backoff.ms and retry;
// - a request that fails as a whole (connection, timeout, versions) backs off every partition.
// A corrupt batch backs the partition off (the next fetch may bring it whole); a local storage
// failure stops the partition (its log is offline; Kafka's markPartitionFailed).
// Requests go through the leader's incremental fetch session (fetch-session-handler.ts): a partition
// left out of an answer has nothing new. Follower replication quota (replication-quota.ts): a partition
// throttled on the follower side and not caught up (lag above 0) is left out of the fetch while the
// quota is exceeded (Kafka's shouldFollowerThrottle); when that leaves nothing to fetch, the round waits
// replica.fetch.backoff.ms. Bytes received for throttled partitions are recorded, caught up or not.
// Left out: OffsetForLeaderEpoch (only for leaders without Fetch v12), metrics.

import type { TimerClock, WakeupHandle } from "../util/purgatory/clock.ts";
import type { Logger } from "../util/log.ts";
import { ErrorCode } from "../protocol/errors.ts";
import type { PartitionData } from "../protocol/generated/messages/fetch-response.ts";
import { InvalidBatchError, LogClosedError, LogOfflineError } from "../storage/errors.ts";
import { MAX_OFFSET } from "../storage/offset-bound.ts";
import { assert } from "../util/assert.ts";
import type { Partition } from "./partition.ts";
import { LeaderOffsetError, partitionKey, type FetchRequestPartition, type RemoteLeaderEndPoint } from "./remote-leader-endpoint.ts";
import { isReplicaInSync, offsetTruncationState, type InitialFetchState, type PartitionFetchState } from "./partition-fetch-state.ts";
import { shouldThrottle, UNBOUNDED_QUOTA, type ReplicaQuota } from "./replication-quota.ts";

export type { InitialFetchState, PartitionFetchState, ReplicaFetchPhase } from "./partition-fetch-state.ts";

/** The largest offset the storage layer holds. */
const MAX_WIRE_OFFSET = BigInt(MAX_OFFSET);

/** What the fetcher needs of the broker hosting the partitions (ReplicaManager). */
export interface ReplicaFetcherHost {
  /** The hosted Partition, if still hosted (a follower of this fetcher's leader, normally). */
  partition(topic: string, partition: number): Partition | undefined;
}

export interface ReplicaFetcherThreadOptions {
  name: string;
  endpoint: RemoteLeaderEndPoint;
  host: ReplicaFetcherHost;
  clock: TimerClock;
  /** replica.fetch.backoff.ms */
  backoffMs: number;
  /** Partitions one fetcher holds at most (a bound on the map; the image bounds it in practice). */
  maxPartitions: number;
  logger: Logger;
  /** Wall-clock ms for the log (segment.ms rolls); Date.now by default. */
  wallClockMs?: () => number;
  /** The follower replication quota (Kafka's quotas.follower); absent: never throttled. */
  quota?: ReplicaQuota;
}

export class ReplicaFetcherThread {
  readonly name: string;
  private readonly states = new Map<string, PartitionFetchState>();
  /** Partitions stopped after a local failure or a fence, until addPartitions brings them back. */
  private readonly failed = new Set<string>();
  private inFlight: Promise<void> | null = null;
  private wakeup: WakeupHandle | null = null;
  private running = false;
  private readonly wallClockMs: () => number;
  private readonly quota: ReplicaQuota;
  /** Fetch requests sent (for tests and logs). */
  fetchCount = 0;

  constructor(private readonly opts: ReplicaFetcherThreadOptions) {
    this.name = opts.name;
    this.wallClockMs = opts.wallClockMs ?? Date.now;
    this.quota = opts.quota ?? UNBOUNDED_QUOTA;
  }

  get leaderId(): number {
    return this.opts.endpoint.leader.id;
  }

  get partitionCount(): number {
    return this.states.size;
  }

  fetchState(topic: string, partition: number): PartitionFetchState | undefined {
    return this.states.get(partitionKey(topic, partition));
  }

  isFailed(topic: string, partition: number): boolean {
    return this.failed.has(partitionKey(topic, partition));
  }

  start(): void {
    this.running = true;
    this.pump();
  }

  /** Stops fetching; resolves once the request in flight (if any) has been handled. */
  async shutdown(): Promise<void> {
    this.running = false;
    this.wakeup?.cancel();
    this.wakeup = null;
    await this.inFlight?.catch(() => undefined);
  }

  /**
   * Kafka's addPartitions: a partition already fetching at the same leader epoch keeps its state; else
   * it starts at initOffset, Fetching when a leader epoch is known locally (the fetch checks for
   * divergence) and Truncating (to the high watermark) when none is. Returns the keys added.
   */
  addPartitions(initial: readonly InitialFetchState[]): string[] {
    const added: string[] = [];
    for (const s of initial) {
      const key = partitionKey(s.topic, s.partition);
      const current = this.states.get(key);
      if (!current && this.states.size >= this.opts.maxPartitions) {
        this.opts.logger.error("replica fetcher full: partition not added", { fetcher: this.name, partition: `${s.topic}-${s.partition}`, maxPartitions: this.opts.maxPartitions });
        continue;
      }
      this.failed.delete(key);
      added.push(key);
      if (current && current.currentLeaderEpoch === s.currentLeaderEpoch) continue;
      const p = this.opts.host.partition(s.topic, s.partition);
      const latest = p ? p.latestEpoch : -1;
      this.updateAndMoveToEnd(key, { topic: s.topic, topicId: s.topicId, partition: s.partition, fetchOffset: s.initOffset, currentLeaderEpoch: s.currentLeaderEpoch, lastFetchedEpoch: latest, phase: latest >= 0 ? "Fetching" : "Truncating", delayedUntilMs: 0, lag: null });
    }
    this.pump();
    return added;
  }

  /** Kafka's removePartitions: the states removed (a response for them is then ignored). */
  removePartitions(keys: Iterable<string>): Map<string, PartitionFetchState> {
    const removed = new Map<string, PartitionFetchState>();
    for (const key of keys) {
      const s = this.states.get(key);
      if (s) removed.set(key, s);
      this.states.delete(key);
      this.failed.delete(key);
    }
    return removed;
  }

  /** Runs a round when none is in flight: truncations, then one fetch, or a wake-up for the next back-off end. */
  private pump(): void {
    if (!this.running || this.inFlight) return;
    this.wakeup?.cancel();
    this.wakeup = null;
    const now = this.opts.clock.nowMs();
    this.truncateToHighWatermark(now);
    const ready: PartitionFetchState[] = [];
    let nextDue = Number.POSITIVE_INFINITY;
    for (const s of this.states.values()) {
      if (s.delayedUntilMs > now) nextDue = Math.min(nextDue, s.delayedUntilMs);
      else if (s.phase !== "Fetching") continue;
      // Throttled: left out of this fetch; looked at again after the back-off (Kafka waits
      // fetchBackOffMs when a round has nothing to send).
      else if (shouldThrottle(this.quota, isReplicaInSync(s), s.topic, s.partition)) nextDue = Math.min(nextDue, now + this.opts.backoffMs);
      else ready.push(s);
    }
    if (ready.length === 0) {
      if (nextDue !== Number.POSITIVE_INFINITY) this.wakeup = this.opts.clock.schedule(() => this.pump(), nextDue - now);
      return;
    }
    const round = this.fetchRound(ready).catch((e: unknown) => {
      this.opts.logger.error("replica fetcher round failed", { fetcher: this.name, error: e instanceof Error ? e.message : String(e) });
      this.delayPartitions(ready.map((s) => partitionKey(s.topic, s.partition)));
    });
    this.inFlight = round.finally(() => {
      this.inFlight = null;
      this.pump();
    });
  }

  /** Kafka's truncateToHighWatermark for partitions with no leader epoch known locally. */
  private truncateToHighWatermark(now: number): void {
    for (const [key, s] of this.states) {
      if (s.phase !== "Truncating" || s.delayedUntilMs > now) continue;
      const p = this.opts.host.partition(s.topic, s.partition);
      if (!p) {
        this.delay(key, now);
        continue;
      }
      try {
        p.truncateTo(s.fetchOffset);
      } catch (e) {
        this.markPartitionFailed(key, "truncation to the high watermark failed", e);
        continue;
      }
      // The log may end below the target (truncation keeps whole batches): fetch from where it ends.
      this.states.set(key, { ...s, fetchOffset: p.logEndOffset, phase: "Fetching", lastFetchedEpoch: p.latestEpoch });
    }
  }

  private async fetchRound(ready: readonly PartitionFetchState[]): Promise<void> {
    const endpoint = this.opts.endpoint;
    let version: number;
    try {
      version = await endpoint.fetchVersion();
    } catch (e) {
      // The leader cannot be reached (yet): as a failed fetch request.
      if (this.running) this.opts.logger.warn("could not learn the leader's Fetch versions", { fetcher: this.name, leader: endpoint.leader.id, error: e instanceof Error ? e.message : String(e) });
      return this.delayPartitions(ready.map((s) => partitionKey(s.topic, s.partition)));
    }
    if (version < 0) {
      this.opts.logger.warn("leader serves no replica Fetch version this follower sends (12-18); backing off", { fetcher: this.name, leader: endpoint.leader.id });
      return this.delayPartitions(ready.map((s) => partitionKey(s.topic, s.partition)));
    }
    const sent = new Map<string, PartitionFetchState>();
    const parts: FetchRequestPartition[] = [];
    for (const s of ready) {
      const key = partitionKey(s.topic, s.partition);
      // Removed or changed while the version was looked up: not sent.
      if (this.states.get(key) !== s) continue;
      const p = this.opts.host.partition(s.topic, s.partition);
      if (!p || p.isOffline) {
        this.markPartitionFailed(key, p ? "log offline" : "partition not hosted", null);
        continue;
      }
      sent.set(key, s);
      parts.push({ topic: s.topic, topicId: s.topicId, partition: s.partition, fetchOffset: s.fetchOffset, logStartOffset: p.logStartOffset, currentLeaderEpoch: s.currentLeaderEpoch, lastFetchedEpoch: s.lastFetchedEpoch, highWatermark: p.highWatermark });
    }
    if (parts.length === 0) return;
    this.fetchCount++;
    let result;
    try {
      result = await endpoint.fetch(parts, version);
    } catch (e) {
      if (this.running) this.opts.logger.warn("error in response for replica fetch request", { fetcher: this.name, leader: endpoint.leader.id, error: e instanceof Error ? e.message : String(e) });
      return this.delayPartitions(sent.keys());
    }
    if (!result.usable) {
      // The session starts again with a full request: at once after an incremental one (Kafka's
      // FetchSessionHandler), after the back-off when a full request was refused (no spinning).
      if (!result.full) return;
      this.opts.logger.warn("replica fetch answer refused", { fetcher: this.name, leader: endpoint.leader.id, errorCode: result.errorCode });
      return this.delayPartitions(sent.keys());
    }
    const withError: string[] = [];
    for (const [key, s] of sent) {
      const data = result.partitions.get(key);
      // Kafka processes what came back: a partition left out of a full fetch answer is fetched again next round.
      if (!data) continue;
      // Removed, re-added or truncated meanwhile: the answer is for a state that is gone.
      if (this.states.get(key) !== s) continue;
      if (!(await this.handlePartition(key, s, data))) withError.push(key);
    }
    this.delayPartitions(withError);
  }

  /** One partition of a fetch answer; false when it must back off. */
  private async handlePartition(key: string, s: PartitionFetchState, data: PartitionData): Promise<boolean> {
    switch (data.errorCode) {
      case ErrorCode.NONE:
        return this.processPartitionData(key, s, data);
      case ErrorCode.OFFSET_OUT_OF_RANGE:
        return this.handleOutOfRangeError(key, s);
      case ErrorCode.FENCED_LEADER_EPOCH:
        return this.onPartitionFenced(key, s.currentLeaderEpoch);
      case ErrorCode.NOT_LEADER_OR_FOLLOWER:
      case ErrorCode.UNKNOWN_LEADER_EPOCH:
      case ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
      case ErrorCode.UNKNOWN_TOPIC_ID:
      case ErrorCode.INCONSISTENT_TOPIC_ID:
        this.opts.logger.debug("leader answered a retriable error; waiting for metadata", { fetcher: this.name, partition: `${s.topic}-${s.partition}`, errorCode: data.errorCode });
        return false;
      default:
        this.opts.logger.warn("error for partition in replica fetch", { fetcher: this.name, partition: `${s.topic}-${s.partition}`, offset: s.fetchOffset, errorCode: data.errorCode });
        return false;
    }
  }

  private processPartitionData(key: string, s: PartitionFetchState, data: PartitionData): boolean {
    const p = this.opts.host.partition(s.topic, s.partition);
    if (!p) return false;
    const div = data.divergingEpoch;
    // Offsets from another node are checked before they touch the log: a leader's answer with an
    // offset no log can hold is dropped (and retried after the back-off), never clamped into place.
    const bad = [data.highWatermark, data.logStartOffset, ...(div.endOffset >= 0n ? [div.endOffset] : [])].find((o) => o < 0n || o > MAX_WIRE_OFFSET);
    if (bad !== undefined) {
      this.opts.logger.warn("leader answered an offset out of range; retrying", { fetcher: this.name, partition: p.name, offset: String(bad), highWatermark: String(data.highWatermark), logStartOffset: String(data.logStartOffset) });
      return false;
    }
    if (div.epoch >= 0 || div.endOffset >= 0n) {
      // Truncate, but apply nothing else of this answer (its watermarks are for the diverged log).
      return this.truncateOnFetchResponse(key, s, p, div.epoch, Number(div.endOffset));
    }
    try {
      assert(s.fetchOffset === p.logEndOffset, () => `${p.name}: fetched offset ${s.fetchOffset} but the log end is ${p.logEndOffset}`);
      const records = data.records;
      const bytes = records instanceof Uint8Array ? records : null;
      const info = bytes && bytes.length > 0 ? p.appendRecordsToFollower(bytes, this.wallClockMs()) : null;
      if (bytes && bytes.length > 0 && this.quota.isThrottled(s.topic, s.partition)) this.quota.record(bytes.length);
      p.updateFollowerHighWatermark(Number(data.highWatermark));
      p.maybeIncrementLogStartOffset(Number(data.logStartOffset));
      const nextOffset = info ? info.lastOffset + 1 : s.fetchOffset;
      const lag = Math.max(0, Number(data.highWatermark) - nextOffset);
      if (info || s.lag === null || s.lag !== lag) {
        this.updateAndMoveToEnd(key, { ...s, fetchOffset: nextOffset, lastFetchedEpoch: info ? info.lastLeaderEpoch : s.lastFetchedEpoch, lag, phase: "Fetching", delayedUntilMs: 0 });
      }
      return true;
    } catch (e) {
      if (e instanceof InvalidBatchError) {
        this.opts.logger.error("found invalid batches in replica fetch; retrying", { fetcher: this.name, partition: p.name, offset: s.fetchOffset, error: e.message });
        return false;
      }
      this.markPartitionFailed(key, e instanceof LogOfflineError || e instanceof LogClosedError ? "storage error while appending" : "unexpected error while appending", e);
      return true;
    }
  }

  /**
   * Kafka's truncateOnFetchResponse with getOffsetTruncationState: the offset to truncate to for the
   * leader's (epoch, end offset), then fetch from there with the local latest epoch.
   */
  private truncateOnFetchResponse(key: string, s: PartitionFetchState, p: Partition, leaderEpoch: number, leaderEndOffset: number): boolean {
    const offset = offsetTruncationState(s.fetchOffset, p.logEndOffset, leaderEpoch, leaderEndOffset, (e) => p.endOffsetForEpoch(e));
    try {
      if (offset < p.highWatermark) this.opts.logger.warn("truncating below the high watermark", { fetcher: this.name, partition: p.name, offset, highWatermark: p.highWatermark });
      p.truncateTo(offset);
    } catch (e) {
      this.markPartitionFailed(key, "truncation failed", e);
      return true;
    }
    this.opts.logger.info("truncated on a diverging epoch", { fetcher: this.name, partition: p.name, leaderEpoch, leaderEndOffset, offset });
    this.updateAndMoveToEnd(key, { ...s, fetchOffset: p.logEndOffset, lastFetchedEpoch: p.latestEpoch, phase: "Fetching" });
    return true;
  }

  /** Kafka's handleOutOfRangeError / fetchOffsetAndTruncate; false when it must back off. */
  private async handleOutOfRangeError(key: string, s: PartitionFetchState): Promise<boolean> {
    const endpoint = this.opts.endpoint;
    try {
      const leaderEnd = (await endpoint.fetchLatestOffset(s.topic, s.partition, s.currentLeaderEpoch)).offset;
      const p = this.opts.host.partition(s.topic, s.partition);
      if (!p || this.states.get(key) !== s) return true;
      const replicaEnd = p.logEndOffset;
      if (leaderEnd < replicaEnd) {
        // Unclean election: the leader's log is shorter; follow it (the mismatch is not repaired).
        this.opts.logger.warn("reset fetch offset to the leader's latest offset", { fetcher: this.name, partition: p.name, from: replicaEnd, to: leaderEnd });
        p.truncateTo(leaderEnd);
        this.updateAndMoveToEnd(key, { ...s, fetchOffset: p.logEndOffset, lag: 0, phase: "Fetching", lastFetchedEpoch: p.latestEpoch, delayedUntilMs: 0 });
        return true;
      }
      const leaderStart = (await endpoint.fetchEarliestOffset(s.topic, s.partition, s.currentLeaderEpoch)).offset;
      if (this.states.get(key) !== s) return true;
      const offsetToFetch = Math.max(leaderStart, replicaEnd);
      if (leaderStart > replicaEnd) {
        this.opts.logger.warn("truncate fully and reset fetch offset to the leader's start offset: the local log ends below it", { fetcher: this.name, partition: p.name, from: replicaEnd, to: leaderStart });
        p.truncateFullyAndStartAt(leaderStart, this.wallClockMs());
      } else {
        this.opts.logger.info("reset fetch offset to the local log end", { fetcher: this.name, partition: p.name, offset: offsetToFetch });
      }
      this.updateAndMoveToEnd(key, { ...s, fetchOffset: offsetToFetch, lag: leaderEnd - offsetToFetch, phase: "Fetching", lastFetchedEpoch: p.latestEpoch, delayedUntilMs: 0 });
      return true;
    } catch (e) {
      if (e instanceof LeaderOffsetError) {
        if (e.code === ErrorCode.FENCED_LEADER_EPOCH) return this.onPartitionFenced(key, s.currentLeaderEpoch);
        this.opts.logger.info("could not fetch the leader's offsets", { fetcher: this.name, partition: `${s.topic}-${s.partition}`, error: e.message });
        return false;
      }
      if (e instanceof LogOfflineError || e instanceof LogClosedError) {
        this.markPartitionFailed(key, "storage error while truncating", e);
        return true;
      }
      this.opts.logger.warn("error getting the leader's offsets", { fetcher: this.name, partition: `${s.topic}-${s.partition}`, error: e instanceof Error ? e.message : String(e) });
      return false;
    }
  }

  /**
   * Kafka's onPartitionFenced: fenced at the epoch this fetcher still holds, the partition waits for
   * the metadata's new epoch (stopped); a newer epoch arrived meanwhile: retry after the back-off.
   */
  private onPartitionFenced(key: string, requestEpoch: number): boolean {
    const s = this.states.get(key);
    if (!s) return true;
    if (s.currentLeaderEpoch === requestEpoch) {
      this.opts.logger.info("partition has an older epoch than the leader; awaiting the new epoch from the metadata", { fetcher: this.name, partition: `${s.topic}-${s.partition}`, epoch: requestEpoch });
      this.markPartitionFailed(key, null, null);
      return true;
    }
    return false;
  }

  private markPartitionFailed(key: string, reason: string | null, e: unknown): void {
    if (reason !== null) this.opts.logger.error("replica fetcher stops fetching a partition", { fetcher: this.name, partition: key, reason, error: e instanceof Error ? e.message : e === null ? undefined : String(e) });
    this.states.delete(key);
    this.failed.add(key);
  }

  /**
   * Kafka's PartitionStates.updateAndMoveToEnd: an updated partition goes last, so the next request
   * leads with the others. The leader returns a batch larger than the limits only for the first
   * partition of an answer (KIP-74), so rotating the order lets every partition make progress.
   */
  private updateAndMoveToEnd(key: string, s: PartitionFetchState): void {
    this.states.delete(key);
    this.states.set(key, s);
  }

  private delayPartitions(keys: Iterable<string>): void {
    const now = this.opts.clock.nowMs();
    for (const key of keys) this.delay(key, now);
  }

  private delay(key: string, now: number): void {
    const s = this.states.get(key);
    if (s && s.delayedUntilMs <= now) this.updateAndMoveToEnd(key, { ...s, delayedUntilMs: now + this.opts.backoffMs });
  }
}
