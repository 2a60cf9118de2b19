// Every served version of each data-path API answers with a response its codec can encode (fields a
// version lacks must hold their defaults), for successes and errors alike.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { encodeFramedParts } from "../../../src/protocol/primitives/writer.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { produceHandler } from "../../../src/server/api/00-produce.ts";
import { fetchHandler } from "../../../src/server/api/01-fetch.ts";
import { listOffsetsHandler } from "../../../src/server/api/02-list-offsets.ts";
import { deleteRecordsHandler } from "../../../src/server/api/21-delete-records.ts";
import { initProducerIdHandler } from "../../../src/server/api/22-init-producer-id.ts";
import { offsetForLeaderEpochHandler } from "../../../src/server/api/23-offset-for-leader-epoch.ts";
import type { ApiHandler } from "../../../src/server/handler.ts";
import { NO_RESPONSE } from "../../../src/server/handler.ts";
import { FakeBroker, produceRequest } from "../produce/fake-broker.ts";

let b: FakeBroker;
let topicId = "";
beforeAll(() => {
  b = new FakeBroker();
  topicId = b.addTopic("v", 1).topicId;
}, 120_000);
afterAll(async () => {
  await b.close();
}, 120_000);

async function encodes(h: ApiHandler, version: number, req: unknown): Promise<void> {
  const codec = API_CODECS.get(h.key)!;
  const full = { ...(codec.newRequest() as object), ...(req as object) };
  const res = await h.handle(b.ctx(h.key, version), full);
  if (res === NO_RESPONSE) return;
  expect(() => encodeFramedParts((s) => codec.writeResponse(s, res, version))).not.toThrow();
}

test("Produce 3-13, Fetch 4-18, ListOffsets 1-11 and the rest encode in every version", async () => {
  for (let v = produceHandler.minVersion; v <= produceHandler.maxVersion; v++) {
    const rec = buildRecordBatch({ records: [{ value: new Uint8Array([v]) }], compression: v >= 7 ? 4 : 1 });
    await encodes(produceHandler, v, produceRequest(v >= 13 ? "" : "v", rec, 1, 0, topicId));
    const badTs = buildRecordBatch({ records: [{ value: new Uint8Array([v]), timestamp: Date.now() + 10 * 3_600_000 }] });
    await encodes(produceHandler, v, produceRequest(v >= 13 ? "" : "v", badTs, 1, 0, topicId));
    await encodes(produceHandler, v, produceRequest("nope", rec, 1, 0));
  }
  for (let v = fetchHandler.minVersion; v <= fetchHandler.maxVersion; v++) {
    for (const offset of [0n, 1000n]) {
      await encodes(fetchHandler, v, {
        replicaId: -1,
        maxWaitMs: 0,
        minBytes: 1,
        maxBytes: 1 << 20,
        topics: [{ topic: v >= 13 ? "" : "v", topicId, partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: offset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
      });
    }
  }
  for (let v = listOffsetsHandler.minVersion; v <= listOffsetsHandler.maxVersion; v++) {
    for (const ts of [-1n, -2n, -3n, 0n]) await encodes(listOffsetsHandler, v, { replicaId: -1, topics: [{ name: "v", partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: ts }] }] });
  }
  for (let v = 0; v <= 2; v++) await encodes(deleteRecordsHandler, v, { topics: [{ name: "v", partitions: [{ partitionIndex: 0, offset: 0n }] }] });
  for (let v = 0; v <= 6; v++) await encodes(initProducerIdHandler, v, { transactionalId: null, producerId: -1n, producerEpoch: -1 });
  for (let v = 2; v <= 4; v++) await encodes(offsetForLeaderEpochHandler, v, { replicaId: -1, topics: [{ topic: "v", partitions: [{ partition: 0, currentLeaderEpoch: -1, leaderEpoch: 0 }] }] });
});
