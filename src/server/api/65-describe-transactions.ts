// DescribeTransactions (key 65), version 0 served.
//
// Each transactional id is answered by its coordinator shard: state name (Kafka's: Empty, Ongoing,
// PrepareCommit, ...), timeout, start time (-1 when none), producer id and epoch, partitions by topic.
// An id not known (or Dead): TRANSACTIONAL_ID_NOT_FOUND; an empty id: INVALID_REQUEST; a shard not
// here: NOT_COORDINATOR; loading: COORDINATOR_LOAD_IN_PROGRESS.
//
// Left out: ACLs (DescribeTransactionalId: the security issue).
//
// With an authorizer, DESCRIBE on each transactional id (else TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
// topics the principal may not DESCRIBE are left out of a transaction's partitions, as KafkaApis.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeTransactionsRequest } from "../../protocol/generated/messages/describe-transactions-request.ts";
import { newDescribeTransactionsResponse, newTransactionState, type DescribeTransactionsResponse } from "../../protocol/generated/messages/describe-transactions-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

export const describeTransactionsHandler = defineHandler<DescribeTransactionsRequest, DescribeTransactionsResponse>({
  key: 65,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const res = newDescribeTransactionsResponse();
    const txn = ctx.services.transactionCoordinator;
    // Bounded by the request's ids.
    for (const id of req.transactionalIds) {
      const s = newTransactionState();
      s.transactionalId = id;
      if (!authorize(ctx, AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, id)) {
        s.errorCode = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
      } else if (!txn) {
        s.errorCode = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      } else {
        const d = txn.describeTransaction(id);
        s.errorCode = d.errorCode;
        if (d.errorCode === ErrorCode.NONE) {
          s.transactionState = d.state;
          s.transactionTimeoutMs = d.timeoutMs;
          s.transactionStartTimeMs = BigInt(d.startTimeMs);
          s.producerId = d.producerId;
          s.producerEpoch = d.producerEpoch;
          // Kafka leaves out the topics the principal may not DESCRIBE.
          s.topics = d.topics.filter((t) => authorize(ctx, AclOperation.DESCRIBE, ResourceType.TOPIC, t.topic)).map((t) => ({ topic: t.topic, partitions: t.partitions }));
        }
      }
      res.transactionStates.push(s);
    }
    return res;
  },
});
