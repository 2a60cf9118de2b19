// What ShareFetch (78) and ShareAcknowledge (79) share: the checks Kafka's KafkaApis makes before any
// share partition is touched, and the acknowledgements of one request, partition by partition.

import { ErrorCode } from "../../protocol/errors.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";
import type { RequestContext } from "../handler.ts";
import type { SharePartitionManager } from "./share-partition-manager.ts";
import type { ShareResult } from "./share-partition.ts";
import { validAcknowledgementBatches, type ShareAcknowledgementBatch } from "./record-state.ts";

export interface WireAckBatch {
  firstOffset: bigint;
  lastOffset: bigint;
  acknowledgeTypes: number[];
}

export interface PartitionAcks {
  topicId: string;
  partition: number;
  batches: readonly WireAckBatch[];
}

export interface AckOutcome extends ShareResult {
  topicId: string;
  partition: number;
}

/** Kafka refuses a request without a member id or group id at the top (INVALID_REQUEST). */
export function missingIds(groupId: string | null, memberId: string | null): boolean {
  return groupId === null || memberId === null || memberId === "";
}

/** READ on the group (GROUP_AUTHORIZATION_FAILED at the top otherwise). */
export function groupAuthorized(ctx: RequestContext, groupId: string): boolean {
  return authorize(ctx, AclOperation.READ, ResourceType.GROUP, groupId);
}

/** Topics (by name) this principal may READ, memoised per request. */
export function topicReadable(ctx: RequestContext): (topicName: string) => boolean {
  const seen = new Map<string, boolean>();
  return (name) => {
    let ok = seen.get(name);
    if (ok === undefined) seen.set(name, (ok = authorize(ctx, AclOperation.READ, ResourceType.TOPIC, name)));
    return ok;
  };
}

function toBatches(wire: readonly WireAckBatch[]): ShareAcknowledgementBatch[] | null {
  const out: ShareAcknowledgementBatch[] = [];
  for (const b of wire) {
    if (b.firstOffset > BigInt(Number.MAX_SAFE_INTEGER) || b.lastOffset > BigInt(Number.MAX_SAFE_INTEGER) || b.firstOffset < -1n || b.lastOffset < -1n) return null;
    out.push({ firstOffset: Number(b.firstOffset), lastOffset: Number(b.lastOffset), acknowledgeTypes: b.acknowledgeTypes });
  }
  return out;
}

/**
 * Applies each partition's acknowledgements (Kafka's SharePartitionManager.acknowledge): a malformed
 * batch list is INVALID_REQUEST for its partition, an unknown topic id UNKNOWN_TOPIC_ID, a topic not
 * readable TOPIC_AUTHORIZATION_FAILED; the rest as the share partition answers.
 */
export async function acknowledgeAll(ctx: RequestContext, mgr: SharePartitionManager, groupId: string, memberId: string, acks: readonly PartitionAcks[], renewAllowed: boolean): Promise<AckOutcome[]> {
  const readable = topicReadable(ctx);
  const image = ctx.services.metadata.image;
  return Promise.all(
    acks.map(async (a): Promise<AckOutcome> => {
      const out = (errorCode: number, errorMessage: string | null = null): AckOutcome => ({ topicId: a.topicId, partition: a.partition, errorCode, errorMessage });
      const batches = toBatches(a.batches);
      if (batches === null || !validAcknowledgementBatches(batches, renewAllowed)) return out(ErrorCode.INVALID_REQUEST);
      const topic = image.topicsById.get(a.topicId);
      if (topic === undefined) return out(ErrorCode.UNKNOWN_TOPIC_ID);
      if (!readable(topic.name)) return out(ErrorCode.TOPIC_AUTHORIZATION_FAILED);
      if (topic.partitions[a.partition] === undefined) return out(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
      const r = await mgr.acknowledge(groupId, memberId, a.topicId, a.partition, batches);
      return { ...r, topicId: a.topicId, partition: a.partition };
    }),
  );
}
