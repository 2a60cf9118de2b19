// A TransactionCoordinatorService over in-memory partitions: a PartitionWriter that keeps every
// committed record (and can be told to fail), a metadata stub, a hand-driven clock, and a marker
// writer that records what it was asked and answers what the test says.
import { TransactionCoordinatorService, TRANSACTION_STATE_TOPIC, type TransactionConfig } from "../../../../src/coordinator/transaction/service.ts";
import type { MarkerRequest, MarkerPartitionResult } from "../../../../src/coordinator/transaction/marker-channel.ts";
import type { CoordinatorRecord, PartitionWriter, TopicPartition } from "../../../../src/coordinator/runtime/partition-writer.ts";
import { PartitionWriterError } from "../../../../src/coordinator/runtime/partition-writer.ts";
import type { GroupClock } from "../../../../src/coordinator/group/timer.ts";
import type { MetadataLayer } from "../../../../src/metadata/layer.ts";

export class ManualClock implements GroupClock {
  now = 1_000_000;
  private tasks: Array<{ at: number; cb: () => void; cancelled: boolean }> = [];
  nowMs(): number {
    return this.now;
  }
  schedule(cb: () => void, delayMs: number): { cancel(): void } {
    const t = { at: this.now + delayMs, cb, cancelled: false };
    this.tasks.push(t);
    return { cancel: () => void (t.cancelled = true) };
  }
  /** Move time forward, running due tasks in deadline order (bounded: tasks scheduled by tasks run too). */
  advance(ms: number): void {
    const end = this.now + ms;
    for (let guard = 0; guard < 10_000; guard++) {
      const due = this.tasks.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.now = Math.max(this.now, due.at);
      due.cancelled = true;
      due.cb();
    }
    this.now = end;
    this.tasks = this.tasks.filter((t) => !t.cancelled);
  }
}

export class MemoryWriter implements PartitionWriter {
  readonly records = new Map<number, CoordinatorRecord[]>();
  failWith: number | null = null;
  async append(tp: TopicPartition, records: readonly CoordinatorRecord[]): Promise<number> {
    await Promise.resolve();
    if (this.failWith !== null) throw new PartitionWriterError(this.failWith, tp, "injected");
    let list = this.records.get(tp.partition);
    if (!list) this.records.set(tp.partition, (list = []));
    list.push(...records);
    return list.length;
  }
}


export interface Harness {
  service: TransactionCoordinatorService;
  writer: MemoryWriter;
  clock: ManualClock;
  markerCalls: MarkerRequest[];
  /** What the marker writer answers for a partition ("topic-p" -> code); default NONE. */
  markerAnswers: Map<string, number>;
  tvLevel: { value: number };
  topics: Map<string, number>;
}

export function defaultTxnConfig(over: Partial<TransactionConfig> = {}): TransactionConfig {
  return {
    numPartitions: 1,
    replicationFactor: 1,
    minIsr: 1,
    segmentBytes: 1 << 20,
    maxTimeoutMs: 900_000,
    abortTimedOutTransactionsIntervalMs: 10_000,
    removeExpiredTransactionalIdsIntervalMs: 3_600_000,
    transactionalIdExpirationMs: 604_800_000,
    partitionVerificationEnable: true,
    ...over,
  };
}

/** Builds a service; `records` seeds __transaction_state-0 (a reload from the same writer). */
export function makeHarness(o: { config?: Partial<TransactionConfig>; writer?: MemoryWriter; clock?: ManualClock; leaderEpoch?: number } = {}): Harness {
  const writer = o.writer ?? new MemoryWriter();
  const clock = o.clock ?? new ManualClock();
  const markerCalls: MarkerRequest[] = [];
  const markerAnswers = new Map<string, number>();
  const tvLevel = { value: 0 };
  const topics = new Map<string, number>([["t", 4], ["__consumer_offsets", 1]]);
  const config = defaultTxnConfig(o.config);
  let nextPid = 1000n;
  const image = {
    get features() {
      return new Map([["transaction.version", tvLevel.value]]);
    },
    brokers: new Map([[1, {}]]),
    topicsByName: {
      get: (name: string) => {
        if (name === TRANSACTION_STATE_TOPIC) return { name, partitions: Array.from({ length: config.numPartitions }, () => ({ leader: 1, leaderEpoch: o.leaderEpoch ?? 3 })) };
        const n = topics.get(name);
        return n === undefined ? undefined : { name, partitions: Array.from({ length: n }, () => ({ leader: 1, leaderEpoch: 0 })) };
      },
      has: (name: string) => name === TRANSACTION_STATE_TOPIC || topics.has(name),
    },
  };
  const metadata = {
    image,
    ensureInternalTopic: async () => undefined,
  } as unknown as MetadataLayer;
  const service = new TransactionCoordinatorService({
    config,
    nodeId: 1,
    metadata: () => metadata,
    writer,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never,
    clock,
    generateProducerId: () => nextPid++,
    markerWriter: async (markers) => {
      markerCalls.push(...markers);
      return markers.map((m) => ({
        producerId: m.producerId,
        partitions: m.partitions.map((tp): MarkerPartitionResult => ({ topic: tp.topic, partition: tp.partition, errorCode: markerAnswers.get(`${tp.topic}-${tp.partition}`) ?? 0 })),
      }));
    },
    markerBackoffMs: { min: 10, max: 100 },
    loader: {
      load: async (tp, sink) => {
        const recs = writer.records.get(tp.partition) ?? [];
        let offset = 0;
        for (const r of recs) sink.record(offset++, -1n, -1, r.key, r.value);
        return { records: recs.length, bytes: 0 };
      },
    },
  });
  return { service, writer, clock, markerCalls, markerAnswers, tvLevel, topics };
}

/** Let promise continuations (appends, marker answers, completion writes) run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
