// Kafka's ClientQuotaManager with its DefaultQuotaCallback, for one quota key (producer_byte_rate,
// consumer_byte_rate, request_percentage, controller_mutation_rate): which of the 8 quota levels
// applies to a (user, client-id), and a Rate sensor per quota id that measures it.
//
// Kafka's precedence (its quotaMetricTags walk), the first level set for this key wins:
//   1 users/<user>/clients/<client-id>   2 users/<user>/clients/<default>   3 users/<user>
//   4 users/<default>/clients/<client-id> 5 users/<default>/clients/<default> 6 users/<default>
//   7 clients/<client-id>                 8 clients/<default>
// The level decides the sensor's tags: (user, client-id) for levels 1, 2, 4, 5, (user, "") for 3 and 6
// (every client of the user shares the sensor), ("", client-id) for 7, 8 and none. The bound is then
// read for those tags as Kafka's quotaLimit does; no level set: unlimited (never throttled).
//
// The hot path: a key with no entity in the image is disabled (`enabled` false, nothing recorded, one
// reference comparison). Otherwise each (user, client-id) is resolved once and cached until the image's
// clientQuotas map changes (a ClientQuotaRecord applied). Bounds: MAX_RESOLVED cached resolutions,
// MAX_SENSORS sensors (idle ones, which measure zero anyway, are dropped first).

import type { ClientQuotaImage, MetadataImage } from "../../metadata/image.ts";
import { CLIENT_ID, IP, USER } from "../../metadata/client-quota-control.ts";
import { QuotaRate, recordAndThrottleMs, TokenBucket } from "./quota-rate.ts";

const MAX_RESOLVED = 10_000;
const MAX_SENSORS = 10_000;

/** undefined: the entity has no such type; null: the type's default entity. */
type Part = string | null | undefined;

function levelKey(user: Part, clientId: Part): string {
  const enc = (p: Part) => (p === undefined ? "-" : p === null ? "*" : `=${p}`);
  return `${enc(user)}\u0000${enc(clientId)}`;
}

interface Resolved {
  /** The sensor's tags, Kafka's quota id: "user\0client-id". */
  readonly sensorKey: string;
  /** The bound; Infinity when no level is set. */
  readonly bound: number;
}

export interface ClientQuotaManagerOptions {
  /** The quota key this manager enforces. */
  quotaKey: string;
  /** quota.window.num (controller.quota.window.num for controller_mutation_rate). */
  numSamples: number;
  /** quota.window.size.seconds, in ms. */
  windowMs: number;
  image: () => MetadataImage;
  nowMs?: () => number;
  /** ClientRequestQuotaManager bounds its throttle time by one window; the byte quotas do not. */
  maxThrottleMs?: number;
}

export class ClientQuotaManager {
  private seen: ReadonlyMap<string, ClientQuotaImage> | undefined | null = null;
  /** Level key -> value of this manager's key, for the entities that set it. */
  private levels = new Map<string, number>();
  private readonly resolved = new Map<string, Resolved>();
  private readonly sensors = new Map<string, QuotaRate>();
  /** controller_mutation_rate's token buckets, by quota id (bounded as the sensors). */
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly opts: ClientQuotaManagerOptions) {}

  get quotaKey(): string {
    return this.opts.quotaKey;
  }

  /** True when some entity sets this key (Kafka's quotasEnabled; re-read when the quota image changes). */
  get enabled(): boolean {
    this.refresh();
    return this.levels.size > 0;
  }

  nowMs(): number {
    return this.opts.nowMs ? this.opts.nowMs() : Date.now();
  }

  /** Kafka's recordAndGetThrottleTimeMs: records `value`, returns the throttle time (0 within the quota). */
  recordAndGetThrottleTimeMs(user: string, clientId: string, value: number, nowMs = this.nowMs()): number {
    if (!this.enabled) return 0;
    const r = this.resolve(user, clientId);
    const rate = this.sensor(r.sensorKey, nowMs);
    if (r.bound === Infinity) {
      rate.record(value, nowMs);
      return 0;
    }
    return recordAndThrottleMs(rate, value, r.bound, nowMs, this.opts.maxThrottleMs);
  }

  /** Kafka's recordNoThrottle / unrecordQuotaSensor (a negative value): recorded without a check. */
  recordNoThrottle(user: string, clientId: string, value: number, nowMs = this.nowMs()): void {
    if (!this.enabled) return;
    this.sensor(this.resolve(user, clientId).sensorKey, nowMs).record(value, nowMs);
  }

  /** Kafka's getMaxValueInQuotaWindow: bound × (samples - 1) × window seconds; Infinity without a quota. */
  maxValueInQuotaWindow(user: string, clientId: string): number {
    if (!this.enabled) return Infinity;
    const b = this.resolve(user, clientId).bound;
    return b === Infinity ? Infinity : b * (this.opts.numSamples - 1) * (this.opts.windowMs / 1000);
  }

  /**
   * Kafka's Strict/PermissiveControllerMutationQuota.record for `permits` partitions: strict refuses
   * (nothing recorded) while the bucket is below zero; permissive always records. Returns whether the
   * mutation may go ahead and the throttle time now (0 within the quota).
   */
  recordMutation(user: string, clientId: string, permits: number, strict: boolean, nowMs = this.nowMs()): { allowed: boolean; throttleMs: number } {
    if (!this.enabled) return { allowed: true, throttleMs: 0 };
    const r = this.resolve(user, clientId);
    if (r.bound === Infinity) return { allowed: true, throttleMs: 0 };
    let b = this.buckets.get(r.sensorKey);
    if (b === undefined) {
      if (this.buckets.size >= MAX_SENSORS) this.buckets.delete(this.buckets.keys().next().value!);
      b = new TokenBucket(this.opts.numSamples, this.opts.windowMs);
      this.buckets.set(r.sensorKey, b);
    }
    if (strict) {
      const throttleMs = b.throttleMs(r.bound, nowMs);
      if (throttleMs > 0) return { allowed: false, throttleMs };
    }
    b.record(permits, r.bound, nowMs);
    // Strict: checked before recording only (the next mutation is the one refused); permissive: after.
    return { allowed: true, throttleMs: strict ? 0 : b.throttleMs(r.bound, nowMs) };
  }

  /** The bound for (user, client-id): Infinity when no level sets it (tests, logs). */
  quotaFor(user: string, clientId: string): number {
    return this.enabled ? this.resolve(user, clientId).bound : Infinity;
  }

  /** The measured rate of the (user, client-id)'s sensor now (tests). */
  measured(user: string, clientId: string, nowMs = this.nowMs()): number {
    if (!this.enabled) return 0;
    return this.sensor(this.resolve(user, clientId).sensorKey, nowMs).measure(nowMs);
  }

  private refresh(): void {
    const q = this.opts.image().clientQuotas;
    if (q === this.seen) return;
    this.seen = q;
    this.resolved.clear();
    const levels = new Map<string, number>();
    // Bounded by the image's entities.
    for (const e of q?.values() ?? []) {
      const v = e.quotas.get(this.opts.quotaKey);
      if (v === undefined || e.entity.has(IP)) continue;
      levels.set(levelKey(e.entity.get(USER), e.entity.get(CLIENT_ID)), v);
    }
    this.levels = levels;
  }

  private resolve(user: string, clientId: string): Resolved {
    const cacheKey = `${user}\u0000${clientId}`;
    let r = this.resolved.get(cacheKey);
    if (r !== undefined) return r;
    const [tagUser, tagClient] = this.metricTags(user, clientId);
    r = { sensorKey: `${tagUser}\u0000${tagClient}`, bound: this.quotaLimit(tagUser, tagClient) };
    if (this.resolved.size >= MAX_RESOLVED) this.resolved.clear();
    this.resolved.set(cacheKey, r);
    return r;
  }

  /** Kafka's DefaultQuotaCallback.quotaMetricTags (its general walk). */
  private metricTags(user: string, clientId: string): [string, string] {
    const has = (u: Part, c: Part) => this.levels.has(levelKey(u, c));
    if (has(user, clientId) || has(user, null)) return [user, clientId];
    if (has(user, undefined)) return [user, ""];
    if (has(null, clientId) || has(null, null)) return [user, clientId];
    if (has(null, undefined)) return [user, ""];
    return ["", clientId];
  }

  /** Kafka's DefaultQuotaCallback.quotaLimit for the tags. */
  private quotaLimit(user: string, clientId: string): number {
    const get = (u: Part, c: Part) => this.levels.get(levelKey(u, c));
    let v: number | undefined;
    if (user !== "" && clientId !== "") v = get(user, clientId) ?? get(user, null) ?? get(null, clientId) ?? get(null, null);
    else if (user !== "") v = get(user, undefined) ?? get(null, undefined);
    else if (clientId !== "") v = get(undefined, clientId) ?? get(undefined, null);
    return v ?? Infinity;
  }

  private sensor(key: string, nowMs: number): QuotaRate {
    let s = this.sensors.get(key);
    if (s !== undefined) return s;
    if (this.sensors.size >= MAX_SENSORS) this.evictIdle(nowMs);
    s = new QuotaRate(this.opts.numSamples, this.opts.windowMs);
    this.sensors.set(key, s);
    return s;
  }

  /** Drops sensors idle for the whole measured span (they measure zero); else the oldest one. */
  private evictIdle(nowMs: number): void {
    const idleMs = this.opts.numSamples * this.opts.windowMs;
    for (const [k, s] of this.sensors) if (nowMs - s.lastEventMs() >= idleMs) this.sensors.delete(k);
    if (this.sensors.size >= MAX_SENSORS) this.sensors.delete(this.sensors.keys().next().value!);
  }
}
