// ShareAcknowledge (key 79), versions 1-2 (KIP-932; v2: RENEW acknowledgements with IsRenewAck, KIP-1222).
// Kafka's KafkaApis.handleShareAcknowledgeRequest over SharePartitionManager (server/share/).
//
// Behaviour, as Apache Kafka 4.4.0 answers (test/interop/share-fetch.test.ts):
// - a null group id or a null / empty member id: INVALID_REQUEST at the top; READ on the group is
//   required (GROUP_AUTHORIZATION_FAILED at the top);
// - the share session: epoch 0 is INVALID_SHARE_SESSION_EPOCH (a session is opened by ShareFetch only),
//   no session SHARE_SESSION_NOT_FOUND, another epoch than the session's INVALID_SHARE_SESSION_EPOCH;
//   -1 closes the session after the acknowledgements (the member's other acquired records released);
//   otherwise the epoch moves on;
// - per partition: INVALID_REQUEST for a malformed batch list (offsets out of order or overlapping,
//   first > last, types neither one nor one per offset, an unknown type, RENEW without IsRenewAck or
//   below v2), UNKNOWN_TOPIC_ID, TOPIC_AUTHORIZATION_FAILED, UNKNOWN_TOPIC_OR_PARTITION ("This server
//   does not host this topic-partition." for a share partition never initialised), NOT_LEADER_OR_FOLLOWER
//   with the current leader, INVALID_RECORD_STATE with Kafka's messages;
// - AcquisitionLockTimeoutMs: the group's share.record.lock.duration.ms when IsRenewAck, else 0.
// Left out: request quotas and throttling.

import type { ShareAcknowledgeRequest } from "../../protocol/generated/messages/share-acknowledge-request.ts";
import { newShareAcknowledgeResponse, newShareAcknowledgeTopicResponse, newPartitionData, type ShareAcknowledgeResponse } from "../../protocol/generated/messages/share-acknowledge-response.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { defineHandler } from "../handler.ts";
import { CurrentLeaders } from "../current-leader.ts";
import { FINAL_EPOCH, INITIAL_EPOCH, nextEpoch } from "../share/share-session-cache.ts";
import { acknowledgeAll, groupAuthorized, missingIds, type PartitionAcks } from "../share/share-request.ts";
import { sharePartitionConfig } from "../share/share-config.ts";

function topLevel(errorCode: number): ShareAcknowledgeResponse {
  const res = newShareAcknowledgeResponse();
  res.errorCode = errorCode;
  return res;
}

export const shareAcknowledgeHandler = defineHandler<ShareAcknowledgeRequest, ShareAcknowledgeResponse>({
  key: 79,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    const mgr = ctx.services.sharePartitionManager;
    if (mgr === null) return topLevel(ErrorCode.UNSUPPORTED_VERSION);
    if (missingIds(req.groupId, req.memberId)) return topLevel(ErrorCode.INVALID_REQUEST);
    const groupId = req.groupId!;
    const memberId = req.memberId!;
    if (!groupAuthorized(ctx, groupId)) return topLevel(ErrorCode.GROUP_AUTHORIZATION_FAILED);
    const epoch = req.shareSessionEpoch;
    if (epoch === INITIAL_EPOCH) return topLevel(ErrorCode.INVALID_SHARE_SESSION_EPOCH);
    const session = mgr.sessions.check(groupId, memberId, epoch);
    if (typeof session === "number") return topLevel(session);
    if (epoch !== FINAL_EPOCH) session.epoch = nextEpoch(session.epoch);
    session.lastUsedMs = Date.now();
    session.connectionId = ctx.conn.id;
    const renew = ctx.apiVersion >= 2 && req.isRenewAck;
    const acks: PartitionAcks[] = req.topics.flatMap((t) => t.partitions.map((p) => ({ topicId: t.topicId, partition: p.partitionIndex, batches: p.acknowledgementBatches })));
    const results = await acknowledgeAll(ctx, mgr, groupId, memberId, acks, renew);
    if (epoch === FINAL_EPOCH) {
      mgr.sessions.remove(groupId, memberId);
      await mgr.releaseSession(session);
    }
    const res = newShareAcknowledgeResponse();
    res.acquisitionLockTimeoutMs = renew ? sharePartitionConfig(ctx.services, groupId).recordLockDurationMs : 0;
    const image = ctx.services.metadata.image;
    let leaders: CurrentLeaders | null = null;
    for (const r of results) {
      let t = res.responses.find((x) => x.topicId === r.topicId);
      if (t === undefined) {
        t = newShareAcknowledgeTopicResponse();
        t.topicId = r.topicId;
        res.responses.push(t);
      }
      const p = newPartitionData();
      p.partitionIndex = r.partition;
      p.errorCode = r.errorCode;
      p.errorMessage = r.errorMessage;
      const topic = image.topicsById.get(r.topicId);
      if (r.errorCode === ErrorCode.NOT_LEADER_OR_FOLLOWER && topic !== undefined) {
        const l = (leaders ??= new CurrentLeaders(ctx.services.replicaManager, image, ctx.listenerName)).leaderOf(topic.name, r.partition);
        p.currentLeader.leaderId = l.leaderId;
        p.currentLeader.leaderEpoch = l.leaderEpoch;
      }
      t.partitions.push(p);
    }
    if (leaders !== null) res.nodeEndpoints = leaders.endpoints();
    return res;
  },
});
