// Every API handler the broker serves. Add one line per handler file.
import type { ApiHandler } from "../handler.ts";
import { produceHandler } from "./00-produce.ts";
import { fetchHandler } from "./01-fetch.ts";
import { listOffsetsHandler } from "./02-list-offsets.ts";
import { metadataHandler } from "./03-metadata.ts";
import { apiVersionsHandler } from "./18-api-versions.ts";
import { saslHandshakeHandler } from "./17-sasl-handshake.ts";
import { saslAuthenticateHandler } from "./36-sasl-authenticate.ts";
import { describeClientQuotasHandler } from "./48-describe-client-quotas.ts";
import { alterClientQuotasHandler } from "./49-alter-client-quotas.ts";
import { describeUserScramCredentialsHandler } from "./50-describe-user-scram-credentials.ts";
import { alterUserScramCredentialsHandler } from "./51-alter-user-scram-credentials.ts";
import { createDelegationTokenHandler } from "./38-create-delegation-token.ts";
import { renewDelegationTokenHandler } from "./39-renew-delegation-token.ts";
import { expireDelegationTokenHandler } from "./40-expire-delegation-token.ts";
import { describeDelegationTokenHandler } from "./41-describe-delegation-token.ts";
import { createTopicsHandler } from "./19-create-topics.ts";
import { deleteTopicsHandler } from "./20-delete-topics.ts";
import { createPartitionsHandler } from "./37-create-partitions.ts";
import { describeClusterHandler } from "./60-describe-cluster.ts";
import { describeQuorumBrokerHandler } from "./55-describe-quorum.ts";
import { unregisterBrokerForwardHandler } from "./64-unregister-broker.ts";
import { describeTopicPartitionsHandler } from "./75-describe-topic-partitions.ts";
import { shareFetchHandler } from "./78-share-fetch.ts";
import { shareAcknowledgeHandler } from "./79-share-acknowledge.ts";
import { offsetCommitHandler } from "./08-offset-commit.ts";
import { offsetFetchHandler } from "./09-offset-fetch.ts";
import { findCoordinatorHandler } from "./10-find-coordinator.ts";
import { initializeShareGroupStateHandler } from "./83-initialize-share-group-state.ts";
import { readShareGroupStateHandler } from "./84-read-share-group-state.ts";
import { writeShareGroupStateHandler } from "./85-write-share-group-state.ts";
import { deleteShareGroupStateHandler } from "./86-delete-share-group-state.ts";
import { readShareGroupStateSummaryHandler } from "./87-read-share-group-state-summary.ts";
import { joinGroupHandler } from "./11-join-group.ts";
import { heartbeatHandler } from "./12-heartbeat.ts";
import { leaveGroupHandler } from "./13-leave-group.ts";
import { syncGroupHandler } from "./14-sync-group.ts";
import { describeGroupsHandler } from "./15-describe-groups.ts";
import { listGroupsHandler } from "./16-list-groups.ts";
import { deleteGroupsHandler } from "./42-delete-groups.ts";
import { offsetDeleteHandler } from "./47-offset-delete.ts";
import { txnOffsetCommitHandler } from "./28-txn-offset-commit.ts";
import { deleteRecordsHandler } from "./21-delete-records.ts";
import { initProducerIdHandler } from "./22-init-producer-id.ts";
import { addPartitionsToTxnHandler } from "./24-add-partitions-to-txn.ts";
import { addOffsetsToTxnHandler } from "./25-add-offsets-to-txn.ts";
import { endTxnHandler } from "./26-end-txn.ts";
import { describeTransactionsHandler } from "./65-describe-transactions.ts";
import { listTransactionsHandler } from "./66-list-transactions.ts";
import { offsetForLeaderEpochHandler } from "./23-offset-for-leader-epoch.ts";
import { writeTxnMarkersHandler } from "./27-write-txn-markers.ts";
import { describeConfigsHandler } from "./32-describe-configs.ts";
import { alterConfigsHandler } from "./33-alter-configs.ts";
import { describeLogDirsHandler } from "./35-describe-log-dirs.ts";
import { alterReplicaLogDirsHandler } from "./34-alter-replica-log-dirs.ts";
import { electLeadersHandler } from "./43-elect-leaders.ts";
import { alterPartitionReassignmentsHandler } from "./45-alter-partition-reassignments.ts";
import { listPartitionReassignmentsHandler } from "./46-list-partition-reassignments.ts";
import { incrementalAlterConfigsHandler } from "./44-incremental-alter-configs.ts";
import { updateFeaturesHandler } from "./57-update-features.ts";
import { consumerGroupHeartbeatHandler } from "./68-consumer-group-heartbeat.ts";
import { consumerGroupDescribeHandler } from "./69-consumer-group-describe.ts";
import { streamsGroupHeartbeatHandler } from "./88-streams-group-heartbeat.ts";
import { streamsGroupDescribeHandler } from "./89-streams-group-describe.ts";
import { shareGroupHeartbeatHandler } from "./76-share-group-heartbeat.ts";
import { shareGroupDescribeHandler } from "./77-share-group-describe.ts";
import { describeShareGroupOffsetsHandler } from "./90-describe-share-group-offsets.ts";
import { alterShareGroupOffsetsHandler } from "./91-alter-share-group-offsets.ts";
import { deleteShareGroupOffsetsHandler } from "./92-delete-share-group-offsets.ts";
import { describeProducersHandler } from "./61-describe-producers.ts";
import { listConfigResourcesHandler } from "./74-list-config-resources.ts";
import { getTelemetrySubscriptionsHandler } from "./71-get-telemetry-subscriptions.ts";
import { pushTelemetryHandler } from "./72-push-telemetry.ts";
import { describeAclsHandler } from "./29-describe-acls.ts";
import { createAclsHandler } from "./30-create-acls.ts";
import { deleteAclsHandler } from "./31-delete-acls.ts";

export const ALL_HANDLERS: ApiHandler[] = [
  produceHandler,
  fetchHandler,
  listOffsetsHandler,
  metadataHandler,
  apiVersionsHandler,
  saslHandshakeHandler,
  saslAuthenticateHandler,
  describeClientQuotasHandler,
  alterClientQuotasHandler,
  describeUserScramCredentialsHandler,
  alterUserScramCredentialsHandler,
  createDelegationTokenHandler,
  renewDelegationTokenHandler,
  expireDelegationTokenHandler,
  describeDelegationTokenHandler,
  createTopicsHandler,
  deleteTopicsHandler,
  createPartitionsHandler,
  describeClusterHandler,
  describeQuorumBrokerHandler,
  unregisterBrokerForwardHandler,
  describeTopicPartitionsHandler,
  listConfigResourcesHandler,
  getTelemetrySubscriptionsHandler,
  pushTelemetryHandler,
  offsetCommitHandler,
  offsetFetchHandler,
  findCoordinatorHandler,
  joinGroupHandler,
  heartbeatHandler,
  leaveGroupHandler,
  syncGroupHandler,
  describeGroupsHandler,
  listGroupsHandler,
  deleteGroupsHandler,
  offsetDeleteHandler,
  txnOffsetCommitHandler,
  deleteRecordsHandler,
  initProducerIdHandler,
  addPartitionsToTxnHandler,
  addOffsetsToTxnHandler,
  endTxnHandler,
  describeTransactionsHandler,
  listTransactionsHandler,
  offsetForLeaderEpochHandler,
  writeTxnMarkersHandler,
  describeAclsHandler,
  createAclsHandler,
  deleteAclsHandler,
  describeConfigsHandler,
  alterConfigsHandler,
  describeLogDirsHandler,
  alterReplicaLogDirsHandler,
  electLeadersHandler,
  alterPartitionReassignmentsHandler,
  listPartitionReassignmentsHandler,
  incrementalAlterConfigsHandler,
  updateFeaturesHandler,
  consumerGroupHeartbeatHandler,
  consumerGroupDescribeHandler,
  streamsGroupHeartbeatHandler,
  streamsGroupDescribeHandler,
  shareGroupHeartbeatHandler,
  shareGroupDescribeHandler,
  describeShareGroupOffsetsHandler,
  alterShareGroupOffsetsHandler,
  deleteShareGroupOffsetsHandler,
  describeProducersHandler,
  initializeShareGroupStateHandler,
  readShareGroupStateHandler,
  writeShareGroupStateHandler,
  deleteShareGroupStateHandler,
  readShareGroupStateSummaryHandler,
  shareFetchHandler,
  shareAcknowledgeHandler,
];
