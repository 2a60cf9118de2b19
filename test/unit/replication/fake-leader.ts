// An in-process fake partition leader for the replica fetcher's unit tests: a FakeKafkaNode on a
// MemoryTransport whose Fetch and ListOffsets answers come from an in-memory log of record batches
// (offsets and leader epochs as a Kafka leader keeps them), with Kafka's leader-side rules for what a
// replica fetch gets: OFFSET_OUT_OF_RANGE outside [log start, log end], a diverging epoch when the
// follower's last fetched epoch ends below its fetch offset here (Partition.fetchRecords), whole
// batches up to partition_max_bytes (at least one), and a cut-off last batch when asked (KIP-74).
// A test may answer a partition with an error instead, or hold empty answers (as max_wait would).
import { MemoryTransport } from "../../../src/network/memory-transport.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { endOffsetForEpoch } from "../../../src/replication/follower-records.ts";
import { newFetchableTopicResponse, newPartitionData } from "../../../src/protocol/generated/messages/fetch-response.ts";
import { newListOffsetsPartitionResponse, newListOffsetsTopicResponse } from "../../../src/protocol/generated/messages/list-offsets-response.ts";
import type { FakeClock } from "../../../src/util/purgatory/fake-clock.ts";
import { FakeKafkaNode, type ReceivedRequest } from "../../support/fake-kafka-node.ts";

export interface LeaderBatch {
  baseOffset: number;
  lastOffset: number;
  epoch: number;
  bytes: Uint8Array;
}

export function leaderBatch(baseOffset: number, count: number, epoch: number, tag = "v"): LeaderBatch {
  const bytes = buildRecordBatch({
    baseOffset: BigInt(baseOffset),
    partitionLeaderEpoch: epoch,
    records: Array.from({ length: count }, (_, i) => ({ value: new TextEncoder().encode(`${tag}-${baseOffset + i}`), timestamp: 1_700_000_000_000 + baseOffset + i })),
  });
  return { baseOffset, lastOffset: baseOffset + count - 1, epoch, bytes };
}

interface FetchPartitionReq {
  partition: number;
  currentLeaderEpoch: number;
  fetchOffset: bigint;
  lastFetchedEpoch: number;
  logStartOffset: bigint;
  partitionMaxBytes: number;
}

export class FakeLeader {
  readonly node: FakeKafkaNode;
  batches: LeaderBatch[] = [];
  logStartOffset = 0;
  highWatermark = 0;
  leaderEpoch = 1;
  /** Answer every partition with this error code (0: serve data). */
  errorCode = 0;
  /** Cut the last batch of the next data answer this many bytes short. */
  cutLastBatchBytes = 0;
  /** Hold answers that carry no records until release() (as a real leader's max_wait). */
  holdEmpty = true;
  private held: ReceivedRequest[] = [];
  fetches: ReceivedRequest[] = [];

  constructor(
    transport: MemoryTransport,
    readonly id: number,
    readonly host: string,
    readonly port: number,
    readonly topic: string,
    readonly topicId: string,
  ) {
    this.node = new FakeKafkaNode(transport, host, port);
    this.node.handlers.set(1, (req) => this.onFetch(req));
    this.node.handlers.set(2, (req) => this.onListOffsets(req));
  }

  get logEndOffset(): number {
    return this.batches.length === 0 ? this.logStartOffset : this.batches[this.batches.length - 1]!.lastOffset + 1;
  }

  append(count: number, epoch = this.leaderEpoch, tag = "v"): LeaderBatch {
    const b = leaderBatch(this.logEndOffset, count, epoch, tag);
    this.batches.push(b);
    return b;
  }

  /** The leader-epoch cache this log implies (first batch of each epoch). */
  epochEntries(): Array<{ epoch: number; startOffset: number }> {
    const out: Array<{ epoch: number; startOffset: number }> = [];
    for (const b of this.batches) if (out.length === 0 || out[out.length - 1]!.epoch < b.epoch) out.push({ epoch: b.epoch, startOffset: b.baseOffset });
    return out;
  }

  /** Answers the held fetches now, with whatever the log holds. */
  release(): void {
    const held = this.held.splice(0);
    for (const req of held) this.node.reply(req, this.fetchAnswer(req, true));
  }

  private onFetch(req: ReceivedRequest): Record<string, unknown> | "hold" {
    this.fetches.push(req);
    const answer = this.fetchAnswer(req, false);
    if (answer === null) {
      this.held.push(req);
      return "hold";
    }
    return answer;
  }

  /**
   * Keep incremental fetch sessions (KIP-227) as Kafka's leader does: epoch 0 opens one, later epochs
   * must follow in order and carry only changed partitions, answers carry only partitions with news.
   */
  sessions = false;
  /** Forget the session (as a leader whose cache evicted it): the next incremental request gets error 70. */
  forgetSession(): void {
    this.session = null;
  }
  private session: { id: number; epoch: number; partitions: Map<string, { topic: string; topicId: string; p: FetchPartitionReq; hw: number; logStart: number }> } | null = null;
  private nextSessionId = 7;

  private fetchAnswer(req: ReceivedRequest, force: true): Record<string, unknown>;
  private fetchAnswer(req: ReceivedRequest, force: boolean): Record<string, unknown> | null;
  private fetchAnswer(req: ReceivedRequest, force: boolean): Record<string, unknown> | null {
    const topics = req.body.topics as Array<{ topic: string; topicId: string; partitions: FetchPartitionReq[] }>;
    const sessionId = req.body.sessionId as number;
    const epoch = req.body.sessionEpoch as number;
    let incremental = false;
    if (this.sessions && epoch === 0) {
      this.session = { id: this.nextSessionId++, epoch: 0, partitions: new Map() };
    } else if (this.sessions && epoch > 0) {
      const s = this.session;
      if (!s || s.id !== sessionId) return { errorCode: 70, sessionId: 0, responses: [] };
      if (s.epoch !== epoch) return { errorCode: 71, sessionId: 0, responses: [] };
      incremental = true;
      for (const f of req.body.forgottenTopicsData as Array<{ topicId: string; partitions: number[] }>) for (const p of f.partitions) s.partitions.delete(`${f.topicId}:${p}`);
    }
    const s = this.sessions && epoch >= 0 ? this.session : null;
    if (s) for (const t of topics) for (const p of t.partitions) s.partitions.set(`${t.topicId}:${p.partition}`, { topic: t.topic, topicId: t.topicId, p, hw: -1, logStart: -1 });
    const asked = s ? [...s.partitions.values()] : topics.flatMap((t) => t.partitions.map((p) => ({ topic: t.topic, topicId: t.topicId, p, hw: -1, logStart: -1 })));
    let anyRecords = false;
    const answers = asked.map((a) => {
      const r = this.partitionAnswer(a.p);
      const news = (r.records as Uint8Array).length > 0 || r.errorCode !== 0 || (r.divergingEpoch as { epoch: number }).epoch >= 0;
      if (news) anyRecords = true;
      return { a, r, changed: news || a.hw !== this.highWatermark || a.logStart !== this.logStartOffset };
    });
    if (!anyRecords && this.holdEmpty && !force) return null;
    const byTopic = new Map<string, Record<string, unknown> & { partitions: unknown[] }>();
    for (const { a, r, changed } of answers) {
      if (incremental && !changed) continue;
      a.hw = this.highWatermark;
      a.logStart = this.logStartOffset;
      let t = byTopic.get(a.topicId);
      if (!t) byTopic.set(a.topicId, (t = { ...newFetchableTopicResponse(), topic: a.topic, topicId: a.topicId, partitions: [] }));
      t.partitions.push(r);
    }
    if (s) s.epoch++;
    return { errorCode: 0, sessionId: s ? s.id : 0, responses: [...byTopic.values()] };
  }

  private partitionAnswer(p: FetchPartitionReq): Record<string, unknown> {
    const base = { ...newPartitionData(), partitionIndex: p.partition, highWatermark: BigInt(this.highWatermark), lastStableOffset: BigInt(this.highWatermark), logStartOffset: BigInt(this.logStartOffset), divergingEpoch: { epoch: -1, endOffset: -1n }, records: new Uint8Array(0) };
    if (this.errorCode !== 0) return { ...base, errorCode: this.errorCode, highWatermark: -1n, logStartOffset: -1n };
    const offset = Number(p.fetchOffset);
    if (p.lastFetchedEpoch >= 0) {
      const end = endOffsetForEpoch(this.epochEntries(), p.lastFetchedEpoch, this.logEndOffset);
      if (end === null || end.offset < offset || end.epoch < p.lastFetchedEpoch) {
        return { ...base, errorCode: 0, divergingEpoch: { epoch: end?.epoch ?? -1, endOffset: BigInt(end?.offset ?? -1) } };
      }
    }
    if (offset < this.logStartOffset || offset > this.logEndOffset) return { ...base, errorCode: 1, highWatermark: -1n, logStartOffset: -1n };
    const parts: Uint8Array[] = [];
    let size = 0;
    for (const b of this.batches) {
      if (b.lastOffset < offset) continue;
      if (parts.length > 0 && size + b.bytes.length > p.partitionMaxBytes) break;
      parts.push(b.bytes);
      size += b.bytes.length;
    }
    if (this.cutLastBatchBytes > 0 && parts.length > 0) {
      const last = parts.length - 1;
      parts[last] = parts[last]!.subarray(0, parts[last]!.length - this.cutLastBatchBytes);
      size -= this.cutLastBatchBytes;
      this.cutLastBatchBytes = 0;
    }
    const records = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      records.set(part, at);
      at += part.length;
    }
    return { ...base, errorCode: 0, records };
  }

  private onListOffsets(req: ReceivedRequest): Record<string, unknown> {
    const topics = req.body.topics as Array<{ name: string; partitions: Array<{ partitionIndex: number; timestamp: bigint }> }>;
    return {
      topics: topics.map((t) => ({
        ...newListOffsetsTopicResponse(),
        name: t.name,
        partitions: t.partitions.map((p) => ({ ...newListOffsetsPartitionResponse(), partitionIndex: p.partitionIndex, errorCode: 0, timestamp: -1n, offset: BigInt(p.timestamp === -2n ? this.logStartOffset : this.logEndOffset), leaderEpoch: this.leaderEpoch })),
      })),
    };
  }
}

/** Runs due hand-offs and the promise callbacks they start, `rounds` times (no wall-clock time passes). */
export async function settle(clock: FakeClock, rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    clock.advance(0);
    for (let k = 0; k < 5; k++) await Promise.resolve();
    await new Promise<void>((r) => setImmediate(r));
  }
}
