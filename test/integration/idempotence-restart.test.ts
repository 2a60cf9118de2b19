// Idempotent produce against the real broker process: InitProducerId, a retried batch answered with
// its original offsets, an out-of-order sequence refused, and all of it still true after a restart
// (producer state and producer ids survive).
import { afterAll, expect, test } from "bun:test";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle | null = null;
afterAll(async () => {
  await broker?.stop();
}, 120_000);

function idem(pid: bigint, epoch: number, seq: number, n: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([seq + i]) })), producerId: pid, producerEpoch: epoch, baseSequence: seq });
}

async function initProducerId(c: KafkaTestClient): Promise<{ errorCode: number; producerId: bigint; producerEpoch: number }> {
  return c.request(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
}

test("duplicates and sequence checks hold across a restart", async () => {
  broker = await startStrand();
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "idem", 1);
  const init = await initProducerId(c);
  expect(init.errorCode).toBe(0);
  expect(init.producerEpoch).toBe(0);
  const pid = init.producerId;
  expect((await produce(c, "idem", 0, idem(pid, 0, 0, 5))).baseOffset).toBe(0n);
  expect((await produce(c, "idem", 0, idem(pid, 0, 5, 5))).baseOffset).toBe(5n);
  const dup = await produce(c, "idem", 0, idem(pid, 0, 0, 5));
  expect(dup).toMatchObject({ errorCode: 0, baseOffset: 0n });
  expect((await produce(c, "idem", 0, idem(pid, 0, 20, 1))).errorCode).toBe(45); // OUT_OF_ORDER_SEQUENCE_NUMBER
  c.close();

  const dataDir = broker.dataDir;
  expect(await broker.stop()).toBe(0);
  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  const again = await produce(c, "idem", 0, idem(pid, 0, 5, 5));
  expect(again).toMatchObject({ errorCode: 0, baseOffset: 5n });
  expect((await produce(c, "idem", 0, idem(pid, 0, 11, 1))).errorCode).toBe(45);
  expect((await produce(c, "idem", 0, idem(pid, 0, 10, 1))).baseOffset).toBe(10n);
  const next = await initProducerId(c);
  expect(next.producerId).not.toBe(pid);
  expect(next.producerId > pid).toBe(true);
  c.close();
});
