// ElectLeaders (key 43), versions 0-2 served (all Kafka 4.4.0 defines and advertises).
//
// The elections are Kafka's controller's (metadata/leader-election.ts, through the
// PartitionChangeBuilder): PREFERRED moves leadership to the first replica when it is active and in
// the ISR (ELECTION_NOT_NEEDED when it leads already, PREFERRED_LEADER_NOT_AVAILABLE when it cannot);
// UNCLEAN elects a leaderless partition's ISR / ELR member, else any live replica (RECOVERING), else
// ELIGIBLE_LEADERS_NOT_AVAILABLE; null topic_partitions (every partition) answers each topic with only
// the partitions that needed an election. Unknown topics and partitions: UNKNOWN_TOPIC_OR_PARTITION
// with Kafka's messages. An election type other than 0 / 1 is Kafka's InvalidRequestException:
// INVALID_REQUEST for every partition asked (and top level from v1). v0 has no election type
// (preferred) and no top-level error code.
//
// Served where the metadata layer is the active controller (a combined node, and the controller
// listener, where Kafka brokers forward it); elsewhere NOT_CONTROLLER for every partition asked.
// timeoutMs is not waited on: the answer comes once the change is committed. With an authorizer, ALTER on the cluster (else
// CLUSTER_AUTHORIZATION_FAILED for every partition). Left out: forwarding from a Strand broker to the controller.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ElectLeadersRequest } from "../../protocol/generated/messages/elect-leaders-request.ts";
import { newElectLeadersResponse, type ElectLeadersResponse } from "../../protocol/generated/messages/elect-leaders-response.ts";
import { UnknownElectionTypeError } from "../../metadata/leader-election.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

export const electLeadersHandler = defineHandler<ElectLeadersRequest, ElectLeadersResponse>({
  key: 43,
  minVersion: 0,
  maxVersion: 2,
  async handle(ctx, req) {
    const res = newElectLeadersResponse();
    const electionType = ctx.apiVersion >= 1 ? req.electionType : 0;
    const elect = ctx.services.metadata.electLeaders;
    try {
      if (!authorizeCluster(ctx, AclOperation.ALTER)) throw Object.assign(new Error("Cluster authorization failed."), { errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED });
      if (!elect) throw new Error("this metadata layer cannot elect leaders");
      res.replicaElectionResults = await elect.call(ctx.services.metadata, electionType, req.topicPartitions);
    } catch (e) {
      // Kafka's ElectLeadersRequest.getErrorResponse: the error for every partition asked, and top level.
      const typed = (e as { errorCode?: unknown }).errorCode;
      const code = e instanceof UnknownElectionTypeError ? ErrorCode.INVALID_REQUEST : typeof typed === "number" ? typed : ErrorCode.UNKNOWN_SERVER_ERROR;
      const message = e instanceof Error ? e.message : String(e);
      res.errorCode = code;
      res.replicaElectionResults = (req.topicPartitions ?? []).map((t) => ({
        topic: t.topic,
        partitionResult: t.partitions.map((partitionId) => ({ partitionId, errorCode: code, errorMessage: message })),
      }));
    }
    return res;
  },
});
