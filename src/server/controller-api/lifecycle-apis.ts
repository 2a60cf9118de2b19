// The broker-lifecycle APIs of the controller listener (Kafka's ControllerApis -> QuorumController):
// BrokerRegistration (62) v0-4, BrokerHeartbeat (63) v0-2, UnregisterBroker (64) v0,
// AllocateProducerIds (67) v0, ControllerRegistration (70) v0, AssignReplicasToDirs (73) v0. Each is planned and committed by the
// active controller (src/metadata/quorum-controller.ts, planners in cluster-control.ts); a node that is
// not the active controller answers NOT_CONTROLLER, and the sender looks for the active one again.
// Defined together because each is a few lines around the same call.

import { ErrorCode } from "../../protocol/errors.ts";
import type { AllocateProducerIdsRequest } from "../../protocol/generated/messages/allocate-producer-ids-request.ts";
import type { AllocateProducerIdsResponse } from "../../protocol/generated/messages/allocate-producer-ids-response.ts";
import type { BrokerHeartbeatRequest } from "../../protocol/generated/messages/broker-heartbeat-request.ts";
import type { BrokerHeartbeatResponse } from "../../protocol/generated/messages/broker-heartbeat-response.ts";
import type { BrokerRegistrationRequest } from "../../protocol/generated/messages/broker-registration-request.ts";
import type { BrokerRegistrationResponse } from "../../protocol/generated/messages/broker-registration-response.ts";
import type { ControllerRegistrationRequest } from "../../protocol/generated/messages/controller-registration-request.ts";
import type { ControllerRegistrationResponse } from "../../protocol/generated/messages/controller-registration-response.ts";
import type { UnregisterBrokerRequest } from "../../protocol/generated/messages/unregister-broker-request.ts";
import type { UnregisterBrokerResponse } from "../../protocol/generated/messages/unregister-broker-response.ts";
import type { AssignReplicasToDirsRequest } from "../../protocol/generated/messages/assign-replicas-to-dirs-request.ts";
import type { AssignReplicasToDirsResponse } from "../../protocol/generated/messages/assign-replicas-to-dirs-response.ts";
import type { QuorumController } from "../../metadata/quorum-controller.ts";
import { planAssignReplicasToDirs } from "../../metadata/replica-directories.ts";
import { defineHandler, type RequestContext } from "../handler.ts";

function controllerOf(ctx: RequestContext): QuorumController | null {
  return ctx.services.quorumController;
}

/** The error code of a failed controller operation (NOT_CONTROLLER, REQUEST_TIMED_OUT, or unknown). */
function codeOf(e: unknown): number {
  const c = (e as { errorCode?: unknown }).errorCode;
  return typeof c === "number" ? c : ErrorCode.UNKNOWN_SERVER_ERROR;
}

export const brokerRegistrationHandler = defineHandler<BrokerRegistrationRequest, BrokerRegistrationResponse>({
  key: 62,
  minVersion: 0,
  maxVersion: 4,
  async handle(ctx, req) {
    const c = controllerOf(ctx);
    const r = c ? await c.registerBroker(req).catch((e: unknown) => ({ errorCode: codeOf(e), brokerEpoch: -1n })) : { errorCode: ErrorCode.NOT_CONTROLLER, brokerEpoch: -1n };
    return { throttleTimeMs: 0, errorCode: r.errorCode, brokerEpoch: r.brokerEpoch };
  },
});

export const brokerHeartbeatHandler = defineHandler<BrokerHeartbeatRequest, BrokerHeartbeatResponse>({
  key: 63,
  minVersion: 0,
  maxVersion: 2,
  async handle(ctx, req) {
    const c = controllerOf(ctx);
    const refused = (errorCode: number) => ({ errorCode, isCaughtUp: false, isFenced: true, shouldShutDown: false });
    const r = c ? await c.brokerHeartbeat(req).catch((e: unknown) => refused(codeOf(e))) : refused(ErrorCode.NOT_CONTROLLER);
    return { throttleTimeMs: 0, ...r };
  },
});

export const unregisterBrokerHandler = defineHandler<UnregisterBrokerRequest, UnregisterBrokerResponse>({
  key: 64,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const c = controllerOf(ctx);
    const r = c ? await c.unregisterBroker(req.brokerId).catch((e: unknown) => ({ errorCode: codeOf(e) })) : { errorCode: ErrorCode.NOT_CONTROLLER };
    return { throttleTimeMs: 0, errorCode: r.errorCode, errorMessage: null };
  },
});

export const allocateProducerIdsHandler = defineHandler<AllocateProducerIdsRequest, AllocateProducerIdsResponse>({
  key: 67,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const c = controllerOf(ctx);
    const refused = (errorCode: number) => ({ errorCode, producerIdStart: -1n, producerIdLen: -1 });
    const r = c ? await c.allocateProducerIds(req).catch((e: unknown) => refused(codeOf(e))) : refused(ErrorCode.NOT_CONTROLLER);
    return { throttleTimeMs: 0, ...r };
  },
});

export const controllerRegistrationHandler = defineHandler<ControllerRegistrationRequest, ControllerRegistrationResponse>({
  key: 70,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const c = controllerOf(ctx);
    const r = c ? await c.registerController(req).catch((e: unknown) => ({ errorCode: codeOf(e), errorMessage: (e as Error).message })) : { errorCode: ErrorCode.NOT_CONTROLLER, errorMessage: null };
    return { throttleTimeMs: 0, errorCode: r.errorCode, errorMessage: r.errorMessage };
  },
});

export const assignReplicasToDirsHandler = defineHandler<AssignReplicasToDirsRequest, AssignReplicasToDirsResponse>({
  key: 73,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const c = controllerOf(ctx);
    const refused = (errorCode: number): AssignReplicasToDirsResponse => ({ throttleTimeMs: 0, errorCode, directories: [] });
    if (!c) return refused(ErrorCode.NOT_CONTROLLER);
    return c.write("assignReplicasToDirs", (image) => planAssignReplicasToDirs(image, req)).catch((e: unknown) => refused(codeOf(e)));
  },
});
