// AddPartitionsToTxn (key 24), versions 0-5 served.
//
// v0-3 (from clients): one transaction; every partition must exist (else UNKNOWN_TOPIC_OR_PARTITION
// for it and OPERATION_NOT_ATTEMPTED for the others, nothing added, as Kafka); the coordinator's
// answer is every partition's code. PRODUCER_FENCED is INVALID_PRODUCER_EPOCH below v2.
// v4+ (broker to broker, KIP-890 part 1): a batch of transactions, each verifyOnly (is every
// partition in the ongoing transaction? TRANSACTION_ABORTABLE for those not) or an add, under
// Transactions V2 for v4 and v5 alike (4.4.0's transactionVersionForAddPartitionsToTxn: version > 3). Top-level errorCode NONE; per-transaction errors on every partition.
//
// With an authorizer: v4+ needs CLUSTER_ACTION (else a top-level CLUSTER_AUTHORIZATION_FAILED); each
// transaction WRITE on its id (else TRANSACTIONAL_ID_AUTHORIZATION_FAILED on every partition) and on its
// topics (else TOPIC_AUTHORIZATION_FAILED, the others OPERATION_NOT_ATTEMPTED), nothing added then.

import { ErrorCode } from "../../protocol/errors.ts";
import type { AddPartitionsToTxnRequest, AddPartitionsToTxnTopic } from "../../protocol/generated/messages/add-partitions-to-txn-request.ts";
import { newAddPartitionsToTxnResponse, type AddPartitionsToTxnResponse, type AddPartitionsToTxnTopicResult } from "../../protocol/generated/messages/add-partitions-to-txn-response.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { parseTpKey, tpKey } from "../../coordinator/transaction/transaction-metadata.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeCluster, filterByAuthorized } from "../auth-helper.ts";
import type { RequestContext } from "../handler.ts";

/** Results grouped by topic, in the order the partitions were given. */
export function topicResults(codes: ReadonlyMap<string, number>): AddPartitionsToTxnTopicResult[] {
  const byTopic = new Map<string, AddPartitionsToTxnTopicResult>();
  for (const [k, code] of codes) {
    const tp = parseTpKey(k);
    let t = byTopic.get(tp.topic);
    if (!t) byTopic.set(tp.topic, (t = { name: tp.topic, resultsByPartition: [] }));
    t.resultsByPartition.push({ partitionIndex: tp.partition, partitionErrorCode: code });
  }
  return [...byTopic.values()];
}

/** Partition keys of a request's topics; null codes when every partition exists, else the refusal codes. */
function checkPartitions(image: MetadataImage, topics: readonly AddPartitionsToTxnTopic[]): { keys: string[]; refused: Map<string, number> | null } {
  const keys: string[] = [];
  let missing = false;
  const codes = new Map<string, number>();
  for (const t of topics) {
    const topic = image.topicsByName.get(t.name);
    for (const p of t.partitions) {
      const k = tpKey(t.name, p);
      keys.push(k);
      const exists = topic !== undefined && topic.partitions[p] !== undefined;
      if (!exists) missing = true;
      codes.set(k, exists ? ErrorCode.OPERATION_NOT_ATTEMPTED : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
    }
  }
  return { keys, refused: missing ? codes : null };
}

/**
 * KafkaApis.handleAddPartitionsToTxnRequest's checks (with an authorizer): WRITE on the transactional id
 * (else every partition TRANSACTIONAL_ID_AUTHORIZATION_FAILED), WRITE on each topic (else its
 * partitions TOPIC_AUTHORIZATION_FAILED, unknown ones UNKNOWN_TOPIC_OR_PARTITION and the rest
 * OPERATION_NOT_ATTEMPTED). null: allowed.
 */
function refusedByAuthorizer(ctx: RequestContext, transactionalId: string, topics: readonly AddPartitionsToTxnTopic[]): Map<string, number> | null {
  if (ctx.services.authorizer === null) return null;
  const codes = new Map<string, number>();
  if (!authorize(ctx, AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, transactionalId)) {
    for (const t of topics) for (const p of t.partitions) codes.set(tpKey(t.name, p), ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
    return codes;
  }
  const writable = filterByAuthorized(ctx, AclOperation.WRITE, ResourceType.TOPIC, topics.map((t) => t.name));
  if (writable.size === new Set(topics.map((t) => t.name)).size) return null;
  const image = ctx.services.metadata.image;
  for (const t of topics) {
    const topic = image.topicsByName.get(t.name);
    for (const p of t.partitions) {
      const code = !writable.has(t.name) ? ErrorCode.TOPIC_AUTHORIZATION_FAILED : topic?.partitions[p] === undefined ? ErrorCode.UNKNOWN_TOPIC_OR_PARTITION : ErrorCode.OPERATION_NOT_ATTEMPTED;
      codes.set(tpKey(t.name, p), code);
    }
  }
  return codes;
}

export const addPartitionsToTxnHandler = defineHandler<AddPartitionsToTxnRequest, AddPartitionsToTxnResponse>({
  key: 24,
  minVersion: 0,
  maxVersion: 5,
  async handle(ctx, req) {
    const res = newAddPartitionsToTxnResponse();
    const v = ctx.apiVersion;
    const txn = ctx.services.transactionCoordinator;
    const image = ctx.services.metadata.image;
    const all = (keys: readonly string[], code: number): Map<string, number> => new Map(keys.map((k) => [k, code]));
    if (v <= 3) {
      const denied = refusedByAuthorizer(ctx, req.v3AndBelowTransactionalId, req.v3AndBelowTopics);
      if (denied) {
        res.resultsByTopicV3AndBelow = topicResults(denied);
        return res;
      }
      const { keys, refused } = checkPartitions(image, req.v3AndBelowTopics);
      if (refused) {
        res.resultsByTopicV3AndBelow = topicResults(refused);
        return res;
      }
      let code: number = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      if (txn) code = await txn.handleAddPartitionsToTransaction(req.v3AndBelowTransactionalId, req.v3AndBelowProducerId, req.v3AndBelowProducerEpoch, keys, 0);
      if (v < 2 && code === ErrorCode.PRODUCER_FENCED) code = ErrorCode.INVALID_PRODUCER_EPOCH;
      res.resultsByTopicV3AndBelow = topicResults(all(keys, code));
      return res;
    }
    // KafkaApis: v4+ comes from brokers (verification) and needs CLUSTER_ACTION.
    if (!authorizeCluster(ctx, AclOperation.CLUSTER_ACTION)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      return res;
    }
    // Bounded by the request's transactions.
    res.resultsByTransaction = await Promise.all(
      req.transactions.map(async (t) => {
        const denied = refusedByAuthorizer(ctx, t.transactionalId, t.topics);
        if (denied) return { transactionalId: t.transactionalId, topicResults: topicResults(denied) };
        const { keys, refused } = checkPartitions(image, t.topics);
        let codes: Map<string, number>;
        if (refused) codes = refused;
        else if (!txn) codes = all(keys, ErrorCode.COORDINATOR_NOT_AVAILABLE);
        else if (t.verifyOnly) codes = txn.handleVerifyPartitionsInTransaction(t.transactionalId, t.producerId, t.producerEpoch, keys);
        // 4.4.0's TransactionVersion.transactionVersionForAddPartitionsToTxn: TV_2 for every version above 3.
        else codes = all(keys, await txn.handleAddPartitionsToTransaction(t.transactionalId, t.producerId, t.producerEpoch, keys, 2));
        return { transactionalId: t.transactionalId, topicResults: topicResults(codes) };
      }),
    );
    return res;
  },
});
