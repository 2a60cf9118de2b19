// OffsetFetch (key 9), versions 1-10 served (Kafka 4 removed v0).
//
// v1-7: one group; v2+ null topics = every committed partition; v2+ top-level error code. v8+: many
// groups in one request, an error per group. v7+ requireStable: a partition for which an open
// transaction holds an offset (TxnOffsetCommit not yet committed or aborted) answers
// UNSTABLE_OFFSET_COMMIT with offset -1, as Kafka's OffsetMetadataManager; without it, the last
// committed offset (pending ones are never visible). v9+: a member id and epoch are checked against a KIP-848 consumer group
// (as Kafka 4.4.0's ConsumerGroup.validateOffsetFetch: UNKNOWN_MEMBER_ID, STALE_MEMBER_EPOCH as the
// group's error, with no topics); a null member id with a negative epoch (admin clients) passes. v10: topics by id (names resolved through metadata; unknown ids UNKNOWN_TOPIC_ID).
// A partition with no committed offset answers offset -1, leader epoch -1, metadata "".
// With an authorizer (KafkaApis.handleOffsetFetchRequest): DESCRIBE on the group (else the group's
// GROUP_AUTHORIZATION_FAILED) and on each topic: a named topic without it answers
// TOPIC_AUTHORIZATION_FAILED per partition, and an all-topics fetch leaves such topics out.

import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { OffsetFetchRequest } from "../../protocol/generated/messages/offset-fetch-request.ts";
import {
  newOffsetFetchResponse,
  type OffsetFetchResponse,
  type OffsetFetchResponseGroup,
} from "../../protocol/generated/messages/offset-fetch-response.ts";
import type { FetchedOffset } from "../../coordinator/group/group-coordinator.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { topicIdOf, topicNameOf } from "../../coordinator/group/topics.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

function byTopic(rows: FetchedOffset[]): Map<string, FetchedOffset[]> {
  const m = new Map<string, FetchedOffset[]>();
  for (const r of rows) {
    let l = m.get(r.topic);
    if (!l) m.set(r.topic, (l = []));
    l.push(r);
  }
  return m;
}

interface Member {
  memberId: string | null;
  memberEpoch: number;
}

function fetchGroup(
  ctx: RequestContext,
  groupId: string,
  topics: Array<{ name: string; topicId: string; partitionIndexes: number[] }> | null,
  member: Member | null,
  requireStable: boolean,
): OffsetFetchResponseGroup {
  const byId = ctx.apiVersion >= 10;
  const svc = groupServiceOf(ctx.services);
  const md = ctx.services.metadata;
  const g: OffsetFetchResponseGroup = { groupId, topics: [], errorCode: ErrorCode.NONE };
  if (groupId === "") {
    g.errorCode = ErrorCode.INVALID_GROUP_ID;
    return g;
  }
  if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, groupId)) {
    g.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
    return g;
  }
  const withAuthorizer = ctx.services.authorizer !== null;
  const describable = new Map<string, boolean>();
  const mayDescribe = (name: string): boolean => {
    if (!withAuthorizer) return true;
    let ok = describable.get(name);
    if (ok === undefined) describable.set(name, (ok = authorize(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, name)));
    return ok;
  };
  const refused: Array<{ name: string; topicId: string; partitionIndexes: number[] }> = [];
  if (member !== null) {
    try {
      g.errorCode = svc.read(groupId, (s) => s.validateOffsetFetch(groupId, member.memberId, member.memberEpoch));
    } catch (e) {
      g.errorCode = coordinatorErrorCode(e);
    }
    if (g.errorCode !== ErrorCode.NONE) return g;
  }
  const unknownIds: Array<{ topicId: string; partitionIndexes: number[] }> = [];
  let asked: Array<{ name: string; partitions: number[] }> | null = null;
  const idFor = new Map<string, string>();
  if (topics !== null) {
    asked = [];
    for (const t of topics) {
      const name = byId ? topicNameOf(md, t.topicId) : t.name;
      if (name === undefined) {
        unknownIds.push(t);
        continue;
      }
      if (!mayDescribe(name)) {
        refused.push({ name: byId ? "" : name, topicId: t.topicId, partitionIndexes: t.partitionIndexes });
        continue;
      }
      if (byId) idFor.set(name, t.topicId);
      asked.push({ name, partitions: t.partitionIndexes });
    }
  }
  let rows;
  try {
    rows = svc.read(groupId, (s) => s.fetchOffsets(groupId, asked, requireStable));
  } catch (e) {
    g.errorCode = coordinatorErrorCode(e);
    return g;
  }
  for (const [name, list] of byTopic(rows)) {
    if (!mayDescribe(name)) continue;
    g.topics.push({
      name: byId ? "" : name,
      topicId: byId ? (idFor.get(name) ?? topicIdOf(md, name)) : ZERO_UUID,
      partitions: list.map((r) => ({ partitionIndex: r.partition, committedOffset: r.offset, committedLeaderEpoch: r.leaderEpoch, metadata: r.metadata, errorCode: r.errorCode ?? ErrorCode.NONE })),
    });
  }
  for (const t of refused) {
    g.topics.push({
      name: t.name,
      topicId: byId ? t.topicId : ZERO_UUID,
      partitions: t.partitionIndexes.map((p) => ({ partitionIndex: p, committedOffset: -1n, committedLeaderEpoch: -1, metadata: "", errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED })),
    });
  }
  for (const t of unknownIds) {
    g.topics.push({
      name: "",
      topicId: t.topicId,
      partitions: t.partitionIndexes.map((p) => ({ partitionIndex: p, committedOffset: -1n, committedLeaderEpoch: -1, metadata: "", errorCode: ErrorCode.UNKNOWN_TOPIC_ID })),
    });
  }
  return g;
}

export const offsetFetchHandler = defineHandler<OffsetFetchRequest, OffsetFetchResponse>({
  key: 9,
  minVersion: 1,
  maxVersion: 10,
  handle(ctx, req) {
    const res = newOffsetFetchResponse();
    if (ctx.apiVersion >= 8) {
      res.groups = req.groups.map((g) =>
        fetchGroup(
          ctx,
          g.groupId,
          g.topics === null ? null : g.topics.map((t) => ({ name: t.name, topicId: t.topicId, partitionIndexes: t.partitionIndexes })),
          ctx.apiVersion >= 9 ? { memberId: g.memberId, memberEpoch: g.memberEpoch } : null,
          req.requireStable,
        ),
      );
      return res;
    }
    const topics = req.topics === null ? null : req.topics.map((t) => ({ name: t.name, topicId: "", partitionIndexes: t.partitionIndexes }));
    const g = fetchGroup(ctx, req.groupId, ctx.apiVersion >= 2 ? topics : (topics ?? []), null, ctx.apiVersion >= 7 && req.requireStable);
    res.errorCode = g.errorCode;
    res.topics = g.topics.map((t) => ({ name: t.name, partitions: t.partitions }));
    // v1 has no top-level error code: Kafka puts the group's authorization failure on every partition asked.
    if (ctx.apiVersion < 2 && g.errorCode === ErrorCode.GROUP_AUTHORIZATION_FAILED) {
      res.topics = (req.topics ?? []).map((t) => ({ name: t.name, partitions: t.partitionIndexes.map((p) => ({ partitionIndex: p, committedOffset: -1n, committedLeaderEpoch: -1, metadata: "", errorCode: g.errorCode })) }));
    }
    return res;
  },
});
