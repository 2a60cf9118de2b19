// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from Apache Kafka 4.4.0 (kafka-clients-4.4.0.jar, kafka-metadata-4.4.0.jar, kafka-group-coordinator-4.4.0.jar, kafka-share-coordinator-4.4.0.jar, kafka-transaction-coordinator-4.4.0.jar, kafka-storage-4.4.0.jar, kafka-raft-4.4.0.jar),
// every *Request.json. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.
/* eslint-disable */

/** Kafka release whose definitions this table was generated from. */
export const KAFKA_RELEASE = "4.4.0";

export interface ApiInfo {
  readonly key: number;
  /** Name as Kafka's ApiKeys prints it, e.g. "Produce". */
  readonly name: string;
  /** Versions in the JSON's validVersions; -1/-1 where Kafka lists "none" (removed APIs). */
  readonly minVersion: number;
  readonly maxVersion: number;
  /** First flexible version of the request, -1 if none. */
  readonly flexibleMinVersion: number;
  /** The response's first flexible version (it can differ from the request's). */
  readonly responseFlexibleMinVersion: number;
  readonly listeners: readonly string[];
  /** The latest version is unstable: Kafka does not advertise it unless told to. */
  readonly latestVersionUnstable: boolean;
}

export const API_TABLE: readonly ApiInfo[] = [
  { key: 0, name: "Produce", minVersion: 3, maxVersion: 13, flexibleMinVersion: 9, responseFlexibleMinVersion: 9, listeners: ["broker"], latestVersionUnstable: false },
  { key: 1, name: "Fetch", minVersion: 4, maxVersion: 18, flexibleMinVersion: 12, responseFlexibleMinVersion: 12, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 2, name: "ListOffsets", minVersion: 1, maxVersion: 11, flexibleMinVersion: 6, responseFlexibleMinVersion: 6, listeners: ["broker"], latestVersionUnstable: false },
  { key: 3, name: "Metadata", minVersion: 0, maxVersion: 13, flexibleMinVersion: 9, responseFlexibleMinVersion: 9, listeners: ["broker"], latestVersionUnstable: false },
  { key: 4, name: "LeaderAndIsr", minVersion: -1, maxVersion: -1, flexibleMinVersion: -1, responseFlexibleMinVersion: -1, listeners: [], latestVersionUnstable: false },
  { key: 5, name: "StopReplica", minVersion: -1, maxVersion: -1, flexibleMinVersion: -1, responseFlexibleMinVersion: -1, listeners: [], latestVersionUnstable: false },
  { key: 6, name: "UpdateMetadata", minVersion: -1, maxVersion: -1, flexibleMinVersion: -1, responseFlexibleMinVersion: -1, listeners: [], latestVersionUnstable: false },
  { key: 7, name: "ControlledShutdown", minVersion: -1, maxVersion: -1, flexibleMinVersion: -1, responseFlexibleMinVersion: -1, listeners: [], latestVersionUnstable: false },
  { key: 8, name: "OffsetCommit", minVersion: 2, maxVersion: 10, flexibleMinVersion: 8, responseFlexibleMinVersion: 8, listeners: ["broker"], latestVersionUnstable: false },
  { key: 9, name: "OffsetFetch", minVersion: 1, maxVersion: 10, flexibleMinVersion: 6, responseFlexibleMinVersion: 6, listeners: ["broker"], latestVersionUnstable: false },
  { key: 10, name: "FindCoordinator", minVersion: 0, maxVersion: 6, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker"], latestVersionUnstable: false },
  { key: 11, name: "JoinGroup", minVersion: 0, maxVersion: 9, flexibleMinVersion: 6, responseFlexibleMinVersion: 6, listeners: ["broker"], latestVersionUnstable: false },
  { key: 12, name: "Heartbeat", minVersion: 0, maxVersion: 4, flexibleMinVersion: 4, responseFlexibleMinVersion: 4, listeners: ["broker"], latestVersionUnstable: false },
  { key: 13, name: "LeaveGroup", minVersion: 0, maxVersion: 5, flexibleMinVersion: 4, responseFlexibleMinVersion: 4, listeners: ["broker"], latestVersionUnstable: false },
  { key: 14, name: "SyncGroup", minVersion: 0, maxVersion: 5, flexibleMinVersion: 4, responseFlexibleMinVersion: 4, listeners: ["broker"], latestVersionUnstable: false },
  { key: 15, name: "DescribeGroups", minVersion: 0, maxVersion: 6, flexibleMinVersion: 5, responseFlexibleMinVersion: 5, listeners: ["broker"], latestVersionUnstable: false },
  { key: 16, name: "ListGroups", minVersion: 0, maxVersion: 5, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker"], latestVersionUnstable: false },
  { key: 17, name: "SaslHandshake", minVersion: 0, maxVersion: 1, flexibleMinVersion: -1, responseFlexibleMinVersion: -1, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 18, name: "ApiVersions", minVersion: 0, maxVersion: 5, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 19, name: "CreateTopics", minVersion: 2, maxVersion: 7, flexibleMinVersion: 5, responseFlexibleMinVersion: 5, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 20, name: "DeleteTopics", minVersion: 1, maxVersion: 6, flexibleMinVersion: 4, responseFlexibleMinVersion: 4, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 21, name: "DeleteRecords", minVersion: 0, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker"], latestVersionUnstable: false },
  { key: 22, name: "InitProducerId", minVersion: 0, maxVersion: 6, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker"], latestVersionUnstable: true },
  { key: 23, name: "OffsetForLeaderEpoch", minVersion: 2, maxVersion: 4, flexibleMinVersion: 4, responseFlexibleMinVersion: 4, listeners: ["broker"], latestVersionUnstable: false },
  { key: 24, name: "AddPartitionsToTxn", minVersion: 0, maxVersion: 5, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker"], latestVersionUnstable: false },
  { key: 25, name: "AddOffsetsToTxn", minVersion: 0, maxVersion: 4, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker"], latestVersionUnstable: false },
  { key: 26, name: "EndTxn", minVersion: 0, maxVersion: 5, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker"], latestVersionUnstable: false },
  { key: 27, name: "WriteTxnMarkers", minVersion: 1, maxVersion: 2, flexibleMinVersion: 1, responseFlexibleMinVersion: 1, listeners: ["broker"], latestVersionUnstable: false },
  { key: 28, name: "TxnOffsetCommit", minVersion: 0, maxVersion: 6, flexibleMinVersion: 3, responseFlexibleMinVersion: 3, listeners: ["broker"], latestVersionUnstable: false },
  { key: 29, name: "DescribeAcls", minVersion: 1, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 30, name: "CreateAcls", minVersion: 1, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 31, name: "DeleteAcls", minVersion: 1, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 32, name: "DescribeConfigs", minVersion: 1, maxVersion: 4, flexibleMinVersion: 4, responseFlexibleMinVersion: 4, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 33, name: "AlterConfigs", minVersion: 0, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 34, name: "AlterReplicaLogDirs", minVersion: 1, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker"], latestVersionUnstable: false },
  { key: 35, name: "DescribeLogDirs", minVersion: 1, maxVersion: 5, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker"], latestVersionUnstable: false },
  { key: 36, name: "SaslAuthenticate", minVersion: 0, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 37, name: "CreatePartitions", minVersion: 0, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 38, name: "CreateDelegationToken", minVersion: 1, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 39, name: "RenewDelegationToken", minVersion: 1, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 40, name: "ExpireDelegationToken", minVersion: 1, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 41, name: "DescribeDelegationToken", minVersion: 1, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 42, name: "DeleteGroups", minVersion: 0, maxVersion: 3, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker"], latestVersionUnstable: false },
  { key: 43, name: "ElectLeaders", minVersion: 0, maxVersion: 2, flexibleMinVersion: 2, responseFlexibleMinVersion: 2, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 44, name: "IncrementalAlterConfigs", minVersion: 0, maxVersion: 1, flexibleMinVersion: 1, responseFlexibleMinVersion: 1, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 45, name: "AlterPartitionReassignments", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 46, name: "ListPartitionReassignments", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 47, name: "OffsetDelete", minVersion: 0, maxVersion: 0, flexibleMinVersion: -1, responseFlexibleMinVersion: -1, listeners: ["broker"], latestVersionUnstable: false },
  { key: 48, name: "DescribeClientQuotas", minVersion: 0, maxVersion: 1, flexibleMinVersion: 1, responseFlexibleMinVersion: 1, listeners: ["broker"], latestVersionUnstable: false },
  { key: 49, name: "AlterClientQuotas", minVersion: 0, maxVersion: 1, flexibleMinVersion: 1, responseFlexibleMinVersion: 1, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 50, name: "DescribeUserScramCredentials", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 51, name: "AlterUserScramCredentials", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 52, name: "Vote", minVersion: 0, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 53, name: "BeginQuorumEpoch", minVersion: 0, maxVersion: 1, flexibleMinVersion: 1, responseFlexibleMinVersion: 1, listeners: ["controller"], latestVersionUnstable: false },
  { key: 54, name: "EndQuorumEpoch", minVersion: 0, maxVersion: 1, flexibleMinVersion: 1, responseFlexibleMinVersion: 1, listeners: ["controller"], latestVersionUnstable: false },
  { key: 55, name: "DescribeQuorum", minVersion: 0, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 56, name: "AlterPartition", minVersion: 2, maxVersion: 3, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 57, name: "UpdateFeatures", minVersion: 0, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 58, name: "Envelope", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 59, name: "FetchSnapshot", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 60, name: "DescribeCluster", minVersion: 0, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 61, name: "DescribeProducers", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 62, name: "BrokerRegistration", minVersion: 0, maxVersion: 4, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 63, name: "BrokerHeartbeat", minVersion: 0, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 64, name: "UnregisterBroker", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
  { key: 65, name: "DescribeTransactions", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 66, name: "ListTransactions", minVersion: 0, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 67, name: "AllocateProducerIds", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 68, name: "ConsumerGroupHeartbeat", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 69, name: "ConsumerGroupDescribe", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 70, name: "ControllerRegistration", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 71, name: "GetTelemetrySubscriptions", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 72, name: "PushTelemetry", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 73, name: "AssignReplicasToDirs", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 74, name: "ListConfigResources", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 75, name: "DescribeTopicPartitions", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 76, name: "ShareGroupHeartbeat", minVersion: 1, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 77, name: "ShareGroupDescribe", minVersion: 1, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 78, name: "ShareFetch", minVersion: 1, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 79, name: "ShareAcknowledge", minVersion: 1, maxVersion: 2, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 80, name: "AddRaftVoter", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller","broker"], latestVersionUnstable: false },
  { key: 81, name: "RemoveRaftVoter", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller","broker"], latestVersionUnstable: false },
  { key: 82, name: "UpdateRaftVoter", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["controller"], latestVersionUnstable: false },
  { key: 83, name: "InitializeShareGroupState", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 84, name: "ReadShareGroupState", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 85, name: "WriteShareGroupState", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 86, name: "DeleteShareGroupState", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 87, name: "ReadShareGroupStateSummary", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 88, name: "StreamsGroupHeartbeat", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 89, name: "StreamsGroupDescribe", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 90, name: "DescribeShareGroupOffsets", minVersion: 0, maxVersion: 1, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 91, name: "AlterShareGroupOffsets", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 92, name: "DeleteShareGroupOffsets", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 93, name: "StreamsGroupTopologyDescriptionUpdate", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker"], latestVersionUnstable: false },
  { key: 94, name: "UnregisterController", minVersion: 0, maxVersion: 0, flexibleMinVersion: 0, responseFlexibleMinVersion: 0, listeners: ["broker","controller"], latestVersionUnstable: false },
];

export const API_BY_KEY: ReadonlyMap<number, ApiInfo> = new Map(API_TABLE.map((a) => [a.key, a]));
