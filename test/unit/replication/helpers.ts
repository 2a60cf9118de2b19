// Shared pieces of the replication unit tests: a durability seam whose syncs a test settles by hand
// (no real fsync, no sleeps), a metadata image built from a topic list, and append entries.
import { createHash } from "node:crypto";
import type { MetadataImage, PartitionImage, TopicImage } from "../../../src/metadata/image.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import type { LogDurability } from "../../../src/replication/partition.ts";
import type { AppendEntry } from "../../../src/replication/replica-manager.ts";

export const NODE_ID = 1;

interface Wait {
  offset: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

/** Durability by hand: `reach(n)` makes offsets below n durable and resolves the waits it covers. */
export class ManualDurability implements LogDurability {
  durableOffset = 0;
  pendingFlushOffset = -1;
  private waits: Wait[] = [];
  requested = 0;

  private wait(offset: number): Promise<void> {
    this.requested++;
    if (offset <= this.durableOffset) return Promise.resolve();
    return new Promise((resolve, reject) => this.waits.push({ offset, resolve, reject }));
  }
  waitDurable(offset: number): Promise<void> {
    return this.wait(offset);
  }
  waitFlushed(offset: number): Promise<void> {
    return this.wait(offset);
  }
  get waiting(): number {
    return this.waits.length;
  }
  reach(offset: number): void {
    this.durableOffset = offset;
    if (this.pendingFlushOffset >= 0 && this.pendingFlushOffset <= offset) this.pendingFlushOffset = -1;
    const done = this.waits.filter((w) => w.offset <= offset);
    this.waits = this.waits.filter((w) => w.offset > offset);
    for (const w of done) w.resolve();
  }
  failAll(e: Error): void {
    const all = this.waits;
    this.waits = [];
    for (const w of all) w.reject(e);
  }
}

/** Lets promise callbacks already queued run (no timers involved). */
export async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A topic id derived from the name (distinct names, distinct ids). */
function idFor(name: string): string {
  return createHash("md5").update(name).digest().toString("base64url");
}

export function imageOf(topics: Array<{ name: string; partitions: number; leader?: number; leaderEpoch?: number }>): MetadataImage {
  const byName = new Map<string, TopicImage>();
  for (const t of topics) {
    const topicId = idFor(t.name);
    const parts: PartitionImage[] = [];
    for (let p = 0; p < t.partitions; p++) {
      parts.push({ topicId, topic: t.name, partition: p, replicas: [NODE_ID], isr: [NODE_ID], leader: t.leader ?? NODE_ID, leaderEpoch: t.leaderEpoch ?? 0, partitionEpoch: 0, directories: [] });
    }
    byName.set(t.name, { name: t.name, topicId, partitions: parts });
  }
  return {
    clusterId: "AAAAAAAAAAAAAAAAAAAAAA",
    controllerId: NODE_ID,
    offset: 0n,
    topicsByName: byName,
    topicsById: new Map([...byName.values()].map((t) => [t.topicId, t])),
    brokers: new Map(),
    configs: new Map(),
    features: new Map(),
  } as MetadataImage;
}

export const NO_PRODUCER = { producerId: -1n, producerEpoch: -1, baseSequence: -1, lastOffsetDelta: 0 };

export function batchOf(count: number, tag = 0): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: count }, (_, i) => ({ value: new TextEncoder().encode(`v${tag}-${i}`) })) });
}

export function entry(topic: string, partition: number, count: number, tag = 0): AppendEntry {
  return { topic, partition, records: batchOf(count, tag), batch: { ...NO_PRODUCER, lastOffsetDelta: count - 1 }, crcVerified: false, logAppendTimeMs: -1, nowMs: Date.now() };
}
