// WriteTxnMarkers (27) against the real broker process, with transactions the broker must remember
// across restarts: transactional batches are put in a partition's log while the broker is stopped (the
// Produce path's transactional check belongs to the coordinator work), the broker is started on that
// data dir (the open transactions come back from the producer snapshot), markers are written over the
// wire (ABORT indexed in .txnindex with the LSO after it, COMMIT, stale epoch, zombie coordinator,
// unknown partition), and after a SIGKILL with the index wiped, recovery rebuilds the same .txnindex.
import { afterAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { makeLogConfig } from "../../src/storage/log-config.ts";
import { loadLog } from "../../src/storage/recovery.ts";
import { decodeAbortedTxn } from "../../src/storage/transaction-index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle | null = null;
afterAll(async () => {
  await broker?.stop().catch(() => broker?.kill());
}, 120_000);

interface MarkerAnswer {
  markers: Array<{ producerId: bigint; topics: Array<{ name: string; partitions: Array<{ partitionIndex: number; errorCode: number }> }> }>;
}

function marker(producerId: bigint, producerEpoch: number, commit: boolean, coordinatorEpoch: number, topic = "txn") {
  return { producerId, producerEpoch, transactionResult: commit, topics: [{ name: topic, partitionIndexes: [0] }], coordinatorEpoch, transactionVersion: 0 };
}

async function writeMarkers(c: KafkaTestClient, markers: ReturnType<typeof marker>[], version = 1): Promise<number[]> {
  const res = (await c.request(27, version, { markers })) as MarkerAnswer;
  return res.markers.map((m) => m.topics[0]!.partitions[0]!.errorCode);
}

function txnBatch(producerId: bigint, epoch: number, seq: number, n: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array([i]) })), producerId, producerEpoch: epoch, baseSequence: seq, isTransactional: true });
}

test("markers over the wire complete transactions that survived a restart; recovery rebuilds the .txnindex", async () => {
  broker = await startStrand();
  let c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "txn", 1);
  expect((await produce(c, "txn", 0, buildRecordBatch({ records: [{ value: new Uint8Array([1]) }] }))).errorCode).toBe(0); // offset 0
  c.close();
  const dataDir = broker.dataDir;
  expect(await broker.stop()).toBe(0);

  // Two open transactions: producer 100 at offsets 1-2, producer 200 at 3.
  const partDir = join(dataDir, "logs", "txn-0");
  const log = loadLog(partDir, { topic: "txn", partition: 0 }, makeLogConfig({}), { recoveryPoint: 1, logStartOffset: 0, highWatermark: 1, cleanShutdown: true });
  log.append(txnBatch(100n, 1, 0, 2));
  log.append(txnBatch(200n, 1, 0, 1));
  expect(log.firstUnstableOffset).toBe(1);
  await log.close();

  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  // ABORT of 100 at offset 4: producer 200 is still open at 3, so the entry's LSO is 3.
  expect(await writeMarkers(c, [marker(100n, 1, false, 5)])).toEqual([0]);
  // A stale epoch, then COMMIT of 200 (offset 5), then a zombie coordinator, and an unknown topic.
  expect(await writeMarkers(c, [marker(200n, 0, true, 5), marker(200n, 1, true, 5)])).toEqual([47, 0]); // INVALID_PRODUCER_EPOCH, NONE
  expect(await writeMarkers(c, [marker(200n, 1, true, 4)], 2)).toEqual([52]); // TRANSACTION_COORDINATOR_FENCED
  expect(await writeMarkers(c, [marker(200n, 1, true, 5, "nope")])).toEqual([3]); // UNKNOWN_TOPIC_OR_PARTITION
  c.close();
  await broker.kill(); // no clean shutdown: the next start re-reads the segment

  const indexPath = join(partDir, "00000000000000000000.txnindex");
  const bytes = new Uint8Array(readFileSync(indexPath));
  expect(bytes.length).toBe(34);
  expect(decodeAbortedTxn(bytes, 0, indexPath)).toEqual({ producerId: 100n, firstOffset: 1, lastOffset: 4, lastStableOffset: 3 });
  writeFileSync(indexPath, new Uint8Array(0));

  broker = await startStrand({ dataDir });
  c = await KafkaTestClient.connect(broker.port);
  // Both transactions are complete after recovery: a new marker for 200 at its epoch completes nothing
  // and is written; one for 100 with a stale coordinator epoch is fenced.
  expect(await writeMarkers(c, [marker(100n, 1, false, 4)])).toEqual([52]);
  c.close();
  expect(await broker.stop()).toBe(0);
  broker = null;
  expect([...new Uint8Array(readFileSync(indexPath))]).toEqual([...bytes]);
}, 90_000);
