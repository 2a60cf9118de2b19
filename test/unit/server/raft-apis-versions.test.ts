// The controller listener's Raft handlers answer every version they serve: fields a request version
// lacks (leader endpoints before Vote/BeginQuorumEpoch/EndQuorumEpoch v1 and Fetch v16, DescribeQuorum's
// directory ids and nodes before v2) are dropped, so the response encodes instead of closing the
// connection — Kafka's kafka-metadata-quorum.sh and older peers send the lower versions.
import { expect, test } from "bun:test";
import { beginQuorumEpochHandler, describeQuorumHandler, endQuorumEpochHandler, raftFetchHandler, voteHandler } from "../../../src/server/controller-api/raft-apis.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { newDescribeQuorumResponse, newNode, newPartitionData, newReplicaState, newTopicData, type DescribeQuorumResponse } from "../../../src/protocol/generated/messages/describe-quorum-response.ts";

const DIR = "Bd0eOfFKWEbx6r8pooTOJw";
const endpoints = [{ nodeId: 1, host: "127.0.0.1", port: 9093 }];

function describeQuorum(): DescribeQuorumResponse {
  const replica = { ...newReplicaState(), replicaId: 1, replicaDirectoryId: DIR, logEndOffset: 10n };
  return {
    ...newDescribeQuorumResponse(),
    topics: [{ ...newTopicData(), topicName: "__cluster_metadata", partitions: [{ ...newPartitionData(), leaderId: 1, leaderEpoch: 2, highWatermark: 10n, currentVoters: [replica], observers: [{ ...replica, replicaId: 100 }] }] }],
    nodes: [{ ...newNode(), nodeId: 1, listeners: [{ name: "CONTROLLER", host: "127.0.0.1", port: 9093 }] }],
  };
}

/** A raft client that answers every request with a newest-shaped response full of v1+/v2+/v16+ fields. */
const withEndpoints = (apiKey: number) => ({ ...(API_CODECS.get(apiKey)!.newResponse() as object), nodeEndpoints: apiKey === 1 ? endpoints.map((e) => ({ ...e, rack: null })) : endpoints });
const raft = {
  handleVoteRequest: () => withEndpoints(52),
  handleBeginQuorumEpochRequest: () => withEndpoints(53),
  handleEndQuorumEpochRequest: () => withEndpoints(54),
  handleFetchRequest: async () => withEndpoints(1),
  handleDescribeQuorumRequest: () => describeQuorum(),
};

function ctx(apiKey: number, apiVersion: number): RequestContext {
  return { apiKey, apiVersion, services: { raft } } as unknown as RequestContext;
}

test("every served version of the Raft APIs encodes", async () => {
  for (const h of [voteHandler, beginQuorumEpochHandler, endQuorumEpochHandler, raftFetchHandler, describeQuorumHandler] as ApiHandler[]) {
    const codec = API_CODECS.get(h.key)!;
    for (let v = h.minVersion; v <= h.maxVersion; v++) {
      const res = await h.handle(ctx(h.key, v), {});
      expect(() => encodeExact((s) => codec.writeResponse(s, res, v)), `api ${h.key} v${v}`).not.toThrow();
      const eps = (res as { nodeEndpoints?: unknown[] }).nodeEndpoints;
      if (eps) expect(eps.length).toBe(v >= (h.key === 1 ? 16 : 1) ? 1 : 0);
    }
  }
});

test("DescribeQuorum before v2 has no directory ids and no nodes; v2 keeps them", async () => {
  const v1 = (await describeQuorumHandler.handle(ctx(55, 1), {})) as DescribeQuorumResponse;
  const p1 = v1.topics[0]!.partitions[0]!;
  expect([...p1.currentVoters, ...p1.observers].map((r) => r.replicaDirectoryId)).toEqual(["AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAA"]);
  expect(v1.nodes).toEqual([]);
  expect(p1.leaderId).toBe(1);
  const v2 = (await describeQuorumHandler.handle(ctx(55, 2), {})) as DescribeQuorumResponse;
  expect(v2.topics[0]!.partitions[0]!.currentVoters[0]!.replicaDirectoryId).toBe(DIR);
  expect(v2.nodes).toHaveLength(1);
});
