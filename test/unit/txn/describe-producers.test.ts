// DescribeProducers (61): each partition's producer states as Kafka's UnifiedLog.activeProducers lists
// them, and Kafka's per-partition errors. The transactional producer's batch is appended to the log
// directly (the produce path's transaction checks belong to the other transaction parts).
import { afterEach, beforeEach, expect, test } from "bun:test";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { readDescribeProducersResponse, writeDescribeProducersResponse, type DescribeProducersResponse } from "../../../src/protocol/generated/messages/describe-producers-response.ts";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { describeProducersHandler } from "../../../src/server/api/61-describe-producers.ts";
import { ALL_HANDLERS } from "../../../src/server/api/index.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("p", 3);
}, 120_000);
afterEach(async () => {
  await b.close();
}, 120_000);

function describe(topics: Array<{ name: string; partitionIndexes: number[] }>): Promise<DescribeProducersResponse> {
  return b.call<DescribeProducersResponse>(describeProducersHandler, 0, { topics });
}

test("the producers of a partition: id, epoch, last sequence, last timestamp, coordinator epoch, open transaction", async () => {
  const ts = 1_700_000_000_000;
  const idem = buildRecordBatch({ producerId: 1000n, producerEpoch: 3, baseSequence: 0, records: [{ value: new Uint8Array(1), timestamp: ts }, { value: new Uint8Array(1), timestamp: ts + 5 }, { value: new Uint8Array(1), timestamp: ts + 2 }] });
  const res0 = await b.call<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(produceHandler, 9, produceRequest("p", idem, 1));
  expect(res0.responses[0]!.partitionResponses[0]!.errorCode).toBe(0);
  const log = b.partitionLog("p");
  // A transactional batch of a second producer, at offset 3.
  log.append(buildRecordBatch({ producerId: 0x1_0000_0000_0001n, producerEpoch: 7, baseSequence: 0, isTransactional: true, records: [{ value: new Uint8Array(1), timestamp: ts + 10 }] }), { nowMs: ts + 10 });
  log.producers.get(0x1_0000_0000_0001n)!.coordinatorEpoch = 4;
  const res = await describe([{ name: "p", partitionIndexes: [0, 1] }]);
  const [p0, p1] = res.topics[0]!.partitions;
  expect(p0).toMatchObject({ partitionIndex: 0, errorCode: 0, errorMessage: null });
  expect(p0!.activeProducers).toEqual([
    { producerId: 1000n, producerEpoch: 3, lastSequence: 2, lastTimestamp: BigInt(ts + 5), coordinatorEpoch: -1, currentTxnStartOffset: -1n },
    { producerId: 0x1_0000_0000_0001n, producerEpoch: 7, lastSequence: 0, lastTimestamp: BigInt(ts + 10), coordinatorEpoch: 4, currentTxnStartOffset: 3n },
  ]);
  expect(p1).toMatchObject({ partitionIndex: 1, errorCode: 0, activeProducers: [] });
  // Through the codec (v0, flexible): the same states come back.
  const back = readDescribeProducersResponse(new Reader(encodeExact((s) => writeDescribeProducersResponse(s, res, 0))), 0);
  expect(back.topics[0]!.partitions[0]!.activeProducers).toEqual(p0!.activeProducers);
});

test("a producer with no batch in its state reports sequence -1", async () => {
  const log = b.partitionLog("p", 2);
  // A marker-only producer state (a control batch carries no sequence).
  log.append(buildRecordBatch({ producerId: 55n, producerEpoch: 1, isControl: true, isTransactional: true, records: [{ key: new Uint8Array([0, 0, 0, 0]), value: new Uint8Array([0, 0, 0, 0, 0, 0]) }] }), { nowMs: 1 });
  const res = await describe([{ name: "p", partitionIndexes: [2] }]);
  expect(res.topics[0]!.partitions[0]!.activeProducers).toEqual([expect.objectContaining({ producerId: 55n, producerEpoch: 1, lastSequence: -1, currentTxnStartOffset: -1n })]);
});

test("errors as Kafka: invalid name, unknown topic (with Kafka's message), unknown partition, not a replica here", async () => {
  const image = b.metadata.image;
  const t = image.topicsByName.get("p")!;
  (t.partitions as Array<(typeof t.partitions)[number]>)[1] = { ...t.partitions[1]!, leader: 2, replicas: [2], isr: [2] };
  b.replicaManager.applyDelta({ before: image, after: b.metadata.image, configChanged: new Set() });
  const res = await describe([
    { name: "bad/name", partitionIndexes: [0] },
    { name: "nope", partitionIndexes: [0, 1] },
    { name: "p", partitionIndexes: [1, 9] },
  ]);
  expect(res.topics.map((x) => x.name)).toEqual(["bad/name", "nope", "p"]);
  expect(res.topics[0]!.partitions[0]).toMatchObject({ partitionIndex: 0, errorCode: ErrorCode.INVALID_TOPIC_EXCEPTION, errorMessage: "Topic name is invalid: 'bad/name' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'" });
  expect(res.topics[1]!.partitions.map((x) => [x.partitionIndex, x.errorCode, x.errorMessage])).toEqual([
    [0, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic-partition."],
    [1, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic-partition."],
  ]);
  expect(res.topics[2]!.partitions.map((x) => [x.partitionIndex, x.errorCode, x.errorMessage])).toEqual([
    [1, ErrorCode.NOT_LEADER_OR_FOLLOWER, null],
    [9, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, null],
  ]);
});

test("served and advertised: key 61 v0 is in the broker's handlers and its codec", () => {
  expect(ALL_HANDLERS.some((h) => h.key === 61 && h.minVersion === 0 && h.maxVersion === 0)).toBe(true);
  expect(API_CODECS.get(61)).toBeDefined();
});
