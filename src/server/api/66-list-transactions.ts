// ListTransactions (key 66), versions 0-2 served.
//
// The transactional ids of the __transaction_state shards loaded on this node (Kafka's admin client
// asks every broker). Filters: state names (unknown names are echoed in UnknownStateFilters and match
// nothing), producer ids, v1+ DurationFilter (running at least that many ms; -1 none), v2+
// TransactionalIdPattern (a regular expression matched against the whole id; null or empty: none;
// one that does not compile: INVALID_REGULAR_EXPRESSION). Kafka compiles it as a Java regex, Strand as
// a JavaScript RegExp: the common syntax (classes, quantifiers, alternation, anchors) is the same.
//
// Left out: ACLs (DescribeTransactionalId: the security issue).
//
// With an authorizer, only the transactional ids the principal may DESCRIBE are listed.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ListTransactionsRequest } from "../../protocol/generated/messages/list-transactions-request.ts";
import { newListTransactionsResponse, type ListTransactionsResponse } from "../../protocol/generated/messages/list-transactions-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize } from "../auth-helper.ts";

/** Largest pattern compiled (a bound on what a request makes the broker build). */
const MAX_PATTERN_CHARS = 4096;

export const listTransactionsHandler = defineHandler<ListTransactionsRequest, ListTransactionsResponse>({
  key: 66,
  minVersion: 0,
  maxVersion: 2,
  handle(ctx, req) {
    const res = newListTransactionsResponse();
    const v = ctx.apiVersion;
    const txn = ctx.services.transactionCoordinator;
    if (!txn) {
      res.errorCode = ErrorCode.COORDINATOR_NOT_AVAILABLE;
      return res;
    }
    let pattern: RegExp | null = null;
    const p = v >= 2 ? req.transactionalIdPattern : null;
    if (p !== null && p !== "") {
      try {
        if (p.length > MAX_PATTERN_CHARS) throw new SyntaxError(`pattern longer than ${MAX_PATTERN_CHARS} characters`);
        pattern = new RegExp(`^(?:${p})$`, "u");
      } catch {
        res.errorCode = ErrorCode.INVALID_REGULAR_EXPRESSION;
        return res;
      }
    }
    const r = txn.listTransactions(req.stateFilters, req.producerIdFilters, v >= 1 ? Number(req.durationFilter) : -1, pattern);
    res.errorCode = r.errorCode;
    res.unknownStateFilters = r.unknownStates;
    // Kafka lists only the transactional ids the principal may DESCRIBE.
    res.transactionStates = r.transactions.filter((t) => authorize(ctx, AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, t.transactionalId)).map((t) => ({ transactionalId: t.transactionalId, producerId: t.producerId, transactionState: t.state }));
    return res;
  },
});
