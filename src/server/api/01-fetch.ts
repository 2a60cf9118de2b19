// Fetch (key 1), versions 4-18 served (Kafka 4 serves 4+). v13+ name topics by id (UNKNOWN_TOPIC_ID).
//
// Behaviour (Kafka's KafkaApis.handleFetchRequest + ReplicaManager.fetchMessages):
// - incremental fetch sessions (KIP-227): fetch/fetch-context.ts, bounded cache fetch/session-cache.ts;
// - whole batches as slices of the segment files (zero copy), starting with the batch that holds the
//   fetch offset (a fetch from the middle of a batch gets the whole batch);
// - max_bytes (capped by fetch.max.bytes) over the response and partition_max_bytes per partition;
//   the first partition with data returns at least one batch even when larger (minOneMessage);
// - isolation (Kafka's FetchIsolation): read_uncommitted consumers read up to the high watermark,
//   read_committed (isolation_level 1) up to the last stable offset; every partition answered without
//   error carries its last stable offset whatever the level; read_committed answers list the aborted
//   transactions overlapping the returned batches (Log.collectAbortedTransactions from the fetch offset
//   to the first offset not returned), [] when nothing was returned, null for read_uncommitted, read
//   errors and an oversized first batch, as Kafka encodes them; partitions refused before the read
//   (UNKNOWN_TOPIC_ID, UNKNOWN_TOPIC_OR_PARTITION) carry Kafka's defaults: [] whatever the level;
//   a long poll counts bytes up to the same bound;
// - long polling: answered at once when max_wait_ms <= 0, nothing is fetched, min_bytes are
//   available or a partition has an error; otherwise the fetch waits (ReplicaManager.fetchMessages,
//   replication/delayed-fetch.ts) until an append makes min_bytes available or max_wait_ms passes;
// - an isolation level other than 0 / 1 with a partition to read: UNKNOWN_SERVER_ERROR, as Kafka's
//   IsolationLevel.forId throw becomes (top level; every requested partition below v13);
// - OFFSET_OUT_OF_RANGE outside [log start, log end]; FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH for a
//   current leader epoch that is not the partition's; preferred read replica -1.
//
// - follower fetches (replica_id >= 0 below v15, ReplicaState.ReplicaId from v15, with its broker epoch):
//   read up to the log end, the replica checked against the partition's assignment, the follower's
//   position recorded on the leader (ISR, high watermark: replication/local-read.ts); the same fetch
//   sessions as consumers;
// - a partition naming its last fetched epoch (v12+) whose log diverges from this one is answered with
//   DivergingEpoch (no records), at once;
// - KIP-951 (v16+): NOT_LEADER_OR_FOLLOWER and FENCED_LEADER_EPOCH carry the current leader and epoch,
//   and the response lists its endpoint (NodeEndpoints), as Kafka's getCurrentLeader.
//
// - KIP-392 (v11+ consumers, whose fetch carries client metadata): a follower serves the fetch up to its
//   own high watermark; a leader with replica.selector.class set may answer preferred_read_replica (the
//   ISR follower in the consumer's rack that holds the offset: replication/replica-selector.ts) with no
//   records, at once.
//
// - with an authorizer (KafkaApis.handleFetchRequest): a follower fetch needs CLUSTER_ACTION on the
//   cluster, else every partition answers TOPIC_AUTHORIZATION_FAILED; a consumer needs READ on each
//   topic (TOPIC_AUTHORIZATION_FAILED for the others, after UNKNOWN_TOPIC_ID); refused partitions are
//   not read and do not hold a long poll.
//
// - consumer_byte_rate and request_percentage (KafkaApis' fetch quotas, consumers only): max_bytes is
//   capped by what the quota window allows; an answer over either quota is answered empty with
//   throttle_time_ms and the connection muted for that time (server/quota/fetch-throttle.ts). The two
//   early refusals (a fetch session error, an unknown isolation level) are not counted.
//
// Left out: replication quotas.

import type { FetchRequest } from "../../protocol/generated/messages/fetch-request.ts";
import {
  newFetchResponse,
  newFetchableTopicResponse,
  newAbortedTransaction,
  newPartitionData,
  type AbortedTransaction,
  type FetchResponse,
  type FetchableTopicResponse,
} from "../../protocol/generated/messages/fetch-response.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { EMPTY_RECORDS, metadataError, type FetchIsolation, type FetchResults } from "../../replication/fetch-read.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeCluster } from "../auth-helper.ts";
import { FetchQuotaRun } from "../quota/fetch-throttle.ts";
import type { RequestContext } from "../handler.ts";
import type { AbortedTxnInfo } from "../../storage/log-types.ts";
import { defineHandler } from "../handler.ts";
import { CurrentLeaders } from "../current-leader.ts";
import { newFetchContext, selectResponse, type FetchContext, type FetchTarget } from "../fetch/fetch-context.ts";
import type { FetchSessionCache } from "../fetch/session-cache.ts";

const READ_COMMITTED = 1;

/** Kafka's FetchIsolation.of for a consumer: isolation level 1 is read_committed, anything else is not. */
export function fetchIsolation(isolationLevel: number): FetchIsolation {
  return isolationLevel === READ_COMMITTED ? "lastStable" : "highWatermark";
}

function wireAborted(list: readonly AbortedTxnInfo[] | null): AbortedTransaction[] | null {
  if (list === null) return null;
  return list.map((a) => {
    const w = newAbortedTransaction();
    w.producerId = a.producerId;
    w.firstOffset = BigInt(a.firstOffset);
    return w;
  });
}

/** Kafka's "interesting" partitions: a known topic (by id from v13) and a partition it has. */
function isReadable(image: MetadataImage, t: FetchTarget): boolean {
  return !t.unknownTopicId && image.topicsByName.get(t.topic)?.partitions[t.partition] !== undefined;
}

/**
 * An isolation level other than 0 and 1: Kafka's IsolationLevel.forId throws once there is a partition
 * to read, and the request gets FetchRequest.getErrorResponse: UNKNOWN_SERVER_ERROR at the top, and
 * below v13 the same error on every partition the request named.
 */
function unknownIsolationLevel(req: FetchRequest, version: number): FetchResponse {
  const res = newFetchResponse();
  res.errorCode = ErrorCode.UNKNOWN_SERVER_ERROR;
  res.sessionId = req.sessionId;
  if (version >= 13) return res;
  for (const t of req.topics) {
    const tr = newFetchableTopicResponse();
    tr.topic = t.topic;
    tr.topicId = t.topicId;
    for (const rp of t.partitions) {
      const p = newPartitionData();
      p.partitionIndex = rp.partition;
      p.errorCode = ErrorCode.UNKNOWN_SERVER_ERROR;
      p.highWatermark = -1n;
      p.lastStableOffset = -1n;
      p.logStartOffset = -1n;
      p.abortedTransactions = []; // Kafka's FetchResponse.partitionResponse leaves the default
      p.records = EMPTY_RECORDS;
      tr.partitions.push(p);
    }
    res.responses.push(tr);
  }
  return res;
}

function respond(sessions: FetchSessionCache, ctx: Exclude<FetchContext, { kind: "error" }>, read: FetchResults, version: number, currentLeaders: () => CurrentLeaders): FetchResponse {
  // KIP-951's leaders are looked up only for an answer that has a partition to redirect.
  let leaders: CurrentLeaders | null = null;
  const res = newFetchResponse();
  const sel = selectResponse(ctx, sessions, read.results, Date.now());
  res.sessionId = sel.sessionId;
  let current: FetchableTopicResponse | null = null;
  for (const { target: t, result: r } of sel.partitions) {
    const sameTopic = current !== null && (version >= 13 ? current.topicId === t.topicId : current.topic === t.topic);
    if (!sameTopic) {
      current = newFetchableTopicResponse();
      current.topic = version >= 13 ? "" : t.topic;
      current.topicId = t.topicId;
      res.responses.push(current);
    }
    const p = newPartitionData();
    p.partitionIndex = t.partition;
    p.errorCode = r.errorCode;
    p.highWatermark = r.highWatermark;
    p.lastStableOffset = r.lastStableOffset;
    p.logStartOffset = version >= 5 ? r.logStartOffset : -1n; // v5+
    p.abortedTransactions = wireAborted(r.abortedTransactions);
    p.preferredReadReplica = version >= 11 ? (r.preferredReadReplica ?? -1) : -1;
    p.records = r.records;
    if (r.divergingEpoch && version >= 12) {
      p.divergingEpoch.epoch = r.divergingEpoch.epoch;
      p.divergingEpoch.endOffset = BigInt(r.divergingEpoch.endOffset);
    }
    if (version >= 16 && (r.errorCode === ErrorCode.NOT_LEADER_OR_FOLLOWER || r.errorCode === ErrorCode.FENCED_LEADER_EPOCH)) {
      const l = (leaders ??= currentLeaders()).leaderOf(t.topic, t.partition);
      p.currentLeader.leaderId = l.leaderId;
      p.currentLeader.leaderEpoch = l.leaderEpoch;
    }
    current!.partitions.push(p);
  }
  if (leaders !== null) res.nodeEndpoints = leaders.endpoints();
  return res;
}

/**
 * The targets this principal may not read (KafkaApis.handleFetchRequest's checks): every one for a
 * follower without CLUSTER_ACTION, else those of topics without READ (unknown topic ids are answered
 * UNKNOWN_TOPIC_ID by the read). Only called with an authorizer configured.
 */
function unauthorizedTargets(ctx: RequestContext, targets: readonly FetchTarget[], replicaId: number): Set<string> {
  const out = new Set<string>();
  if (replicaId >= 0) {
    if (!authorizeCluster(ctx, AclOperation.CLUSTER_ACTION)) for (const t of targets) out.add(t.key);
    return out;
  }
  const readable = new Map<string, boolean>();
  for (const t of targets) {
    if (t.unknownTopicId) continue;
    let ok = readable.get(t.topic);
    if (ok === undefined) readable.set(t.topic, (ok = authorize(ctx, AclOperation.READ, ResourceType.TOPIC, t.topic)));
    if (!ok) out.add(t.key);
  }
  return out;
}

/** Kafka's FetchContext.getThrottledResponse: no partitions, the session id of an incremental session (0 otherwise). */
function throttledResponse(fctx: Exclude<FetchContext, { kind: "error" }>, throttleMs: number): FetchResponse {
  const res = newFetchResponse();
  res.throttleTimeMs = throttleMs;
  res.sessionId = fctx.kind === "incremental" ? fctx.session.id : 0;
  return res;
}

export const fetchHandler = defineHandler<FetchRequest, FetchResponse>({
  key: 1,
  minVersion: 4,
  maxVersion: 18,
  handle(ctx, req) {
    const services = ctx.services;
    const sessions = services.fetchSessions;
    const v = ctx.apiVersion;
    const fctx = newFetchContext(sessions, req, v, services.metadata.image, Date.now());
    if (fctx.kind === "error") {
      const res = newFetchResponse();
      res.errorCode = fctx.errorCode;
      res.sessionId = 0;
      return res;
    }
    if (req.isolationLevel !== 0 && req.isolationLevel !== READ_COMMITTED && fctx.targets.some((t) => isReadable(services.metadata.image, t))) {
      return unknownIsolationLevel(req, v);
    }
    // Kafka's FetchRequest.replicaId / replicaEpoch: ReplicaState from v15, the top-level field below.
    const replicaId = v >= 15 ? req.replicaState.replicaId : req.replicaId;
    // consumer_byte_rate and request_percentage (a consumer's fetch only: quota/fetch-throttle.ts).
    const quota = FetchQuotaRun.of(ctx, replicaId);
    const maxBytes = Math.max(0, Math.min(req.maxBytes, services.config.int("fetch.max.bytes"), quota?.maxBytes() ?? Infinity));
    const minBytes = Math.min(req.minBytes, maxBytes);
    const isolation = fetchIsolation(req.isolationLevel);
    const replicaEpoch = v >= 15 ? req.replicaState.replicaEpoch : -1n;
    const rm = services.replicaManager;
    // Kafka's ClientMetadata (v11+ consumers): a follower may serve the fetch; the leader may point it
    // at a preferred read replica in the consumer's rack (KIP-392).
    const clientMetadata = v >= 11 && replicaId < 0 ? { rackId: req.rackId, listenerName: ctx.listenerName } : undefined;
    const refused = services.authorizer === null ? null : unauthorizedTargets(ctx, fctx.targets, replicaId);
    const partitions = refused === null || refused.size === 0 ? fctx.targets : fctx.targets.filter((t) => !refused.has(t.key));
    const read = rm.fetchMessages({ partitions, maxBytes, minBytes, maxWaitMs: req.maxWaitMs, isolation, replicaId, replicaEpoch, clientMetadata });
    const answer = (r: FetchResults): FetchResponse => {
      if (refused !== null && refused.size > 0) {
        for (const key of refused) r.results.set(key, metadataError(ErrorCode.TOPIC_AUTHORIZATION_FAILED));
        r.anyError = true;
      }
      const throttleMs = quota?.throttleMs(r) ?? 0;
      if (throttleMs > 0) return throttledResponse(fctx, throttleMs);
      return respond(sessions, fctx, r, v, () => new CurrentLeaders(rm, services.metadata.image, ctx.listenerName));
    };
    if (read instanceof Promise) {
      quota?.waiting();
      return read.then((r) => {
        quota?.resumed();
        return answer(r);
      });
    }
    return answer(read);
  },
});
