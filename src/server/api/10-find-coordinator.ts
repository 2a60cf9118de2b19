// FindCoordinator (key 10), versions 0-6 served.
//
// Group keys (key type 0): the leader of the group's __consumer_offsets partition
// (GroupCoordinatorService.locate): this node, on the listener the request came in on, while its shard
// of that partition is loaded; COORDINATOR_NOT_AVAILABLE while the shard loads, while the partition
// has no leader or its log is offline here; another node's endpoint when that node leads it. v4+ batches keys (coordinatorKeys), each
// answered on its own. Transaction keys (key type 1): the transaction coordinator does not exist yet,
// so COORDINATOR_NOT_AVAILABLE (clients retry). Share keys (2) likewise. Unknown key types:
// INVALID_REQUEST.
//
// A group key makes sure __consumer_offsets exists first (created through the metadata layer); Kafka
// answers COORDINATOR_NOT_AVAILABLE while it creates the topic, Strand waits for it (one node, a few
// ms) and answers, and answers COORDINATOR_NOT_AVAILABLE only if the creation fails.

import { ErrorCode } from "../../protocol/errors.ts";
import type { FindCoordinatorRequest } from "../../protocol/generated/messages/find-coordinator-request.ts";
import { newFindCoordinatorResponse, type Coordinator, type FindCoordinatorResponse } from "../../protocol/generated/messages/find-coordinator-response.ts";
import { groupServiceOf, type GroupCoordinatorService } from "../../coordinator/group/service.ts";
import { defineHandler, type RequestContext } from "../handler.ts";

const KEY_TYPE_GROUP = 0;
const KEY_TYPE_TRANSACTION = 1;

function lookup(ctx: RequestContext, svc: GroupCoordinatorService, key: string, keyType: number, topicReady: boolean): Coordinator {
  const none = (errorCode: number, errorMessage: string): Coordinator => ({ key, nodeId: -1, host: "", port: -1, errorCode, errorMessage });
  if (keyType === KEY_TYPE_TRANSACTION) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "the transaction coordinator is not available on this broker yet");
  if (keyType !== KEY_TYPE_GROUP) return none(keyType === 2 ? ErrorCode.COORDINATOR_NOT_AVAILABLE : ErrorCode.INVALID_REQUEST, `key type ${keyType} is not served`);
  if (!topicReady) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "__consumer_offsets could not be created");
  const s = ctx.services;
  const where = svc.locate(key);
  if (where.kind === "loading") return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `the coordinator of group ${key} is loading`);
  if (where.kind === "unavailable") return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, where.reason);
  if (where.kind === "elsewhere") {
    const node = s.metadata.image.brokers.get(where.leader);
    const ep = node?.endpoints.find((e) => e.name === ctx.conn.listenerName);
    if (!ep) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, `node ${where.leader} has no endpoint on listener ${ctx.conn.listenerName}`);
    return { key, nodeId: where.leader, host: ep.host, port: ep.port, errorCode: ErrorCode.NONE, errorMessage: null };
  }
  const ep = s.advertisedEndpoints.find((e) => e.name === ctx.conn.listenerName) ?? s.advertisedEndpoints[0];
  if (!ep) return none(ErrorCode.COORDINATOR_NOT_AVAILABLE, "no advertised listener");
  return { key, nodeId: s.nodeId, host: ep.host, port: ep.port, errorCode: ErrorCode.NONE, errorMessage: null };
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
    if (keyType === KEY_TYPE_GROUP) {
      try {
        await svc.ensureTopic();
      } catch (e) {
        topicReady = false;
        ctx.services.logger.warn("__consumer_offsets could not be created", { error: (e as Error).message });
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
