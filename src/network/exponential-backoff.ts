// Kafka's ExponentialBackoff: initial * multiplier^attempts, capped at max, with a random factor in
// [1 - jitter, 1 + jitter] so that nodes that lost the same peer do not all reconnect in the same
// millisecond. The random source is injected (seeded in tests).

export interface ExponentialBackoffConfig {
  initialMs: number;
  multiplier: number;
  maxMs: number;
  jitter: number;
}

export class ExponentialBackoff {
  private readonly cfg: ExponentialBackoffConfig;
  /** The exponent at which initial * multiplier^n reaches maxMs: larger attempts add nothing. */
  private readonly expMax: number;

  constructor(cfg: ExponentialBackoffConfig) {
    if (!(cfg.initialMs >= 0) || !(cfg.maxMs >= 0) || !(cfg.multiplier >= 1) || !(cfg.jitter >= 0 && cfg.jitter < 1)) {
      throw new RangeError(`invalid backoff ${JSON.stringify(cfg)}: initialMs and maxMs >= 0, multiplier >= 1, 0 <= jitter < 1`);
    }
    this.cfg = cfg;
    this.expMax = cfg.maxMs > cfg.initialMs && cfg.initialMs > 0 && cfg.multiplier > 1 ? Math.log(cfg.maxMs / cfg.initialMs) / Math.log(cfg.multiplier) : 0;
  }

  /** The wait after `attempts` consecutive failures beyond the first (0 gives about initialMs). */
  backoffMs(attempts: number, random: () => number): number {
    const { initialMs, multiplier, maxMs, jitter } = this.cfg;
    if (this.expMax === 0) return Math.min(initialMs, maxMs);
    const exp = Math.min(Math.max(0, attempts), this.expMax);
    const factor = jitter > 0 ? 1 - jitter + 2 * jitter * random() : 1;
    return Math.min(Math.floor(initialMs * multiplier ** exp * factor), maxMs);
  }
}
