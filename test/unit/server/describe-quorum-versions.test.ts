// The leader's DescribeQuorum answer holds v2's fields (replica directory ids, the voters' endpoints):
// below v2 they are left out, so v0 and v1 clients (the 3-node tests' probe) get an answer instead of a
// closed connection (the encoder refused them: "ReplicaDirectoryId holds a non-default value").
import { expect, test } from "bun:test";
import { describeQuorumForVersion } from "../../../src/server/controller-api/raft-apis.ts";
import { readDescribeQuorumResponse, writeDescribeQuorumResponse, type DescribeQuorumResponse } from "../../../src/protocol/generated/messages/describe-quorum-response.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { Reader } from "../../../src/protocol/primitives/reader.ts";

const DIR = "AAAAAAAAAAAAAAAAAAAAAQ";
const replica = (id: number) => ({ replicaId: id, replicaDirectoryId: DIR, logEndOffset: 7n, lastFetchTimestamp: 5n, lastCaughtUpTimestamp: 5n });
const leaderAnswer: DescribeQuorumResponse = {
  errorCode: 0,
  errorMessage: null,
  topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0, errorCode: 0, errorMessage: null, leaderId: 1, leaderEpoch: 3, highWatermark: 7n, currentVoters: [replica(1), replica(2), replica(3)], observers: [replica(4)] }] }],
  nodes: [{ nodeId: 1, listeners: [{ name: "CONTROLLER", host: "127.0.0.1", port: 9093 }] }],
};

function roundTrip(res: DescribeQuorumResponse, v: number): DescribeQuorumResponse {
  const bytes = encodeExact((s) => writeDescribeQuorumResponse(s, res, v));
  return readDescribeQuorumResponse(new Reader(bytes), v);
}

test("DescribeQuorum v0 and v1: the leader's answer encodes, without directory ids and nodes", () => {
  expect(() => roundTrip(leaderAnswer, 1)).toThrow(/ReplicaDirectoryId/); // what the handler used to send
  for (const v of [0, 1]) {
    const back = roundTrip(describeQuorumForVersion(leaderAnswer, v), v);
    const p = back.topics[0]!.partitions[0]!;
    expect([p.leaderId, p.leaderEpoch, p.highWatermark]).toEqual([1, 3, 7n]);
    expect(p.currentVoters.map((r) => [r.replicaId, r.logEndOffset])).toEqual([[1, 7n], [2, 7n], [3, 7n]]);
    expect(p.observers.map((r) => r.replicaId)).toEqual([4]);
  }
});

test("DescribeQuorum v2 keeps directory ids and nodes", () => {
  expect(describeQuorumForVersion(leaderAnswer, 2)).toBe(leaderAnswer);
  const back = roundTrip(leaderAnswer, 2);
  expect(back.topics[0]!.partitions[0]!.currentVoters[0]!.replicaDirectoryId).toBe(DIR);
  expect(back.nodes.map((n) => n.nodeId)).toEqual([1]);
});
