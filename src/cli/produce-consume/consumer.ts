// The fetching half of `strand consume`: positions per partition, start offsets from ListOffsets
// (earliest, latest, or by timestamp), and one Fetch per leader per poll, as Kafka's consumer fetcher
// does without fetch sessions (each request names every partition; the CLI fetches a few at most).
//
// Two positions per partition: `fetchOffset` (where the next Fetch starts) and `consumed` (past the last
// record handed out), because `-n` may stop inside a fetched batch and only what was printed is committed.
import type { FetchResponse } from "../../protocol/generated/messages/fetch-response.ts";
import type { ListOffsetsResponse } from "../../protocol/generated/messages/list-offsets-response.ts";
import { ErrorCode, KafkaError } from "../../protocol/errors.ts";
import { API } from "../client/api-keys.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";
import { fetchedRecords, type ConsumedRecord } from "./fetched-records.ts";

export type StartSpec =
  | { kind: "beginning" }
  | { kind: "end" }
  | { kind: "offset"; offset: bigint }
  | { kind: "timestamp"; ms: bigint }
  /** The last `count` records of each partition (kcat / rpk `-o -N`), from the log start at most. */
  | { kind: "last"; count: bigint };

/** Fetch v12 is the last that names topics (v13+ sends topic ids only). */
const FETCH_MAX_VERSION = 12;
const EARLIEST = -2n;
const LATEST = -1n;
const PARTITION_MAX_BYTES = 1 << 20;
const FETCH_MAX_BYTES = 16 << 20;

interface Position {
  fetchOffset: bigint;
  consumed: bigint;
  /** High watermark (read_uncommitted) or last stable offset (read_committed) of the last answer; -1 until then. */
  endOffset: bigint;
}

function retriableCode(code: number): boolean {
  return code !== ErrorCode.NONE && new KafkaError(code).retriable;
}

export class CliConsumer {
  private leaders = new Map<number, number>();
  private readonly positions = new Map<number, Position>();

  constructor(
    private readonly client: KafkaCliClient,
    readonly topic: string,
    /** 0 read_uncommitted, 1 read_committed. */
    private readonly isolationLevel: number,
  ) {}

  /** The topic's partitions (and their leaders, kept for routing). */
  async partitions(): Promise<number[]> {
    const leaders = await this.client.leaders([this.topic]);
    this.leaders = leaders.get(this.topic)!;
    return [...this.leaders.keys()].sort((a, b) => a - b);
  }

  assigned(): number[] {
    return [...this.positions.keys()];
  }

  /** Start offsets for `parts` by `spec` (a timestamp past the last record means the end). */
  async startOffsets(parts: readonly number[], spec: StartSpec): Promise<Map<number, bigint>> {
    if (spec.kind === "offset") return new Map(parts.map((p) => [p, spec.offset]));
    if (spec.kind === "last") {
      const [earliest, latest] = [await this.listOffsets(parts, EARLIEST), await this.listOffsets(parts, LATEST)];
      return new Map(parts.map((p) => {
        const from = latest.get(p)! - spec.count;
        return [p, from > earliest.get(p)! ? from : earliest.get(p)!];
      }));
    }
    const ts = spec.kind === "beginning" ? EARLIEST : spec.kind === "end" ? LATEST : spec.ms;
    const found = await this.listOffsets(parts, ts);
    if (spec.kind !== "timestamp") return found;
    const missing = parts.filter((p) => found.get(p)! < 0n);
    if (missing.length > 0) for (const [p, o] of await this.listOffsets(missing, LATEST)) found.set(p, o);
    return found;
  }

  private async listOffsets(parts: readonly number[], timestamp: bigint): Promise<Map<number, bigint>> {
    return this.client.retrying(`ListOffsets ${this.topic}`, async (attempt) => {
      if (attempt > 0) await this.partitions();
      const out = new Map<number, bigint>();
      for (const [leader, ps] of this.byLeader(parts)) {
        const r = await this.client.sendToBroker<ListOffsetsResponse>(leader, API.ListOffsets, {
          replicaId: -1,
          isolationLevel: this.isolationLevel,
          topics: [{ name: this.topic, partitions: ps.map((p) => ({ partitionIndex: p, currentLeaderEpoch: -1, timestamp })) }],
          timeoutMs: 30_000,
        });
        for (const a of r.body.topics[0]?.partitions ?? []) {
          checkError(a.errorCode, `ListOffsets ${this.topic}-${a.partitionIndex}`);
          out.set(a.partitionIndex, a.offset);
        }
      }
      return out;
    });
  }

  private byLeader(parts: readonly number[]): Map<number, number[]> {
    const m = new Map<number, number[]>();
    for (const p of parts) {
      const leader = this.leaders.get(p);
      if (leader === undefined) throw new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `${this.topic} has no partition ${p}`);
      if (leader < 0) throw new KafkaError(ErrorCode.LEADER_NOT_AVAILABLE, `partition ${this.topic}-${p} has no leader`);
      m.set(leader, [...(m.get(leader) ?? []), p]);
    }
    return m;
  }

  /** Start (or keep) fetching these partitions from these offsets; others stop. */
  assign(offsets: ReadonlyMap<number, bigint>): void {
    for (const p of [...this.positions.keys()]) if (!offsets.has(p)) this.positions.delete(p);
    for (const [p, o] of offsets) if (!this.positions.has(p)) this.positions.set(p, { fetchOffset: o, consumed: o, endOffset: -1n });
  }

  /** Mark a record as handed out (its offset + 1 is what a commit stores). */
  delivered(r: ConsumedRecord): void {
    const pos = this.positions.get(r.partition);
    if (pos) pos.consumed = r.offset + 1n;
  }

  /** Offsets to commit: past the last record handed out, per partition. */
  consumedOffsets(): Map<number, bigint> {
    return new Map([...this.positions].map(([p, pos]) => [p, pos.consumed]));
  }

  /** Every assigned partition's handed-out position has reached its end offset of the last answer. */
  atEnd(): boolean {
    if (this.positions.size === 0) return false;
    for (const pos of this.positions.values()) if (pos.endOffset < 0n || pos.consumed < pos.endOffset) return false;
    return true;
  }

  /** One Fetch per leader of the assigned partitions; the records in offset order per partition. */
  async poll(maxWaitMs: number): Promise<ConsumedRecord[]> {
    if (this.positions.size === 0) {
      await Bun.sleep(maxWaitMs);
      return [];
    }
    // A leader that went away (a lost connection) is looked up again before the retry.
    const answers = await this.client.retrying(`Fetch ${this.topic}`, async (attempt) => {
      if (attempt > 0) await this.partitions();
      const byLeader = this.byLeader([...this.positions.keys()]);
      return Promise.all(
        [...byLeader].map(([leader, ps]) =>
          this.client.sendToBroker<FetchResponse>(leader, API.Fetch, {
            replicaId: -1,
            maxWaitMs,
            minBytes: 1,
            maxBytes: FETCH_MAX_BYTES,
            isolationLevel: this.isolationLevel,
            sessionId: 0,
            sessionEpoch: -1,
            topics: [{ topic: this.topic, partitions: ps.map((p) => ({ partition: p, currentLeaderEpoch: -1, fetchOffset: this.positions.get(p)!.fetchOffset, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: PARTITION_MAX_BYTES })) }],
            forgottenTopicsData: [],
            rackId: "",
          }, { maxVersion: FETCH_MAX_VERSION, timeoutMs: maxWaitMs + 30_000 }),
        ),
      );
    });
    const out: ConsumedRecord[] = [];
    let refresh = false;
    const outOfRange: number[] = [];
    for (const a of answers) {
      checkError(a.body.errorCode, `Fetch ${this.topic}`);
      for (const pd of a.body.responses.flatMap((t) => t.partitions)) {
        const pos = this.positions.get(pd.partitionIndex);
        if (!pos) continue;
        if (pd.errorCode === ErrorCode.OFFSET_OUT_OF_RANGE) {
          outOfRange.push(pd.partitionIndex);
          continue;
        }
        if (retriableCode(pd.errorCode)) {
          refresh = true;
          continue;
        }
        checkError(pd.errorCode, `Fetch ${this.topic}-${pd.partitionIndex}`);
        pos.endOffset = this.isolationLevel === 1 ? pd.lastStableOffset : pd.highWatermark;
        const got = fetchedRecords(pd.partitionIndex, pd.records as Uint8Array | null, pos.fetchOffset, pd.abortedTransactions);
        pos.fetchOffset = got.nextOffset;
        // Nothing left to hand out below the end: what was skipped (control, aborted) counts as consumed.
        if (got.records.length === 0 && pos.consumed < pos.fetchOffset) pos.consumed = pos.fetchOffset;
        out.push(...got.records);
      }
    }
    if (refresh) await this.partitions();
    if (outOfRange.length > 0) await this.resetOutOfRange(outOfRange);
    return out;
  }

  /** Kafka's auto.offset.reset: below the log start goes to the start, above the end to the end. */
  private async resetOutOfRange(parts: number[]): Promise<void> {
    const earliest = await this.listOffsets(parts, EARLIEST);
    const latest = await this.listOffsets(parts, LATEST);
    for (const p of parts) {
      const pos = this.positions.get(p)!;
      const to = pos.fetchOffset < earliest.get(p)! ? earliest.get(p)! : latest.get(p)!;
      pos.fetchOffset = to;
      pos.consumed = to;
    }
  }
}
