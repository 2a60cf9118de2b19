// Every API the controller listener serves (Kafka's ControllerApis): ApiVersions, the Raft APIs, the
// broker-lifecycle APIs, AlterPartition, and the admin APIs brokers forward (ElectLeaders and the reassignment APIs among them), which reuse the broker's handlers over the
// controller's side of the metadata layer (it never forwards: a controller that is not active answers
// NOT_CONTROLLER). Admin APIs come directly or inside an Envelope (envelope.ts), run by the same set.
//
// With an authorizer, the inter-node APIs check the cluster operation ControllerApis checks
// (CLUSTER_ACTION for the Raft, lifecycle, AlterPartition and Envelope APIs; ALTER for UnregisterBroker
// and the voter changes; DESCRIBE for DescribeQuorum) and answer CLUSTER_AUTHORIZATION_FAILED in the
// response's top-level error otherwise; the admin APIs check what they check on a broker.
import type { ApiHandler } from "../handler.ts";
import { apiVersionsHandler } from "../api/18-api-versions.ts";
import { createTopicsHandler } from "../api/19-create-topics.ts";
import { deleteTopicsHandler } from "../api/20-delete-topics.ts";
import { createPartitionsHandler } from "../api/37-create-partitions.ts";
import { incrementalAlterConfigsHandler } from "../api/44-incremental-alter-configs.ts";
import { alterConfigsHandler } from "../api/33-alter-configs.ts";
import { updateFeaturesHandler } from "../api/57-update-features.ts";
import { alterUserScramCredentialsHandler } from "../api/51-alter-user-scram-credentials.ts";
import { alterClientQuotasHandler } from "../api/49-alter-client-quotas.ts";
import { createDelegationTokenHandler } from "../api/38-create-delegation-token.ts";
import { renewDelegationTokenHandler } from "../api/39-renew-delegation-token.ts";
import { expireDelegationTokenHandler } from "../api/40-expire-delegation-token.ts";
import { saslHandshakeHandler } from "../api/17-sasl-handshake.ts";
import { saslAuthenticateHandler } from "../api/36-sasl-authenticate.ts";
import { describeClusterControllerHandler } from "./60-describe-cluster.ts";
import { addRaftVoterHandler, beginQuorumEpochHandler, describeQuorumHandler, endQuorumEpochHandler, fetchSnapshotHandler, raftFetchHandler, removeRaftVoterHandler, updateRaftVoterHandler, voteHandler } from "./raft-apis.ts";
import { envelopeHandler } from "./envelope.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { API_CODECS } from "../../protocol/generated/apis.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { describeAclsHandler } from "../api/29-describe-acls.ts";
import { createAclsHandler } from "../api/30-create-acls.ts";
import { deleteAclsHandler } from "../api/31-delete-acls.ts";
import { alterPartitionHandler } from "./56-alter-partition.ts";
import { electLeadersHandler } from "../api/43-elect-leaders.ts";
import { alterPartitionReassignmentsHandler } from "../api/45-alter-partition-reassignments.ts";
import { listPartitionReassignmentsHandler } from "../api/46-list-partition-reassignments.ts";
import { allocateProducerIdsHandler, assignReplicasToDirsHandler, brokerHeartbeatHandler, brokerRegistrationHandler, controllerRegistrationHandler, unregisterBrokerHandler } from "./lifecycle-apis.ts";

/** The cluster operation ControllerApis requires of each inter-node API. */
const CLUSTER_OPERATION: ReadonlyMap<number, number> = new Map([
  [1, AclOperation.CLUSTER_ACTION],
  [52, AclOperation.CLUSTER_ACTION],
  [53, AclOperation.CLUSTER_ACTION],
  [54, AclOperation.CLUSTER_ACTION],
  [55, AclOperation.DESCRIBE],
  [56, AclOperation.CLUSTER_ACTION],
  [58, AclOperation.CLUSTER_ACTION],
  [59, AclOperation.CLUSTER_ACTION],
  [62, AclOperation.CLUSTER_ACTION],
  [63, AclOperation.CLUSTER_ACTION],
  [64, AclOperation.ALTER],
  [67, AclOperation.CLUSTER_ACTION],
  [70, AclOperation.CLUSTER_ACTION],
  [73, AclOperation.CLUSTER_ACTION],
  [80, AclOperation.ALTER],
  [81, AclOperation.ALTER],
  [82, AclOperation.CLUSTER_ACTION],
]);

/** The handler with its cluster check in front (no cost without an authorizer: one null test). */
function clusterChecked(h: ApiHandler): ApiHandler {
  const op = CLUSTER_OPERATION.get(h.key);
  if (op === undefined) return h;
  return {
    ...h,
    handle(ctx, req) {
      if (ctx.services.authorizer !== null && !authorizeCluster(ctx, op)) {
        return { ...(API_CODECS.get(h.key)!.newResponse() as Record<string, unknown>), errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED };
      }
      return h.handle(ctx, req);
    },
  };
}

const DIRECT_HANDLERS: ApiHandler[] = [
  raftFetchHandler,
  apiVersionsHandler,
  createTopicsHandler,
  deleteTopicsHandler,
  alterConfigsHandler,
  createPartitionsHandler,
  incrementalAlterConfigsHandler,
  voteHandler,
  beginQuorumEpochHandler,
  endQuorumEpochHandler,
  describeQuorumHandler,
  updateFeaturesHandler,
  fetchSnapshotHandler,
  describeClusterControllerHandler,
  updateRaftVoterHandler,
  brokerRegistrationHandler,
  brokerHeartbeatHandler,
  unregisterBrokerHandler,
  allocateProducerIdsHandler,
  controllerRegistrationHandler,
  assignReplicasToDirsHandler,
  addRaftVoterHandler,
  removeRaftVoterHandler,
  alterPartitionHandler,
  electLeadersHandler,
  alterPartitionReassignmentsHandler,
  listPartitionReassignmentsHandler,
  alterUserScramCredentialsHandler,
  alterClientQuotasHandler,
  createDelegationTokenHandler,
  renewDelegationTokenHandler,
  expireDelegationTokenHandler,
  // Answered by the SASL authenticator on a SASL controller listener; listed so ApiVersions offers them, as Kafka's controller does.
  saslHandshakeHandler,
  saslAuthenticateHandler,
  describeAclsHandler,
  createAclsHandler,
  deleteAclsHandler,
];

const BY_KEY: ReadonlyMap<number, ApiHandler> = new Map(DIRECT_HANDLERS.map((h) => [h.key, clusterChecked(h)]));

export const CONTROLLER_HANDLERS: ApiHandler[] = [...BY_KEY.values(), clusterChecked(envelopeHandler((key) => BY_KEY.get(key)))];
