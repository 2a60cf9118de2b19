// AddOffsetsToTxn (key 25), versions 0-4 served.
//
// Adds the group's __consumer_offsets partition (abs(hash(groupId)) % offsets.topic.num.partitions)
// to the transaction, so EndTxn writes a marker there too (the group coordinator then applies or
// drops the transaction's offsets). PRODUCER_FENCED is INVALID_PRODUCER_EPOCH below v2, as Kafka.
// Under Transactions V2 clients do not send it (TxnOffsetCommit v5 adds the partition).
//
// With an authorizer, WRITE on the transactional id (else TRANSACTIONAL_ID_AUTHORIZATION_FAILED) and
// READ on the group (else GROUP_AUTHORIZATION_FAILED), as KafkaApis.

import { ErrorCode } from "../../protocol/errors.ts";
import type { AddOffsetsToTxnRequest } from "../../protocol/generated/messages/add-offsets-to-txn-request.ts";
import { newAddOffsetsToTxnResponse, type AddOffsetsToTxnResponse } from "../../protocol/generated/messages/add-offsets-to-txn-response.ts";
import { OFFSETS_TOPIC } from "../../coordinator/group/offsets-topic.ts";
import { tpKey } from "../../coordinator/transaction/transaction-metadata.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const addOffsetsToTxnHandler = defineHandler<AddOffsetsToTxnRequest, AddOffsetsToTxnResponse>({
  key: 25,
  minVersion: 0,
  maxVersion: 4,
  async handle(ctx, req) {
    const res = newAddOffsetsToTxnResponse();
    // KafkaApis.handleAddOffsetsToTxnRequest: WRITE on the transactional id, READ on the group.
    if (!authorize(ctx, AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, req.transactionalId)) {
      res.errorCode = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
      return res;
    }
    if (!authorize(ctx, AclOperation.READ, ResourceType.GROUP, req.groupId)) {
      res.errorCode = ErrorCode.GROUP_AUTHORIZATION_FAILED;
      return res;
    }
    const txn = ctx.services.transactionCoordinator;
    if (!txn) {
      res.errorCode = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      return res;
    }
    const partition = ctx.services.groupCoordinator.partitionFor(req.groupId);
    const code = await txn.handleAddPartitionsToTransaction(req.transactionalId, req.producerId, req.producerEpoch, [tpKey(OFFSETS_TOPIC, partition)], 0);
    res.errorCode = ctx.apiVersion < 2 && code === ErrorCode.PRODUCER_FENCED ? ErrorCode.INVALID_PRODUCER_EPOCH : code;
    return res;
  },
});
