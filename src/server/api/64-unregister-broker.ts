// UnregisterBroker (key 64), version 0 served, on the broker listener (`kafka-cluster.sh unregister`,
// Admin.unregisterBroker). Kafka's brokers forward it to the active controller; here the request goes
// to the Raft leader's controller listener and its answer comes back as it is (the controller plans it:
// BROKER_ID_NOT_REGISTERED, or the broker leaves ISRs and ELRs and UnregisterBrokerRecord is written).
// A single node sends it to its own controller, as Kafka's combined node does.
//
// With an authorizer, ALTER on the cluster (else CLUSTER_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { UnregisterBrokerRequest } from "../../protocol/generated/messages/unregister-broker-request.ts";
import type { UnregisterBrokerResponse } from "../../protocol/generated/messages/unregister-broker-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

const API_UNREGISTER_BROKER = 64;

export const unregisterBrokerForwardHandler = defineHandler<UnregisterBrokerRequest, UnregisterBrokerResponse>({
  key: 64,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const answer = (errorCode: number, errorMessage: string | null): UnregisterBrokerResponse => ({ throttleTimeMs: 0, errorCode, errorMessage });
    // ControllerApis.handleUnregisterBroker: ALTER on the cluster.
    if (!authorizeCluster(ctx, AclOperation.ALTER)) return answer(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "Cluster authorization failed.");
    const channel = ctx.services.controllerChannel;
    if (channel) {
      try {
        const r = await channel.send<UnregisterBrokerResponse>(API_UNREGISTER_BROKER, { brokerId: req.brokerId }, { maxVersion: 0 });
        if (r.body.errorCode === ErrorCode.NOT_CONTROLLER) channel.controllerMoved();
        return r.body;
      } catch (e) {
        return answer(ErrorCode.REQUEST_TIMED_OUT, `the active controller could not be reached: ${(e as Error).message}`);
      }
    }
    // Services without a controller channel (a handler test's).
    return answer(ErrorCode.NOT_CONTROLLER, "no controller channel");
  },
});
