// What Metadata and DescribeTopicPartitions report for an RF 3 partition (and the controller's handling
// of log dirs a broker reports offline), as Kafka's KRaftMetadataCache:
// offline replicas are those on unknown or fenced brokers, on brokers without the request's listener,
// or in a log dir the broker no longer lists (UNASSIGNED / MIGRATING count as online); the leader is
// usable only with an endpoint on the listener.
import { expect, test } from "bun:test";
import { partitionView } from "../../../src/metadata/describe.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { DEFAULT_REPLICATION_ENV, handleBrokerFenced, handleDirectoriesOffline } from "../../../src/metadata/replication-control.ts";
import { ElectionType, planElectLeaders } from "../../../src/metadata/leader-election.ts";
import { newPartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { addTopic, clusterLog, dirOf, epochOf, uid } from "./cluster-log.ts";

test("offline replicas: fenced, unregistered, without the listener, or in an offline log dir", () => {
  const log = clusterLog([1, 2, 3, 4, { id: 5, fenced: true }]);
  addTopic(log, "t", [[1, 2, 3], [1, 5, 9], [4, 1, 2]]);
  // Broker 3's only log dir goes offline: it re-reports its dirs without it.
  log.append([{ apiKey: RecordType.BROKER_REGISTRATION_CHANGE, version: 2, message: { brokerId: 3, brokerEpoch: epochOf(3), fenced: 0, inControlledShutdown: 0, logDirs: [uid(0xd2, 3)], cordonedLogDirs: null } }]);
  const img = log.image;
  const parts = img.topicsByName.get("t")!.partitions;
  expect(partitionView(img, parts[0]!, "PLAINTEXT", -1, null)).toEqual({ errorCode: 0, leaderId: 1, offlineReplicas: [3] });
  expect(partitionView(img, parts[1]!, "PLAINTEXT", -1, null)).toEqual({ errorCode: 0, leaderId: 1, offlineReplicas: [5, 9] });
  // Another listener: every replica's broker lacks it; the registered leader answers LISTENER_NOT_FOUND.
  expect(partitionView(img, parts[2]!, "SSL", -1, null)).toEqual({ errorCode: ErrorCode.LISTENER_NOT_FOUND, leaderId: -1, offlineReplicas: [4, 1, 2] });
});

test("a heartbeat reporting a log dir offline (handleDirectoriesOffline): the replicas in it leave ISR and leadership, the registration keeps the other dirs, Metadata shows them offline", () => {
  const second = uid(0xd3, 2);
  const log = clusterLog([1, { id: 2, logDirs: [dirOf(2), second] }, 3]);
  // t-0 has broker 2's replica in its first dir (dirOf(2), as addTopic records), t-1 in the second one.
  const topicId = addTopic(log, "t", [[2, 1, 3], [2, 3, 1]]);
  log.append([metadataRecord(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 1, directories: [second, dirOf(3), dirOf(1)] })]);
  const records: MetadataRecordOut[] = [];
  handleDirectoriesOffline(log.image, DEFAULT_REPLICATION_ENV, 2, epochOf(2), [dirOf(2), uid(0xee, 1)], records);
  expect(records.map((r) => r.apiKey)).toEqual([RecordType.PARTITION_CHANGE, RecordType.BROKER_REGISTRATION_CHANGE]);
  log.append(records);
  expect(log.partition("t", 0)).toMatchObject({ leader: 1, isr: [1, 3] });
  expect(log.partition("t", 1)).toMatchObject({ leader: 2, isr: [2, 3, 1] });
  expect(log.image.brokers.get(2)!.logDirs).toEqual([second]);
  expect(partitionView(log.image, log.partition("t", 0), "PLAINTEXT", -1, null).offlineReplicas).toEqual([2]);
  expect(partitionView(log.image, log.partition("t", 1), "PLAINTEXT", -1, null).offlineReplicas).toEqual([]);
  // Reported again: nothing new.
  const again: MetadataRecordOut[] = [];
  handleDirectoriesOffline(log.image, DEFAULT_REPLICATION_ENV, 2, epochOf(2), [dirOf(2)], again);
  expect(again).toEqual([]);
});

test("a replica in an offline log dir is not an acceptable leader (LeaderAcceptor), even for an unclean election", () => {
  const log = clusterLog([1, { id: 2, logDirs: [dirOf(2), uid(0xd3, 2)] }], { elr: false });
  addTopic(log, "t", [[2, 1]]);
  const records: MetadataRecordOut[] = [];
  handleDirectoriesOffline(log.image, DEFAULT_REPLICATION_ENV, 2, epochOf(2), [dirOf(2)], records);
  log.append(records);
  expect(log.partition("t", 0)).toMatchObject({ leader: 1, isr: [1] });
  const fence: MetadataRecordOut[] = [];
  handleBrokerFenced(log.image, DEFAULT_REPLICATION_ENV, 1, fence);
  log.append(fence);
  expect(log.partition("t", 0).leader).toBe(-1);
  // Broker 2 is active, but its replica's dir is offline: nobody can lead.
  const plan = planElectLeaders(log.image, ElectionType.UNCLEAN, [{ topic: "t", partitions: [0] }], DEFAULT_REPLICATION_ENV);
  expect(plan.results[0]!.partitionResult[0]!.errorCode).toBe(ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE);
  expect(plan.records).toEqual([]);
});
