// The API keys the CLI sends, by Kafka's names (ApiKeys.java), so command code reads
// `API.CreateTopics` rather than 19.

export const API = {
  Produce: 0,
  Fetch: 1,
  ListOffsets: 2,
  Metadata: 3,
  OffsetCommit: 8,
  OffsetFetch: 9,
  FindCoordinator: 10,
  DescribeGroups: 15,
  ListGroups: 16,
  CreateTopics: 19,
  DeleteTopics: 20,
  InitProducerId: 22,
  DescribeAcls: 29,
  CreateAcls: 30,
  DeleteAcls: 31,
  DescribeConfigs: 32,
  CreatePartitions: 37,
  DeleteGroups: 42,
  IncrementalAlterConfigs: 44,
  OffsetDelete: 47,
  DescribeCluster: 60,
  ConsumerGroupHeartbeat: 68,
  ConsumerGroupDescribe: 69,
} as const;
