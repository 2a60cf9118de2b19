// Fetch (key 1), versions 4-18 served (Kafka 4 serves 4+). v13+ name topics by id (UNKNOWN_TOPIC_ID).
//
// Behaviour (Kafka's KafkaApis.handleFetchRequest + ReplicaManager.fetchMessages):
// - incremental fetch sessions (KIP-227): fetch/fetch-context.ts, bounded cache fetch/session-cache.ts;
// - whole batches as slices of the segment files (zero copy), starting with the batch that holds the
//   fetch offset (a fetch from the middle of a batch gets the whole batch);
// - max_bytes (capped by fetch.max.bytes) over the response and partition_max_bytes per partition;
//   the first partition with data returns at least one batch even when larger (minOneMessage);
// - consumers read up to the high watermark; read_committed stops at the last stable offset, which
//   is the high watermark while there are no transactions, and gets an empty aborted list;
// - long polling: answered at once when max_wait_ms <= 0, nothing is fetched, min_bytes are
//   available or a partition has an error; otherwise the fetch waits (fetch/delayed-fetch.ts) until
//   an append makes min_bytes available or max_wait_ms passes, then reads again;
// - OFFSET_OUT_OF_RANGE outside [log start, log end]; FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH for a
//   current leader epoch that is not the partition's; preferred read replica -1.
//
// Left out: follower fetches (replica_id >= 0 / replica_state) are read like consumer fetches until the
// replication work; rack-aware preferred read replica (KIP-392) has no second replica to point at.

import type { FetchRequest } from "../../protocol/generated/messages/fetch-request.ts";
import {
  newFetchResponse,
  newFetchableTopicResponse,
  newPartitionData,
  type FetchResponse,
  type FetchableTopicResponse,
} from "../../protocol/generated/messages/fetch-response.ts";
import { defineHandler } from "../handler.ts";
import { partitionWatchKey } from "../fetch/delayed-fetch.ts";
import { newFetchContext, selectResponse, type FetchContext, type FetchTarget } from "../fetch/fetch-context.ts";
import { readError, readPartition, type PartitionReadResult } from "../fetch/read-partition.ts";
import type { DataPlane } from "../produce/data-plane.ts";
import { ErrorCode } from "../../protocol/errors.ts";

const READ_COMMITTED = 1;

interface ReadAll {
  results: Map<string, PartitionReadResult>;
  totalBytes: number;
  anyError: boolean;
}

function readAll(plane: DataPlane, targets: readonly FetchTarget[], maxBytes: number): ReadAll {
  const results = new Map<string, PartitionReadResult>();
  let limit = maxBytes;
  let minOne = true;
  let totalBytes = 0;
  let anyError = false;
  // Bounded by the request's (or session's) partitions.
  for (const t of targets) {
    const r = t.unknownTopicId ? readError(ErrorCode.UNKNOWN_TOPIC_ID) : readPartition(plane, t, limit, minOne);
    if (r.sizeBytes > 0) {
      minOne = false;
      limit = Math.max(0, limit - r.sizeBytes);
    }
    totalBytes += r.sizeBytes;
    if (r.errorCode !== 0) anyError = true;
    results.set(t.key, r);
  }
  return { results, totalBytes, anyError };
}

function respond(plane: DataPlane, ctx: Exclude<FetchContext, { kind: "error" }>, read: ReadAll, isolationLevel: number, version: number): FetchResponse {
  const res = newFetchResponse();
  const sel = selectResponse(ctx, plane.fetchSessions, read.results, Date.now());
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
    p.abortedTransactions = isolationLevel === READ_COMMITTED ? [] : null;
    p.preferredReadReplica = -1;
    p.records = r.records;
    current!.partitions.push(p);
  }
  return res;
}

export const fetchHandler = defineHandler<FetchRequest, FetchResponse>({
  key: 1,
  minVersion: 4,
  maxVersion: 18,
  handle(ctx, req) {
    const plane = ctx.services.dataPlane;
    const v = ctx.apiVersion;
    const fctx = newFetchContext(plane.fetchSessions, req, v, plane.metadata.image, Date.now());
    if (fctx.kind === "error") {
      const res = newFetchResponse();
      res.errorCode = fctx.errorCode;
      res.sessionId = 0;
      return res;
    }
    const maxBytes = Math.max(0, Math.min(req.maxBytes, ctx.services.config.int("fetch.max.bytes")));
    const minBytes = Math.min(req.minBytes, maxBytes);
    const first = readAll(plane, fctx.targets, maxBytes);
    if (req.maxWaitMs <= 0 || fctx.targets.length === 0 || first.totalBytes >= minBytes || first.anyError) {
      return respond(plane, fctx, first, req.isolationLevel, v);
    }
    const keys = [...new Set(fctx.targets.map((t) => partitionWatchKey(t.topic, t.partition)))];
    return new Promise<FetchResponse>((resolve) => {
      let last: ReadAll | null = null;
      let checked = false;
      plane.fetchWaiters.tryCompleteElseWatch(
        {
          tryComplete() {
            // The first check repeats the read just made; skip it.
            if (!checked) {
              checked = true;
              return false;
            }
            last = readAll(plane, fctx.targets, maxBytes);
            return last.totalBytes >= minBytes || last.anyError;
          },
          onComplete(expired) {
            resolve(respond(plane, fctx, expired || !last ? readAll(plane, fctx.targets, maxBytes) : last, req.isolationLevel, v));
          },
        },
        keys,
        req.maxWaitMs,
      );
    });
  },
});
