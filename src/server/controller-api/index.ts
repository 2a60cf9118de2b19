// Every API the controller listener serves (Kafka's ControllerApis): ApiVersions, the Raft APIs, the
// broker-lifecycle APIs, AlterPartition, and the admin APIs brokers forward (ElectLeaders and the reassignment APIs among them), which reuse the broker's handlers over the
// controller's side of the metadata layer (it never forwards: a controller that is not active answers
// NOT_CONTROLLER). Admin APIs come directly or inside an Envelope (envelope.ts), run by the same set.
import type { ApiHandler } from "../handler.ts";
import { apiVersionsHandler } from "../api/18-api-versions.ts";
import { createTopicsHandler } from "../api/19-create-topics.ts";
import { deleteTopicsHandler } from "../api/20-delete-topics.ts";
import { createPartitionsHandler } from "../api/37-create-partitions.ts";
import { incrementalAlterConfigsHandler } from "../api/44-incremental-alter-configs.ts";
import { alterConfigsHandler } from "../api/33-alter-configs.ts";
import { updateFeaturesHandler } from "../api/57-update-features.ts";
import { describeClusterControllerHandler } from "./60-describe-cluster.ts";
import { addRaftVoterHandler, beginQuorumEpochHandler, describeQuorumHandler, endQuorumEpochHandler, fetchSnapshotHandler, raftFetchHandler, removeRaftVoterHandler, updateRaftVoterHandler, voteHandler } from "./raft-apis.ts";
import { envelopeHandler } from "./envelope.ts";
import { describeAclsHandler } from "../api/29-describe-acls.ts";
import { createAclsHandler } from "../api/30-create-acls.ts";
import { deleteAclsHandler } from "../api/31-delete-acls.ts";
import { alterPartitionHandler } from "./56-alter-partition.ts";
import { electLeadersHandler } from "../api/43-elect-leaders.ts";
import { alterPartitionReassignmentsHandler } from "../api/45-alter-partition-reassignments.ts";
import { listPartitionReassignmentsHandler } from "../api/46-list-partition-reassignments.ts";
import { allocateProducerIdsHandler, assignReplicasToDirsHandler, brokerHeartbeatHandler, brokerRegistrationHandler, controllerRegistrationHandler, unregisterBrokerHandler } from "./lifecycle-apis.ts";

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
  describeAclsHandler,
  createAclsHandler,
  deleteAclsHandler,
];

const BY_KEY: ReadonlyMap<number, ApiHandler> = new Map(DIRECT_HANDLERS.map((h) => [h.key, h]));

export const CONTROLLER_HANDLERS: ApiHandler[] = [...DIRECT_HANDLERS, envelopeHandler((key) => BY_KEY.get(key))];
