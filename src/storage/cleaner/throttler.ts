// Kafka's Throttler for log.cleaner.io.max.bytes.per.second: bytes read and written are counted, and
// once per check interval the cleaning sleeps long enough to bring its rate down to the limit. The
// sleep blocks the thread it runs on: the cleaner worker's, never the broker's event loop (the inline
// cleaner used by tests runs unthrottled).
const CHECK_INTERVAL_MS = 300;

export class Throttler {
  private periodStartMs: number;
  private observedSoFar = 0;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => void = (ms) => Bun.sleepSync(ms),
  ) {
    this.periodStartMs = now();
  }

  maybeThrottle(bytes: number): void {
    if (!(this.bytesPerSecond < Infinity)) return;
    this.observedSoFar += bytes;
    const now = this.now();
    const elapsedMs = now - this.periodStartMs;
    if (elapsedMs < CHECK_INTERVAL_MS || this.observedSoFar <= 0) return;
    const rate = (this.observedSoFar * 1000) / elapsedMs;
    if (rate > this.bytesPerSecond) {
      const desiredMs = (this.observedSoFar * 1000) / this.bytesPerSecond;
      const sleepMs = Math.round(desiredMs - elapsedMs);
      if (sleepMs > 0) this.sleep(sleepMs);
    }
    this.periodStartMs = this.now();
    this.observedSoFar = 0;
  }
}
