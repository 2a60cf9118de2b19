// KIP-951: NOT_LEADER_OR_FOLLOWER answers name the current leader. Produce v10+ and Fetch v16+ carry
// CurrentLeader (leader id and epoch) per partition and the leader's endpoint on the request's listener
// in NodeEndpoints; older versions carry neither (their codecs could not send them).
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { BrokerRegistrationImage } from "../../../src/metadata/image.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { fetchHandler } from "../../../src/server/api/01-fetch.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { FakeBroker, produceRequest } from "./fake-broker.ts";

let b: FakeBroker;
beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("moved", 1);
  b.brokers.set(5, { nodeId: 5, incarnationId: "", brokerEpoch: 9n, endpoints: [{ name: "PLAINTEXT", host: "10.0.0.5", port: 9095 }], rack: "r5", fenced: false, inControlledShutdown: false } as unknown as BrokerRegistrationImage);
  b.setLeader("moved", 0, 5, 3);
}, 120_000);
afterEach(() => b.close(), 120_000);

type ProduceRes = { responses: Array<{ partitionResponses: Array<{ errorCode: number; currentLeader: { leaderId: number; leaderEpoch: number } }> }>; nodeEndpoints: Array<{ nodeId: number; host: string; port: number; rack: string | null }> };
type FetchRes = { responses: Array<{ partitions: Array<{ errorCode: number; currentLeader: { leaderId: number; leaderEpoch: number } }> }>; nodeEndpoints: Array<{ nodeId: number; host: string; port: number; rack: string | null }> };

const batch = () => buildRecordBatch({ records: [{ value: new TextEncoder().encode("x") }] });

test("Produce v10+ NOT_LEADER_OR_FOLLOWER names the current leader and its endpoint; v9 does not", async () => {
  const r = await b.call<ProduceRes>(produceHandler, 10, produceRequest("moved", batch(), 1));
  const p = r.responses[0]!.partitionResponses[0]!;
  expect(p.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  expect(p.currentLeader).toMatchObject({ leaderId: 5, leaderEpoch: 3 });
  expect(r.nodeEndpoints).toEqual([{ nodeId: 5, host: "10.0.0.5", port: 9095, rack: "r5" }]);
  const old = await b.call<ProduceRes>(produceHandler, 9, produceRequest("moved", batch(), 1));
  expect(old.responses[0]!.partitionResponses[0]!.currentLeader).toMatchObject({ leaderId: -1, leaderEpoch: -1 });
  expect(old.nodeEndpoints).toEqual([]);
});

test("Fetch v16+ NOT_LEADER_OR_FOLLOWER names the current leader and its endpoint; a fenced leader has no endpoint", async () => {
  // A follower serves a v11+ consumer fetch (KIP-392): the refusal comes from a broker that does not
  // host the partition at all.
  b.setLeader("moved", 0, 5, 3, [5]);
  const req = (version: number) => ({
    replicaId: -1,
    replicaState: { replicaId: -1, replicaEpoch: -1n },
    maxWaitMs: 0,
    minBytes: 1,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [{ topic: "moved", topicId: b.metadata.image.topicsByName.get("moved")!.topicId, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20, replicaDirectoryId: "AAAAAAAAAAAAAAAAAAAAAA", highWatermark: -1n }] }],
    forgottenTopicsData: [],
    rackId: "",
    clusterId: null,
    version,
  });
  const r = await b.call<FetchRes>(fetchHandler, 16, req(16));
  const p = r.responses[0]!.partitions[0]!;
  expect(p.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
  expect(p.currentLeader).toMatchObject({ leaderId: 5, leaderEpoch: 3 });
  expect(r.nodeEndpoints).toEqual([{ nodeId: 5, host: "10.0.0.5", port: 9095, rack: "r5" }]);
  const old = await b.call<FetchRes>(fetchHandler, 15, req(15));
  expect(old.responses[0]!.partitions[0]!.currentLeader).toMatchObject({ leaderId: -1, leaderEpoch: -1 });
  expect(old.nodeEndpoints).toEqual([]);
  b.brokers.set(5, { ...b.brokers.get(5)!, fenced: true });
  const fenced = await b.call<FetchRes>(fetchHandler, 16, req(16));
  expect(fenced.responses[0]!.partitions[0]!.currentLeader).toMatchObject({ leaderId: 5, leaderEpoch: 3 });
  expect(fenced.nodeEndpoints).toEqual([]);
});

test("KIP-392: a follower serves a v11+ consumer fetch; below v11 (no client metadata) only the leader does", async () => {
  const req = (version: number) => ({
    replicaId: -1,
    replicaState: { replicaId: -1, replicaEpoch: -1n },
    maxWaitMs: 0,
    minBytes: 1,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [{ topic: "moved", topicId: b.metadata.image.topicsByName.get("moved")!.topicId, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20, replicaDirectoryId: "AAAAAAAAAAAAAAAAAAAAAA", highWatermark: -1n }] }],
    forgottenTopicsData: [],
    rackId: "r1",
    clusterId: null,
    version,
  });
  const served = await b.call<FetchRes>(fetchHandler, 11, req(11));
  expect(served.responses[0]!.partitions[0]!.errorCode).toBe(0);
  const refused = await b.call<FetchRes>(fetchHandler, 10, req(10));
  expect(refused.responses[0]!.partitions[0]!.errorCode).toBe(ErrorCode.NOT_LEADER_OR_FOLLOWER);
});
