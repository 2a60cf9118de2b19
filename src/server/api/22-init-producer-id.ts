// InitProducerId (key 22), versions 0-5 served (v6, 2PC, is latestVersionUnstable in Kafka 4.4.0's JSON
// and not advertised by a default 4.4.0 broker; Strand matches).
//
// Idempotent producers (no transactional id): a new producer id with epoch 0 from the block allocator
// (src/coordinator/producer-ids.ts), whatever producer id / epoch the request carries, as Kafka's
// TransactionCoordinator does for a null transactional id. transactionTimeoutMs is not checked then.
//
// Transactional ids go to the transaction coordinator (coordinator/transaction): an empty id is
// INVALID_REQUEST, a timeout above transaction.max.timeout.ms INVALID_TRANSACTION_TIMEOUT; the epoch
// is bumped (fencing older producers of the id), an ongoing transaction is fenced and aborted first
// (CONCURRENT_TRANSACTIONS, the client retries), v3+ may name its current producer id and epoch
// (KIP-360 recovery: both or neither, else INVALID_REQUEST). PRODUCER_FENCED is answered as
// INVALID_PRODUCER_EPOCH below v4, as Kafka does.
//
// With an authorizer (checked first, as KafkaApis): WRITE on the transactional id (else
// TRANSACTIONAL_ID_AUTHORIZATION_FAILED); an idempotent producer IDEMPOTENT_WRITE on the cluster or WRITE
// on some topic (authorizeByResourceType; else CLUSTER_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { InitProducerIdRequest } from "../../protocol/generated/messages/init-producer-id-request.ts";
import { newInitProducerIdResponse, type InitProducerIdResponse } from "../../protocol/generated/messages/init-producer-id-response.ts";
import { defineHandler } from "../handler.ts";
import { producerIdErrorCode } from "../../coordinator/producer-ids.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeByResourceType, authorizeCluster } from "../auth-helper.ts";

export const initProducerIdHandler = defineHandler<InitProducerIdRequest, InitProducerIdResponse>({
  key: 22,
  minVersion: 0,
  maxVersion: 5,
  async handle(ctx, req) {
    const res = newInitProducerIdResponse();
    res.producerId = -1n;
    res.producerEpoch = -1;
    const v = ctx.apiVersion;
    // KafkaApis.handleInitProducerIdRequest, before anything else: WRITE on the transactional id, or for
    // an idempotent producer IDEMPOTENT_WRITE on the cluster or WRITE on some topic.
    if (req.transactionalId !== null ? !authorize(ctx, AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, req.transactionalId) : !authorizeCluster(ctx, AclOperation.IDEMPOTENT_WRITE) && !authorizeByResourceType(ctx, AclOperation.WRITE, ResourceType.TOPIC)) {
      res.errorCode = req.transactionalId !== null ? ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED : ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      return res;
    }
    const pid = v >= 3 ? req.producerId : -1n;
    const epoch = v >= 3 ? req.producerEpoch : -1;
    if ((pid === -1n) !== (epoch === -1)) {
      res.errorCode = ErrorCode.INVALID_REQUEST;
      return res;
    }
    if (req.transactionalId !== null) {
      const txn = ctx.services.transactionCoordinator;
      if (!txn) {
        res.errorCode = ErrorCode.COORDINATOR_NOT_AVAILABLE;
        return res;
      }
      const r = await txn.handleInitProducerId(req.transactionalId, req.transactionTimeoutMs, pid === -1n ? null : { producerId: pid, producerEpoch: epoch });
      res.errorCode = v < 4 && r.errorCode === ErrorCode.PRODUCER_FENCED ? ErrorCode.INVALID_PRODUCER_EPOCH : r.errorCode;
      if (r.errorCode === ErrorCode.NONE) {
        res.producerId = r.producerId;
        res.producerEpoch = r.producerEpoch;
      }
      return res;
    }
    try {
      res.producerId = ctx.services.producerIds.generate();
      res.producerEpoch = 0;
    } catch (e) {
      const code = producerIdErrorCode(e);
      if (code < 0) ctx.services.logger.error("producer id allocation failed", { error: (e as Error).message });
      res.errorCode = code < 0 ? ErrorCode.UNKNOWN_SERVER_ERROR : code;
    }
    return res;
  },
});
