// EndTxn (key 26), versions 0-5 served.
//
// Commit or abort: the transaction goes to PREPARE_COMMIT / PREPARE_ABORT in __transaction_state and
// is answered once that is committed; the markers are written to every partition of the
// transaction afterwards (the marker channel), then COMPLETE_*. v5+ is Transactions V2 (KIP-890
// part 2): the epoch is bumped by every EndTxn and the answer carries the producer id and epoch to
// use next (a new producer id when the epoch is exhausted). PRODUCER_FENCED is INVALID_PRODUCER_EPOCH
// below v2, as Kafka.
//
// With an authorizer, WRITE on the transactional id (else TRANSACTIONAL_ID_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { EndTxnRequest } from "../../protocol/generated/messages/end-txn-request.ts";
import { newEndTxnResponse, type EndTxnResponse } from "../../protocol/generated/messages/end-txn-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const endTxnHandler = defineHandler<EndTxnRequest, EndTxnResponse>({
  key: 26,
  minVersion: 0,
  maxVersion: 5,
  async handle(ctx, req) {
    const res = newEndTxnResponse();
    const v = ctx.apiVersion;
    res.producerId = -1n;
    res.producerEpoch = -1;
    // KafkaApis.handleEndTxnRequest: WRITE on the transactional id.
    if (!authorize(ctx, AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, req.transactionalId)) {
      res.errorCode = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
      return res;
    }
    const txn = ctx.services.transactionCoordinator;
    if (!txn) {
      res.errorCode = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      return res;
    }
    const r = await txn.handleEndTransaction(req.transactionalId, req.producerId, req.producerEpoch, req.committed ? "COMMIT" : "ABORT", v >= 5 ? 2 : 0);
    res.errorCode = v < 2 && r.errorCode === ErrorCode.PRODUCER_FENCED ? ErrorCode.INVALID_PRODUCER_EPOCH : r.errorCode;
    if (v >= 5) {
      res.producerId = r.producerId;
      res.producerEpoch = r.producerEpoch;
    }
    return res;
  },
});
