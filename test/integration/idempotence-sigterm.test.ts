// An idempotent producer with several requests in flight while the broker stops on SIGTERM, then
// retrying after the restart, modelled on the Java client's NetworkClient: the producer keeps writing
// requests while it has responses still unread in its socket, and a write that fails makes it drop the
// connection with those responses unread (Java's Selector closes the channel on the IOException) and
// retry every unanswered batch, with the same sequences, after reconnecting.
//
// A broker that closes its side at once (rather than half-closing and reading on until the client
// closes) answers those writes with a reset: the producer never reads the acknowledgements of batches
// the log holds, retries them after the restart, and since the producer snapshot remembers only each
// producer's last batch (as Kafka's does), the older retries get OUT_OF_ORDER_SEQUENCE_NUMBER, on which
// the Java producer bumps its epoch and writes them again: duplicates (issue 20, bug 5).
//
// Reading is paused on the producer's socket, so its responses wait in the kernel as a busy client's
// would; no timing decides the outcome, only the order of events.
import { afterAll, expect, test } from "bun:test";
import type { Socket } from "bun";
import { FrameAssembler } from "../../src/network/frame-assembler.ts";
import { decodeResponse, requestHeaderVersion } from "../../src/protocol/frame.ts";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { writeRequestHeader } from "../../src/protocol/generated/messages/request-header.ts";
import { encodeFramed } from "../../src/protocol/primitives/writer.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce, ZERO_UUID, type ProducePartitionAnswer } from "../unit/produce/wire-helpers.ts";

const TOPIC = "idem-sigterm";
const PRODUCE_VERSION = 9;
/** Java's max.in.flight.requests.per.connection: the batches the producer state must recognise. */
const IN_FLIGHT = 5;
const RECORDS_PER_BATCH = 10;
/** Writes tried after the broker's FIN; a reset fails the second one at the latest. */
const WRITES_AFTER_FIN = 5;

let broker: StrandHandle | null = null;
afterAll(async () => {
  await broker?.stop();
  if (broker) removeDataDir(broker.dataDir);
}, 120_000);

function batch(pid: bigint, epoch: number, seq: number): Uint8Array {
  const records = Array.from({ length: RECORDS_PER_BATCH }, (_, i) => ({ value: new TextEncoder().encode(`seq-${seq + i}`) }));
  return buildRecordBatch({ records, producerId: pid, producerEpoch: epoch, baseSequence: seq });
}

function produceFrame(correlationId: number, records: Uint8Array): Uint8Array {
  const codec = API_CODECS.get(0)!;
  const body = {
    ...(codec.newRequest() as object),
    transactionalId: null,
    acks: -1,
    timeoutMs: 30_000,
    topicData: [{ name: TOPIC, topicId: ZERO_UUID, partitionData: [{ index: 0, records }] }],
  };
  return encodeFramed((s) => {
    writeRequestHeader(s, { requestApiKey: 0, requestApiVersion: PRODUCE_VERSION, correlationId, clientId: "java-like-producer" }, requestHeaderVersion(0, PRODUCE_VERSION));
    codec.writeRequest(s, body, PRODUCE_VERSION);
  });
}

/** A producer connection whose reading is paused until resumeAndRead(). */
class PausedProducer {
  private readonly assembler = new FrameAssembler(1 << 24);
  private readonly frames: Uint8Array[] = [];
  private socket!: Socket<undefined>;
  closed = false;
  private constructor() {}

  static async connect(port: number): Promise<PausedProducer> {
    const p = new PausedProducer();
    p.socket = await Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        data: (_s, d) => {
          for (const f of p.assembler.push(d)) p.frames.push(f.slice());
        },
        close: () => {
          p.closed = true;
        },
        error: () => {
          p.closed = true;
        },
      },
    });
    p.socket.pause();
    return p;
  }

  /** Writes a whole frame; false when the connection is gone (a reset). Frames here are small. */
  write(frame: Uint8Array): boolean {
    if (this.closed) return false;
    return this.socket.write(frame) === frame.length;
  }

  /** Reads what the kernel holds for us until the broker's EOF; the produce answers in order. */
  async resumeAndRead(): Promise<ProducePartitionAnswer[]> {
    this.socket.resume();
    // Bounded by the broker's linger (it closes its side, then we close ours on EOF).
    while (!this.closed) await Bun.sleep(10);
    return this.frames.map((f) => {
      const d = decodeResponse(f, 0, PRODUCE_VERSION);
      if (!d.ok) throw new Error(`undecodable produce response: ${d.error?.message}`);
      return (d.body as { responses: Array<{ partitionResponses: ProducePartitionAnswer[] }> }).responses[0]!.partitionResponses[0]!;
    });
  }

  drop(): void {
    this.socket.terminate();
  }
}

async function logEnd(c: KafkaTestClient): Promise<bigint> {
  const res = await c.request<{ topics: Array<{ partitions: Array<{ offset: bigint }> }> }>(2, 7, {
    replicaId: -1,
    isolationLevel: 0,
    topics: [{ name: TOPIC, partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }],
  });
  return res.topics[0]!.partitions[0]!.offset;
}

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline.
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(10);
  }
}

test("SIGTERM with idempotent batches in flight: every appended batch is acknowledged once, no duplicate after the restart", async () => {
  broker = await startStrand();
  const admin = await KafkaTestClient.connect(broker.port);
  await createTopic(admin, TOPIC, 1);
  const init = await admin.request<{ errorCode: number; producerId: bigint; producerEpoch: number }>(22, 4, {
    transactionalId: null,
    transactionTimeoutMs: 60_000,
    producerId: -1n,
    producerEpoch: -1,
  });
  expect(init.errorCode).toBe(0);
  const { producerId: pid, producerEpoch: epoch } = init;

  // Five batches in flight; the broker appends and answers them while the producer is not reading.
  const producer = await PausedProducer.connect(broker.port);
  const sequences = Array.from({ length: IN_FLIGHT }, (_, i) => i * RECORDS_PER_BATCH);
  for (const [i, seq] of sequences.entries()) expect(producer.write(produceFrame(i + 1, batch(pid, epoch, seq)))).toBe(true);
  const appendedEnd = BigInt(IN_FLIGHT * RECORDS_PER_BATCH);
  await waitFor("the in-flight batches to be appended", async () => (await logEnd(admin)) === appendedEnd);

  // SIGTERM: the broker closes every connection in one pass; the idle admin connection seeing its EOF
  // means the producer's connection has been closed on the broker's side too.
  const dataDir = broker.dataDir;
  process.kill(broker.pid, "SIGTERM");
  await waitFor("the broker to close its connections", () => admin.isClosed);

  // The producer goes on sending (its next batch), as a client with responses still unread does.
  let writesAccepted = 0;
  let nextCorrelation = IN_FLIGHT + 1;
  const nextSeq = IN_FLIGHT * RECORDS_PER_BATCH;
  for (let i = 0; i < WRITES_AFTER_FIN; i++) {
    if (!producer.write(produceFrame(nextCorrelation++, batch(pid, epoch, nextSeq)))) break;
    writesAccepted++;
    await Bun.sleep(20); // lets a reset, if the broker sends one, arrive before the next write
  }
  const resetBeforeRead = writesAccepted < WRITES_AFTER_FIN;
  // Java: a failed write closes the channel with its unread responses; otherwise they are read.
  let answers: ProducePartitionAnswer[] = [];
  if (resetBeforeRead) producer.drop();
  else answers = await producer.resumeAndRead();
  expect(await broker.exited).toBe(0);

  broker = await startStrand({ dataDir });
  const c = await KafkaTestClient.connect(broker.port);
  // Retry, in order and with the same sequences, every batch not acknowledged, then the next batch.
  const acked = new Map<number, bigint>();
  answers.slice(0, IN_FLIGHT).forEach((a, i) => a.errorCode === 0 && acked.set(sequences[i]!, a.baseOffset));
  const retried: Array<{ seq: number; errorCode: number; baseOffset: bigint }> = [];
  for (const seq of [...sequences, nextSeq]) {
    if (acked.has(seq)) continue;
    const r = await produce(c, TOPIC, 0, batch(pid, epoch, seq));
    retried.push({ seq, errorCode: r.errorCode, baseOffset: r.baseOffset });
    if (r.errorCode === 0) acked.set(seq, r.baseOffset);
  }
  const fetched = batchViews((await fetchOnce(c, TOPIC, [{ partition: 0, offset: 0n }])).partitions[0]!.records);
  c.close();

  const expectedOffsets = [...sequences, nextSeq].map((s) => [s, BigInt(s)] as const);
  expect({ resetBeforeRead, writesAccepted, retried: retried.filter((r) => r.errorCode !== 0 || r.baseOffset !== BigInt(r.seq)) }).toEqual({
    resetBeforeRead: false,
    writesAccepted: WRITES_AFTER_FIN,
    retried: [],
  });
  expect(answers.slice(0, IN_FLIGHT).map((a) => [a.errorCode, a.baseOffset])).toEqual(sequences.map((s) => [0, BigInt(s)]));
  expect([...acked.entries()].sort((a, b) => a[0] - b[0])).toEqual(expectedOffsets.map(([s, o]) => [s, o]));
  // The log holds each batch once, at the offset its sequence says.
  expect(fetched.map((b) => [b.baseSequence, b.baseOffset])).toEqual(expectedOffsets.map(([s, o]) => [s, o]));
}, 60_000);
