// Produce (key 0), versions 3-13 served, advertised from 0 (KAFKA-18659: librdkafka only compresses
// when Produce v0 is advertised); v0-2 are refused as Kafka 4 does. v13 names topics by id.
//
// Behaviour (Kafka's KafkaApis.handleProduceRequest + ReplicaManager.appendRecords):
// - unknown topic id (v13) -> UNKNOWN_TOPIC_ID; unknown topic or partition -> UNKNOWN_TOPIC_OR_PARTITION;
// - acks other than -1, 0, 1 -> INVALID_REQUIRED_ACKS for every known partition;
// - each partition checked and validated here (produce/prepare-partition.ts, produce/validate.ts), then
//   appended through ReplicaManager.appendRecords synchronously, before any await, so appends keep
//   request order;
// - acks=0: no response; acks=1: answered once appended; acks=-1: once the high watermark passes the
//   batch (Partition's rule: at once on a single node, except with strand.log.fsync.before.ack=true,
//   where it waits, group-committed, until the appended offsets are on disk), or REQUEST_TIMED_OUT
//   after the request's timeout (replication/delayed-produce.ts);
// - acks=1 and -1: an append that forces a flush (flush.messages / flush.ms reached), or comes while
//   such a flush is pending, is answered once that flush has returned (Kafka flushes inside
//   UnifiedLog.append, before it answers); group-committed, off the event loop.
//
// - with an authorizer: WRITE on each topic (else TOPIC_AUTHORIZATION_FAILED for its partitions, before
//   the unknown-partition check, as KafkaApis; nothing of it is appended);
// - transactional batches need the request's transactional id and, with an authorizer, WRITE on it
//   (else TRANSACTIONAL_ID_AUTHORIZATION_FAILED for the whole request, as Kafka); unless their producer's transaction is already open in the
//   partition at their epoch, they are verified with, or added to the transaction by, the transaction
//   coordinator first (produce/txn-verify.ts); the append then waits for that answer, as Kafka's does.
//
// - acks=-1 with followers: NOT_ENOUGH_REPLICAS before the append when the ISR is smaller than the
//   topic's min.insync.replicas (at most the replicas), NOT_ENOUGH_REPLICAS_AFTER_APPEND when it shrank
//   below it while the produce waited (ReplicaManager / Partition, as Kafka);
// - KIP-951 (v10+): NOT_LEADER_OR_FOLLOWER partitions carry the current leader and epoch, and the
//   response the leaders' endpoints on the request's listener.
//
// Left out: with acks=0 a failed partition closes the connection, as Kafka does (the producer has no
// other way to learn of it).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ProduceRequest } from "../../protocol/generated/messages/produce-request.ts";
import {
  newPartitionProduceResponse,
  newProduceResponse,
  newTopicProduceResponse,
  type PartitionProduceResponse,
  type ProduceResponse,
  type TopicProduceResponse,
} from "../../protocol/generated/messages/produce-response.ts";
import { isFileRecords } from "../../protocol/primitives/records-ref.ts";
import type { AppendEntry, PartitionAppendResult } from "../../replication/replica-manager.ts";
import { CLOSE_CONNECTION, defineHandler, NO_RESPONSE } from "../handler.ts";
import { preparePartition, type PreparedEntry } from "../produce/prepare-partition.ts";
import {
  entriesNeedingVerification,
  hasOngoingTransaction,
  txnVerifyMode,
  verifyTransactionalEntries,
  type ProducerStateLookup,
} from "../produce/txn-verify.ts";
import { transactionVersion } from "../../metadata/features.ts";
import { currentBrokerBool } from "../../config/broker-layers.ts";
import { resolveTopicSettings, type TopicSettings } from "../produce/topic-settings.ts";
import { CurrentLeaders } from "../current-leader.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

function partitionResponse(index: number, r: Pick<PartitionAppendResult, "errorCode" | "errorMessage" | "recordErrors" | "baseOffset" | "logAppendTimeMs" | "logStartOffset">): PartitionProduceResponse {
  const p = newPartitionProduceResponse();
  p.index = index;
  p.errorCode = r.errorCode;
  p.errorMessage = r.errorMessage;
  p.recordErrors = r.recordErrors.map((e) => ({ batchIndex: e.batchIndex, batchIndexErrorMessage: e.message }));
  p.baseOffset = BigInt(r.baseOffset);
  p.logAppendTimeMs = BigInt(r.logAppendTimeMs);
  p.logStartOffset = BigInt(r.logStartOffset);
  return p;
}

function errorOnly(index: number, code: number): PartitionProduceResponse {
  return partitionResponse(index, { errorCode: code, errorMessage: null, recordErrors: [], baseOffset: -1, logAppendTimeMs: -1, logStartOffset: -1 });
}

/** Holds an appended partition's place in its topic's list until appendRecords answers (never sent). */
const PENDING: PartitionProduceResponse = errorOnly(-1, ErrorCode.UNKNOWN_SERVER_ERROR);

export const produceHandler = defineHandler<ProduceRequest, ProduceResponse>({
  key: 0,
  minVersion: 3,
  maxVersion: 13,
  advertisedMinVersion: 0,
  handle(ctx, req) {
    const services = ctx.services;
    const rm = services.replicaManager;
    const v = ctx.apiVersion;
    const image = services.metadata.image;
    const settingsOf = (topic: string): TopicSettings => resolveTopicSettings(image, services.config, topic, services.nodeId);
    const nowMs = Date.now();
    const validAcks = req.acks === -1 || req.acks === 0 || req.acks === 1;
    const res = newProduceResponse();
    const failures: string[] = [];
    // The partitions appended, and where their answers go.
    const entries: PreparedEntry[] = [];
    const slots: Array<{ list: PartitionProduceResponse[]; at: number; index: number }> = [];
    // With an authorizer: WRITE on each topic, checked once per topic name (null: no authorizer, no cost).
    const writable = services.authorizer === null ? null : new Map<string, boolean>();
    // Bounded by the request's decoded topics and partitions.
    for (const td of req.topicData) {
      const topic = v >= 13 ? image.topicsById.get(td.topicId) : image.topicsByName.get(td.name);
      const tr: TopicProduceResponse = newTopicProduceResponse();
      tr.name = v >= 13 ? "" : td.name;
      tr.topicId = td.topicId;
      res.responses.push(tr);
      for (const pd of td.partitionData) {
        if (!topic) {
          tr.partitionResponses.push(errorOnly(pd.index, v >= 13 ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION));
          continue;
        }
        if (writable !== null) {
          let ok = writable.get(topic.name);
          if (ok === undefined) writable.set(topic.name, (ok = authorize(ctx, AclOperation.WRITE, ResourceType.TOPIC, topic.name)));
          if (!ok) {
            failures.push(`${topic.name}-${pd.index}: not authorized`);
            tr.partitionResponses.push(errorOnly(pd.index, ErrorCode.TOPIC_AUTHORIZATION_FAILED));
            continue;
          }
        }
        if (!validAcks) {
          const known = topic.partitions[pd.index] !== undefined;
          tr.partitionResponses.push(errorOnly(pd.index, known ? ErrorCode.INVALID_REQUIRED_ACKS : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION));
          continue;
        }
        const records = pd.records !== null && isFileRecords(pd.records) ? null : pd.records;
        const prepared = preparePartition(rm, settingsOf, { topic: topic.name, partition: pd.index, records, apiVersion: v, nowMs });
        if ("errorCode" in prepared) {
          failures.push(`${topic.name}-${pd.index}: ${prepared.detail ?? prepared.errorCode}`);
          tr.partitionResponses.push(partitionResponse(pd.index, prepared));
          continue;
        }
        entries.push(prepared);
        slots.push({ list: tr.partitionResponses, at: tr.partitionResponses.length, index: pd.index });
        tr.partitionResponses.push(PENDING); // replaced by the append's answer below
      }
    }
    const fill = (results: readonly PartitionAppendResult[]): ProduceResponse => {
      results.forEach((r, i) => {
        const slot = slots[i]!;
        if (r.errorCode !== 0) failures.push(`${entries[i]!.topic}-${slot.index}: ${r.detail ?? r.errorCode}`);
        slot.list[slot.at] = partitionResponse(slot.index, r);
      });
      if (failures.length > 0) services.logger.debug("produce partitions failed", { connection: ctx.conn.id, acks: req.acks, failures: failures.slice(0, 5).join("; ") });
      fitToVersion(res, v);
      if (v >= 10) addCurrentLeaders(res, v, () => new CurrentLeaders(rm, image, ctx.listenerName), image);
      return res;
    };
    // Kafka: transactional records need the request's transactional id (authorized for it): else the
    // whole request is TRANSACTIONAL_ID_AUTHORIZATION_FAILED.
    if (entries.some((e) => e.transactional) && (req.transactionalId === null || (services.authorizer !== null && !authorize(ctx, AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, req.transactionalId)))) {
      for (const t of res.responses) t.partitionResponses = t.partitionResponses.map((p) => errorOnly(p === PENDING ? -1 : p.index, ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED));
      slots.forEach((sl) => (sl.list[sl.at] = errorOnly(sl.index, ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)));
      fitToVersion(res, v);
      return req.acks === 0 ? CLOSE_CONNECTION : res;
    }
    const txn = services.transactionCoordinator;
    const mode = txnVerifyMode(v, transactionVersion(image), currentBrokerBool(services, "transaction.partition.verification.enable", image));
    if (txn !== null && mode !== "none" && req.transactionalId !== null && entries.some((e) => e.transactional)) {
      const lookup: ProducerStateLookup = (topic, partition, producerId) => rm.partition(topic, partition)?.log.producers.get(producerId);
      let need = entriesNeedingVerification(lookup, entries);
      const producers = new Set(entries.filter((e) => e.transactional).map((e) => e.batch.producerId));
      const order = services.txnProduceOrder;
      const prior = order.pending(producers);
      // Every transactional batch joins a transaction already open in its partition, and no earlier
      // request of its producer is still waiting: appended now, as a non-transactional request.
      if (need.size > 0 || prior !== null) {
        // Verified first (per producer in order, txn-verify.ts); the refused partitions are answered
        // without an append.
        const transactionalId = req.transactionalId;
        const verified = (prior ?? Promise.resolve()).then(() => {
          // The earlier requests may have opened the transaction in more partitions meanwhile.
          if (prior !== null) need = entriesNeedingVerification(lookup, entries);
          return verifyTransactionalEntries(txn, transactionalId, entries, mode, v, need);
        }).then((codes) => {
          // Kafka's verification guard: a batch that skipped the coordinator call must still find its
          // transaction open now that the append comes later (a marker may have ended it).
          entries.forEach((e, i) => {
            if (e.transactional && !need.has(i) && codes[i] === ErrorCode.NONE && !hasOngoingTransaction(lookup, e.topic, e.partition, e.batch.producerId, e.batch.producerEpoch)) {
              codes[i] = ErrorCode.INVALID_TXN_STATE;
            }
          });
          const ok: number[] = [];
          codes.forEach((c, i) => (c === ErrorCode.NONE ? ok.push(i) : undefined));
          const toAppend: AppendEntry[] = ok.map((i) => entries[i]!);
          const done = (appendedResults: readonly PartitionAppendResult[]): ProduceResponse => {
            const results: PartitionAppendResult[] = codes.map((c) => ({ errorCode: c, errorMessage: null, recordErrors: [], baseOffset: -1, logAppendTimeMs: -1, logStartOffset: -1, detail: `transaction verification answered ${c}` }));
            ok.forEach((i, j) => (results[i] = appendedResults[j]!));
            return fill(results);
          };
          // The next request of these producers may append once this one has (appendRecords is synchronous
          // up to the append itself; its promise waits for acks).
          const a = toAppend.length === 0 ? [] : rm.appendRecords(toAppend, req.acks, req.timeoutMs, "client");
          return { answer: a instanceof Promise ? a.then(done) : done(a) };
        });
        order.push(producers, verified);
        const answered = verified.then((r) => r.answer);
        if (req.acks === 0) {
          return answered.then((r) => (r.responses.some((t) => t.partitionResponses.some((p) => p.errorCode !== 0)) ? CLOSE_CONNECTION : NO_RESPONSE));
        }
        return answered;
      }
    }
    // Appended synchronously, before any await, so appends keep the order requests arrived in.
    const appended = entries.length === 0 ? [] : rm.appendRecords(entries, req.acks, req.timeoutMs, "client");
    // acks=0: no response; a failed partition closes the connection so the producer notices (Kafka's way).
    if (req.acks === 0) {
      const results = appended as PartitionAppendResult[];
      const failed = failures.length > 0 || results.some((r) => r.errorCode !== 0);
      if (failed) fill(results);
      return failed ? CLOSE_CONNECTION : NO_RESPONSE;
    }
    return appended instanceof Promise ? appended.then(fill) : fill(appended);
  },
});

/**
 * KIP-951 (v10+): each NOT_LEADER_OR_FOLLOWER partition names the current leader and epoch, and the
 * response lists the leaders' endpoints (Kafka's handleProduceRequest with getCurrentLeader). The
 * leaders are looked up only when a partition was refused so (not on every produce answer).
 */
function addCurrentLeaders(res: ProduceResponse, version: number, currentLeaders: () => CurrentLeaders, image: MetadataImage): void {
  let leaders: CurrentLeaders | null = null;
  // Bounded by the request's topics and partitions.
  for (const t of res.responses) {
    for (const p of t.partitionResponses) {
      if (p.errorCode !== ErrorCode.NOT_LEADER_OR_FOLLOWER) continue;
      const name = version >= 13 ? image.topicsById.get(t.topicId)?.name : t.name;
      if (name === undefined) continue;
      const l = (leaders ??= currentLeaders()).leaderOf(name, p.index);
      p.currentLeader.leaderId = l.leaderId;
      p.currentLeader.leaderEpoch = l.leaderEpoch;
    }
  }
  if (leaders !== null) res.nodeEndpoints = leaders.endpoints();
}

/** Fields a version lacks must hold their defaults: log start offset (v5+), record errors and message (v8+). */
function fitToVersion(res: ProduceResponse, version: number): void {
  if (version >= 8) return;
  for (const t of res.responses) {
    for (const p of t.partitionResponses) {
      if (version < 5) p.logStartOffset = -1n;
      p.recordErrors = [];
      p.errorMessage = null;
    }
  }
}

