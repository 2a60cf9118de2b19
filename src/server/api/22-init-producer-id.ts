// InitProducerId (key 22), versions 0-6 served.
//
// Idempotent producers (no transactional id): a new producer id with epoch 0 from the block allocator
// (src/coordinator/producer-ids.ts), whatever producer id / epoch the request carries, as Kafka's
// TransactionCoordinator does for a null transactional id. transactionTimeoutMs is not checked then.
//
// Left out: transactional ids (the transaction coordinator is its own issue): answered with
// COORDINATOR_NOT_AVAILABLE, which clients treat as retriable while FindCoordinator cannot find one.

import { ErrorCode } from "../../protocol/errors.ts";
import type { InitProducerIdRequest } from "../../protocol/generated/messages/init-producer-id-request.ts";
import { newInitProducerIdResponse, type InitProducerIdResponse } from "../../protocol/generated/messages/init-producer-id-response.ts";
import { defineHandler } from "../handler.ts";

export const initProducerIdHandler = defineHandler<InitProducerIdRequest, InitProducerIdResponse>({
  key: 22,
  minVersion: 0,
  maxVersion: 6,
  handle(ctx, req) {
    const res = newInitProducerIdResponse();
    res.producerId = -1n;
    res.producerEpoch = -1;
    if (req.transactionalId !== null) {
      res.errorCode = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      return res;
    }
    try {
      res.producerId = ctx.broker.producerIds.generate();
      res.producerEpoch = 0;
    } catch (e) {
      ctx.broker.log.error("producer id allocation failed", { error: (e as Error).message });
      res.errorCode = ErrorCode.UNKNOWN_SERVER_ERROR;
    }
    return res;
  },
});
