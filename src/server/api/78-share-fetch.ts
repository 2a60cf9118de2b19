// ShareFetch (key 78), versions 1-2 (KIP-932; v2: ShareAcquireMode and renew acknowledgements, KIP-1206
// and KIP-1222). Kafka's KafkaApis.handleShareFetchRequest over SharePartitionManager (server/share/).
//
// Behaviour, as Apache Kafka 4.4.0 answers (checked side by side in test/interop/share-fetch.test.ts):
// - a null group id or a null / empty member id: INVALID_REQUEST at the top; READ on the group is
//   required (GROUP_AUTHORIZATION_FAILED at the top); v2 with IsRenewAck set: INVALID_REQUEST at the top
//   (renewals go through ShareAcknowledge); an unknown ShareAcquireMode: UNKNOWN_SERVER_ERROR;
// - share sessions (ShareSessionCache): epoch 0 opens the member's session (acknowledgements with it:
//   INVALID_REQUEST), -1 closes it (its acknowledgements applied, nothing fetched, the member's acquired
//   records released), anything else must be the session's epoch (INVALID_SHARE_SESSION_EPOCH,
//   SHARE_SESSION_NOT_FOUND); the request's partitions join the session, ForgottenTopicsData leave it,
//   and every session partition is fetched;
// - piggy-backed acknowledgements first (AcknowledgeErrorCode per partition: INVALID_REQUEST for a bad
//   batch list or a RENEW type, INVALID_RECORD_STATE, ...), then the fetch: max_wait_ms / min_bytes /
//   max_bytes / max_records / batch_size (server/share/share-partition-manager.ts); AcquiredRecords with
//   delivery counts, the log's bytes as Records; a partition is in the answer when it has an error,
//   acknowledgements or acquired records (on a session's first request, epoch 0: every partition fetched);
// - per partition: UNKNOWN_TOPIC_ID, UNKNOWN_TOPIC_OR_PARTITION, TOPIC_AUTHORIZATION_FAILED (READ),
//   NOT_LEADER_OR_FOLLOWER with the current leader (and its endpoint in NodeEndpoints); a share partition
//   whose state the group coordinator never initialised answers NOT_LEADER_OR_FOLLOWER with leader -1, as
//   Kafka 4.4.0 does; AcquisitionLockTimeoutMs is the group's share.record.lock.duration.ms.
// - a session ends with the connection that last used it (its acquired records released), as Kafka's
//   ShareSessionCache; past group.share.max.share.sessions, a new one is SHARE_SESSION_LIMIT_REACHED.
// Left out: fetch quotas and throttling; sessions are not yet ended when their member leaves the share
// group (the group coordinator is to call SharePartitionManager.onMemberLeave, Kafka's ShareGroupListener).

import type { ShareFetchRequest } from "../../protocol/generated/messages/share-fetch-request.ts";
import { newShareFetchResponse, newShareFetchableTopicResponse, newPartitionData, newAcquiredRecords, type ShareFetchResponse, type PartitionData } from "../../protocol/generated/messages/share-fetch-response.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { CurrentLeaders } from "../current-leader.ts";
import { FINAL_EPOCH, INITIAL_EPOCH, nextEpoch, updateSessionPartitions, type SessionPartition, type ShareSession } from "../share/share-session-cache.ts";
import { acknowledgeAll, groupAuthorized, missingIds, topicReadable, type AckOutcome, type PartitionAcks } from "../share/share-request.ts";
import type { SharePartitionFetchResult } from "../share/share-partition-manager.ts";
import { sharePartitionConfig } from "../share/share-config.ts";
import { EMPTY_RECORDS } from "../../replication/fetch-read.ts";

const RECORD_LIMIT_MODE = 1;

function topLevel(errorCode: number): ShareFetchResponse {
  const res = newShareFetchResponse();
  res.errorCode = errorCode;
  return res;
}

function partitionData(partition: number): PartitionData {
  const p = newPartitionData();
  p.partitionIndex = partition;
  p.records = EMPTY_RECORDS;
  return p;
}

/**
 * `full`: the answer to a session's first request (epoch 0) lists every partition fetched, as Kafka's
 * ShareSessionContext; later answers only those with an error, acknowledgements or acquired records.
 */
function respond(ctx: RequestContext, groupId: string, fetched: readonly SharePartitionFetchResult[], acks: readonly AckOutcome[], full = false): ShareFetchResponse {
  const res = newShareFetchResponse();
  res.acquisitionLockTimeoutMs = sharePartitionConfig(ctx.services, groupId).recordLockDurationMs;
  const image = ctx.services.metadata.image;
  let leaders: CurrentLeaders | null = null;
  const byKey = new Map<string, PartitionData>();
  const entry = (topicId: string, partition: number): PartitionData => {
    const k = `${topicId}:${partition}`;
    let p = byKey.get(k);
    if (p === undefined) {
      p = partitionData(partition);
      byKey.set(k, p);
      let t = res.responses.find((x) => x.topicId === topicId);
      if (t === undefined) {
        t = newShareFetchableTopicResponse();
        t.topicId = topicId;
        res.responses.push(t);
      }
      t.partitions.push(p);
    }
    return p;
  };
  for (const a of acks) {
    const p = entry(a.topicId, a.partition);
    p.acknowledgeErrorCode = a.errorCode;
    p.acknowledgeErrorMessage = a.errorMessage;
  }
  for (const f of fetched) {
    if (!full && f.errorCode === ErrorCode.NONE && f.acquired.length === 0 && !byKey.has(`${f.topicId}:${f.partition}`)) continue;
    const p = entry(f.topicId, f.partition);
    p.errorCode = f.errorCode;
    p.errorMessage = f.errorMessage;
    p.records = f.records;
    p.acquiredRecords = f.acquired.map((a) => {
      const r = newAcquiredRecords();
      r.firstOffset = BigInt(a.firstOffset);
      r.lastOffset = BigInt(a.lastOffset);
      r.deliveryCount = a.deliveryCount;
      return r;
    });
    if (f.errorCode === ErrorCode.NOT_LEADER_OR_FOLLOWER) {
      const topic = image.topicsById.get(f.topicId);
      const l = f.unknownLeader || topic === undefined ? { leaderId: -1, leaderEpoch: -1 } : (leaders ??= new CurrentLeaders(ctx.services.replicaManager, image, ctx.listenerName)).leaderOf(topic.name, f.partition);
      p.currentLeader.leaderId = l.leaderId;
      p.currentLeader.leaderEpoch = l.leaderEpoch;
    }
  }
  if (leaders !== null) res.nodeEndpoints = leaders.endpoints();
  return res;
}

export const shareFetchHandler = defineHandler<ShareFetchRequest, ShareFetchResponse>({
  key: 78,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    const mgr = ctx.services.sharePartitionManager;
    if (mgr === null) return topLevel(ErrorCode.UNSUPPORTED_VERSION);
    if (missingIds(req.groupId, req.memberId)) return topLevel(ErrorCode.INVALID_REQUEST);
    const groupId = req.groupId!;
    const memberId = req.memberId!;
    const v = ctx.apiVersion;
    if (v >= 2 && req.isRenewAck) return topLevel(ErrorCode.INVALID_REQUEST);
    if (v >= 2 && req.shareAcquireMode !== 0 && req.shareAcquireMode !== RECORD_LIMIT_MODE) return topLevel(ErrorCode.UNKNOWN_SERVER_ERROR);
    if (!groupAuthorized(ctx, groupId)) return topLevel(ErrorCode.GROUP_AUTHORIZATION_FAILED);

    const acks: PartitionAcks[] = [];
    const added: SessionPartition[] = [];
    for (const t of req.topics) {
      for (const p of t.partitions) {
        added.push({ topicId: t.topicId, partition: p.partitionIndex });
        if (p.acknowledgementBatches.length > 0) acks.push({ topicId: t.topicId, partition: p.partitionIndex, batches: p.acknowledgementBatches });
      }
    }
    const epoch = req.shareSessionEpoch;
    let session: ShareSession;
    if (epoch === INITIAL_EPOCH) {
      if (acks.length > 0) return topLevel(ErrorCode.INVALID_REQUEST);
      // A member opening its session again keeps what it acquired (Kafka replaces the session only).
      const opened = mgr.sessions.open(groupId, memberId, Date.now(), ctx.conn.id);
      if (typeof opened === "number") return topLevel(opened);
      session = opened;
    } else {
      const found = mgr.sessions.check(groupId, memberId, epoch);
      if (typeof found === "number") return topLevel(found);
      session = found;
      if (epoch !== FINAL_EPOCH) session.epoch = nextEpoch(session.epoch);
    }
    session.lastUsedMs = Date.now();
    session.connectionId = ctx.conn.id;
    const ackResults = await acknowledgeAll(ctx, mgr, groupId, memberId, acks, false);
    if (epoch === FINAL_EPOCH) {
      // The session ends: nothing is fetched and the member's acquired records go back.
      mgr.sessions.remove(groupId, memberId);
      await mgr.releaseSession(session);
      return respond(ctx, groupId, [], ackResults);
    }
    const forgotten = req.forgottenTopicsData.flatMap((f) => f.partitions.map((partition) => ({ topicId: f.topicId, partition })));
    updateSessionPartitions(session, added, forgotten);

    // Partitions refused before the fetch: unknown topic id or partition, or no READ on the topic.
    const image = ctx.services.metadata.image;
    const readable = topicReadable(ctx);
    const refused: SharePartitionFetchResult[] = [];
    const toFetch: SessionPartition[] = [];
    for (const p of session.partitions.values()) {
      const topic = image.topicsById.get(p.topicId);
      const code = topic === undefined ? ErrorCode.UNKNOWN_TOPIC_ID : !readable(topic.name) ? ErrorCode.TOPIC_AUTHORIZATION_FAILED : topic.partitions[p.partition] === undefined ? ErrorCode.UNKNOWN_TOPIC_OR_PARTITION : ErrorCode.NONE;
      if (code === ErrorCode.NONE) toFetch.push(p);
      else refused.push({ topicId: p.topicId, partition: p.partition, errorCode: code, errorMessage: null, records: EMPTY_RECORDS, acquired: [], unknownLeader: false });
    }
    const maxBytes = Math.max(0, Math.min(req.maxBytes, ctx.services.config.int("fetch.max.bytes")));
    const fetched =
      toFetch.length === 0 || req.maxRecords <= 0
        ? []
        : await mgr.fetch(toFetch, {
            groupId,
            memberId,
            maxWaitMs: req.maxWaitMs,
            minBytes: Math.min(req.minBytes, maxBytes),
            maxBytes,
            maxRecords: req.maxRecords,
            batchSize: req.batchSize,
            recordLimit: v >= 2 && req.shareAcquireMode === RECORD_LIMIT_MODE,
          });
    return respond(ctx, groupId, [...refused, ...fetched], ackResults, epoch === INITIAL_EPOCH);
  },
});
