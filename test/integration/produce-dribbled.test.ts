// Large Produce requests written to the real broker in 1-4 KiB pieces with pauses, so they arrive as
// many socket chunks and take the zero-copy path (frame handed over as chunk slices, records decoded in
// place, CRC run across the slices, one gathered write). Fetch returns the batches byte for byte, with
// only the base offset and leader epoch rewritten (and, on a LogAppendTime topic, the timestamp + CRC).
// A large non-Produce request dribbled the same way is answered as before (joined once).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { buildRecordBatch, RecordBatchView } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, ZERO_UUID } from "../unit/produce/wire-helpers.ts";

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

/** An uncompressed batch of about `bytes`, records of 1 KiB with distinct contents. */
function bigBatch(seed: number, bytes: number, compression = 0): Uint8Array {
  const count = Math.max(1, Math.floor(bytes / 1040));
  return buildRecordBatch({
    compression,
    producerId: -1n,
    records: Array.from({ length: count }, (_, i) => {
      const value = new Uint8Array(1024);
      for (let k = 0; k < value.length; k++) value[k] = (seed * 131 + i * 17 + k) & 0xff;
      return { key: new TextEncoder().encode(`k${seed}-${i}`), value, timestamp: Date.now() };
    }),
  });
}

interface Answer {
  index: number;
  errorCode: number;
  baseOffset: bigint;
  logAppendTimeMs: bigint;
}

async function produceAll(topic: string, batches: Uint8Array[], acks: number): Promise<Answer[]> {
  const res = await c.request<{ responses: Array<{ partitionResponses: Answer[] }> }>(
    0,
    9,
    { transactionalId: null, acks, timeoutMs: 10_000, topicData: [{ name: topic, topicId: ZERO_UUID, partitionData: batches.map((records, index) => ({ index, records })) }] },
    30_000,
  );
  return res.responses[0]!.partitionResponses;
}

/** The fetched batch equals the produced one from the leader epoch's end (offset 16) on. */
function sameFromMagic(got: Uint8Array, sent: Uint8Array): boolean {
  return got.length === sent.length && Buffer.from(got.subarray(16)).equals(sent.subarray(16));
}

test("six 64 KiB batches per request, dribbled in 1-4 KiB pieces, read back byte for byte", async () => {
  await createTopic(c, "dribbled", 6);
  c.dribble = { minBytes: 1024, maxBytes: 4096, pauseMs: 1 };
  const rounds = [0, 1, 2].map((r) => Array.from({ length: 6 }, (_, p) => bigBatch(r * 10 + p, 64 * 1024)));
  try {
    for (const [r, batches] of rounds.entries()) {
      const answers = await produceAll("dribbled", batches, r === 1 ? 1 : -1);
      expect(answers.map((a) => a.errorCode)).toEqual([0, 0, 0, 0, 0, 0]);
      for (const a of answers) expect(a.baseOffset).toBe(BigInt(r * new RecordBatchView(batches[a.index]!).recordCount));
    }
  } finally {
    c.dribble = null;
  }
  for (let p = 0; p < 6; p++) {
    const f = await fetchOnce(c, "dribbled", [{ partition: p, offset: 0n, maxBytes: 4 << 20 }]);
    const got = batchViews(f.partitions[0]!.records);
    expect(got.length).toBe(3);
    for (let r = 0; r < 3; r++) {
      const sent = rounds[r]![p]!;
      expect(got[r]!.validate()).toBeNull();
      expect(got[r]!.baseOffset).toBe(BigInt(r * new RecordBatchView(sent).recordCount));
      expect(sameFromMagic(got[r]!.bytes, sent)).toBe(true);
    }
  }
});

test("a LogAppendTime topic and a compressed batch in the same dribbled request", async () => {
  await createTopic(c, "dribbled-lat", 2, { "message.timestamp.type": "LogAppendTime" });
  const batches = [bigBatch(50, 60 * 1024), bigBatch(51, 60 * 1024, 1)];
  const before = Date.now();
  c.dribble = { minBytes: 1024, maxBytes: 4096, pauseMs: 1 };
  let answers: Answer[];
  try {
    answers = await produceAll("dribbled-lat", batches, -1);
  } finally {
    c.dribble = null;
  }
  expect(answers.map((a) => a.errorCode)).toEqual([0, 0]);
  for (let p = 0; p < 2; p++) {
    expect(Number(answers[p]!.logAppendTimeMs)).toBeGreaterThanOrEqual(before);
    const f = await fetchOnce(c, "dribbled-lat", [{ partition: p, offset: 0n, maxBytes: 4 << 20 }]);
    const [got] = batchViews(f.partitions[0]!.records);
    expect(got!.validate()).toBeNull();
    expect(got!.maxTimestamp).toBe(answers[p]!.logAppendTimeMs);
    // Records after the header are the producer's bytes.
    expect(Buffer.from(got!.bytes.subarray(61)).equals(batches[p]!.subarray(61))).toBe(true);
    const values = [...got!.records()].map((r) => r.value![0]);
    expect(values).toEqual([...new RecordBatchView(batches[p]!).records()].map((r) => r.value![0]));
  }
});

test("a large non-Produce request dribbled in pieces is answered as before", async () => {
  const names = Array.from({ length: 2500 }, (_, i) => `no-such-topic-${i}`);
  c.dribble = { minBytes: 1024, maxBytes: 4096, pauseMs: 1 };
  try {
    const res = await c.request<{ topics: Array<{ name: string; errorCode: number }> }>(3, 12, {
      topics: names.map((name) => ({ name, topicId: ZERO_UUID })),
      allowAutoTopicCreation: false,
      includeTopicAuthorizedOperations: false,
    }, 30_000);
    expect(res.topics.length).toBe(names.length);
    expect(res.topics.every((t) => t.errorCode === 3)).toBe(true);
  } finally {
    c.dribble = null;
  }
});
