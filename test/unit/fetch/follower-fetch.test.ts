// Follower fetches through the Fetch handler (v17, ReplicaState): records up to the log end (not the
// high watermark) in an incremental fetch session like a consumer's, the follower's position moving the
// leader's high watermark, and a diverging last fetched epoch answered with DivergingEpoch on the wire.
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { BrokerRegistrationImage } from "../../../src/metadata/image.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { fetchHandler } from "../../../src/server/api/01-fetch.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";

let b: FakeBroker;
let topicId: string;
beforeEach(() => {
  b = new FakeBroker();
  topicId = b.addTopic("r", 1).topicId;
  b.brokers.set(2, { nodeId: 2, incarnationId: "", brokerEpoch: 7n, endpoints: [{ name: "PLAINTEXT", host: "127.0.0.1", port: 9002 }], rack: null, fenced: false, inControlledShutdown: false } as unknown as BrokerRegistrationImage);
  b.setReplicas("r", 0, [1, 2], [1, 2]);
}, 120_000);
afterEach(() => b.close(), 120_000);

type Part = { partitionIndex: number; errorCode: number; highWatermark: bigint; logStartOffset: bigint; records: unknown; divergingEpoch: { epoch: number; endOffset: bigint } };
type FetchRes = { errorCode: number; sessionId: number; responses: Array<{ partitions: Part[] }> };

function followerFetch(fetchOffset: bigint, o: { sessionId?: number; sessionEpoch?: number; lastFetchedEpoch?: number; omit?: boolean } = {}) {
  return {
    clusterId: null,
    replicaId: -1,
    replicaState: { replicaId: 2, replicaEpoch: 7n },
    maxWaitMs: 0,
    minBytes: 1,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: o.sessionId ?? 0,
    sessionEpoch: o.sessionEpoch ?? 0,
    topics: o.omit ? [] : [{ topic: "", topicId, partitions: [{ partition: 0, currentLeaderEpoch: 0, fetchOffset, lastFetchedEpoch: o.lastFetchedEpoch ?? -1, logStartOffset: 0n, partitionMaxBytes: 1 << 20, replicaDirectoryId: "AAAAAAAAAAAAAAAAAAAAAA", highWatermark: -1n }] }],
    forgottenTopicsData: [],
    rackId: "",
  };
}

const sizeOf = (records: unknown): number => (records instanceof Uint8Array ? records.length : ((records as { slices?: Array<{ length: number }> }).slices ?? []).reduce((n, s) => n + s.length, 0));

test("a follower reads to the log end in an incremental session and its position moves the high watermark", async () => {
  const pr = await b.call<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(produceHandler, 9, produceRequest("r", buildRecordBatch({ records: [{ value: new TextEncoder().encode("a") }, { value: new TextEncoder().encode("b") }] }), 1));
  expect(pr.responses[0]!.partitionResponses[0]!.errorCode).toBe(0);
  const p = b.replicaManager.partition("r", 0)!;
  expect(p.highWatermark).toBe(0); // follower 2 (in the ISR) has not fetched
  const full = await b.call<FetchRes>(fetchHandler, 17, followerFetch(0n));
  expect(full.errorCode).toBe(0);
  expect(full.sessionId).toBeGreaterThan(0);
  const fp = full.responses[0]!.partitions[0]!;
  expect(fp.errorCode).toBe(0);
  expect(sizeOf(fp.records)).toBeGreaterThan(0); // beyond the high watermark: followers read to the log end
  expect(fp.highWatermark).toBe(0n);
  // Incremental: the follower is now at 2; the HW moves and the (changed) partition is answered.
  const inc = await b.call<FetchRes>(fetchHandler, 17, followerFetch(2n, { sessionId: full.sessionId, sessionEpoch: 1 }));
  expect(inc.errorCode).toBe(0);
  expect(p.highWatermark).toBe(2);
  // An incremental fetch naming nothing re-reads the session's partition at its remembered offset (2),
  // and answers it since its HW changed since the last response (0 -> 2).
  const again = await b.call<FetchRes>(fetchHandler, 17, followerFetch(0n, { sessionId: full.sessionId, sessionEpoch: 2, omit: true }));
  expect(again.responses[0]!.partitions[0]!.highWatermark).toBe(2n);
  expect(p.leaderState!.replica(2)!.logEndOffset).toBe(2);
});

test("a follower whose last fetched epoch diverges gets DivergingEpoch on the wire; an unknown replica is refused", async () => {
  await b.call(produceHandler, 9, produceRequest("r", buildRecordBatch({ records: [{ value: new TextEncoder().encode("a") }] }), 1));
  // Epoch 0 holds offset 0 and ends at the log end (1); a follower claiming epoch 0 up to 3 diverges.
  const r = await b.call<FetchRes>(fetchHandler, 17, followerFetch(3n, { lastFetchedEpoch: 0, sessionEpoch: -1 }));
  const fp = r.responses[0]!.partitions[0]!;
  expect(fp.errorCode).toBe(0);
  expect(fp.divergingEpoch).toMatchObject({ epoch: 0, endOffset: 1n });
  const stranger = followerFetch(0n, { sessionEpoch: -1 });
  stranger.replicaState = { replicaId: 9, replicaEpoch: 1n };
  const s = await b.call<FetchRes>(fetchHandler, 17, stranger);
  expect(s.responses[0]!.partitions[0]!.errorCode).toBe(ErrorCode.UNKNOWN_LEADER_EPOCH);
});
