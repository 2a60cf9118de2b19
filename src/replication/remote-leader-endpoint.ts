// The leader as one replica fetcher sees it (Kafka's RemoteLeaderEndPoint): Fetch and ListOffsets to one
// broker through a NetworkClient, built at the highest version both sides serve.
//
// - Fetch at v12..18 (the leader's ApiVersions answer decides): v12 is the first with last_fetched_epoch
//   and the diverging-epoch answer (truncation on fetch, KIP-595/KIP-320's successor), which every
//   Kafka leader since 2.7 serves; v13+ names topics by id; v15+ carries ReplicaState {replica id,
//   broker epoch} instead of replica_id; v18 sends this replica's high watermark. A leader that serves
//   no version from 12 up fails the fetch with UnsupportedVersionException (the fetcher backs off); the
//   OffsetForLeaderEpoch path Kafka keeps for such leaders is left out.
// - Incremental fetch sessions (KIP-227, fetch-session-handler.ts) as Kafka's follower uses them; a
//   leader that keeps none (session id 0 in its answer) gets full requests each time.
// - ListOffsets (earliest / latest) as a replica (replica_id = this broker), for OFFSET_OUT_OF_RANGE.

import type { Node, NetworkClient } from "../network/network-client.ts";
import type { FetchResponse, PartitionData } from "../protocol/generated/messages/fetch-response.ts";
import type { ListOffsetsResponse } from "../protocol/generated/messages/list-offsets-response.ts";
import { newFetchPartition, newFetchTopic, newForgottenTopic, newReplicaState, type FetchTopic, type ForgottenTopic } from "../protocol/generated/messages/fetch-request.ts";
import { FetchSessionHandler } from "./fetch-session-handler.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { assert } from "../util/assert.ts";

export const API_FETCH = 1;
export const API_LIST_OFFSETS = 2;
export const API_API_VERSIONS = 18;
/** The lowest Fetch version this follower sends: last_fetched_epoch and diverging epochs. */
export const MIN_REPLICA_FETCH_VERSION = 12;
export const MAX_REPLICA_FETCH_VERSION = 18;
/** ListOffsets v1+: one offset per partition (v0's old-style offsets are not read). */
const MIN_LIST_OFFSETS_VERSION = 1;
const EARLIEST_TIMESTAMP = -2n;
const LATEST_TIMESTAMP = -1n;

export interface ReplicaFetchConfig {
  /** replica.fetch.wait.max.ms */
  maxWaitMs: number;
  /** replica.fetch.min.bytes */
  minBytes: number;
  /** replica.fetch.response.max.bytes */
  responseMaxBytes: number;
  /** replica.fetch.max.bytes */
  partitionMaxBytes: number;
  /** replica.socket.timeout.ms: a fetch waits at most this much plus maxWaitMs for its answer. */
  socketTimeoutMs: number;
}

/** One partition of a fetch request, as the fetcher's state says. */
export interface FetchRequestPartition {
  topic: string;
  topicId: string;
  partition: number;
  fetchOffset: number;
  logStartOffset: number;
  currentLeaderEpoch: number;
  lastFetchedEpoch: number;
  highWatermark: number;
}

export interface FetchResult {
  version: number;
  /** "topic:partition" -> the leader's answer for it (partitions not answered are absent). */
  partitions: Map<string, PartitionData>;
  /** A top-level error (the whole request failed), else 0. */
  errorCode: number;
  /** The request was a full one (every partition sent). */
  full: boolean;
  /** false: the answer was refused (an error, or partitions the session does not hold); nothing in it applies. */
  usable: boolean;
}

export class LeaderOffsetError extends Error {
  override readonly name = "LeaderOffsetError";
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function partitionKey(topic: string, partition: number): string {
  return `${topic}:${partition}`;
}

export class RemoteLeaderEndPoint {
  /** The incremental fetch session with this leader; null: sessionless full fetches (session id 0, epoch -1). */
  private readonly session: FetchSessionHandler | null;

  constructor(
    readonly leader: Node,
    private readonly client: NetworkClient,
    private readonly cfg: ReplicaFetchConfig,
    private readonly replicaId: number,
    private readonly brokerEpoch: () => bigint,
    useFetchSessions = true,
  ) {
    this.session = useFetchSessions ? new FetchSessionHandler() : null;
  }

  /**
   * The Fetch version to send: the highest both serve within [12, 18]. The leader's ranges come from
   * the connection's ApiVersions exchange; before the first one, an ApiVersions request brings it up.
   */
  async fetchVersion(): Promise<number> {
    let versions = this.client.apiVersions(this.leader.id);
    if (versions === null) {
      await this.client.send(this.leader, API_API_VERSIONS, {}, { timeoutMs: this.cfg.socketTimeoutMs });
      versions = this.client.apiVersions(this.leader.id);
    }
    const range = versions?.get(API_FETCH);
    const hi = range ? Math.min(range.max, MAX_REPLICA_FETCH_VERSION) : -1;
    if (!range || hi < Math.max(range.min, MIN_REPLICA_FETCH_VERSION)) return -1;
    return hi;
  }

  /**
   * One Fetch for `parts` (every partition to fetch now) at `version` (fetchVersion()), through the
   * incremental fetch session when the leader keeps one. Rejects with the NetworkClient's errors. An
   * answer the session cannot use comes back with no partitions (and its error code, if any).
   */
  async fetch(parts: readonly FetchRequestPartition[], version: number): Promise<FetchResult> {
    assert(version >= MIN_REPLICA_FETCH_VERSION && version <= MAX_REPLICA_FETCH_VERSION, () => `replica fetch version ${version} outside [${MIN_REPLICA_FETCH_VERSION}, ${MAX_REPLICA_FETCH_VERSION}]`);
    const data = this.session ? this.session.build(parts) : { sessionId: 0, sessionEpoch: -1, toSend: [...parts], toForget: [], full: true };
    const body: Record<string, unknown> = {
      maxWaitMs: this.cfg.maxWaitMs,
      minBytes: this.cfg.minBytes,
      maxBytes: this.cfg.responseMaxBytes,
      isolationLevel: 0,
      sessionId: data.sessionId,
      sessionEpoch: data.sessionEpoch,
      topics: fetchTopics(data.toSend, version, this.cfg.partitionMaxBytes),
      forgottenTopicsData: forgottenTopics(data.toForget, version),
    };
    if (version >= 15) body.replicaState = { ...newReplicaState(), replicaId: this.replicaId, replicaEpoch: this.brokerEpoch() };
    else body.replicaId = this.replicaId;
    let r;
    try {
      r = await this.client.send<FetchResponse>(this.leader, API_FETCH, body, { minVersion: version, maxVersion: version, timeoutMs: this.cfg.socketTimeoutMs + this.cfg.maxWaitMs });
    } catch (e) {
      this.session?.handleError();
      throw e;
    }
    // v13+ answers by topic id: map each back to the name it was asked for.
    const nameOfId = new Map<string, string>();
    for (const p of parts) nameOfId.set(p.topicId, p.topic);
    const partitions = new Map<string, PartitionData>();
    let unknownTopic = false;
    for (const t of r.body.responses) {
      const name = r.version >= 13 ? nameOfId.get(t.topicId) : t.topic;
      // Not asked for: the session refuses the answer; sessionless, the topic is ignored.
      if (name === undefined) {
        unknownTopic = true;
        continue;
      }
      for (const p of t.partitions) partitions.set(partitionKey(name, p.partitionIndex), p);
    }
    if (this.session && !this.session.handleResponse(data, r.body.errorCode, r.body.sessionId, partitions.keys(), unknownTopic)) {
      return { version: r.version, partitions: new Map(), errorCode: r.body.errorCode, full: data.full, usable: false };
    }
    return { version: r.version, partitions, errorCode: r.body.errorCode, full: data.full, usable: r.body.errorCode === 0 };
  }

  /** The leader's log start offset (ListOffsets earliest as a replica). Throws LeaderOffsetError. */
  fetchEarliestOffset(topic: string, partition: number, currentLeaderEpoch: number): Promise<{ offset: number; epoch: number }> {
    return this.fetchOffset(topic, partition, currentLeaderEpoch, EARLIEST_TIMESTAMP);
  }

  /** The leader's log end offset (ListOffsets latest as a replica: not bounded by its high watermark). */
  fetchLatestOffset(topic: string, partition: number, currentLeaderEpoch: number): Promise<{ offset: number; epoch: number }> {
    return this.fetchOffset(topic, partition, currentLeaderEpoch, LATEST_TIMESTAMP);
  }

  private async fetchOffset(topic: string, partition: number, currentLeaderEpoch: number, timestamp: bigint): Promise<{ offset: number; epoch: number }> {
    const r = await this.client.send<ListOffsetsResponse>(
      this.leader,
      API_LIST_OFFSETS,
      { replicaId: this.replicaId, isolationLevel: 0, topics: [{ name: topic, partitions: [{ partitionIndex: partition, currentLeaderEpoch, timestamp }] }] },
      { minVersion: MIN_LIST_OFFSETS_VERSION, timeoutMs: this.cfg.socketTimeoutMs },
    );
    const p = r.body.topics.find((t) => t.name === topic)?.partitions.find((x) => x.partitionIndex === partition);
    if (!p) throw new LeaderOffsetError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `ListOffsets answer from ${this.leader.id} lacks ${topic}-${partition}`);
    if (p.errorCode !== 0) throw new LeaderOffsetError(p.errorCode, `ListOffsets for ${topic}-${partition} from ${this.leader.id} answered error ${p.errorCode}`);
    const offset = Number(p.offset);
    if (!Number.isSafeInteger(offset) || offset < 0) throw new LeaderOffsetError(ErrorCode.CORRUPT_MESSAGE, `ListOffsets for ${topic}-${partition} from ${this.leader.id} answered offset ${p.offset}`);
    return { offset, epoch: p.leaderEpoch };
  }
}

/** The request's topics: by name below v13, by id from v13. */
function fetchTopics(parts: readonly FetchRequestPartition[], version: number, partitionMaxBytes: number): FetchTopic[] {
  const byTopic = new Map<string, FetchTopic>();
  // Bounded by the fetcher's partition map.
  for (const p of parts) {
    let t = byTopic.get(p.topic);
    if (!t) {
      t = { ...newFetchTopic(), topic: version < 13 ? p.topic : "", topicId: version >= 13 ? p.topicId : newFetchTopic().topicId, partitions: [] };
      byTopic.set(p.topic, t);
    }
    t.partitions.push({
      ...newFetchPartition(),
      partition: p.partition,
      currentLeaderEpoch: p.currentLeaderEpoch,
      fetchOffset: BigInt(p.fetchOffset),
      lastFetchedEpoch: p.lastFetchedEpoch,
      logStartOffset: BigInt(p.logStartOffset),
      partitionMaxBytes,
      ...(version >= 18 ? { highWatermark: BigInt(p.highWatermark) } : {}),
    });
  }
  return [...byTopic.values()];
}

/** The forgotten partitions of an incremental request, grouped by topic (by id from v13). */
function forgottenTopics(parts: readonly FetchRequestPartition[], version: number): ForgottenTopic[] {
  const byTopic = new Map<string, ForgottenTopic>();
  for (const p of parts) {
    const key = version >= 13 ? p.topicId : p.topic;
    let t = byTopic.get(key);
    if (!t) {
      t = { ...newForgottenTopic(), topic: version < 13 ? p.topic : "", topicId: version >= 13 ? p.topicId : newForgottenTopic().topicId, partitions: [] };
      byTopic.set(key, t);
    }
    t.partitions.push(p.partition);
  }
  return [...byTopic.values()];
}
