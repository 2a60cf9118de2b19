// Kafka's ReplicationQuotaManager (the reassignment throttles): one for the leader side, one for the
// follower side. A byte rate measured as Kafka's SimpleRate over replication.quota.window.num samples
// of replication.quota.window.size.seconds each, compared with leader/follower.replication.throttled.rate
// (bytes/s, Long.MAX by default: never exceeded); and the throttled partitions, from the topic configs
// leader/follower.replication.throttled.replicas ("*" or "partition:brokerId" pairs, the pairs naming
// this broker kept: Kafka's ConfigHandler.parseThrottledPartitions).
//
// Both the rate and the replica lists are read through suppliers on every check (a few map lookups),
// so a dynamic config change applies at the next fetch, without a change listener. A replica list is
// parsed once per distinct string (a bounded cache).
//
// The decisions (Kafka's ReplicaManager.shouldLeaderThrottle, RemoteLeaderEndPoint.shouldFollowerThrottle)
// are `shouldThrottle`: only a replica out of the ISR (leader side) or not caught up (follower side), of
// a throttled partition, while the quota is exceeded. Bytes of throttled partitions are recorded
// whether or not the replica is in sync, as Kafka does, so the total throttled traffic stays bounded.
// Left out: the byte-rate metrics, the alter-log-dirs quota.

import { assert } from "../util/assert.ts";

/** Kafka's ReplicaQuota. */
export interface ReplicaQuota {
  isThrottled(topic: string, partition: number): boolean;
  isQuotaExceeded(): boolean;
  record(bytes: number): void;
}

/** Never throttles, records nothing (Kafka's UnboundedQuota). */
export const UNBOUNDED_QUOTA: ReplicaQuota = {
  isThrottled: () => false,
  isQuotaExceeded: () => false,
  record: () => undefined,
};

/** Kafka's Long.MAX_VALUE default of the throttled rates, as a double (no real rate reaches it). */
export const UNLIMITED_RATE = 9.223372036854776e18;

/** "*": every partition of the topic; else the partition ids throttled on this broker. */
export type ThrottledPartitions = "all" | ReadonlySet<number>;

const NONE: ReadonlySet<number> = new Set();

/**
 * Kafka's parseThrottledPartitions: "" none, "*" all, else "p:b" pairs whose broker is `brokerId`.
 * Entries that do not parse are skipped (the topic config validator refused them already; only a
 * hand-made record gets here).
 */
export function parseThrottledReplicas(value: string, brokerId: number): ThrottledPartitions {
  const v = value.trim();
  if (v === "") return NONE;
  if (v === "*") return "all";
  const out = new Set<number>();
  for (const entry of v.split(",")) {
    const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(entry);
    if (m && Number(m[2]) === brokerId) out.add(Number(m[1]));
  }
  return out;
}

/** Kafka's shouldLeaderThrottle / shouldFollowerThrottle. */
export function shouldThrottle(quota: ReplicaQuota, replicaInSync: boolean, topic: string, partition: number): boolean {
  return !replicaInSync && quota.isThrottled(topic, partition) && quota.isQuotaExceeded();
}

interface Sample {
  startMs: number;
  lastEventMs: number;
  value: number;
}

/**
 * Kafka's SimpleRate over a SampledStat: `samples` windows of `windowMs` (plus the one overlapping
 * placeholder Kafka keeps); a sample with no event for samples × windowMs is reset; the rate divides
 * the sum by the time since the oldest sample started, at least one window (so a first burst does not
 * read as an enormous rate). The client quotas' Rate (server/quota/quota-rate.ts) extends it with
 * Kafka's other window floor, as Kafka's SimpleRate and Rate share one SampledStat.
 */
export class SampledRate {
  private readonly samples: Sample[] = [];
  private current = 0;

  constructor(
    readonly numSamples: number,
    readonly windowMs: number,
    windowNumKey = "replication.quota.window.num",
  ) {
    assert(Number.isInteger(numSamples) && numSamples >= 1, () => `${windowNumKey} must be at least 1, not ${numSamples}`);
    assert(Number.isFinite(windowMs) && windowMs >= 1, () => `the quota window must be at least 1 ms, not ${windowMs}`);
  }

  /** Adds `value` (negative: Kafka's unrecord of a throttled fetch) at `nowMs`. */
  record(value: number, nowMs: number): void {
    let s = this.currentSample(nowMs);
    if (nowMs - s.startMs >= this.windowMs) s = this.advance(nowMs);
    s.value += value;
    s.lastEventMs = nowMs;
  }

  /** The rate now, per second (bytes per second for replication). */
  measure(nowMs: number): number {
    this.purgeObsolete(nowMs);
    let total = 0;
    for (const s of this.samples) total += s.value;
    return total / (this.windowSizeMs(nowMs) / 1000);
  }

  /** SimpleRate.windowSize: the time since the oldest sample started, at least one window. */
  windowSizeMs(nowMs: number): number {
    this.purgeObsolete(nowMs);
    return Math.max(nowMs - this.oldestStartMs(nowMs), this.windowMs);
  }

  /** The last time a value was recorded (for expiring idle sensors). */
  lastEventMs(): number {
    let last = -Infinity;
    for (const s of this.samples) if (s.lastEventMs > last) last = s.lastEventMs;
    return last;
  }

  protected oldestStartMs(nowMs: number): number {
    let oldestMs = this.currentSample(nowMs).startMs;
    for (const s of this.samples) if (s.startMs < oldestMs) oldestMs = s.startMs;
    return oldestMs;
  }

  private currentSample(nowMs: number): Sample {
    if (this.samples.length === 0) this.samples.push({ startMs: nowMs, lastEventMs: nowMs, value: 0 });
    return this.samples[this.current]!;
  }

  private advance(nowMs: number): Sample {
    // One more than numSamples: the placeholder overlapping the start of the measured span.
    this.current = (this.current + 1) % (this.numSamples + 1);
    if (this.current >= this.samples.length) {
      const s = { startMs: nowMs, lastEventMs: nowMs, value: 0 };
      this.samples.push(s);
      return s;
    }
    const s = this.samples[this.current]!;
    reset(s, nowMs);
    return s;
  }

  protected purgeObsolete(nowMs: number): void {
    const expireAgeMs = this.numSamples * this.windowMs;
    for (const s of this.samples) if (nowMs - s.lastEventMs >= expireAgeMs) reset(s, nowMs);
  }
}

function reset(s: Sample, nowMs: number): void {
  s.startMs = nowMs;
  s.lastEventMs = nowMs;
  s.value = 0;
}

export interface ReplicationQuotaManagerOptions {
  /** "leader" or "follower", for logs and tests. */
  replicationType: "leader" | "follower";
  brokerId: number;
  /** replication.quota.window.num */
  windowNum: number;
  /** replication.quota.window.size.seconds, in ms */
  windowSizeMs: number;
  nowMs: () => number;
  /** The throttled rate now, bytes/s (the dynamic broker config; UNLIMITED_RATE when unset). */
  rateBytesPerSec: () => number;
  /** The topic's throttled-replicas config now ("" when unset). */
  throttledReplicas: (topic: string) => string;
}

/** Distinct replica-list strings kept parsed; a bound on the cache (cleared when full). */
const MAX_PARSED_LISTS = 1024;

export class ReplicationQuotaManager implements ReplicaQuota {
  private readonly rate: SampledRate;
  private readonly parsed = new Map<string, ThrottledPartitions>();

  constructor(private readonly opts: ReplicationQuotaManagerOptions) {
    this.rate = new SampledRate(opts.windowNum, opts.windowSizeMs);
  }

  get replicationType(): string {
    return this.opts.replicationType;
  }

  /** The configured bound now (Kafka's upperBound). */
  get upperBound(): number {
    const r = this.opts.rateBytesPerSec();
    return Number.isFinite(r) && r >= 0 ? r : UNLIMITED_RATE;
  }

  isThrottled(topic: string, partition: number): boolean {
    const raw = this.opts.throttledReplicas(topic);
    if (raw === "") return false;
    let p = this.parsed.get(raw);
    if (p === undefined) {
      if (this.parsed.size >= MAX_PARSED_LISTS) this.parsed.clear();
      p = parseThrottledReplicas(raw, this.opts.brokerId);
      this.parsed.set(raw, p);
    }
    return p === "all" || p.has(partition);
  }

  /** Kafka's Sensor.checkQuotas on an upper bound: exceeded when the measured rate is above it. */
  isQuotaExceeded(): boolean {
    const bound = this.upperBound;
    if (bound >= UNLIMITED_RATE) return false;
    return this.rate.measure(this.opts.nowMs()) > bound;
  }

  /** Adds bytes to the rate, whether or not the quota is exceeded. */
  record(bytes: number): void {
    if (bytes > 0) this.rate.record(bytes, this.opts.nowMs());
  }

  /** The measured rate now, bytes/s (for tests and logs). */
  measuredRate(): number {
    return this.rate.measure(this.opts.nowMs());
  }
}
