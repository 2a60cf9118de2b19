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
//   to the first offset not returned), [] when nothing was returned, null for read_uncommitted, errors
//   and an oversized first batch, as Kafka encodes them; a long poll counts bytes up to the same bound;
// - long polling: answered at once when max_wait_ms <= 0, nothing is fetched, min_bytes are
//   available or a partition has an error; otherwise the fetch waits (ReplicaManager.fetchMessages,
//   replication/delayed-fetch.ts) until an append makes min_bytes available or max_wait_ms passes;
// - OFFSET_OUT_OF_RANGE outside [log start, log end]; FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH for a
//   current leader epoch that is not the partition's; preferred read replica -1.
//
// Left out: follower fetches (replica_id >= 0 / replica_state) are read like consumer fetches until the
// replication work; rack-aware preferred read replica (KIP-392) has no second replica to point at.

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
import type { FetchIsolation, FetchResults } from "../../replication/fetch-read.ts";
import type { AbortedTxnInfo } from "../../storage/log-types.ts";
import { defineHandler } from "../handler.ts";
import { newFetchContext, selectResponse, type FetchContext } from "../fetch/fetch-context.ts";
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

function respond(sessions: FetchSessionCache, ctx: Exclude<FetchContext, { kind: "error" }>, read: FetchResults, version: number): FetchResponse {
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
    const maxBytes = Math.max(0, Math.min(req.maxBytes, services.config.int("fetch.max.bytes")));
    const minBytes = Math.min(req.minBytes, maxBytes);
    const isolation = fetchIsolation(req.isolationLevel);
    const read = services.replicaManager.fetchMessages({ partitions: fctx.targets, maxBytes, minBytes, maxWaitMs: req.maxWaitMs, isolation });
    if (read instanceof Promise) return read.then((r) => respond(sessions, fctx, r, v));
    return respond(sessions, fctx, read, v);
  },
});
