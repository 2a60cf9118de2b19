// OffsetCommit (key 8), versions 2-10 served (Kafka 4 removed v0-1).
//
// Classic groups: generation and member checks (ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID,
// FENCED_INSTANCE_ID v7+, REBALANCE_IN_PROGRESS while CompletingRebalance); generation -1 with no
// member is a simple commit, allowed on an Empty (or new) group. v9+: a missing group is
// GROUP_ID_NOT_FOUND (ILLEGAL_GENERATION before). v2-4 retention time sets an explicit expiry. v6+
// leader epoch, v10 topic ids (UNKNOWN_TOPIC_ID). Metadata over 4096 bytes: OFFSET_METADATA_TOO_LARGE.
// Unknown topics or partitions: UNKNOWN_TOPIC_OR_PARTITION. Answered once the records are written to
// __consumer_offsets.
//
// With an authorizer (KafkaApis.handleOffsetCommitRequest): READ on the group (else every partition
// GROUP_AUTHORIZATION_FAILED) and READ on each topic (else TOPIC_AUTHORIZATION_FAILED, before the
// unknown-topic check for names, so a topic's existence is not disclosed). A request left with no
// authorized, known partition is answered without touching the group (it is not created).
//
// Left out: KIP-848 member epoch checks (consumer groups are the next step). Transactional commits are
// TxnOffsetCommit (28-txn-offset-commit.ts).

import { ErrorCode } from "../../protocol/errors.ts";
import type { OffsetCommitRequest } from "../../protocol/generated/messages/offset-commit-request.ts";
import { newOffsetCommitResponse, type OffsetCommitResponse, type OffsetCommitResponseTopic } from "../../protocol/generated/messages/offset-commit-response.ts";
import type { CommitTopic } from "../../coordinator/group/group-coordinator.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { resolveTopic } from "../../coordinator/group/topics.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const offsetCommitHandler = defineHandler<OffsetCommitRequest, OffsetCommitResponse>({
  key: 8,
  minVersion: 2,
  maxVersion: 10,
  async handle(ctx, req) {
    const v = ctx.apiVersion;
    const byId = v >= 10;
    const res = newOffsetCommitResponse();
    const out: OffsetCommitResponseTopic[] = [];
    const valid: CommitTopic[] = [];
    const slot = new Map<CommitTopic, OffsetCommitResponseTopic>();
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.topics = req.topics.map((t) => ({ name: t.name, topicId: t.topicId, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.GROUP_AUTHORIZATION_FAILED })) }));
      return res;
    }
    const withAuthorizer = ctx.services.authorizer !== null;
    for (const t of req.topics) {
      if (withAuthorizer && !byId && !authorize(ctx, AclOperation.READ, ResourceType.TOPIC, t.name)) {
        out.push({ name: t.name, topicId: t.topicId, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED })) });
        continue;
      }
      const r = resolveTopic(ctx.services.metadata, t.name, t.topicId, byId);
      const rt: OffsetCommitResponseTopic = { name: byId ? "" : t.name, topicId: byId ? t.topicId : r.topicId, partitions: [] };
      out.push(rt);
      if (withAuthorizer && byId && r.errorCode === ErrorCode.NONE && !authorize(ctx, AclOperation.READ, ResourceType.TOPIC, r.name)) {
        rt.partitions = t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED }));
        continue;
      }
      if (r.errorCode !== ErrorCode.NONE) {
        rt.partitions = t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: r.errorCode }));
        continue;
      }
      const ok = t.partitions.filter((p) => r.partitionCount < 0 || (p.partitionIndex >= 0 && p.partitionIndex < r.partitionCount));
      for (const p of t.partitions) if (!ok.includes(p)) rt.partitions.push({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION });
      const ct: CommitTopic = {
        name: r.name,
        topicId: r.topicId,
        partitions: ok.map((p) => ({
          partition: p.partitionIndex,
          offset: p.committedOffset,
          leaderEpoch: v >= 6 ? p.committedLeaderEpoch : -1,
          metadata: p.committedMetadata,
          commitTimestampMs: -1,
        })),
      };
      // Only topics with partitions left reach the coordinator (KafkaApis' authorizedTopicsRequest).
      if (ok.length === 0) continue;
      valid.push(ct);
      slot.set(ct, rt);
    }
    // Nothing authorized and valid: answered without the coordinator, as Kafka does, so a refused
    // commit neither creates the group nor discloses it (e.g. in ListGroups).
    if (valid.length === 0) {
      res.topics = out;
      return res;
    }
    if (req.groupId === "") {
      for (const ct of valid) slot.get(ct)!.partitions.push(...ct.partitions.map((p) => ({ partitionIndex: p.partition, errorCode: ErrorCode.INVALID_GROUP_ID })));
      res.topics = out;
      return res;
    }
    const commit = {
      groupId: req.groupId,
      memberId: req.memberId,
      groupInstanceId: v >= 7 ? req.groupInstanceId : null,
      generationIdOrMemberEpoch: req.generationIdOrMemberEpoch,
      retentionTimeMs: v <= 4 ? Number(req.retentionTimeMs) : -1,
      apiVersion: v,
      topics: valid,
    };
    let results;
    let writeError: number = ErrorCode.NONE;
    try {
      const r = await groupServiceOf(ctx.services).write("offset-commit", req.groupId, (s) => s.commitOffsets(commit));
      results = r.results;
      try {
        await r.written;
      } catch (e) {
        // The append failed and the commit was reverted: its error as Kafka maps it (NOT_COORDINATOR, ...).
        writeError = coordinatorErrorCode(e);
      }
    } catch (e) {
      const code = coordinatorErrorCode(e);
      for (const ct of valid) slot.get(ct)!.partitions.push(...ct.partitions.map((p) => ({ partitionIndex: p.partition, errorCode: code })));
      res.topics = out;
      return res;
    }
    results.forEach((r, i) => {
      slot.get(valid[i]!)!.partitions.push(
        ...r.partitions.map((p) => ({ partitionIndex: p.partition, errorCode: p.errorCode === ErrorCode.NONE ? writeError : p.errorCode })),
      );
    });
    res.topics = out;
    return res;
  },
});
