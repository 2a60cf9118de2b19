// Malformed but CRC-valid batches against the real broker process (issue 20 bug 4): each shape of
// test/support/malformed-batch.ts (record count above or below the records present, record lengths of
// 2^31-1 / -2^31 / past the batch, trailing bytes, truncated and over-long varints), its CRC recomputed
// after the damage, gets Kafka 4.4's answer (INVALID_RECORD, or UNKNOWN_SERVER_ERROR for a record
// length prefix over 5 bytes; no error message, no record errors), sent whole and dribbled in pieces
// (the zero-copy path over socket chunks). Afterwards the partition holds only the good batches:
// a normal produce lands right after them and a fetch returns exactly them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { MALFORMED, buildGoodBatch, reassemble } from "../support/malformed-batch.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle;
let c: KafkaTestClient;
let dribbled: KafkaTestClient;
beforeAll(async () => {
  broker = await startStrand();
  c = await KafkaTestClient.connect(broker.port);
  dribbled = await KafkaTestClient.connect(broker.port);
  dribbled.dribble = { minBytes: 3000, maxBytes: 9000, pauseMs: 2 };
}, 120_000);
afterAll(async () => {
  c?.close();
  dribbled?.close();
  await broker?.stop();
}, 120_000);

const dec = new TextDecoder();

test("each malformed CRC-valid batch gets Kafka's error and nothing of it is appended", async () => {
  await createTopic(c, "poison", 1);
  const first = buildGoodBatch(5, "first");
  expect(await produce(c, "poison", 0, first, { acks: 1 })).toMatchObject({ errorCode: 0, baseOffset: 0n });

  const small = buildGoodBatch(5, "small");
  const large = buildGoodBatch(600, "large"); // ~50 KiB: several socket chunks when dribbled
  const answers: [string, string, number, string | null, number][] = [];
  const want: [string, string, number, string | null, number][] = [];
  for (const [name, shape] of Object.entries(MALFORMED)) {
    for (const [how, client, good] of [["whole", c, small], ["dribbled", dribbled, large]] as const) {
      const [records, count] = shape.build(good);
      const r = await produce(client, "poison", 0, reassemble(good, records, count), { acks: 1 });
      answers.push([name, how, r.errorCode, r.errorMessage, r.recordErrors.length]);
      want.push([name, how, shape.errorCode, null, 0]);
    }
  }
  expect(answers).toEqual(want);

  // The partition still serves: the next good batch lands at offset 5, a fetch returns both batches.
  const last = buildGoodBatch(5, "last");
  expect(await produce(c, "poison", 0, last, { acks: 1 })).toMatchObject({ errorCode: 0, baseOffset: 5n });
  const f = await fetchOnce(c, "poison", [{ partition: 0, offset: 0n }]);
  const p = f.partitions[0]!;
  expect(p.errorCode).toBe(0);
  expect(p.highWatermark).toBe(10n);
  const batches = batchViews(p.records);
  expect(batches.length).toBe(2);
  for (const b of batches) expect(b.validate()).toBeNull();
  const values = batches.flatMap((b) => [...b.records()].map((r) => `${r.offset}:${dec.decode(r.key!)}`));
  expect(values).toEqual([0, 1, 2, 3, 4].map((i) => `${i}:first-k${i}`).concat([0, 1, 2, 3, 4].map((i) => `${i + 5}:last-k${i}`)));
}, 60_000);
