// AlterPartition (key 56), versions 2-3 served (all Kafka 4.4.0 defines), on the controller listener:
// a partition leader's ISR change (and leader recovery state), planned by the active controller as
// Kafka's ReplicationControlManager.alterPartition (src/metadata/alter-partition.ts: every check,
// code and the response's partition state) and answered once committed. Brokers send it straight
// to the controller (Kafka's AlterPartitionManager); there is no broker-side handler.
//
// A node that is not the active controller answers NOT_CONTROLLER at the top level (no topics), as
// AlterPartitionRequest.getErrorResponse does for any failure of the whole request; the sender looks
// for the active controller and sends again. With an authorizer, CLUSTER_ACTION is needed (checked in
// index.ts: else CLUSTER_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { AlterPartitionRequest } from "../../protocol/generated/messages/alter-partition-request.ts";
import { newAlterPartitionResponse, type AlterPartitionResponse } from "../../protocol/generated/messages/alter-partition-response.ts";
import { defineHandler } from "../handler.ts";

function refused(errorCode: number): AlterPartitionResponse {
  return { ...newAlterPartitionResponse(), errorCode };
}

export const alterPartitionHandler = defineHandler<AlterPartitionRequest, AlterPartitionResponse>({
  key: 56,
  minVersion: 2,
  maxVersion: 3,
  async handle(ctx, req) {
    const c = ctx.services.quorumController;
    if (!c) return refused(ErrorCode.NOT_CONTROLLER);
    return c.alterPartition(req, ctx.apiVersion).catch((e: unknown) => {
      const code = (e as { errorCode?: unknown }).errorCode;
      return refused(typeof code === "number" ? code : ErrorCode.UNKNOWN_SERVER_ERROR);
    });
  },
});
