// TxnOffsetCommit (key 28), versions 0-6 served (every version of the 4.4.0 JSON).
//
// The offsets a transactional producer sends with sendOffsetsToTransaction: written to the group's
// __consumer_offsets partition in a transactional batch of the producer (CoordinatorRuntime
// scheduleTransactionalWriteOperation) and held pending until the transaction's marker arrives
// (WriteTxnMarkers -> GroupCoordinatorService.completeTransaction): visible to OffsetFetch only after a
// COMMIT; OffsetFetch with requireStable answers UNSTABLE_OFFSET_COMMIT meanwhile.
//
// As Kafka 4.4.0's KafkaApis / GroupCoordinatorService / OffsetMetadataManager:
// - unknown topics and partitions: UNKNOWN_TOPIC_OR_PARTITION; v6 topics by id, unknown ids
//   UNKNOWN_TOPIC_ID (answered by id, names empty);
// - an empty group id: INVALID_GROUP_ID for every partition;
// - before the write, the group's __consumer_offsets partition is verified to be in the producer's
//   transaction (transaction.partition.verification.enable), or added to it for v5+ (Transactions V2,
//   where TxnOffsetCommit does AddOffsetsToTxn's job), through services.transactionCoordinator when
//   there is one, unless the producer's transaction is already open in that partition at this epoch
//   (as Kafka); its error answers every partition, mapped as Kafka maps it (verificationErrorCode);
// - v3+ member checks (classic: FENCED_INSTANCE_ID, UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION, no
//   REBALANCE_IN_PROGRESS for a transactional commit; consumer groups: member epoch, with
//   STALE_MEMBER_EPOCH and a missing group's GROUP_ID_NOT_FOUND from v6, ILLEGAL_GENERATION before);
//   generation -1 with no member id is a commit without group metadata (older producers), accepted;
// - metadata over 4096 bytes: OFFSET_METADATA_TOO_LARGE;
// - the write's errors as the coordinator maps them (NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE,
//   INVALID_PRODUCER_EPOCH from the log, ...); v0-1 get COORDINATOR_NOT_AVAILABLE for
//   COORDINATOR_LOAD_IN_PROGRESS (clients before 2.0 did not retry it: KAFKA-7296).
//
// With an authorizer: WRITE on the transactional id (else every partition
// TRANSACTIONAL_ID_AUTHORIZATION_FAILED), READ on the group (else GROUP_AUTHORIZATION_FAILED), READ on
// each topic (else TOPIC_AUTHORIZATION_FAILED), as KafkaApis.handleTxnOffsetCommitRequest.
//
// Left out: Kafka's verification
// guard (a marker ending the transaction between the check and the write) is not kept here: the
// write is the group coordinator's (CoordinatorRuntime), which Strand does not guard.

import { ErrorCode } from "../../protocol/errors.ts";
import type { TxnOffsetCommitRequest } from "../../protocol/generated/messages/txn-offset-commit-request.ts";
import { newTxnOffsetCommitResponse, type TxnOffsetCommitResponse, type TxnOffsetCommitResponseTopic } from "../../protocol/generated/messages/txn-offset-commit-response.ts";
import type { CommitTopic, TxnCommitRequest } from "../../coordinator/group/group-coordinator.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { coordinatorErrorCode } from "../../coordinator/group/errors.ts";
import { OFFSETS_TOPIC } from "../../coordinator/group/offsets-topic.ts";
import { resolveTopic } from "../../coordinator/group/topics.ts";
import { appendErrorCode } from "../../coordinator/runtime/errors.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { currentBrokerBool } from "../../config/broker-layers.ts";
import { hasOngoingTransaction } from "../produce/txn-verify.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

/**
 * A verification answer as the TxnOffsetCommit response carries it: Kafka's AddPartitionsToTxnManager
 * (PRODUCER_FENCED as INVALID_PRODUCER_EPOCH; TRANSACTION_ABORTABLE as INVALID_TXN_STATE before v4),
 * then the group coordinator's CoordinatorOperationExceptionHelper (NETWORK_EXCEPTION: the coordinator
 * of the transaction was not reached, COORDINATOR_LOAD_IN_PROGRESS; the append-path errors as
 * appendErrorCode maps them). Other codes (INVALID_TXN_STATE, INVALID_PRODUCER_ID_MAPPING,
 * NOT_COORDINATOR, ...) pass as they are.
 */
export function verificationErrorCode(code: number, apiVersion: number): number {
  switch (code) {
    case ErrorCode.PRODUCER_FENCED:
      return ErrorCode.INVALID_PRODUCER_EPOCH;
    case ErrorCode.TRANSACTION_ABORTABLE:
      return apiVersion >= 4 ? code : ErrorCode.INVALID_TXN_STATE;
    case ErrorCode.NETWORK_EXCEPTION:
      return ErrorCode.COORDINATOR_LOAD_IN_PROGRESS;
    default:
      return appendErrorCode(code);
  }
}

/** transaction.partition.verification.enable as it is now (a dynamic cluster-wide key, Kafka's default true). */
function verificationEnabled(ctx: RequestContext): boolean {
  return currentBrokerBool(ctx.services, "transaction.partition.verification.enable");
}

/** Verify (V1) or add (v5+, Transactions V2) the group's partition in the producer's transaction. */
async function verifyPartition(ctx: RequestContext, req: TxnOffsetCommitRequest, partition: number): Promise<number> {
  const verifier = ctx.services.transactionCoordinator;
  if (verifier === null) return ErrorCode.NONE;
  const add = ctx.apiVersion >= 5;
  if (!add && !verificationEnabled(ctx)) return ErrorCode.NONE;
  // Kafka (UnifiedLog.maybeStartTransactionVerification): the producer's transaction already open in
  // the group's __consumer_offsets partition at this epoch needs no coordinator call.
  const rm = ctx.services.replicaManager;
  if (hasOngoingTransaction((t, p, id) => rm.partition(t, p)?.log.producers.get(id), OFFSETS_TOPIC, partition, req.producerId, req.producerEpoch)) return ErrorCode.NONE;
  const codes = await verifier.verifyOrAdd({
    transactionalId: req.transactionalId,
    producerId: req.producerId,
    producerEpoch: req.producerEpoch,
    partitions: [{ topic: OFFSETS_TOPIC, partition }],
    add,
  });
  return verificationErrorCode(codes.get(`${OFFSETS_TOPIC}-${partition}`) ?? ErrorCode.UNKNOWN_SERVER_ERROR, ctx.apiVersion);
}

export const txnOffsetCommitHandler = defineHandler<TxnOffsetCommitRequest, TxnOffsetCommitResponse>({
  key: 28,
  minVersion: 0,
  maxVersion: 6,
  async handle(ctx, req) {
    const v = ctx.apiVersion;
    const byId = v >= 6;
    const res = newTxnOffsetCommitResponse();
    const out: TxnOffsetCommitResponseTopic[] = [];
    const valid: CommitTopic[] = [];
    const slot = new Map<CommitTopic, TxnOffsetCommitResponseTopic>();
    // KafkaApis.handleTxnOffsetCommitRequest: WRITE on the transactional id, READ on the group (every
    // partition answers the refusal), then READ on each topic.
    const refusal = !authorize(ctx, AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, req.transactionalId)
      ? ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
      : !authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)
        ? ErrorCode.GROUP_AUTHORIZATION_FAILED
        : ErrorCode.NONE;
    if (refusal !== ErrorCode.NONE) {
      res.topics = req.topics.map((t) => ({ name: t.name, topicId: t.topicId, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: refusal })) }));
      return res;
    }
    const withAuthorizer = ctx.services.authorizer !== null;
    for (const t of req.topics) {
      if (withAuthorizer && !byId && !authorize(ctx, AclOperation.READ, ResourceType.TOPIC, t.name)) {
        out.push({ name: t.name, topicId: t.topicId, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED })) });
        continue;
      }
      const r = resolveTopic(ctx.services.metadata, t.name, t.topicId, byId);
      const rt: TxnOffsetCommitResponseTopic = { name: byId ? "" : t.name, topicId: byId ? t.topicId : r.topicId, partitions: [] };
      out.push(rt);
      if (withAuthorizer && byId && r.errorCode === ErrorCode.NONE && !authorize(ctx, AclOperation.READ, ResourceType.TOPIC, r.name)) {
        rt.partitions = t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED }));
        continue;
      }
      if (r.errorCode !== ErrorCode.NONE) {
        rt.partitions = t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: r.errorCode }));
        continue;
      }
      const known = (i: number) => r.partitionCount < 0 || (i >= 0 && i < r.partitionCount);
      for (const p of t.partitions) if (!known(p.partitionIndex)) rt.partitions.push({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION });
      const ok = t.partitions.filter((p) => known(p.partitionIndex));
      if (ok.length === 0) continue;
      const ct: CommitTopic = {
        name: r.name,
        topicId: r.topicId,
        partitions: ok.map((p) => ({
          partition: p.partitionIndex,
          offset: p.committedOffset,
          leaderEpoch: v >= 2 ? p.committedLeaderEpoch : -1,
          metadata: p.committedMetadata,
          commitTimestampMs: -1,
        })),
      };
      valid.push(ct);
      slot.set(ct, rt);
    }
    res.topics = out;
    if (valid.length === 0) return res;
    const answerAll = (code: number) => {
      const c = v < 2 && code === ErrorCode.COORDINATOR_LOAD_IN_PROGRESS ? ErrorCode.COORDINATOR_NOT_AVAILABLE : code;
      for (const ct of valid) slot.get(ct)!.partitions.push(...ct.partitions.map((p) => ({ partitionIndex: p.partition, errorCode: c })));
      return res;
    };
    if (req.groupId === "") return answerAll(ErrorCode.INVALID_GROUP_ID);

    const svc = groupServiceOf(ctx.services);
    const verified = await verifyPartition(ctx, req, svc.partitionFor(req.groupId));
    if (verified !== ErrorCode.NONE) return answerAll(verified);

    const commit: TxnCommitRequest = {
      groupId: req.groupId,
      producerId: req.producerId,
      producerEpoch: req.producerEpoch,
      generationIdOrMemberEpoch: v >= 3 ? req.generationIdOrMemberEpoch : -1,
      memberId: v >= 3 ? req.memberId : "",
      groupInstanceId: v >= 3 ? req.groupInstanceId : null,
      apiVersion: v,
      topics: valid,
    };
    let results;
    let writeError: number = ErrorCode.NONE;
    try {
      const r = await svc.commitTransactionalOffsets(commit);
      results = r.results;
      try {
        await r.written;
      } catch (e) {
        // The append failed and the pending offsets were reverted: the whole request failed.
        writeError = coordinatorErrorCode(e);
      }
    } catch (e) {
      return answerAll(coordinatorErrorCode(e));
    }
    if (writeError !== ErrorCode.NONE) return answerAll(writeError);
    results.forEach((r, i) => {
      slot.get(valid[i]!)!.partitions.push(...r.partitions.map((p) => ({ partitionIndex: p.partition, errorCode: p.errorCode })));
    });
    return res;
  },
});
