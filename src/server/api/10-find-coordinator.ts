// FindCoordinator (key 10), versions 0-6 served.
//
// Group keys (key type 0): the leader of the group's __consumer_offsets partition
// (GroupCoordinatorService.locate): this node, on the listener the request came in on, while its shard
// of that partition is loaded; COORDINATOR_NOT_AVAILABLE while the shard loads, while the partition
// has no leader or its log is offline here; another node's endpoint when that node leads it. v4+ batches keys (coordinatorKeys), each
// answered on its own. Transaction keys (key type 1): the leader of the id's __transaction_state
// partition (TransactionCoordinatorService.locate), the same way; an empty transactional id is
// INVALID_REQUEST, as Kafka. Share keys (2, v6+ only: INVALID_REQUEST below): Kafka's
// SharePartitionKey "groupId:topicId:partition" (a malformed key is INVALID_REQUEST), the leader of the
// key's __share_group_state partition (ShareCoordinatorService.locate); they need CLUSTER_ACTION on the
// cluster (else CLUSTER_AUTHORIZATION_FAILED, which Kafka answers for the whole request).
// Unknown key types: INVALID_REQUEST. With an authorizer a group key needs DESCRIBE on the group (else
// GROUP_AUTHORIZATION_FAILED), a transaction key DESCRIBE on the transactional id (else
// TRANSACTIONAL_ID_AUTHORIZATION_FAILED), checked before anything else, as KafkaApis.getCoordinator; the
// internal topic is created only for a request with an authorized key.
//
// A group key makes sure __consumer_offsets exists first, a transaction key __transaction_state, a
// share key __share_group_state (created through the metadata layer); Kafka
// answers COORDINATOR_NOT_AVAILABLE while it creates the topic, Strand waits for it (one node, a few
// ms) and answers, and answers COORDINATOR_NOT_AVAILABLE only if the creation fails.

import { ErrorCode } from "../../protocol/errors.ts";
import type { FindCoordinatorRequest } from "../../protocol/generated/messages/find-coordinator-request.ts";
import { newFindCoordinatorResponse, type Coordinator, type FindCoordinatorResponse } from "../../protocol/generated/messages/find-coordinator-response.ts";
import { groupServiceOf, type GroupCoordinatorService } from "../../coordinator/group/service.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { authorize, authorizeCluster } from "../auth-helper.ts";
import { InvalidSharePartitionKeyError, parseSharePartitionKey } from "../../coordinator/share/share-partition-key.ts";

const KEY_TYPE_GROUP = 0;
const KEY_TYPE_TRANSACTION = 1;
const KEY_TYPE_SHARE = 2;

/** KafkaApis.getCoordinator's check: DESCRIBE on the group or the transactional id. */
function keyAuthorized(ctx: RequestContext, key: string, keyType: number): boolean {
  if (keyType === KEY_TYPE_GROUP) return authorize(ctx, AclOperation.DESCRIBE, ResourceType.GROUP, key);
  if (keyType === KEY_TYPE_TRANSACTION) return authorize(ctx, AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, key);
  if (keyType === KEY_TYPE_SHARE) return ctx.apiVersion < 6 || authorizeCluster(ctx, AclOperation.CLUSTER_ACTION, false);
  return true;
}

function lookup(ctx: RequestContext, svc: GroupCoordinatorService, key: string, keyType: number, topicReady: boolean): Coordinator {
  const none = (errorCode: number, errorMessage: string): Coordinator => ({ key, nodeId: -1, host: "", port: -1, errorCode, errorMessage });
  if (keyType === KEY_TYPE_SHARE) return lookupShare(ctx, key, topicReady, none);
  if (keyType !== KEY_TYPE_GROUP && keyType !== KEY_TYPE_TRANSACTION) return none(ErrorCode.INVALID_REQUEST, `key type ${keyType} is not served`);
  const s = ctx.services;
  if (!keyAuthorized(ctx, key, keyType)) {
    const code = keyType === KEY_TYPE_GROUP ? ErrorCode.GROUP_AUTHORIZATION_FAILED : ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
    return none(code, code === ErrorCode.GROUP_AUTHORIZATION_FAILED ? "Group authorization failed." : "Transactional Id authorization failed.");
  }
  const txn = s.transactionCoordinator;
  if (keyType === KEY_TYPE_TRANSACTION) {
    if (key === "") return none(ErrorCode.INVALID_REQUEST, "an empty transactional id");
    if (!txn) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "no transaction coordinator on this broker");
  }
  const what = keyType === KEY_TYPE_GROUP ? "__consumer_offsets" : "__transaction_state";
  if (!topicReady) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `${what} could not be created`);
  const where = keyType === KEY_TYPE_GROUP ? svc.locate(key) : txn!.locate(key);
  if (where.kind === "loading") return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `the coordinator of ${keyType === KEY_TYPE_GROUP ? "group" : "transactional id"} ${key} is loading`);
  if (where.kind === "unavailable") return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, where.reason);
  if (where.kind === "elsewhere") {
    const node = s.metadata.image.brokers.get(where.leader);
    const ep = node?.endpoints.find((e) => e.name === ctx.conn.listenerName);
    if (!ep) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `node ${where.leader} has no endpoint on listener ${ctx.conn.listenerName}`);
    return { key, nodeId: where.leader, host: ep.host, port: ep.port, errorCode: ErrorCode.NONE, errorMessage: null };
  }
  return endpointOf(ctx, key, s.nodeId, none);
}

/** `nodeId`'s endpoint on the listener the request came in on. */
function endpointOf(ctx: RequestContext, key: string, nodeId: number, none: (errorCode: number, errorMessage: string) => Coordinator): Coordinator {
  const s = ctx.services;
  if (nodeId !== s.nodeId) {
    const node = s.metadata.image.brokers.get(nodeId);
    const ep = node?.endpoints.find((e) => e.name === ctx.conn.listenerName);
    if (!ep) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `node ${nodeId} has no endpoint on listener ${ctx.conn.listenerName}`);
    return { key, nodeId, host: ep.host, port: ep.port, errorCode: ErrorCode.NONE, errorMessage: null };
  }
  const ep = s.advertisedEndpoints.find((e) => e.name === ctx.conn.listenerName) ?? s.advertisedEndpoints[0];
  if (!ep) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "no advertised listener");
  return { key, nodeId: s.nodeId, host: ep.host, port: ep.port, errorCode: ErrorCode.NONE, errorMessage: null };
}

/** KafkaApis.getCoordinator for key type SHARE: v6+, CLUSTER_ACTION, a valid SharePartitionKey. */
function lookupShare(ctx: RequestContext, key: string, topicReady: boolean, none: (errorCode: number, errorMessage: string) => Coordinator): Coordinator {
  if (ctx.apiVersion < 6) return none(ErrorCode.INVALID_REQUEST, "share coordinator keys need FindCoordinator v6");
  if (!keyAuthorized(ctx, key, KEY_TYPE_SHARE)) return none(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "Cluster authorization failed.");
  try {
    parseSharePartitionKey(key);
  } catch (e) {
    if (e instanceof InvalidSharePartitionKeyError) return none(ErrorCode.INVALID_REQUEST, e.message);
    throw e;
  }
  const share = ctx.services.shareCoordinator;
  if (!share) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "no share coordinator on this broker");
  if (!topicReady) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "__share_group_state could not be created");
  const where = share.locate(key);
  if (where.kind === "loading") return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `the share coordinator of ${key} is loading`);
  if (where.kind === "unavailable") return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, where.reason);
  return endpointOf(ctx, key, where.kind === "elsewhere" ? where.leader : ctx.services.nodeId, none);
}

function isShareKey(key: string): boolean {
  try {
    parseSharePartitionKey(key);
    return true;
  } catch {
    return false;
  }
}

export const findCoordinatorHandler = defineHandler<FindCoordinatorRequest, FindCoordinatorResponse>({
  key: 10,
  minVersion: 0,
  maxVersion: 6,
  async handle(ctx, req) {
    const res = newFindCoordinatorResponse();
    const keyType = ctx.apiVersion >= 1 ? req.keyType : KEY_TYPE_GROUP;
    let topicReady = true;
    const svc = groupServiceOf(ctx.services);
    const keys = ctx.apiVersion >= 4 ? req.coordinatorKeys : [req.key];
    const anyAuthorized = ctx.services.authorizer === null || keys.some((k) => keyAuthorized(ctx, k, keyType));
    if (!anyAuthorized) {
      // Nothing to locate: no internal topic is created for a principal that may see no coordinator.
    } else if (keyType === KEY_TYPE_GROUP) {
      try {
        await svc.ensureTopic();
      } catch (e) {
        topicReady = false;
        ctx.services.logger.warn("__consumer_offsets could not be created", { error: (e as Error).message });
      }
    } else if (keyType === KEY_TYPE_SHARE && ctx.apiVersion >= 6 && ctx.services.shareCoordinator && keys.some((k) => isShareKey(k))) {
      try {
        await ctx.services.shareCoordinator.ensureTopic();
      } catch (e) {
        topicReady = false;
        ctx.services.logger.warn("__share_group_state could not be created", { error: (e as Error).message });
      }
    } else if (keyType === KEY_TYPE_TRANSACTION && ctx.services.transactionCoordinator) {
      try {
        await ctx.services.transactionCoordinator.ensureTopic();
      } catch (e) {
        topicReady = false;
        ctx.services.logger.warn("__transaction_state could not be created", { error: (e as Error).message });
      }
    }
    if (ctx.apiVersion >= 4) {
      res.coordinators = req.coordinatorKeys.map((k) => lookup(ctx, svc, k, keyType, topicReady));
      return res;
    }
    const c = lookup(ctx, svc, req.key, keyType, topicReady);
    res.errorCode = c.errorCode;
    res.errorMessage = c.errorCode === ErrorCode.NONE ? null : c.errorMessage;
    res.nodeId = c.nodeId;
    res.host = c.host;
    res.port = c.port;
    return res;
  },
});
