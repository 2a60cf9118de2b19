// The quotas of a consumer's Fetch, as KafkaApis.handleFetchRequest applies them:
// - consumer_byte_rate caps max_bytes at what the quota window allows (getMaxValueInQuotaWindow);
// - when the answer is ready, its bytes go into the fetch quota and its handling time (the event loop
//   time of the request's synchronous part and of building the answer, not the long-poll wait) into
//   request_percentage;
// - over either, the bytes are taken back out, the connection is muted for the larger throttle time,
//   and the answer is Kafka's getThrottledResponse: no partitions, the session id of an incremental
//   session (0 otherwise: a full fetch's new session is not created), and the throttle time.
// Follower fetches are exempt from both (Kafka's replication has its own quotas).

import type { FetchResults } from "../../replication/fetch-read.ts";
import type { RequestContext } from "../handler.ts";
import type { ClientQuotaManager } from "./client-quota-manager.ts";
import { throttleConnection } from "./quota-managers.ts";

/** Kafka's ClientRequestQuotaManager.NanosToPercentagePerSecond, for milliseconds. */
const MS_TO_PERCENT = 100 / 1000;

export class FetchQuotaRun {
  private busyMs = 0;
  private fromMs: number;
  readonly user: string;
  readonly clientId: string;

  private constructor(
    private readonly ctx: RequestContext,
    private readonly bytes: ClientQuotaManager | null,
    private readonly request: ClientQuotaManager | null,
  ) {
    this.fromMs = performance.now();
    this.user = ctx.principal.name;
    this.clientId = ctx.header.clientId ?? "";
  }

  /** Null for a follower's fetch or when neither consumer_byte_rate nor request_percentage is set. */
  static of(ctx: RequestContext, replicaId: number): FetchQuotaRun | null {
    const q = ctx.services.quotas;
    if (!q || replicaId >= 0) return null;
    const bytes = q.fetch.enabled ? q.fetch : null;
    const request = q.request.enabled && ctx.forwarded === undefined ? q.request : null;
    return bytes === null && request === null ? null : new FetchQuotaRun(ctx, bytes, request);
  }

  /** The most bytes one response may carry under consumer_byte_rate (Infinity without one). */
  maxBytes(): number {
    return this.bytes === null ? Infinity : Math.floor(this.bytes.maxValueInQuotaWindow(this.user, this.clientId));
  }

  /** The fetch now waits (long poll): that time is not handling time. */
  waiting(): void {
    this.busyMs += performance.now() - this.fromMs;
  }

  /** The wait is over; handling goes on. */
  resumed(): void {
    this.fromMs = performance.now();
  }

  /** Records the answer; the throttle time when a quota is exceeded (the answer must then be empty). */
  throttleMs(read: FetchResults): number {
    const handlingMs = this.busyMs + (performance.now() - this.fromMs);
    let sizeBytes = 0;
    // Bounded by the request's partitions.
    for (const r of read.results.values()) sizeBytes += r.sizeBytes;
    const nowMs = Date.now();
    const requestMs = this.request === null ? 0 : this.request.recordAndGetThrottleTimeMs(this.user, this.clientId, handlingMs * MS_TO_PERCENT, nowMs);
    const bandwidthMs = this.bytes === null ? 0 : this.bytes.recordAndGetThrottleTimeMs(this.user, this.clientId, sizeBytes, nowMs);
    const throttleMs = Math.max(requestMs, bandwidthMs);
    if (throttleMs <= 0) return 0;
    // The client gets none of these bytes: Kafka's unrecordQuotaSensor.
    this.bytes?.recordNoThrottle(this.user, this.clientId, -sizeBytes, nowMs);
    throttleConnection(this.ctx.conn, throttleMs);
    return throttleMs;
  }
}
