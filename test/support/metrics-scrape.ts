// Reads a broker's /metrics (Prometheus text format) into samples, and the produce / consume / commit
// workload the metrics tests check against (raw protocol requests through KafkaTestClient).

import { buildGoodBatch } from "./malformed-batch.ts";
import type { KafkaTestClient } from "./kafka-client.ts";
import { createTopic, fetchOnce, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): MetricSample[] {
  const out: MetricSample[] = [];
  // Bounded by the text's lines.
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(LABEL)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    out.push({ name: m[1]!, labels, value: m[3] === "+Inf" ? Infinity : m[3] === "-Inf" ? -Infinity : Number(m[3]) });
  }
  return out;
}

export async function scrape(adminUrl: string): Promise<MetricSample[]> {
  const r = await fetch(`${adminUrl}/metrics`);
  if (!r.ok) throw new Error(`GET /metrics: ${r.status}`);
  return parseMetrics(await r.text());
}

/** The value of the sample with exactly these labels, or undefined. */
export function valueOf(samples: readonly MetricSample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).sort();
  const s = samples.find((x) => x.name === name && JSON.stringify(Object.entries(x.labels).sort()) === JSON.stringify(want));
  return s?.value;
}

export interface Workload {
  topic: string;
  /** Record bytes produced per partition. */
  bytesIn: number[];
  /** Records produced per partition. */
  records: number[];
  /** Record bytes a consumer fetched (partition 0, from offset 0). */
  bytesOut: number;
  group: string;
  /** The offset committed for the group on partition 0. */
  committed: number;
}

/**
 * Creates `topic` (2 partitions), produces `batches` batches of 5 records to each partition, fetches
 * partition 0 once as a consumer, and commits offset 3 of partition 0 for group `group`.
 */
export async function runWorkload(c: KafkaTestClient, topic: string, group: string, batches = 4): Promise<Workload> {
  await createTopic(c, topic, 2);
  await waitForLeaders(c, topic, 2);
  const w: Workload = { topic, bytesIn: [0, 0], records: [0, 0], bytesOut: 0, group, committed: 3 };
  for (let i = 0; i < batches; i++) {
    for (const partition of [0, 1]) {
      const batch = buildGoodBatch(5, `${topic}-${partition}-${i}`);
      const r = await produce(c, topic, partition, batch);
      if (r.errorCode !== 0) throw new Error(`produce ${topic}-${partition}: error ${r.errorCode}`);
      w.bytesIn[partition]! += batch.length;
      w.records[partition]! += 5;
    }
  }
  const f = await fetchOnce(c, topic, [{ partition: 0, offset: 0n }]);
  w.bytesOut = f.partitions[0]!.records?.length ?? 0;
  // A simple (group-less) commit, as an admin tool's reset makes; retried while __consumer_offsets is created.
  const deadline = Date.now() + 30_000;
  // Bounded by the deadline.
  for (;;) {
    const r = await c.request<{ topics: Array<{ partitions: Array<{ errorCode: number }> }> }>(8, 8, {
      groupId: group,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      topics: [{ name: topic, partitions: [{ partitionIndex: 0, committedOffset: BigInt(w.committed), committedLeaderEpoch: -1, committedMetadata: null }] }],
    });
    const code = r.topics[0]!.partitions[0]!.errorCode;
    if (code === 0) break;
    if (Date.now() > deadline) throw new Error(`OffsetCommit for ${group}: error ${code}`);
    await Bun.sleep(100);
  }
  return w;
}
