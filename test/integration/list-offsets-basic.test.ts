// ListOffsets and DeleteRecords against the real broker process: earliest, latest, by timestamp and max
// timestamp, and the log start offset moved by DeleteRecords.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle;
let c: KafkaTestClient;
beforeAll(async () => {
  broker = await startStrand();
  c = await KafkaTestClient.connect(broker.port);
}, 120_000);
afterAll(async () => {
  c?.close();
  await broker?.stop();
}, 120_000);

async function listOffset(timestamp: bigint, version = 9) {
  const res = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; offset: bigint; timestamp: bigint; leaderEpoch: number }> }> }>(2, version, {
    replicaId: -1,
    isolationLevel: 0,
    topics: [{ name: "lo", partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp }] }],
  });
  return res.topics[0]!.partitions[0]!;
}

test("earliest, latest, by timestamp, max timestamp, then DeleteRecords", async () => {
  await createTopic(c, "lo", 1);
  const t = Date.now() - 10_000;
  for (let i = 0; i < 5; i++) await produce(c, "lo", 0, buildRecordBatch({ records: [{ value: new Uint8Array([i]), timestamp: t + i * 1000 }, { value: new Uint8Array([i]), timestamp: t + i * 1000 + 1 }], compression: i % 2 === 0 ? 0 : 1 }));
  expect(await listOffset(-2n)).toMatchObject({ errorCode: 0, offset: 0n });
  expect(await listOffset(-1n)).toMatchObject({ errorCode: 0, offset: 10n });
  expect(await listOffset(BigInt(t + 2000), 1)).toMatchObject({ errorCode: 0, offset: 4n, timestamp: BigInt(t + 2000) });
  expect(await listOffset(BigInt(t + 2001))).toMatchObject({ offset: 5n });
  expect(await listOffset(BigInt(t + 99_000))).toMatchObject({ offset: -1n, timestamp: -1n });
  expect(await listOffset(-3n, 7)).toMatchObject({ offset: 9n, timestamp: BigInt(t + 4001) });
  const del = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number; lowWatermark: bigint }> }> }>(21, 2, { topics: [{ name: "lo", partitions: [{ partitionIndex: 0, offset: 6n }] }], timeoutMs: 5000 });
  expect(del.topics[0]!.partitions[0]).toMatchObject({ errorCode: 0, lowWatermark: 6n });
  expect(await listOffset(-2n)).toMatchObject({ offset: 6n });
});
