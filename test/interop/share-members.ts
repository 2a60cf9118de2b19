// What share-consumer.test.ts reads from its KafkaShareConsumer processes (test/interop/java
// share-consume: one JSON line per record delivered and per acknowledgement answered), and the admin
// calls it makes with Strand's own protocol client: group configs (IncrementalAlterConfigs on a GROUP
// resource), ShareGroupDescribe and DescribeShareGroupOffsets, the same raw requests for both brokers.
import type { Subprocess } from "bun";
import { buildRecordBatch } from "../../src/protocol/records/builder.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";

export interface ShareRecord { c: string; p: number; o: number; dc: number; key: string; value: string; ack: string; t: number }
export interface ShareAcked { c: string; p: number; offsets: number[]; error: string | null; t: number }

/** One share-consume process and what it printed so far. */
export class ShareMember {
  readonly records: ShareRecord[] = [];
  readonly acked: ShareAcked[] = [];
  readonly other: Array<Record<string, unknown>> = [];
  stderr = "";

  constructor(readonly name: string, readonly proc: Subprocess<"pipe" | "ignore", "pipe", "pipe">) {
    void this.read();
    void (async () => {
      for await (const chunk of proc.stderr) {
        this.stderr += new TextDecoder().decode(chunk);
        if (this.stderr.length > 200_000) this.stderr = this.stderr.slice(-100_000); // bounded
      }
    })();
  }

  private async read(): Promise<void> {
    const dec = new TextDecoder();
    let buf = "";
    for await (const chunk of this.proc.stdout) {
      buf += dec.decode(chunk, { stream: true });
      let i: number;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        let e: Record<string, unknown>;
        try {
          e = JSON.parse(line);
        } catch {
          this.stderr += `${line}\n`;
          continue;
        }
        if (e.event === "record") this.records.push(e as unknown as ShareRecord);
        else if (e.event === "acked") this.acked.push(e as unknown as ShareAcked);
        else if (this.other.length < 1000) this.other.push(e);
      }
    }
  }

  has(event: string): Record<string, unknown> | undefined {
    return this.other.find((e) => e.event === event);
  }

  /** Offsets whose acknowledgement the broker answered without an error. */
  ackedOk(): Set<number> {
    return new Set(this.acked.filter((a) => a.error === null).flatMap((a) => a.offsets));
  }

  diag(): string {
    return `${this.name}: ${this.records.length} records, acked ${JSON.stringify(this.acked.slice(-3))}, ` +
      `events ${JSON.stringify(this.other.slice(-4))}\n${this.stderr.slice(-1500)}`;
  }
}

interface ProduceResponse { responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }

/**
 * Records key "i", value "v<i>" for i in [from, from + count) into partition 0, `perBatch` to a batch
 * (a share fetch acquires whole batches, so small batches let several members share a partition).
 */
export async function produceRecords(port: number, topic: string, count: number, perBatch: number, from = 0): Promise<void> {
  const c = await KafkaTestClient.connect(port);
  const enc = new TextEncoder();
  try {
    // Bounded by count / perBatch requests.
    for (let i = from; i < from + count; i += perBatch) {
      const n = Math.min(perBatch, from + count - i);
      const records = Array.from({ length: n }, (_, k) => ({ key: enc.encode(String(i + k)), value: enc.encode(`v${i + k}`) }));
      const res = await c.request<ProduceResponse>(0, 11, {
        transactionalId: null, acks: -1, timeoutMs: 10_000,
        topicData: [{ name: topic, partitionData: [{ index: 0, records: buildRecordBatch({ records }) }] }],
      });
      const code = res.responses[0]?.partitionResponses[0]?.errorCode;
      if (code !== 0) throw new Error(`Produce ${topic} at ${i}: error ${code}`);
    }
  } finally {
    c.close();
  }
}

/** Sets share-group configs (share.record.lock.duration.ms, share.delivery.count.limit, ...). */
export async function setGroupConfigs(port: number, group: string, configs: Record<string, string | number>): Promise<void> {
  const c = await KafkaTestClient.connect(port);
  try {
    const res = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
      resources: [{
        resourceType: 32, // GROUP
        resourceName: group,
        configs: Object.entries(configs).map(([name, value]) => ({ name, configOperation: 0, value: String(value) })),
      }],
      validateOnly: false,
    });
    const r = res.responses[0];
    if (!r || r.errorCode !== 0) throw new Error(`IncrementalAlterConfigs GROUP ${group}: ${JSON.stringify(res.responses)}`);
  } finally {
    c.close();
  }
}

interface DescribeResponse { groups: Array<{ errorCode: number; groupId: string; groupState: string; members: unknown[] }> }

/** The share group's state and member count (ShareGroupDescribe v1), or null when the group is unknown. */
export async function describeShareGroup(port: number, group: string): Promise<{ state: string; members: number } | null> {
  const c = await KafkaTestClient.connect(port);
  try {
    const res = await c.request<DescribeResponse>(77, 1, { groupIds: [group], includeAuthorizedOperations: false });
    const g = res.groups[0];
    if (!g || g.errorCode !== 0) return null;
    return { state: g.groupState, members: g.members.length };
  } finally {
    c.close();
  }
}

interface OffsetsResponse {
  groups: Array<{
    errorCode: number;
    topics: Array<{ topicName: string; partitions: Array<{ partitionIndex: number; startOffset: bigint; lag: bigint; errorCode: number }> }>;
  }>;
}

/**
 * Each partition's share-partition start offset and lag (DescribeShareGroupOffsets v1): lag 0 means
 * every record up to the log end is acknowledged or archived. Kafka keeps the start offset it persisted
 * last (it may trail the acknowledged records), so the lag is what tells that the work is done.
 */
export async function shareOffsets(port: number, group: string, topic: string, partitions: number): Promise<Array<{ start: number; lag: number }>> {
  const c = await KafkaTestClient.connect(port);
  try {
    const res = await c.request<OffsetsResponse>(90, 1, {
      groups: [{ groupId: group, topics: [{ topicName: topic, partitions: Array.from({ length: partitions }, (_, i) => i) }] }],
    });
    const g = res.groups[0];
    if (!g || g.errorCode !== 0) throw new Error(`DescribeShareGroupOffsets ${group}: error ${g?.errorCode}`);
    const out = Array.from({ length: partitions }, () => ({ start: -1, lag: -1 }));
    for (const p of g.topics.flatMap((t) => t.partitions)) {
      if (p.errorCode === 0) out[p.partitionIndex] = { start: Number(p.startOffset), lag: Number(p.lag) };
    }
    return out;
  } finally {
    c.close();
  }
}

/** For each offset, how many times it was delivered across `members`. */
export function deliveries(members: readonly ShareMember[]): Map<number, ShareRecord[]> {
  const m = new Map<number, ShareRecord[]>();
  for (const r of members.flatMap((x) => x.records)) {
    let l = m.get(r.o);
    if (!l) m.set(r.o, (l = []));
    l.push(r);
  }
  return m;
}

export function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
