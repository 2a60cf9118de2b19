// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// every *Request.json and *Response.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

import type { Reader } from "../primitives/reader.ts";
import type { Sink } from "../primitives/writer.ts";
import * as req0 from "./messages/produce-request.ts";
import * as res0 from "./messages/produce-response.ts";
import * as req1 from "./messages/fetch-request.ts";
import * as res1 from "./messages/fetch-response.ts";
import * as req2 from "./messages/list-offsets-request.ts";
import * as res2 from "./messages/list-offsets-response.ts";
import * as req3 from "./messages/metadata-request.ts";
import * as res3 from "./messages/metadata-response.ts";
import * as req4 from "./messages/leader-and-isr-request.ts";
import * as res4 from "./messages/leader-and-isr-response.ts";
import * as req5 from "./messages/stop-replica-request.ts";
import * as res5 from "./messages/stop-replica-response.ts";
import * as req6 from "./messages/update-metadata-request.ts";
import * as res6 from "./messages/update-metadata-response.ts";
import * as req7 from "./messages/controlled-shutdown-request.ts";
import * as res7 from "./messages/controlled-shutdown-response.ts";
import * as req8 from "./messages/offset-commit-request.ts";
import * as res8 from "./messages/offset-commit-response.ts";
import * as req9 from "./messages/offset-fetch-request.ts";
import * as res9 from "./messages/offset-fetch-response.ts";
import * as req10 from "./messages/find-coordinator-request.ts";
import * as res10 from "./messages/find-coordinator-response.ts";
import * as req11 from "./messages/join-group-request.ts";
import * as res11 from "./messages/join-group-response.ts";
import * as req12 from "./messages/heartbeat-request.ts";
import * as res12 from "./messages/heartbeat-response.ts";
import * as req13 from "./messages/leave-group-request.ts";
import * as res13 from "./messages/leave-group-response.ts";
import * as req14 from "./messages/sync-group-request.ts";
import * as res14 from "./messages/sync-group-response.ts";
import * as req15 from "./messages/describe-groups-request.ts";
import * as res15 from "./messages/describe-groups-response.ts";
import * as req16 from "./messages/list-groups-request.ts";
import * as res16 from "./messages/list-groups-response.ts";
import * as req17 from "./messages/sasl-handshake-request.ts";
import * as res17 from "./messages/sasl-handshake-response.ts";
import * as req18 from "./messages/api-versions-request.ts";
import * as res18 from "./messages/api-versions-response.ts";
import * as req19 from "./messages/create-topics-request.ts";
import * as res19 from "./messages/create-topics-response.ts";
import * as req20 from "./messages/delete-topics-request.ts";
import * as res20 from "./messages/delete-topics-response.ts";
import * as req21 from "./messages/delete-records-request.ts";
import * as res21 from "./messages/delete-records-response.ts";
import * as req22 from "./messages/init-producer-id-request.ts";
import * as res22 from "./messages/init-producer-id-response.ts";
import * as req23 from "./messages/offset-for-leader-epoch-request.ts";
import * as res23 from "./messages/offset-for-leader-epoch-response.ts";
import * as req24 from "./messages/add-partitions-to-txn-request.ts";
import * as res24 from "./messages/add-partitions-to-txn-response.ts";
import * as req25 from "./messages/add-offsets-to-txn-request.ts";
import * as res25 from "./messages/add-offsets-to-txn-response.ts";
import * as req26 from "./messages/end-txn-request.ts";
import * as res26 from "./messages/end-txn-response.ts";
import * as req27 from "./messages/write-txn-markers-request.ts";
import * as res27 from "./messages/write-txn-markers-response.ts";
import * as req28 from "./messages/txn-offset-commit-request.ts";
import * as res28 from "./messages/txn-offset-commit-response.ts";
import * as req29 from "./messages/describe-acls-request.ts";
import * as res29 from "./messages/describe-acls-response.ts";
import * as req30 from "./messages/create-acls-request.ts";
import * as res30 from "./messages/create-acls-response.ts";
import * as req31 from "./messages/delete-acls-request.ts";
import * as res31 from "./messages/delete-acls-response.ts";
import * as req32 from "./messages/describe-configs-request.ts";
import * as res32 from "./messages/describe-configs-response.ts";
import * as req33 from "./messages/alter-configs-request.ts";
import * as res33 from "./messages/alter-configs-response.ts";
import * as req34 from "./messages/alter-replica-log-dirs-request.ts";
import * as res34 from "./messages/alter-replica-log-dirs-response.ts";
import * as req35 from "./messages/describe-log-dirs-request.ts";
import * as res35 from "./messages/describe-log-dirs-response.ts";
import * as req36 from "./messages/sasl-authenticate-request.ts";
import * as res36 from "./messages/sasl-authenticate-response.ts";
import * as req37 from "./messages/create-partitions-request.ts";
import * as res37 from "./messages/create-partitions-response.ts";
import * as req38 from "./messages/create-delegation-token-request.ts";
import * as res38 from "./messages/create-delegation-token-response.ts";
import * as req39 from "./messages/renew-delegation-token-request.ts";
import * as res39 from "./messages/renew-delegation-token-response.ts";
import * as req40 from "./messages/expire-delegation-token-request.ts";
import * as res40 from "./messages/expire-delegation-token-response.ts";
import * as req41 from "./messages/describe-delegation-token-request.ts";
import * as res41 from "./messages/describe-delegation-token-response.ts";
import * as req42 from "./messages/delete-groups-request.ts";
import * as res42 from "./messages/delete-groups-response.ts";
import * as req43 from "./messages/elect-leaders-request.ts";
import * as res43 from "./messages/elect-leaders-response.ts";
import * as req44 from "./messages/incremental-alter-configs-request.ts";
import * as res44 from "./messages/incremental-alter-configs-response.ts";
import * as req45 from "./messages/alter-partition-reassignments-request.ts";
import * as res45 from "./messages/alter-partition-reassignments-response.ts";
import * as req46 from "./messages/list-partition-reassignments-request.ts";
import * as res46 from "./messages/list-partition-reassignments-response.ts";
import * as req47 from "./messages/offset-delete-request.ts";
import * as res47 from "./messages/offset-delete-response.ts";
import * as req48 from "./messages/describe-client-quotas-request.ts";
import * as res48 from "./messages/describe-client-quotas-response.ts";
import * as req49 from "./messages/alter-client-quotas-request.ts";
import * as res49 from "./messages/alter-client-quotas-response.ts";
import * as req50 from "./messages/describe-user-scram-credentials-request.ts";
import * as res50 from "./messages/describe-user-scram-credentials-response.ts";
import * as req51 from "./messages/alter-user-scram-credentials-request.ts";
import * as res51 from "./messages/alter-user-scram-credentials-response.ts";
import * as req52 from "./messages/vote-request.ts";
import * as res52 from "./messages/vote-response.ts";
import * as req53 from "./messages/begin-quorum-epoch-request.ts";
import * as res53 from "./messages/begin-quorum-epoch-response.ts";
import * as req54 from "./messages/end-quorum-epoch-request.ts";
import * as res54 from "./messages/end-quorum-epoch-response.ts";
import * as req55 from "./messages/describe-quorum-request.ts";
import * as res55 from "./messages/describe-quorum-response.ts";
import * as req56 from "./messages/alter-partition-request.ts";
import * as res56 from "./messages/alter-partition-response.ts";
import * as req57 from "./messages/update-features-request.ts";
import * as res57 from "./messages/update-features-response.ts";
import * as req58 from "./messages/envelope-request.ts";
import * as res58 from "./messages/envelope-response.ts";
import * as req59 from "./messages/fetch-snapshot-request.ts";
import * as res59 from "./messages/fetch-snapshot-response.ts";
import * as req60 from "./messages/describe-cluster-request.ts";
import * as res60 from "./messages/describe-cluster-response.ts";
import * as req61 from "./messages/describe-producers-request.ts";
import * as res61 from "./messages/describe-producers-response.ts";
import * as req62 from "./messages/broker-registration-request.ts";
import * as res62 from "./messages/broker-registration-response.ts";
import * as req63 from "./messages/broker-heartbeat-request.ts";
import * as res63 from "./messages/broker-heartbeat-response.ts";
import * as req64 from "./messages/unregister-broker-request.ts";
import * as res64 from "./messages/unregister-broker-response.ts";
import * as req65 from "./messages/describe-transactions-request.ts";
import * as res65 from "./messages/describe-transactions-response.ts";
import * as req66 from "./messages/list-transactions-request.ts";
import * as res66 from "./messages/list-transactions-response.ts";
import * as req67 from "./messages/allocate-producer-ids-request.ts";
import * as res67 from "./messages/allocate-producer-ids-response.ts";
import * as req68 from "./messages/consumer-group-heartbeat-request.ts";
import * as res68 from "./messages/consumer-group-heartbeat-response.ts";
import * as req69 from "./messages/consumer-group-describe-request.ts";
import * as res69 from "./messages/consumer-group-describe-response.ts";
import * as req70 from "./messages/controller-registration-request.ts";
import * as res70 from "./messages/controller-registration-response.ts";
import * as req71 from "./messages/get-telemetry-subscriptions-request.ts";
import * as res71 from "./messages/get-telemetry-subscriptions-response.ts";
import * as req72 from "./messages/push-telemetry-request.ts";
import * as res72 from "./messages/push-telemetry-response.ts";
import * as req73 from "./messages/assign-replicas-to-dirs-request.ts";
import * as res73 from "./messages/assign-replicas-to-dirs-response.ts";
import * as req74 from "./messages/list-config-resources-request.ts";
import * as res74 from "./messages/list-config-resources-response.ts";
import * as req75 from "./messages/describe-topic-partitions-request.ts";
import * as res75 from "./messages/describe-topic-partitions-response.ts";
import * as req76 from "./messages/share-group-heartbeat-request.ts";
import * as res76 from "./messages/share-group-heartbeat-response.ts";
import * as req77 from "./messages/share-group-describe-request.ts";
import * as res77 from "./messages/share-group-describe-response.ts";
import * as req78 from "./messages/share-fetch-request.ts";
import * as res78 from "./messages/share-fetch-response.ts";
import * as req79 from "./messages/share-acknowledge-request.ts";
import * as res79 from "./messages/share-acknowledge-response.ts";
import * as req80 from "./messages/add-raft-voter-request.ts";
import * as res80 from "./messages/add-raft-voter-response.ts";
import * as req81 from "./messages/remove-raft-voter-request.ts";
import * as res81 from "./messages/remove-raft-voter-response.ts";
import * as req82 from "./messages/update-raft-voter-request.ts";
import * as res82 from "./messages/update-raft-voter-response.ts";
import * as req83 from "./messages/initialize-share-group-state-request.ts";
import * as res83 from "./messages/initialize-share-group-state-response.ts";
import * as req84 from "./messages/read-share-group-state-request.ts";
import * as res84 from "./messages/read-share-group-state-response.ts";
import * as req85 from "./messages/write-share-group-state-request.ts";
import * as res85 from "./messages/write-share-group-state-response.ts";
import * as req86 from "./messages/delete-share-group-state-request.ts";
import * as res86 from "./messages/delete-share-group-state-response.ts";
import * as req87 from "./messages/read-share-group-state-summary-request.ts";
import * as res87 from "./messages/read-share-group-state-summary-response.ts";
import * as req88 from "./messages/streams-group-heartbeat-request.ts";
import * as res88 from "./messages/streams-group-heartbeat-response.ts";
import * as req89 from "./messages/streams-group-describe-request.ts";
import * as res89 from "./messages/streams-group-describe-response.ts";
import * as req90 from "./messages/describe-share-group-offsets-request.ts";
import * as res90 from "./messages/describe-share-group-offsets-response.ts";
import * as req91 from "./messages/alter-share-group-offsets-request.ts";
import * as res91 from "./messages/alter-share-group-offsets-response.ts";
import * as req92 from "./messages/delete-share-group-offsets-request.ts";
import * as res92 from "./messages/delete-share-group-offsets-response.ts";
import * as req93 from "./messages/streams-group-topology-description-update-request.ts";
import * as res93 from "./messages/streams-group-topology-description-update-response.ts";
import * as req94 from "./messages/unregister-controller-request.ts";
import * as res94 from "./messages/unregister-controller-response.ts";

/** Decode/encode functions of one API, untyped so that dispatch can hold them in one table. */
export interface ApiCodec {
  readonly key: number;
  readonly name: string;
  readRequest(r: Reader, version: number): unknown;
  writeRequest(s: Sink, message: unknown, version: number): void;
  newRequest(): unknown;
  readResponse(r: Reader, version: number): unknown;
  writeResponse(s: Sink, message: unknown, version: number): void;
  newResponse(): unknown;
}

export const API_CODECS: ReadonlyMap<number, ApiCodec> = new Map<number, ApiCodec>([
  [0, { key: 0, name: "Produce", readRequest: req0.readProduceRequest, writeRequest: req0.writeProduceRequest as ApiCodec["writeRequest"], newRequest: req0.newProduceRequest, readResponse: res0.readProduceResponse, writeResponse: res0.writeProduceResponse as ApiCodec["writeResponse"], newResponse: res0.newProduceResponse }],
  [1, { key: 1, name: "Fetch", readRequest: req1.readFetchRequest, writeRequest: req1.writeFetchRequest as ApiCodec["writeRequest"], newRequest: req1.newFetchRequest, readResponse: res1.readFetchResponse, writeResponse: res1.writeFetchResponse as ApiCodec["writeResponse"], newResponse: res1.newFetchResponse }],
  [2, { key: 2, name: "ListOffsets", readRequest: req2.readListOffsetsRequest, writeRequest: req2.writeListOffsetsRequest as ApiCodec["writeRequest"], newRequest: req2.newListOffsetsRequest, readResponse: res2.readListOffsetsResponse, writeResponse: res2.writeListOffsetsResponse as ApiCodec["writeResponse"], newResponse: res2.newListOffsetsResponse }],
  [3, { key: 3, name: "Metadata", readRequest: req3.readMetadataRequest, writeRequest: req3.writeMetadataRequest as ApiCodec["writeRequest"], newRequest: req3.newMetadataRequest, readResponse: res3.readMetadataResponse, writeResponse: res3.writeMetadataResponse as ApiCodec["writeResponse"], newResponse: res3.newMetadataResponse }],
  [4, { key: 4, name: "LeaderAndIsr", readRequest: req4.readLeaderAndIsrRequest, writeRequest: req4.writeLeaderAndIsrRequest as ApiCodec["writeRequest"], newRequest: req4.newLeaderAndIsrRequest, readResponse: res4.readLeaderAndIsrResponse, writeResponse: res4.writeLeaderAndIsrResponse as ApiCodec["writeResponse"], newResponse: res4.newLeaderAndIsrResponse }],
  [5, { key: 5, name: "StopReplica", readRequest: req5.readStopReplicaRequest, writeRequest: req5.writeStopReplicaRequest as ApiCodec["writeRequest"], newRequest: req5.newStopReplicaRequest, readResponse: res5.readStopReplicaResponse, writeResponse: res5.writeStopReplicaResponse as ApiCodec["writeResponse"], newResponse: res5.newStopReplicaResponse }],
  [6, { key: 6, name: "UpdateMetadata", readRequest: req6.readUpdateMetadataRequest, writeRequest: req6.writeUpdateMetadataRequest as ApiCodec["writeRequest"], newRequest: req6.newUpdateMetadataRequest, readResponse: res6.readUpdateMetadataResponse, writeResponse: res6.writeUpdateMetadataResponse as ApiCodec["writeResponse"], newResponse: res6.newUpdateMetadataResponse }],
  [7, { key: 7, name: "ControlledShutdown", readRequest: req7.readControlledShutdownRequest, writeRequest: req7.writeControlledShutdownRequest as ApiCodec["writeRequest"], newRequest: req7.newControlledShutdownRequest, readResponse: res7.readControlledShutdownResponse, writeResponse: res7.writeControlledShutdownResponse as ApiCodec["writeResponse"], newResponse: res7.newControlledShutdownResponse }],
  [8, { key: 8, name: "OffsetCommit", readRequest: req8.readOffsetCommitRequest, writeRequest: req8.writeOffsetCommitRequest as ApiCodec["writeRequest"], newRequest: req8.newOffsetCommitRequest, readResponse: res8.readOffsetCommitResponse, writeResponse: res8.writeOffsetCommitResponse as ApiCodec["writeResponse"], newResponse: res8.newOffsetCommitResponse }],
  [9, { key: 9, name: "OffsetFetch", readRequest: req9.readOffsetFetchRequest, writeRequest: req9.writeOffsetFetchRequest as ApiCodec["writeRequest"], newRequest: req9.newOffsetFetchRequest, readResponse: res9.readOffsetFetchResponse, writeResponse: res9.writeOffsetFetchResponse as ApiCodec["writeResponse"], newResponse: res9.newOffsetFetchResponse }],
  [10, { key: 10, name: "FindCoordinator", readRequest: req10.readFindCoordinatorRequest, writeRequest: req10.writeFindCoordinatorRequest as ApiCodec["writeRequest"], newRequest: req10.newFindCoordinatorRequest, readResponse: res10.readFindCoordinatorResponse, writeResponse: res10.writeFindCoordinatorResponse as ApiCodec["writeResponse"], newResponse: res10.newFindCoordinatorResponse }],
  [11, { key: 11, name: "JoinGroup", readRequest: req11.readJoinGroupRequest, writeRequest: req11.writeJoinGroupRequest as ApiCodec["writeRequest"], newRequest: req11.newJoinGroupRequest, readResponse: res11.readJoinGroupResponse, writeResponse: res11.writeJoinGroupResponse as ApiCodec["writeResponse"], newResponse: res11.newJoinGroupResponse }],
  [12, { key: 12, name: "Heartbeat", readRequest: req12.readHeartbeatRequest, writeRequest: req12.writeHeartbeatRequest as ApiCodec["writeRequest"], newRequest: req12.newHeartbeatRequest, readResponse: res12.readHeartbeatResponse, writeResponse: res12.writeHeartbeatResponse as ApiCodec["writeResponse"], newResponse: res12.newHeartbeatResponse }],
  [13, { key: 13, name: "LeaveGroup", readRequest: req13.readLeaveGroupRequest, writeRequest: req13.writeLeaveGroupRequest as ApiCodec["writeRequest"], newRequest: req13.newLeaveGroupRequest, readResponse: res13.readLeaveGroupResponse, writeResponse: res13.writeLeaveGroupResponse as ApiCodec["writeResponse"], newResponse: res13.newLeaveGroupResponse }],
  [14, { key: 14, name: "SyncGroup", readRequest: req14.readSyncGroupRequest, writeRequest: req14.writeSyncGroupRequest as ApiCodec["writeRequest"], newRequest: req14.newSyncGroupRequest, readResponse: res14.readSyncGroupResponse, writeResponse: res14.writeSyncGroupResponse as ApiCodec["writeResponse"], newResponse: res14.newSyncGroupResponse }],
  [15, { key: 15, name: "DescribeGroups", readRequest: req15.readDescribeGroupsRequest, writeRequest: req15.writeDescribeGroupsRequest as ApiCodec["writeRequest"], newRequest: req15.newDescribeGroupsRequest, readResponse: res15.readDescribeGroupsResponse, writeResponse: res15.writeDescribeGroupsResponse as ApiCodec["writeResponse"], newResponse: res15.newDescribeGroupsResponse }],
  [16, { key: 16, name: "ListGroups", readRequest: req16.readListGroupsRequest, writeRequest: req16.writeListGroupsRequest as ApiCodec["writeRequest"], newRequest: req16.newListGroupsRequest, readResponse: res16.readListGroupsResponse, writeResponse: res16.writeListGroupsResponse as ApiCodec["writeResponse"], newResponse: res16.newListGroupsResponse }],
  [17, { key: 17, name: "SaslHandshake", readRequest: req17.readSaslHandshakeRequest, writeRequest: req17.writeSaslHandshakeRequest as ApiCodec["writeRequest"], newRequest: req17.newSaslHandshakeRequest, readResponse: res17.readSaslHandshakeResponse, writeResponse: res17.writeSaslHandshakeResponse as ApiCodec["writeResponse"], newResponse: res17.newSaslHandshakeResponse }],
  [18, { key: 18, name: "ApiVersions", readRequest: req18.readApiVersionsRequest, writeRequest: req18.writeApiVersionsRequest as ApiCodec["writeRequest"], newRequest: req18.newApiVersionsRequest, readResponse: res18.readApiVersionsResponse, writeResponse: res18.writeApiVersionsResponse as ApiCodec["writeResponse"], newResponse: res18.newApiVersionsResponse }],
  [19, { key: 19, name: "CreateTopics", readRequest: req19.readCreateTopicsRequest, writeRequest: req19.writeCreateTopicsRequest as ApiCodec["writeRequest"], newRequest: req19.newCreateTopicsRequest, readResponse: res19.readCreateTopicsResponse, writeResponse: res19.writeCreateTopicsResponse as ApiCodec["writeResponse"], newResponse: res19.newCreateTopicsResponse }],
  [20, { key: 20, name: "DeleteTopics", readRequest: req20.readDeleteTopicsRequest, writeRequest: req20.writeDeleteTopicsRequest as ApiCodec["writeRequest"], newRequest: req20.newDeleteTopicsRequest, readResponse: res20.readDeleteTopicsResponse, writeResponse: res20.writeDeleteTopicsResponse as ApiCodec["writeResponse"], newResponse: res20.newDeleteTopicsResponse }],
  [21, { key: 21, name: "DeleteRecords", readRequest: req21.readDeleteRecordsRequest, writeRequest: req21.writeDeleteRecordsRequest as ApiCodec["writeRequest"], newRequest: req21.newDeleteRecordsRequest, readResponse: res21.readDeleteRecordsResponse, writeResponse: res21.writeDeleteRecordsResponse as ApiCodec["writeResponse"], newResponse: res21.newDeleteRecordsResponse }],
  [22, { key: 22, name: "InitProducerId", readRequest: req22.readInitProducerIdRequest, writeRequest: req22.writeInitProducerIdRequest as ApiCodec["writeRequest"], newRequest: req22.newInitProducerIdRequest, readResponse: res22.readInitProducerIdResponse, writeResponse: res22.writeInitProducerIdResponse as ApiCodec["writeResponse"], newResponse: res22.newInitProducerIdResponse }],
  [23, { key: 23, name: "OffsetForLeaderEpoch", readRequest: req23.readOffsetForLeaderEpochRequest, writeRequest: req23.writeOffsetForLeaderEpochRequest as ApiCodec["writeRequest"], newRequest: req23.newOffsetForLeaderEpochRequest, readResponse: res23.readOffsetForLeaderEpochResponse, writeResponse: res23.writeOffsetForLeaderEpochResponse as ApiCodec["writeResponse"], newResponse: res23.newOffsetForLeaderEpochResponse }],
  [24, { key: 24, name: "AddPartitionsToTxn", readRequest: req24.readAddPartitionsToTxnRequest, writeRequest: req24.writeAddPartitionsToTxnRequest as ApiCodec["writeRequest"], newRequest: req24.newAddPartitionsToTxnRequest, readResponse: res24.readAddPartitionsToTxnResponse, writeResponse: res24.writeAddPartitionsToTxnResponse as ApiCodec["writeResponse"], newResponse: res24.newAddPartitionsToTxnResponse }],
  [25, { key: 25, name: "AddOffsetsToTxn", readRequest: req25.readAddOffsetsToTxnRequest, writeRequest: req25.writeAddOffsetsToTxnRequest as ApiCodec["writeRequest"], newRequest: req25.newAddOffsetsToTxnRequest, readResponse: res25.readAddOffsetsToTxnResponse, writeResponse: res25.writeAddOffsetsToTxnResponse as ApiCodec["writeResponse"], newResponse: res25.newAddOffsetsToTxnResponse }],
  [26, { key: 26, name: "EndTxn", readRequest: req26.readEndTxnRequest, writeRequest: req26.writeEndTxnRequest as ApiCodec["writeRequest"], newRequest: req26.newEndTxnRequest, readResponse: res26.readEndTxnResponse, writeResponse: res26.writeEndTxnResponse as ApiCodec["writeResponse"], newResponse: res26.newEndTxnResponse }],
  [27, { key: 27, name: "WriteTxnMarkers", readRequest: req27.readWriteTxnMarkersRequest, writeRequest: req27.writeWriteTxnMarkersRequest as ApiCodec["writeRequest"], newRequest: req27.newWriteTxnMarkersRequest, readResponse: res27.readWriteTxnMarkersResponse, writeResponse: res27.writeWriteTxnMarkersResponse as ApiCodec["writeResponse"], newResponse: res27.newWriteTxnMarkersResponse }],
  [28, { key: 28, name: "TxnOffsetCommit", readRequest: req28.readTxnOffsetCommitRequest, writeRequest: req28.writeTxnOffsetCommitRequest as ApiCodec["writeRequest"], newRequest: req28.newTxnOffsetCommitRequest, readResponse: res28.readTxnOffsetCommitResponse, writeResponse: res28.writeTxnOffsetCommitResponse as ApiCodec["writeResponse"], newResponse: res28.newTxnOffsetCommitResponse }],
  [29, { key: 29, name: "DescribeAcls", readRequest: req29.readDescribeAclsRequest, writeRequest: req29.writeDescribeAclsRequest as ApiCodec["writeRequest"], newRequest: req29.newDescribeAclsRequest, readResponse: res29.readDescribeAclsResponse, writeResponse: res29.writeDescribeAclsResponse as ApiCodec["writeResponse"], newResponse: res29.newDescribeAclsResponse }],
  [30, { key: 30, name: "CreateAcls", readRequest: req30.readCreateAclsRequest, writeRequest: req30.writeCreateAclsRequest as ApiCodec["writeRequest"], newRequest: req30.newCreateAclsRequest, readResponse: res30.readCreateAclsResponse, writeResponse: res30.writeCreateAclsResponse as ApiCodec["writeResponse"], newResponse: res30.newCreateAclsResponse }],
  [31, { key: 31, name: "DeleteAcls", readRequest: req31.readDeleteAclsRequest, writeRequest: req31.writeDeleteAclsRequest as ApiCodec["writeRequest"], newRequest: req31.newDeleteAclsRequest, readResponse: res31.readDeleteAclsResponse, writeResponse: res31.writeDeleteAclsResponse as ApiCodec["writeResponse"], newResponse: res31.newDeleteAclsResponse }],
  [32, { key: 32, name: "DescribeConfigs", readRequest: req32.readDescribeConfigsRequest, writeRequest: req32.writeDescribeConfigsRequest as ApiCodec["writeRequest"], newRequest: req32.newDescribeConfigsRequest, readResponse: res32.readDescribeConfigsResponse, writeResponse: res32.writeDescribeConfigsResponse as ApiCodec["writeResponse"], newResponse: res32.newDescribeConfigsResponse }],
  [33, { key: 33, name: "AlterConfigs", readRequest: req33.readAlterConfigsRequest, writeRequest: req33.writeAlterConfigsRequest as ApiCodec["writeRequest"], newRequest: req33.newAlterConfigsRequest, readResponse: res33.readAlterConfigsResponse, writeResponse: res33.writeAlterConfigsResponse as ApiCodec["writeResponse"], newResponse: res33.newAlterConfigsResponse }],
  [34, { key: 34, name: "AlterReplicaLogDirs", readRequest: req34.readAlterReplicaLogDirsRequest, writeRequest: req34.writeAlterReplicaLogDirsRequest as ApiCodec["writeRequest"], newRequest: req34.newAlterReplicaLogDirsRequest, readResponse: res34.readAlterReplicaLogDirsResponse, writeResponse: res34.writeAlterReplicaLogDirsResponse as ApiCodec["writeResponse"], newResponse: res34.newAlterReplicaLogDirsResponse }],
  [35, { key: 35, name: "DescribeLogDirs", readRequest: req35.readDescribeLogDirsRequest, writeRequest: req35.writeDescribeLogDirsRequest as ApiCodec["writeRequest"], newRequest: req35.newDescribeLogDirsRequest, readResponse: res35.readDescribeLogDirsResponse, writeResponse: res35.writeDescribeLogDirsResponse as ApiCodec["writeResponse"], newResponse: res35.newDescribeLogDirsResponse }],
  [36, { key: 36, name: "SaslAuthenticate", readRequest: req36.readSaslAuthenticateRequest, writeRequest: req36.writeSaslAuthenticateRequest as ApiCodec["writeRequest"], newRequest: req36.newSaslAuthenticateRequest, readResponse: res36.readSaslAuthenticateResponse, writeResponse: res36.writeSaslAuthenticateResponse as ApiCodec["writeResponse"], newResponse: res36.newSaslAuthenticateResponse }],
  [37, { key: 37, name: "CreatePartitions", readRequest: req37.readCreatePartitionsRequest, writeRequest: req37.writeCreatePartitionsRequest as ApiCodec["writeRequest"], newRequest: req37.newCreatePartitionsRequest, readResponse: res37.readCreatePartitionsResponse, writeResponse: res37.writeCreatePartitionsResponse as ApiCodec["writeResponse"], newResponse: res37.newCreatePartitionsResponse }],
  [38, { key: 38, name: "CreateDelegationToken", readRequest: req38.readCreateDelegationTokenRequest, writeRequest: req38.writeCreateDelegationTokenRequest as ApiCodec["writeRequest"], newRequest: req38.newCreateDelegationTokenRequest, readResponse: res38.readCreateDelegationTokenResponse, writeResponse: res38.writeCreateDelegationTokenResponse as ApiCodec["writeResponse"], newResponse: res38.newCreateDelegationTokenResponse }],
  [39, { key: 39, name: "RenewDelegationToken", readRequest: req39.readRenewDelegationTokenRequest, writeRequest: req39.writeRenewDelegationTokenRequest as ApiCodec["writeRequest"], newRequest: req39.newRenewDelegationTokenRequest, readResponse: res39.readRenewDelegationTokenResponse, writeResponse: res39.writeRenewDelegationTokenResponse as ApiCodec["writeResponse"], newResponse: res39.newRenewDelegationTokenResponse }],
  [40, { key: 40, name: "ExpireDelegationToken", readRequest: req40.readExpireDelegationTokenRequest, writeRequest: req40.writeExpireDelegationTokenRequest as ApiCodec["writeRequest"], newRequest: req40.newExpireDelegationTokenRequest, readResponse: res40.readExpireDelegationTokenResponse, writeResponse: res40.writeExpireDelegationTokenResponse as ApiCodec["writeResponse"], newResponse: res40.newExpireDelegationTokenResponse }],
  [41, { key: 41, name: "DescribeDelegationToken", readRequest: req41.readDescribeDelegationTokenRequest, writeRequest: req41.writeDescribeDelegationTokenRequest as ApiCodec["writeRequest"], newRequest: req41.newDescribeDelegationTokenRequest, readResponse: res41.readDescribeDelegationTokenResponse, writeResponse: res41.writeDescribeDelegationTokenResponse as ApiCodec["writeResponse"], newResponse: res41.newDescribeDelegationTokenResponse }],
  [42, { key: 42, name: "DeleteGroups", readRequest: req42.readDeleteGroupsRequest, writeRequest: req42.writeDeleteGroupsRequest as ApiCodec["writeRequest"], newRequest: req42.newDeleteGroupsRequest, readResponse: res42.readDeleteGroupsResponse, writeResponse: res42.writeDeleteGroupsResponse as ApiCodec["writeResponse"], newResponse: res42.newDeleteGroupsResponse }],
  [43, { key: 43, name: "ElectLeaders", readRequest: req43.readElectLeadersRequest, writeRequest: req43.writeElectLeadersRequest as ApiCodec["writeRequest"], newRequest: req43.newElectLeadersRequest, readResponse: res43.readElectLeadersResponse, writeResponse: res43.writeElectLeadersResponse as ApiCodec["writeResponse"], newResponse: res43.newElectLeadersResponse }],
  [44, { key: 44, name: "IncrementalAlterConfigs", readRequest: req44.readIncrementalAlterConfigsRequest, writeRequest: req44.writeIncrementalAlterConfigsRequest as ApiCodec["writeRequest"], newRequest: req44.newIncrementalAlterConfigsRequest, readResponse: res44.readIncrementalAlterConfigsResponse, writeResponse: res44.writeIncrementalAlterConfigsResponse as ApiCodec["writeResponse"], newResponse: res44.newIncrementalAlterConfigsResponse }],
  [45, { key: 45, name: "AlterPartitionReassignments", readRequest: req45.readAlterPartitionReassignmentsRequest, writeRequest: req45.writeAlterPartitionReassignmentsRequest as ApiCodec["writeRequest"], newRequest: req45.newAlterPartitionReassignmentsRequest, readResponse: res45.readAlterPartitionReassignmentsResponse, writeResponse: res45.writeAlterPartitionReassignmentsResponse as ApiCodec["writeResponse"], newResponse: res45.newAlterPartitionReassignmentsResponse }],
  [46, { key: 46, name: "ListPartitionReassignments", readRequest: req46.readListPartitionReassignmentsRequest, writeRequest: req46.writeListPartitionReassignmentsRequest as ApiCodec["writeRequest"], newRequest: req46.newListPartitionReassignmentsRequest, readResponse: res46.readListPartitionReassignmentsResponse, writeResponse: res46.writeListPartitionReassignmentsResponse as ApiCodec["writeResponse"], newResponse: res46.newListPartitionReassignmentsResponse }],
  [47, { key: 47, name: "OffsetDelete", readRequest: req47.readOffsetDeleteRequest, writeRequest: req47.writeOffsetDeleteRequest as ApiCodec["writeRequest"], newRequest: req47.newOffsetDeleteRequest, readResponse: res47.readOffsetDeleteResponse, writeResponse: res47.writeOffsetDeleteResponse as ApiCodec["writeResponse"], newResponse: res47.newOffsetDeleteResponse }],
  [48, { key: 48, name: "DescribeClientQuotas", readRequest: req48.readDescribeClientQuotasRequest, writeRequest: req48.writeDescribeClientQuotasRequest as ApiCodec["writeRequest"], newRequest: req48.newDescribeClientQuotasRequest, readResponse: res48.readDescribeClientQuotasResponse, writeResponse: res48.writeDescribeClientQuotasResponse as ApiCodec["writeResponse"], newResponse: res48.newDescribeClientQuotasResponse }],
  [49, { key: 49, name: "AlterClientQuotas", readRequest: req49.readAlterClientQuotasRequest, writeRequest: req49.writeAlterClientQuotasRequest as ApiCodec["writeRequest"], newRequest: req49.newAlterClientQuotasRequest, readResponse: res49.readAlterClientQuotasResponse, writeResponse: res49.writeAlterClientQuotasResponse as ApiCodec["writeResponse"], newResponse: res49.newAlterClientQuotasResponse }],
  [50, { key: 50, name: "DescribeUserScramCredentials", readRequest: req50.readDescribeUserScramCredentialsRequest, writeRequest: req50.writeDescribeUserScramCredentialsRequest as ApiCodec["writeRequest"], newRequest: req50.newDescribeUserScramCredentialsRequest, readResponse: res50.readDescribeUserScramCredentialsResponse, writeResponse: res50.writeDescribeUserScramCredentialsResponse as ApiCodec["writeResponse"], newResponse: res50.newDescribeUserScramCredentialsResponse }],
  [51, { key: 51, name: "AlterUserScramCredentials", readRequest: req51.readAlterUserScramCredentialsRequest, writeRequest: req51.writeAlterUserScramCredentialsRequest as ApiCodec["writeRequest"], newRequest: req51.newAlterUserScramCredentialsRequest, readResponse: res51.readAlterUserScramCredentialsResponse, writeResponse: res51.writeAlterUserScramCredentialsResponse as ApiCodec["writeResponse"], newResponse: res51.newAlterUserScramCredentialsResponse }],
  [52, { key: 52, name: "Vote", readRequest: req52.readVoteRequest, writeRequest: req52.writeVoteRequest as ApiCodec["writeRequest"], newRequest: req52.newVoteRequest, readResponse: res52.readVoteResponse, writeResponse: res52.writeVoteResponse as ApiCodec["writeResponse"], newResponse: res52.newVoteResponse }],
  [53, { key: 53, name: "BeginQuorumEpoch", readRequest: req53.readBeginQuorumEpochRequest, writeRequest: req53.writeBeginQuorumEpochRequest as ApiCodec["writeRequest"], newRequest: req53.newBeginQuorumEpochRequest, readResponse: res53.readBeginQuorumEpochResponse, writeResponse: res53.writeBeginQuorumEpochResponse as ApiCodec["writeResponse"], newResponse: res53.newBeginQuorumEpochResponse }],
  [54, { key: 54, name: "EndQuorumEpoch", readRequest: req54.readEndQuorumEpochRequest, writeRequest: req54.writeEndQuorumEpochRequest as ApiCodec["writeRequest"], newRequest: req54.newEndQuorumEpochRequest, readResponse: res54.readEndQuorumEpochResponse, writeResponse: res54.writeEndQuorumEpochResponse as ApiCodec["writeResponse"], newResponse: res54.newEndQuorumEpochResponse }],
  [55, { key: 55, name: "DescribeQuorum", readRequest: req55.readDescribeQuorumRequest, writeRequest: req55.writeDescribeQuorumRequest as ApiCodec["writeRequest"], newRequest: req55.newDescribeQuorumRequest, readResponse: res55.readDescribeQuorumResponse, writeResponse: res55.writeDescribeQuorumResponse as ApiCodec["writeResponse"], newResponse: res55.newDescribeQuorumResponse }],
  [56, { key: 56, name: "AlterPartition", readRequest: req56.readAlterPartitionRequest, writeRequest: req56.writeAlterPartitionRequest as ApiCodec["writeRequest"], newRequest: req56.newAlterPartitionRequest, readResponse: res56.readAlterPartitionResponse, writeResponse: res56.writeAlterPartitionResponse as ApiCodec["writeResponse"], newResponse: res56.newAlterPartitionResponse }],
  [57, { key: 57, name: "UpdateFeatures", readRequest: req57.readUpdateFeaturesRequest, writeRequest: req57.writeUpdateFeaturesRequest as ApiCodec["writeRequest"], newRequest: req57.newUpdateFeaturesRequest, readResponse: res57.readUpdateFeaturesResponse, writeResponse: res57.writeUpdateFeaturesResponse as ApiCodec["writeResponse"], newResponse: res57.newUpdateFeaturesResponse }],
  [58, { key: 58, name: "Envelope", readRequest: req58.readEnvelopeRequest, writeRequest: req58.writeEnvelopeRequest as ApiCodec["writeRequest"], newRequest: req58.newEnvelopeRequest, readResponse: res58.readEnvelopeResponse, writeResponse: res58.writeEnvelopeResponse as ApiCodec["writeResponse"], newResponse: res58.newEnvelopeResponse }],
  [59, { key: 59, name: "FetchSnapshot", readRequest: req59.readFetchSnapshotRequest, writeRequest: req59.writeFetchSnapshotRequest as ApiCodec["writeRequest"], newRequest: req59.newFetchSnapshotRequest, readResponse: res59.readFetchSnapshotResponse, writeResponse: res59.writeFetchSnapshotResponse as ApiCodec["writeResponse"], newResponse: res59.newFetchSnapshotResponse }],
  [60, { key: 60, name: "DescribeCluster", readRequest: req60.readDescribeClusterRequest, writeRequest: req60.writeDescribeClusterRequest as ApiCodec["writeRequest"], newRequest: req60.newDescribeClusterRequest, readResponse: res60.readDescribeClusterResponse, writeResponse: res60.writeDescribeClusterResponse as ApiCodec["writeResponse"], newResponse: res60.newDescribeClusterResponse }],
  [61, { key: 61, name: "DescribeProducers", readRequest: req61.readDescribeProducersRequest, writeRequest: req61.writeDescribeProducersRequest as ApiCodec["writeRequest"], newRequest: req61.newDescribeProducersRequest, readResponse: res61.readDescribeProducersResponse, writeResponse: res61.writeDescribeProducersResponse as ApiCodec["writeResponse"], newResponse: res61.newDescribeProducersResponse }],
  [62, { key: 62, name: "BrokerRegistration", readRequest: req62.readBrokerRegistrationRequest, writeRequest: req62.writeBrokerRegistrationRequest as ApiCodec["writeRequest"], newRequest: req62.newBrokerRegistrationRequest, readResponse: res62.readBrokerRegistrationResponse, writeResponse: res62.writeBrokerRegistrationResponse as ApiCodec["writeResponse"], newResponse: res62.newBrokerRegistrationResponse }],
  [63, { key: 63, name: "BrokerHeartbeat", readRequest: req63.readBrokerHeartbeatRequest, writeRequest: req63.writeBrokerHeartbeatRequest as ApiCodec["writeRequest"], newRequest: req63.newBrokerHeartbeatRequest, readResponse: res63.readBrokerHeartbeatResponse, writeResponse: res63.writeBrokerHeartbeatResponse as ApiCodec["writeResponse"], newResponse: res63.newBrokerHeartbeatResponse }],
  [64, { key: 64, name: "UnregisterBroker", readRequest: req64.readUnregisterBrokerRequest, writeRequest: req64.writeUnregisterBrokerRequest as ApiCodec["writeRequest"], newRequest: req64.newUnregisterBrokerRequest, readResponse: res64.readUnregisterBrokerResponse, writeResponse: res64.writeUnregisterBrokerResponse as ApiCodec["writeResponse"], newResponse: res64.newUnregisterBrokerResponse }],
  [65, { key: 65, name: "DescribeTransactions", readRequest: req65.readDescribeTransactionsRequest, writeRequest: req65.writeDescribeTransactionsRequest as ApiCodec["writeRequest"], newRequest: req65.newDescribeTransactionsRequest, readResponse: res65.readDescribeTransactionsResponse, writeResponse: res65.writeDescribeTransactionsResponse as ApiCodec["writeResponse"], newResponse: res65.newDescribeTransactionsResponse }],
  [66, { key: 66, name: "ListTransactions", readRequest: req66.readListTransactionsRequest, writeRequest: req66.writeListTransactionsRequest as ApiCodec["writeRequest"], newRequest: req66.newListTransactionsRequest, readResponse: res66.readListTransactionsResponse, writeResponse: res66.writeListTransactionsResponse as ApiCodec["writeResponse"], newResponse: res66.newListTransactionsResponse }],
  [67, { key: 67, name: "AllocateProducerIds", readRequest: req67.readAllocateProducerIdsRequest, writeRequest: req67.writeAllocateProducerIdsRequest as ApiCodec["writeRequest"], newRequest: req67.newAllocateProducerIdsRequest, readResponse: res67.readAllocateProducerIdsResponse, writeResponse: res67.writeAllocateProducerIdsResponse as ApiCodec["writeResponse"], newResponse: res67.newAllocateProducerIdsResponse }],
  [68, { key: 68, name: "ConsumerGroupHeartbeat", readRequest: req68.readConsumerGroupHeartbeatRequest, writeRequest: req68.writeConsumerGroupHeartbeatRequest as ApiCodec["writeRequest"], newRequest: req68.newConsumerGroupHeartbeatRequest, readResponse: res68.readConsumerGroupHeartbeatResponse, writeResponse: res68.writeConsumerGroupHeartbeatResponse as ApiCodec["writeResponse"], newResponse: res68.newConsumerGroupHeartbeatResponse }],
  [69, { key: 69, name: "ConsumerGroupDescribe", readRequest: req69.readConsumerGroupDescribeRequest, writeRequest: req69.writeConsumerGroupDescribeRequest as ApiCodec["writeRequest"], newRequest: req69.newConsumerGroupDescribeRequest, readResponse: res69.readConsumerGroupDescribeResponse, writeResponse: res69.writeConsumerGroupDescribeResponse as ApiCodec["writeResponse"], newResponse: res69.newConsumerGroupDescribeResponse }],
  [70, { key: 70, name: "ControllerRegistration", readRequest: req70.readControllerRegistrationRequest, writeRequest: req70.writeControllerRegistrationRequest as ApiCodec["writeRequest"], newRequest: req70.newControllerRegistrationRequest, readResponse: res70.readControllerRegistrationResponse, writeResponse: res70.writeControllerRegistrationResponse as ApiCodec["writeResponse"], newResponse: res70.newControllerRegistrationResponse }],
  [71, { key: 71, name: "GetTelemetrySubscriptions", readRequest: req71.readGetTelemetrySubscriptionsRequest, writeRequest: req71.writeGetTelemetrySubscriptionsRequest as ApiCodec["writeRequest"], newRequest: req71.newGetTelemetrySubscriptionsRequest, readResponse: res71.readGetTelemetrySubscriptionsResponse, writeResponse: res71.writeGetTelemetrySubscriptionsResponse as ApiCodec["writeResponse"], newResponse: res71.newGetTelemetrySubscriptionsResponse }],
  [72, { key: 72, name: "PushTelemetry", readRequest: req72.readPushTelemetryRequest, writeRequest: req72.writePushTelemetryRequest as ApiCodec["writeRequest"], newRequest: req72.newPushTelemetryRequest, readResponse: res72.readPushTelemetryResponse, writeResponse: res72.writePushTelemetryResponse as ApiCodec["writeResponse"], newResponse: res72.newPushTelemetryResponse }],
  [73, { key: 73, name: "AssignReplicasToDirs", readRequest: req73.readAssignReplicasToDirsRequest, writeRequest: req73.writeAssignReplicasToDirsRequest as ApiCodec["writeRequest"], newRequest: req73.newAssignReplicasToDirsRequest, readResponse: res73.readAssignReplicasToDirsResponse, writeResponse: res73.writeAssignReplicasToDirsResponse as ApiCodec["writeResponse"], newResponse: res73.newAssignReplicasToDirsResponse }],
  [74, { key: 74, name: "ListConfigResources", readRequest: req74.readListConfigResourcesRequest, writeRequest: req74.writeListConfigResourcesRequest as ApiCodec["writeRequest"], newRequest: req74.newListConfigResourcesRequest, readResponse: res74.readListConfigResourcesResponse, writeResponse: res74.writeListConfigResourcesResponse as ApiCodec["writeResponse"], newResponse: res74.newListConfigResourcesResponse }],
  [75, { key: 75, name: "DescribeTopicPartitions", readRequest: req75.readDescribeTopicPartitionsRequest, writeRequest: req75.writeDescribeTopicPartitionsRequest as ApiCodec["writeRequest"], newRequest: req75.newDescribeTopicPartitionsRequest, readResponse: res75.readDescribeTopicPartitionsResponse, writeResponse: res75.writeDescribeTopicPartitionsResponse as ApiCodec["writeResponse"], newResponse: res75.newDescribeTopicPartitionsResponse }],
  [76, { key: 76, name: "ShareGroupHeartbeat", readRequest: req76.readShareGroupHeartbeatRequest, writeRequest: req76.writeShareGroupHeartbeatRequest as ApiCodec["writeRequest"], newRequest: req76.newShareGroupHeartbeatRequest, readResponse: res76.readShareGroupHeartbeatResponse, writeResponse: res76.writeShareGroupHeartbeatResponse as ApiCodec["writeResponse"], newResponse: res76.newShareGroupHeartbeatResponse }],
  [77, { key: 77, name: "ShareGroupDescribe", readRequest: req77.readShareGroupDescribeRequest, writeRequest: req77.writeShareGroupDescribeRequest as ApiCodec["writeRequest"], newRequest: req77.newShareGroupDescribeRequest, readResponse: res77.readShareGroupDescribeResponse, writeResponse: res77.writeShareGroupDescribeResponse as ApiCodec["writeResponse"], newResponse: res77.newShareGroupDescribeResponse }],
  [78, { key: 78, name: "ShareFetch", readRequest: req78.readShareFetchRequest, writeRequest: req78.writeShareFetchRequest as ApiCodec["writeRequest"], newRequest: req78.newShareFetchRequest, readResponse: res78.readShareFetchResponse, writeResponse: res78.writeShareFetchResponse as ApiCodec["writeResponse"], newResponse: res78.newShareFetchResponse }],
  [79, { key: 79, name: "ShareAcknowledge", readRequest: req79.readShareAcknowledgeRequest, writeRequest: req79.writeShareAcknowledgeRequest as ApiCodec["writeRequest"], newRequest: req79.newShareAcknowledgeRequest, readResponse: res79.readShareAcknowledgeResponse, writeResponse: res79.writeShareAcknowledgeResponse as ApiCodec["writeResponse"], newResponse: res79.newShareAcknowledgeResponse }],
  [80, { key: 80, name: "AddRaftVoter", readRequest: req80.readAddRaftVoterRequest, writeRequest: req80.writeAddRaftVoterRequest as ApiCodec["writeRequest"], newRequest: req80.newAddRaftVoterRequest, readResponse: res80.readAddRaftVoterResponse, writeResponse: res80.writeAddRaftVoterResponse as ApiCodec["writeResponse"], newResponse: res80.newAddRaftVoterResponse }],
  [81, { key: 81, name: "RemoveRaftVoter", readRequest: req81.readRemoveRaftVoterRequest, writeRequest: req81.writeRemoveRaftVoterRequest as ApiCodec["writeRequest"], newRequest: req81.newRemoveRaftVoterRequest, readResponse: res81.readRemoveRaftVoterResponse, writeResponse: res81.writeRemoveRaftVoterResponse as ApiCodec["writeResponse"], newResponse: res81.newRemoveRaftVoterResponse }],
  [82, { key: 82, name: "UpdateRaftVoter", readRequest: req82.readUpdateRaftVoterRequest, writeRequest: req82.writeUpdateRaftVoterRequest as ApiCodec["writeRequest"], newRequest: req82.newUpdateRaftVoterRequest, readResponse: res82.readUpdateRaftVoterResponse, writeResponse: res82.writeUpdateRaftVoterResponse as ApiCodec["writeResponse"], newResponse: res82.newUpdateRaftVoterResponse }],
  [83, { key: 83, name: "InitializeShareGroupState", readRequest: req83.readInitializeShareGroupStateRequest, writeRequest: req83.writeInitializeShareGroupStateRequest as ApiCodec["writeRequest"], newRequest: req83.newInitializeShareGroupStateRequest, readResponse: res83.readInitializeShareGroupStateResponse, writeResponse: res83.writeInitializeShareGroupStateResponse as ApiCodec["writeResponse"], newResponse: res83.newInitializeShareGroupStateResponse }],
  [84, { key: 84, name: "ReadShareGroupState", readRequest: req84.readReadShareGroupStateRequest, writeRequest: req84.writeReadShareGroupStateRequest as ApiCodec["writeRequest"], newRequest: req84.newReadShareGroupStateRequest, readResponse: res84.readReadShareGroupStateResponse, writeResponse: res84.writeReadShareGroupStateResponse as ApiCodec["writeResponse"], newResponse: res84.newReadShareGroupStateResponse }],
  [85, { key: 85, name: "WriteShareGroupState", readRequest: req85.readWriteShareGroupStateRequest, writeRequest: req85.writeWriteShareGroupStateRequest as ApiCodec["writeRequest"], newRequest: req85.newWriteShareGroupStateRequest, readResponse: res85.readWriteShareGroupStateResponse, writeResponse: res85.writeWriteShareGroupStateResponse as ApiCodec["writeResponse"], newResponse: res85.newWriteShareGroupStateResponse }],
  [86, { key: 86, name: "DeleteShareGroupState", readRequest: req86.readDeleteShareGroupStateRequest, writeRequest: req86.writeDeleteShareGroupStateRequest as ApiCodec["writeRequest"], newRequest: req86.newDeleteShareGroupStateRequest, readResponse: res86.readDeleteShareGroupStateResponse, writeResponse: res86.writeDeleteShareGroupStateResponse as ApiCodec["writeResponse"], newResponse: res86.newDeleteShareGroupStateResponse }],
  [87, { key: 87, name: "ReadShareGroupStateSummary", readRequest: req87.readReadShareGroupStateSummaryRequest, writeRequest: req87.writeReadShareGroupStateSummaryRequest as ApiCodec["writeRequest"], newRequest: req87.newReadShareGroupStateSummaryRequest, readResponse: res87.readReadShareGroupStateSummaryResponse, writeResponse: res87.writeReadShareGroupStateSummaryResponse as ApiCodec["writeResponse"], newResponse: res87.newReadShareGroupStateSummaryResponse }],
  [88, { key: 88, name: "StreamsGroupHeartbeat", readRequest: req88.readStreamsGroupHeartbeatRequest, writeRequest: req88.writeStreamsGroupHeartbeatRequest as ApiCodec["writeRequest"], newRequest: req88.newStreamsGroupHeartbeatRequest, readResponse: res88.readStreamsGroupHeartbeatResponse, writeResponse: res88.writeStreamsGroupHeartbeatResponse as ApiCodec["writeResponse"], newResponse: res88.newStreamsGroupHeartbeatResponse }],
  [89, { key: 89, name: "StreamsGroupDescribe", readRequest: req89.readStreamsGroupDescribeRequest, writeRequest: req89.writeStreamsGroupDescribeRequest as ApiCodec["writeRequest"], newRequest: req89.newStreamsGroupDescribeRequest, readResponse: res89.readStreamsGroupDescribeResponse, writeResponse: res89.writeStreamsGroupDescribeResponse as ApiCodec["writeResponse"], newResponse: res89.newStreamsGroupDescribeResponse }],
  [90, { key: 90, name: "DescribeShareGroupOffsets", readRequest: req90.readDescribeShareGroupOffsetsRequest, writeRequest: req90.writeDescribeShareGroupOffsetsRequest as ApiCodec["writeRequest"], newRequest: req90.newDescribeShareGroupOffsetsRequest, readResponse: res90.readDescribeShareGroupOffsetsResponse, writeResponse: res90.writeDescribeShareGroupOffsetsResponse as ApiCodec["writeResponse"], newResponse: res90.newDescribeShareGroupOffsetsResponse }],
  [91, { key: 91, name: "AlterShareGroupOffsets", readRequest: req91.readAlterShareGroupOffsetsRequest, writeRequest: req91.writeAlterShareGroupOffsetsRequest as ApiCodec["writeRequest"], newRequest: req91.newAlterShareGroupOffsetsRequest, readResponse: res91.readAlterShareGroupOffsetsResponse, writeResponse: res91.writeAlterShareGroupOffsetsResponse as ApiCodec["writeResponse"], newResponse: res91.newAlterShareGroupOffsetsResponse }],
  [92, { key: 92, name: "DeleteShareGroupOffsets", readRequest: req92.readDeleteShareGroupOffsetsRequest, writeRequest: req92.writeDeleteShareGroupOffsetsRequest as ApiCodec["writeRequest"], newRequest: req92.newDeleteShareGroupOffsetsRequest, readResponse: res92.readDeleteShareGroupOffsetsResponse, writeResponse: res92.writeDeleteShareGroupOffsetsResponse as ApiCodec["writeResponse"], newResponse: res92.newDeleteShareGroupOffsetsResponse }],
  [93, { key: 93, name: "StreamsGroupTopologyDescriptionUpdate", readRequest: req93.readStreamsGroupTopologyDescriptionUpdateRequest, writeRequest: req93.writeStreamsGroupTopologyDescriptionUpdateRequest as ApiCodec["writeRequest"], newRequest: req93.newStreamsGroupTopologyDescriptionUpdateRequest, readResponse: res93.readStreamsGroupTopologyDescriptionUpdateResponse, writeResponse: res93.writeStreamsGroupTopologyDescriptionUpdateResponse as ApiCodec["writeResponse"], newResponse: res93.newStreamsGroupTopologyDescriptionUpdateResponse }],
  [94, { key: 94, name: "UnregisterController", readRequest: req94.readUnregisterControllerRequest, writeRequest: req94.writeUnregisterControllerRequest as ApiCodec["writeRequest"], newRequest: req94.newUnregisterControllerRequest, readResponse: res94.readUnregisterControllerResponse, writeResponse: res94.writeUnregisterControllerResponse as ApiCodec["writeResponse"], newResponse: res94.newUnregisterControllerResponse }],
]);
