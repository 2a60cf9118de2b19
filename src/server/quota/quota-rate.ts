// Kafka's Rate over a WindowedSum (org.apache.kafka.common.metrics.stats.Rate / SampledStat), the
// measure every client quota sensor uses: `samples` windows of `windowMs` (plus the one overlapping
// placeholder Kafka keeps); a sample with no event for samples × windowMs is reset; the rate divides the
// sum by the time since the oldest sample started, counted as at least samples - 1 full windows (so a
// first burst does not read as an enormous rate). And QuotaUtils.throttleTime: the delay that brings the
// measured rate O back to the bound T over that window W, (O - T) / T × W.
//
// The samples are replication-quota.ts's SampledRate (Kafka's SimpleRate, at least one window); the client
// quotas use Rate, whose N - 1 window floor is what makes a quota'd client's rate converge to its bound.

import { SampledRate } from "../../replication/replication-quota.ts";

/** Kafka's Rate: SampledRate's samples with Rate's window floor. */
export class QuotaRate extends SampledRate {
  constructor(numSamples: number, windowMs: number) {
    super(numSamples, windowMs, "quota.window.num");
  }

  /** Kafka's Rate.windowSize: time since the oldest sample, at least numSamples - 1 full windows, at least 1 ms. */
  override windowSizeMs(nowMs: number): number {
    this.purgeObsolete(nowMs);
    let elapsedMs = nowMs - this.oldestStartMs(nowMs);
    const fullWindows = Math.floor(elapsedMs / this.windowMs);
    const minFullWindows = this.numSamples - 1;
    if (fullWindows < minFullWindows) elapsedMs += (minFullWindows - fullWindows) * this.windowMs;
    return Math.max(elapsedMs, 1);
  }
}

/**
 * Kafka's Sensor.record(value, now, checkQuotas) on an upper-bound quota followed by QuotaUtils.throttleTime:
 * records, then returns the throttle time in ms when the measured rate is above `bound` (0 otherwise),
 * at most `maxThrottleMs`.
 */
export function recordAndThrottleMs(rate: QuotaRate, value: number, bound: number, nowMs: number, maxThrottleMs = Infinity): number {
  rate.record(value, nowMs);
  const measured = rate.measure(nowMs);
  if (!(measured > bound)) return 0;
  const ms = Math.round(((measured - bound) / bound) * rate.windowSizeMs(nowMs));
  return Math.min(ms, maxThrottleMs);
}

/**
 * Kafka's TokenBucket (KIP-599), the controller mutation quota's measure: `bound` tokens a second
 * refill it up to a burst of samples × window × bound (it starts full); a mutation takes its
 * partitions out, and may take it below zero. Exceeded while below zero; the throttle time is the time
 * the refill needs to bring it back to zero.
 */
export class TokenBucket {
  private tokens = 0;
  private lastUpdateMs = -Infinity;

  constructor(
    readonly numSamples: number,
    readonly windowMs: number,
  ) {}

  /** Tokens now for a rate of `bound` a second. */
  measure(bound: number, nowMs: number): number {
    this.refill(bound, nowMs);
    return this.tokens;
  }

  record(permits: number, bound: number, nowMs: number): void {
    this.refill(bound, nowMs);
    this.tokens = Math.min(this.burst(bound), this.tokens - permits);
  }

  /** ControllerMutationQuotaManager.throttleTimeMs: -tokens / bound seconds; 0 when not below zero. */
  throttleMs(bound: number, nowMs: number): number {
    const t = this.measure(bound, nowMs);
    return t < 0 ? Math.round((-t / bound) * 1000) : 0;
  }

  private burst(bound: number): number {
    return this.numSamples * (this.windowMs / 1000) * bound;
  }

  private refill(bound: number, nowMs: number): void {
    const elapsedS = this.lastUpdateMs === -Infinity ? Infinity : (nowMs - this.lastUpdateMs) / 1000;
    this.tokens = Math.min(this.burst(bound), this.tokens + bound * elapsedS);
    this.lastUpdateMs = nowMs;
  }
}
