// What the console's charts draw: samples it takes itself and keeps in bounded rings. Throughput comes
// from the broker's own BrokerTopicMetrics counters (the Partition fields /metrics exports: record bytes
// and records appended as leader, record bytes sent to consumers), summed per topic over the partitions
// hosted here; a rate is the difference of two samples over their interval, and a drop (a partition
// moved away or recreated) counts as zero, not a negative rate. Consumer lag is each group's total
// lag, as the groups view computes it. A sample is taken on a timer and, at most once a second, when a
// chart is read, so an open page sees fresh points without the broker sampling fast while nobody looks.
//
// Bounds: SAMPLE_CAPACITY samples per ring; throughput per topic for at most MAX_SAMPLED_TOPICS topics
// (by name); lag for at most MAX_GROUPS groups (group-view.ts), a group's ring dropped when the group
// is gone.

import { INTERNAL_TOPICS } from "../../../replication/replica-manager.ts";
import type { BrokerServices } from "../../services.ts";
import { groups, MAX_GROUPS } from "./group-view.ts";

export const SAMPLE_CAPACITY = 180;
export const MAX_SAMPLED_TOPICS = 200;
/** Reads of a chart take a new sample only when the last is at least this old. */
export const MIN_SAMPLE_SPACING_MS = 1_000;

/** A fixed-capacity ring: the oldest entry is dropped when full. */
export class Ring<T> {
  private readonly items: T[] = [];
  private start = 0;
  constructor(readonly capacity: number) {}
  push(v: T): void {
    if (this.items.length < this.capacity) this.items.push(v);
    else {
      this.items[this.start] = v;
      this.start = (this.start + 1) % this.capacity;
    }
  }
  toArray(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
  get size(): number {
    return this.items.length;
  }
  last(): T | undefined {
    return this.items.length === 0 ? undefined : this.items[(this.start + this.items.length - 1) % this.items.length];
  }
}

interface CounterSample {
  timeMs: number;
  /** Per topic: [records in, bytes in, bytes out] over the partitions hosted here. */
  topics: Map<string, [number, number, number]>;
}

export interface RatePoint {
  timeMs: number;
  messagesPerSec: number;
  bytesPerSec: number;
  bytesOutPerSec: number;
}

export interface LagPoint {
  timeMs: number;
  lag: number;
}

export class ConsoleSampler {
  private readonly counters = new Ring<CounterSample>(SAMPLE_CAPACITY);
  private readonly lag = new Map<string, Ring<LagPoint>>();
  private lastSampleMs = -Infinity;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly services: BrokerServices,
    private readonly intervalMs: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    // The console must never keep a stopping broker alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** A sample now unless the last one is under MIN_SAMPLE_SPACING_MS old. */
  maybeSample(): void {
    if (this.nowMs() - this.lastSampleMs >= MIN_SAMPLE_SPACING_MS) this.sample();
  }

  sample(): void {
    const now = this.nowMs();
    this.lastSampleMs = now;
    try {
      this.sampleCounters(now);
      this.sampleLag(now);
    } catch (e) {
      this.services.logger.warn("console sample failed", { error: e instanceof Error ? e.message : String(e) });
    }
  }

  private sampleCounters(now: number): void {
    const image = this.services.metadata.image;
    const names = new Set([...image.topicsByName.keys()].filter((n) => !INTERNAL_TOPICS.has(n)).sort().slice(0, MAX_SAMPLED_TOPICS));
    const topics = new Map<string, [number, number, number]>();
    for (const n of names) topics.set(n, [0, 0, 0]);
    // Bounded by the partitions hosted here.
    for (const p of this.services.replicaManager.hostedPartitions()) {
      const t = topics.get(p.topic);
      if (t === undefined) continue;
      t[0] += p.messagesIn;
      t[1] += p.bytesIn;
      t[2] += p.bytesOut;
    }
    this.counters.push({ timeMs: now, topics });
  }

  private sampleLag(now: number): void {
    const seen = new Set<string>();
    for (const g of groups(this.services).slice(0, MAX_GROUPS)) {
      seen.add(g.groupId);
      if (g.totalLag === null) continue;
      let ring = this.lag.get(g.groupId);
      if (!ring) this.lag.set(g.groupId, (ring = new Ring<LagPoint>(SAMPLE_CAPACITY)));
      ring.push({ timeMs: now, lag: g.totalLag });
    }
    for (const id of [...this.lag.keys()]) if (!seen.has(id)) this.lag.delete(id);
  }

  /** Rates between consecutive samples, for one topic or (topic null) every sampled topic together. */
  rates(topic: string | null): RatePoint[] {
    const samples = this.counters.toArray();
    const out: RatePoint[] = [];
    const totalOf = (s: CounterSample): [number, number, number] | null => {
      if (topic !== null) return s.topics.get(topic) ?? null;
      const sum: [number, number, number] = [0, 0, 0];
      for (const v of s.topics.values()) for (let i = 0; i < 3; i++) sum[i]! += v[i]!;
      return sum;
    };
    for (let i = 1; i < samples.length; i++) {
      const prev = samples[i - 1]!;
      const cur = samples[i]!;
      const p = totalOf(prev);
      const c = totalOf(cur);
      const seconds = (cur.timeMs - prev.timeMs) / 1000;
      if (p === null || c === null || seconds <= 0) continue;
      const rate = (k: number) => Math.max(0, c[k]! - p[k]!) / seconds;
      out.push({ timeMs: cur.timeMs, messagesPerSec: rate(0), bytesPerSec: rate(1), bytesOutPerSec: rate(2) });
    }
    return out;
  }

  lagTrend(groupId: string): LagPoint[] {
    return this.lag.get(groupId)?.toArray() ?? [];
  }
}
