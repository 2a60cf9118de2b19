// Which partitions a fetch reads and which it answers, by its session metadata (KIP-227, Kafka's
// FetchManager.newContext and the FetchContext classes):
//
//   epoch -1 (FINAL)          sessionless: the request's partitions; a named session is closed
//   epoch 0 (INITIAL)         full: the request's partitions; a new session is created when the
//                             response is built (session id 0 when the cache has no room)
//   epoch > 0                 incremental: the session's partitions, updated by the request and
//                             its forgotten topics; FETCH_SESSION_ID_NOT_FOUND for an unknown id,
//                             INVALID_FETCH_SESSION_EPOCH for a wrong epoch, FETCH_SESSION_TOPIC_ID_ERROR
//                             when topic-id use changes; only changed partitions are answered
//
// Fetch v4-6 have no session fields: their defaults (id 0, epoch -1) make them sessionless.

import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { FetchRequest } from "../../protocol/generated/messages/fetch-request.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { FINAL_EPOCH, INITIAL_EPOCH, INVALID_SESSION_ID, partitionKey, type FetchPartitionState, type FetchSession, type PartitionRequestUpdate } from "./fetch-session.ts";
import type { FetchPartitionRequest, PartitionReadResult } from "../../replication/fetch-read.ts";
import type { FetchSessionCache } from "./session-cache.ts";

export interface FetchTarget extends FetchPartitionRequest {
  topicId: string;
}

export type FetchContext =
  | { kind: "error"; errorCode: number }
  | { kind: "sessionless"; targets: FetchTarget[] }
  | { kind: "full"; targets: FetchTarget[]; usesTopicIds: boolean; privileged: boolean }
  | { kind: "incremental"; targets: FetchTarget[]; session: FetchSession };

function resolveName(image: MetadataImage, usesTopicIds: boolean, topic: string, topicId: string): { topic: string; topicId: string; unknown: boolean } {
  if (usesTopicIds) {
    const t = image.topicsById.get(topicId);
    return t ? { topic: t.name, topicId, unknown: false } : { topic: "", topicId, unknown: true };
  }
  return { topic, topicId: image.topicsByName.get(topic)?.topicId ?? ZERO_UUID, unknown: false };
}

function requestUpdates(req: FetchRequest, image: MetadataImage, usesTopicIds: boolean): PartitionRequestUpdate[] {
  const out: PartitionRequestUpdate[] = [];
  for (const t of req.topics) {
    const r = resolveName(image, usesTopicIds, t.topic, t.topicId);
    for (const p of t.partitions) {
      out.push({
        topic: r.topic,
        topicId: r.topicId,
        partition: p.partition,
        fetchOffset: p.fetchOffset,
        maxBytes: p.partitionMaxBytes,
        currentLeaderEpoch: p.currentLeaderEpoch,
        lastFetchedEpoch: p.lastFetchedEpoch,
        logStartOffset: p.logStartOffset,
      });
    }
  }
  return out;
}

function target(u: PartitionRequestUpdate | FetchPartitionState, image: MetadataImage, usesTopicIds: boolean): FetchTarget {
  const r = resolveName(image, usesTopicIds, u.topic, u.topicId);
  return {
    topic: r.topic,
    topicId: usesTopicIds ? u.topicId : r.topicId,
    partition: u.partition,
    fetchOffset: u.fetchOffset,
    maxBytes: u.maxBytes,
    currentLeaderEpoch: u.currentLeaderEpoch,
    lastFetchedEpoch: u.lastFetchedEpoch,
    logStartOffset: u.logStartOffset,
    unknownTopicId: r.unknown,
    key: partitionKey(usesTopicIds, u.topic, u.topicId, u.partition),
  };
}

export function newFetchContext(cache: FetchSessionCache, req: FetchRequest, version: number, image: MetadataImage, nowMs: number): FetchContext {
  const usesTopicIds = version >= 13;
  if (req.sessionEpoch === INITIAL_EPOCH || req.sessionEpoch === FINAL_EPOCH) {
    if (req.sessionId !== INVALID_SESSION_ID) cache.remove(req.sessionId);
    const seen = new Set<string>();
    const targets: FetchTarget[] = [];
    for (const u of requestUpdates(req, image, usesTopicIds)) {
      const t = target(u, image, usesTopicIds);
      if (seen.has(t.key)) continue; // a partition named twice is read once
      seen.add(t.key);
      targets.push(t);
    }
    // A follower's session is privileged in the cache (Kafka's FullFetchContext with isFromFollower).
    const privileged = (version >= 15 ? req.replicaState.replicaId : req.replicaId) >= 0;
    return req.sessionEpoch === FINAL_EPOCH ? { kind: "sessionless", targets } : { kind: "full", targets, usesTopicIds, privileged };
  }
  const session = cache.get(req.sessionId);
  if (!session) return { kind: "error", errorCode: ErrorCode.FETCH_SESSION_ID_NOT_FOUND };
  if (session.epoch !== req.sessionEpoch) return { kind: "error", errorCode: ErrorCode.INVALID_FETCH_SESSION_EPOCH };
  if (session.usesTopicIds !== usesTopicIds) return { kind: "error", errorCode: ErrorCode.FETCH_SESSION_TOPIC_ID_ERROR };
  const forgotten = req.forgottenTopicsData.flatMap((f) => f.partitions.map((p) => ({ topic: f.topic, topicId: f.topicId, partition: p })));
  session.update(requestUpdates(req, image, usesTopicIds), forgotten);
  const targets = [...session.partitions.values()].map((s) => target(s, image, usesTopicIds));
  if (session.size === 0) {
    cache.remove(session.id);
    return { kind: "sessionless", targets };
  }
  cache.touch(session, nowMs);
  session.epoch = session.epoch === 0x7fffffff ? 1 : session.epoch + 1;
  return { kind: "incremental", targets, session };
}

/**
 * Kafka's CachedPartition.maybeUpdateResponseData: whether an incremental response must carry it.
 * As in Kafka 4.4.0, the last stable offset is not compared: a read_committed partition whose LSO moved
 * returns the records that move made fetchable (so it is sent), and a move with no records to show
 * (the byte limit went to other partitions) reaches the client with its next records or HW change.
 */
function mustRespond(state: FetchPartitionState, r: PartitionReadResult): boolean {
  let must = r.sizeBytes > 0;
  if (state.sentHighWatermark !== r.highWatermark) {
    must = true;
    state.sentHighWatermark = r.highWatermark;
  }
  if (state.sentLogStartOffset !== r.logStartOffset) {
    must = true;
    state.sentLogStartOffset = r.logStartOffset;
  }
  if (r.errorCode !== 0 || r.divergingEpoch) {
    // Re-send once the error clears (and after a diverging epoch, as Kafka's isDivergingEpoch).
    state.sentHighWatermark = -1n;
    must = true;
  }
  return must;
}

/**
 * The partitions the response carries, in order, and its session id. Creates the session of a
 * full fetch; updates an incremental session's sent state.
 */
export function selectResponse(
  ctx: Exclude<FetchContext, { kind: "error" }>,
  cache: FetchSessionCache,
  results: ReadonlyMap<string, PartitionReadResult>,
  nowMs: number,
): { sessionId: number; partitions: Array<{ target: FetchTarget; result: PartitionReadResult }> } {
  const all = ctx.targets.map((t) => ({ target: t, result: results.get(t.key)! }));
  if (ctx.kind === "sessionless") return { sessionId: INVALID_SESSION_ID, partitions: all };
  if (ctx.kind === "full") {
    const session = cache.maybeCreate(nowMs, ctx.usesTopicIds, all.length, ctx.privileged);
    if (session) {
      for (const { target: t, result: r } of all) {
        session.partitions.set(t.key, {
          topic: t.topic,
          topicId: t.topicId,
          partition: t.partition,
          fetchOffset: t.fetchOffset,
          maxBytes: t.maxBytes,
          currentLeaderEpoch: t.currentLeaderEpoch,
          lastFetchedEpoch: t.lastFetchedEpoch ?? -1,
          logStartOffset: t.logStartOffset ?? -1n,
          sentHighWatermark: r.errorCode === 0 ? r.highWatermark : -1n,
          sentLogStartOffset: r.logStartOffset,
        });
      }
    }
    return { sessionId: session?.id ?? INVALID_SESSION_ID, partitions: all };
  }
  const session = ctx.session;
  const out: Array<{ target: FetchTarget; result: PartitionReadResult }> = [];
  for (const e of all) {
    const state = session.partitions.get(e.target.key);
    if (!state || !mustRespond(state, e.result)) continue;
    out.push(e);
    if (e.result.sizeBytes > 0) session.moveToEnd(e.target.key);
  }
  return { sessionId: session.id, partitions: out };
}
