// Where the dispatcher applies the client quotas to a finished request (Kafka's
// RequestHandlerHelper.sendResponseMaybeThrottle and KafkaApis.handleProduceRequest):
// - request_percentage: the time the request's handling took on the event loop (the handler's
//   synchronous part), as a percentage of one thread's second (Kafka's nanosToPercentage), for every
//   API but the exempt ones (below);
// - producer_byte_rate: a Produce request's size in bytes, recorded after the append;
// the larger throttle time goes into the response's throttle_time_ms (when its version has the field)
// and mutes the connection for that long after the response (acks=0 Produce: the mute only, as Kafka).
// Fetch applies consumer_byte_rate and request_percentage itself (fetch-throttle.ts), since a throttled
// fetch is answered empty.
//
// Exempt from request_percentage (Kafka's exempt requests): the inter-node APIs (Raft, broker
// lifecycle, AlterPartition, WriteTxnMarkers, Envelope, ...), and the connection's
// start (ApiVersions, SaslHandshake, SaslAuthenticate).

import type { RequestContext } from "../handler.ts";
import { throttleConnection } from "./quota-managers.ts";

const PRODUCE = 0;
const FETCH = 1;
/** Kafka's clusterAction APIs served here, and the connection-start APIs. */
export const REQUEST_QUOTA_EXEMPT: ReadonlySet<number> = new Set([4, 5, 6, 7, 17, 18, 27, 36, 52, 53, 54, 55, 56, 58, 59, 62, 63, 64, 67, 70, 73, 80, 81, 82]);

/** Kafka's ClientRequestQuotaManager.NanosToPercentagePerSecond, for milliseconds. */
const MS_TO_PERCENT = 100 / 1000;

/** Whether this request's handling time must be measured (request quotas exist and it is not exempt). */
export function requestQuotaApplies(ctx: RequestContext): boolean {
  const q = ctx.services.quotas ?? null;
  if (q === null || REQUEST_QUOTA_EXEMPT.has(ctx.apiKey) || ctx.forwarded !== undefined || !q.request.enabled) return false;
  // Fetch applies request_percentage itself (fetch-throttle.ts): a throttled fetch is answered empty.
  return ctx.apiKey !== FETCH;
}

/**
 * Records the request in the quotas that apply to it and throttles when one is exceeded.
 * `requestTimeMs` is the handling time measured, or -1 when request_percentage does not apply.
 */
export function applyClientQuotas(ctx: RequestContext, body: unknown, requestTimeMs: number): void {
  const q = ctx.services.quotas ?? null;
  if (q === null) return;
  const produce = ctx.apiKey === PRODUCE && q.produce.enabled;
  if (requestTimeMs < 0 && !produce) return;
  const user = ctx.principal.name;
  const clientId = ctx.header.clientId ?? "";
  let throttleMs = 0;
  if (requestTimeMs >= 0) throttleMs = q.request.recordAndGetThrottleTimeMs(user, clientId, requestTimeMs * MS_TO_PERCENT);
  if (produce) throttleMs = Math.max(throttleMs, q.produce.recordAndGetThrottleTimeMs(user, clientId, ctx.requestBytes));
  if (throttleMs <= 0) return;
  if (typeof body === "object" && body !== null && typeof (body as { throttleTimeMs?: unknown }).throttleTimeMs === "number") {
    const b = body as { throttleTimeMs: number };
    b.throttleTimeMs = Math.max(b.throttleTimeMs, throttleMs);
  }
  throttleConnection(ctx.conn, throttleMs);
}
