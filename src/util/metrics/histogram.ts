// A Prometheus histogram with fixed buckets: observe() is a short scan over a handful of upper bounds
// and three number updates, no allocation, so it can sit on the request path. Counts are kept per
// bucket and made cumulative only when scraped.

export class Histogram {
  /** Upper bounds (inclusive, Prometheus's `le`), ascending and finite; +Inf is implicit. */
  readonly bounds: readonly number[];
  /** Observations per bucket (not cumulative); the last slot is the +Inf bucket. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(bounds: readonly number[]) {
    for (let i = 0; i < bounds.length; i++) {
      if (!Number.isFinite(bounds[i]!) || (i > 0 && bounds[i]! <= bounds[i - 1]!)) throw new RangeError(`histogram bounds must be finite and ascending: ${bounds.join(", ")}`);
    }
    this.bounds = bounds;
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const b = this.bounds;
    let i = 0;
    // Bounded by the bucket count (a dozen or two).
    while (i < b.length && value > b[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
  }
}

/** Bucket bounds in milliseconds for request and sync latencies: 0.1 ms to 30 s. */
export const LATENCY_MS_BUCKETS: readonly number[] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000];

/** Bucket bounds in seconds (event-loop delay): 1 ms to 10 s. */
export const LATENCY_S_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
