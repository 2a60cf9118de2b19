// One client instance's telemetry state, as Kafka 4.4.0's ClientMetricsInstance: the subscription it
// was given (metrics, push interval, subscription id, the subscription version it was computed at),
// when it last asked and pushed, whether it said it is terminating, and the last error it was sent.
// "Never" is -Infinity rather than Kafka's 0, so a monotonic clock that starts near 0 behaves as
// Kafka's wall clock does (the first request is never early).

/** The client attributes subscriptions match on (ClientMetricsInstanceMetadata), null when unknown. */
export type ClientAttributes = ReadonlyMap<string, string | null>;

export class ClientMetricsInstance {
  private lastGetRequestMs = -Infinity;
  private lastPushRequestMs = -Infinity;
  terminating = false;
  /** An ErrorCode: NONE (0) or the error of the last refused request. */
  lastKnownError = 0;
  /** When the broker forgets this instance unless it is used again (max(60 s, 3 push intervals) after use). */
  expiresAtMs = Infinity;

  constructor(
    readonly clientInstanceId: string,
    readonly attributes: ClientAttributes,
    readonly subscriptionId: number,
    readonly subscriptionVersion: number,
    /** In Kafka's HashSet order (what RequestedMetrics lists). */
    readonly metrics: readonly string[],
    readonly pushIntervalMs: number,
  ) {}

  /** GetTelemetrySubscriptions is accepted once a push interval has passed since the last request of either kind. */
  maybeUpdateGetRequestTimestamp(nowMs: number): boolean {
    const last = Math.max(this.lastGetRequestMs, this.lastPushRequestMs);
    if (nowMs - last >= this.pushIntervalMs) {
      this.lastGetRequestMs = nowMs;
      return true;
    }
    return false;
  }

  /**
   * A push is accepted right after a GetTelemetrySubscriptions (clients jitter their first push), else
   * once a push interval has passed since the last push.
   */
  maybeUpdatePushRequestTimestamp(nowMs: number): boolean {
    const canAccept = this.lastGetRequestMs > this.lastPushRequestMs || nowMs - this.lastPushRequestMs >= this.pushIntervalMs;
    if (canAccept) this.lastPushRequestMs = nowMs;
    return canAccept;
  }
}

/** ClientMetricsInstanceMetadata.isMatch: every pattern matches its attribute (an absent attribute never does). */
export function isMatch(attributes: ClientAttributes, patterns: ReadonlyMap<string, RegExp>): boolean {
  for (const [param, pattern] of patterns) {
    const value = attributes.get(param);
    if (value === null || value === undefined || !pattern.test(value)) return false;
  }
  return true;
}
