// What Metadata and DescribeTopicPartitions report for an RF 3 partition, as Kafka's KRaftMetadataCache:
// offline replicas are those on unknown or fenced brokers, on brokers without the request's listener,
// or in a log dir the broker no longer lists (UNASSIGNED / MIGRATING count as online); the leader is
// usable only with an endpoint on the listener.
import { expect, test } from "bun:test";
import { partitionView } from "../../../src/metadata/describe.ts";
import { RecordType } from "../../../src/metadata/record-serde.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { addTopic, clusterLog, epochOf, uid } from "./cluster-log.ts";

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
