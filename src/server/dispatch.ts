// Routes each request frame to its API handler and encodes the response, as Kafka's KafkaApis does.
//
// - A frame whose header or body cannot be parsed closes the connection (Kafka does the same).
// - An unknown API key, an API this broker does not serve, or a version outside what it serves closes
//   the connection, except ApiVersions: an unsupported ApiVersions version is answered with a v0
//   response carrying UNSUPPORTED_VERSION and ApiVersions' own range (KIP-511), so clients retry lower.
// - A handler that throws (a bug or a failed invariant) is logged at ERROR with the API, version,
//   correlation id and client id, and its connection is closed.
// - With the request logger (kafka.request.logger) at DEBUG or below, each completed request gets one
//   DEBUG line (api, version, correlation id, client id, connection, time spent), as Kafka's
//   "Completed request" line; off by default (the logger inherits root's INFO).
// - With metrics (services.metrics), each completed request's time goes into Kafka's TotalTimeMs
//   histogram of its request name (metrics/request-metrics.ts).

import type { ConnectionInfo, Outcome, RequestSink } from "../network/connection.ts";
import { API_BY_KEY } from "../protocol/generated/api-table.ts";
import { API_CODECS } from "../protocol/generated/apis.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { decodeRequest, decodeRequestChunks, responseHeaderVersion, API_VERSIONS_KEY, type DecodedRequest } from "../protocol/frame.ts";
import type { Frame } from "../network/frame-assembler.ts";
import { writeResponseHeader } from "../protocol/generated/messages/response-header.ts";
import { encodeFramedParts } from "../protocol/primitives/writer.ts";
import { concatSlices } from "../protocol/primitives/records-ref.ts";
import { CLOSE_CONNECTION, NO_RESPONSE, type ApiHandler, type RequestContext } from "./handler.ts";
import { levelCheck, type Logger } from "../util/log.ts";
import { securityProtocolOf, type SecurityProtocol } from "./principal.ts";
import { AuthorizerNotReadyError } from "../metadata/authorizer/standard-authorizer.ts";
import { requestErrorResponse } from "./request-error-response.ts";
import type { BrokerServices } from "./services.ts";
import { isFollowerFetch, type RequestMetrics } from "./metrics/request-metrics.ts";
import { applyClientQuotas, requestQuotaApplies } from "./quota/request-throttle.ts";

const PRODUCE_KEY = 0;
const FETCH_KEY = 1;
/** More listeners than any configuration has; the protocol cache stops growing past it. */
const MAX_LISTENERS = 64;

/** A request's API key (its first int16), read without joining a sliced frame; -1 below two bytes. */
export function frameApiKey(frame: Frame): number {
  if (frame instanceof Uint8Array) return frame.length < 2 ? -1 : (frame[0]! << 8) | frame[1]!;
  let apiKey = 0;
  let seen = 0;
  // Bounded: two bytes from the first slices.
  for (const c of frame) {
    for (let i = 0; i < c.length && seen < 2; i++, seen++) apiKey = (apiKey << 8) | c[i]!;
    if (seen === 2) return apiKey;
  }
  return -1;
}

/** The frame's chunks joined into one buffer, or null when the frame is a Produce request (kept sliced). */
function joinUnlessProduce(chunks: readonly Uint8Array[]): Uint8Array | null {
  return frameApiKey(chunks) === PRODUCE_KEY ? null : concatSlices(chunks);
}

export class Dispatcher implements RequestSink {
  readonly handlers: ReadonlyMap<number, ApiHandler>;
  private readonly services: BrokerServices;
  private readonly log: Logger;
  private readonly requestLog: Logger;
  private readonly requestLogAt: (level: "debug") => boolean;
  private readonly requestMetrics: RequestMetrics | null;
  /** Security protocol by listener name, resolved once per listener (bounded by the listeners configured). */
  private readonly protocols = new Map<string, SecurityProtocol>();

  constructor(services: BrokerServices, handlers: ApiHandler[], log: Logger, requestLog: Logger = log) {
    const m = new Map<number, ApiHandler>();
    for (const h of handlers) {
      const api = API_BY_KEY.get(h.key);
      if (!api) throw new Error(`handler for unknown api key ${h.key}`);
      if (h.minVersion < api.minVersion || h.maxVersion > api.maxVersion) {
        throw new Error(`handler for ${api.name} serves ${h.minVersion}-${h.maxVersion}, outside the protocol's ${api.minVersion}-${api.maxVersion}`);
      }
      if (m.has(h.key)) throw new Error(`two handlers for ${api.name}`);
      m.set(h.key, h);
    }
    this.handlers = m;
    this.services = services;
    this.log = log;
    this.requestLog = requestLog;
    this.requestLogAt = levelCheck(requestLog);
    this.requestMetrics = services.metrics?.requests ?? null;
  }

  private securityProtocol(listenerName: string): SecurityProtocol {
    let p = this.protocols.get(listenerName);
    if (p === undefined) {
      p = securityProtocolOf(this.services.config.protocolMap, listenerName);
      if (this.protocols.size < MAX_LISTENERS) this.protocols.set(listenerName, p);
    }
    return p;
  }

  handle(conn: ConnectionInfo, frame: Frame): Outcome | Promise<Outcome> {
    let d: DecodedRequest;
    let frameBytes: number;
    if (frame instanceof Uint8Array) {
      d = decodeRequest(frame);
      frameBytes = frame.length;
    } else {
      // A large frame that spanned socket chunks: Produce is decoded in place (its records stay slices
      // of the chunks, appended without a copy); anything else is joined once, as before.
      const joined = joinUnlessProduce(frame);
      d = joined ? decodeRequest(joined) : decodeRequestChunks(frame);
      frameBytes = 0;
      for (const c of frame) frameBytes += c.length;
    }
    if (!d.ok) {
      const h = d.header;
      if (d.reason === "unsupported-version" && h && h.requestApiKey === API_VERSIONS_KEY) {
        return this.apiVersionsUnsupported(h.correlationId);
      }
      this.log.warn("closing connection: request refused", {
        connection: conn.id,
        reason: d.reason,
        apiKey: h?.requestApiKey,
        apiVersion: h?.requestApiVersion,
        clientId: h?.clientId,
        error: d.error?.message,
      });
      return "close";
    }
    const { header } = d;
    const handler = this.handlers.get(header.requestApiKey);
    if (!handler || header.requestApiVersion < handler.minVersion || header.requestApiVersion > handler.maxVersion) {
      if (header.requestApiKey === API_VERSIONS_KEY) return this.apiVersionsUnsupported(header.correlationId);
      this.log.warn("closing connection: api or version not served", {
        connection: conn.id,
        api: API_BY_KEY.get(header.requestApiKey)?.name,
        apiVersion: header.requestApiVersion,
        clientId: header.clientId,
      });
      return "close";
    }
    conn.authenticated = true;
    const ctx: RequestContext = {
      conn,
      header,
      apiKey: header.requestApiKey,
      apiVersion: header.requestApiVersion,
      services: this.services,
      listenerName: conn.listenerName,
      securityProtocol: this.securityProtocol(conn.listenerName),
      // Set by the listener's authentication (SASL, or the TLS handshake's peer certificate); else ANONYMOUS.
      principal: conn.principal,
      requestBytes: frameBytes,
    };
    const follower = this.requestMetrics !== null && ctx.apiKey === FETCH_KEY && isFollowerFetch(d.body);
    const startMs = this.requestMetrics !== null || this.requestLogAt("debug") ? performance.now() : -1;
    // request_percentage: the handling time is measured only when such a quota exists (quota/request-throttle.ts).
    const timedFromMs = requestQuotaApplies(ctx) ? performance.now() : -1;
    let result: unknown;
    try {
      result = handler.handle(ctx, d.body);
    } catch (e) {
      return this.handlerFailed(ctx, e, d.body);
    }
    const handlingMs = timedFromMs >= 0 ? performance.now() - timedFromMs : -1;
    if (result instanceof Promise) return result.then((r) => this.completed(ctx, r, startMs, follower, handlingMs), (e: unknown) => this.handlerFailed(ctx, e, d.body));
    return this.completed(ctx, result, startMs, follower, handlingMs);
  }

  private completed(ctx: RequestContext, body: unknown, startMs: number, follower: boolean, handlingMs: number): Outcome {
    // Before encoding, so a throttle time lands in the response (quota/request-throttle.ts).
    if (ctx.services.quotas && (handlingMs >= 0 || ctx.apiKey === 0)) applyClientQuotas(ctx, body, handlingMs);
    const out = this.encode(ctx, body);
    if (startMs < 0) return out;
    this.requestMetrics?.observe(ctx.apiKey, follower, performance.now() - startMs);
    if (this.requestLogAt("debug")) {
      this.requestLog.debug("Completed request", {
        api: API_BY_KEY.get(ctx.apiKey)?.name,
        apiVersion: ctx.apiVersion,
        correlationId: ctx.header.correlationId,
        clientId: ctx.header.clientId,
        connection: ctx.conn.id,
        listener: ctx.listenerName,
        totalTimeMs: Math.round((performance.now() - startMs) * 1000) / 1000,
      });
    }
    return out;
  }

  /**
   * A handler threw: a bug (an InvariantError, or anything unexpected), never a client's bad input,
   * which handlers answer with Kafka's error codes. Logged at ERROR with the request's identity, as
   * Kafka's "Unexpected error handling request" does; the connection closes since no well-formed
   * response exists for it. The exception: a check the authorizer cannot answer before its initial
   * load (AuthorizerNotReadyError), which Kafka answers with the request's error response carrying
   * UNKNOWN_SERVER_ERROR (request-error-response.ts; other APIs close).
   */
  private handlerFailed(ctx: RequestContext, e: unknown, body: unknown): Outcome {
    if (e instanceof AuthorizerNotReadyError) {
      const answer = requestErrorResponse(ctx.apiKey, ctx.apiVersion, body, ErrorCode.UNKNOWN_SERVER_ERROR, null);
      this.log.error("Unexpected error handling request", {
        connection: ctx.conn.id,
        api: API_BY_KEY.get(ctx.apiKey)?.name,
        apiVersion: ctx.apiVersion,
        correlationId: ctx.header.correlationId,
        clientId: ctx.header.clientId,
        listener: ctx.listenerName,
        error: `AuthorizerNotReadyException: ${e.message}`,
      });
      if (answer.kind === "body") return this.encode(ctx, answer.body);
      return "close";
    }
    this.log.error("closing connection: unexpected error handling request", {
      connection: ctx.conn.id,
      api: API_BY_KEY.get(ctx.apiKey)?.name,
      apiVersion: ctx.apiVersion,
      correlationId: ctx.header.correlationId,
      clientId: ctx.header.clientId,
      error: e instanceof Error ? (e.stack ?? e.message) : String(e),
    });
    return "close";
  }

  private encode(ctx: RequestContext, body: unknown): Outcome {
    if (body === NO_RESPONSE) return null;
    if (body === CLOSE_CONNECTION) return "close";
    const codec = API_CODECS.get(ctx.apiKey)!;
    const hv = responseHeaderVersion(ctx.apiKey, ctx.apiVersion);
    return encodeFramedParts((s) => {
      writeResponseHeader(s, { correlationId: ctx.header.correlationId }, hv);
      codec.writeResponse(s, body, ctx.apiVersion);
    });
  }

  /** The v0-shaped answer to an ApiVersions version this broker does not serve (KIP-511). */
  private apiVersionsUnsupported(correlationId: number): Outcome {
    const h = this.handlers.get(API_VERSIONS_KEY);
    const codec = API_CODECS.get(API_VERSIONS_KEY)!;
    const body = {
      errorCode: ErrorCode.UNSUPPORTED_VERSION,
      apiKeys: [{ apiKey: API_VERSIONS_KEY, minVersion: h?.minVersion ?? 0, maxVersion: h?.maxVersion ?? 0 }],
      throttleTimeMs: 0,
      supportedFeatures: [],
      finalizedFeaturesEpoch: -1n,
      finalizedFeatures: [],
      zkMigrationReady: false,
    };
    return encodeFramedParts((s) => {
      writeResponseHeader(s, { correlationId }, 0);
      codec.writeResponse(s, body, 0);
    });
  }
}
