// KIP-714 client telemetry, as Kafka 4.4.0's ClientMetricsManager serves it: subscriptions come from
// the client-metrics config resources in the metadata image; each client instance (id assigned by the
// broker when the client sends the zero Uuid) gets the union of the metrics of every subscription whose
// match patterns all match it, the smallest of their push intervals (5 minutes when none matches), and
// a subscription id (subscription-id.ts). GetTelemetrySubscriptions and PushTelemetry are throttled to
// one per push interval (THROTTLING_QUOTA_EXCEEDED); a push must carry the current subscription id
// (UNKNOWN_SUBSCRIPTION_ID), a known compression id (UNSUPPORTED_COMPRESSION_TYPE) and at most
// telemetry.max.bytes (TELEMETRY_TOO_LARGE); after a terminating push every push is INVALID_REQUEST.
// When a subscription changes, each instance's subscription is recomputed at its next request, and
// that request is not throttled.
//
// Where Kafka hands the payload to a ClientTelemetryReceiver plugin, Strand decompresses it, decodes
// the OTLP metrics and keeps the latest payload per instance in a bounded store (telemetry-store.ts),
// logging each push at DEBUG (and the first of each instance at INFO). A payload that does not
// decompress is INVALID_RECORD, as Kafka answers when its payload cannot be read; one that decompresses
// but is not OTLP Strand can read is kept undecoded.
//
// Instances are bounded as Kafka bounds them: at most 16384 (least recently used dropped), each
// forgotten max(60 s, 3 push intervals) after its last request or when the connection it was created
// on closes.

import { ErrorCode } from "../../protocol/errors.ts";
import { codecForId } from "../../protocol/records/compression/registry.ts";
import { newGetTelemetrySubscriptionsResponse, type GetTelemetrySubscriptionsResponse } from "../../protocol/generated/messages/get-telemetry-subscriptions-response.ts";
import type { PushTelemetryRequest } from "../../protocol/generated/messages/push-telemetry-request.ts";
import { newPushTelemetryResponse, type PushTelemetryResponse } from "../../protocol/generated/messages/push-telemetry-response.ts";
import { ALL_SUBSCRIBED_METRICS, CLIENT_METRICS_IMAGE_PREFIX, DEFAULT_INTERVAL_MS, subscriptionOf, type ClientMetricsSubscription } from "../../config/client-metrics-config.ts";
import { ConfigError } from "../../config/def.ts";
import { randomKafkaUuid } from "../../storage/meta-properties.ts";
import type { Logger } from "../../util/log.ts";
import { ClientMetricsInstance, isMatch, type ClientAttributes } from "./client-metrics-instance.ts";
import { javaHashSetOrder } from "./java-hash-set.ts";
import { decodeOtlpMetrics, OtlpDecodeError, type OtlpMetrics } from "./otlp-metrics.ts";
import { computeSubscriptionId } from "./subscription-id.ts";
import { ClientTelemetryStore } from "./telemetry-store.ts";

export const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
/** Uuid.ONE_UUID (the metadata topic id): with ZERO_UUID, Kafka's Uuid.RESERVED. */
export const ONE_UUID = "AAAAAAAAAAAAAAAAAAAAAQ";

/** Kafka's accepted compression types, in its order: zstd, lz4, gzip, snappy. */
export const SUPPORTED_COMPRESSION_TYPES: readonly number[] = [4, 3, 1, 2];
export const DEFAULT_TELEMETRY_MAX_BYTES = 1_048_576;
const CACHE_MAX_SIZE = 16_384;
const DEFAULT_CACHE_EXPIRY_MS = 60_000;
/** Decompressed payloads larger than this many times telemetry.max.bytes are refused (INVALID_RECORD). */
const MAX_DECOMPRESSION_RATIO = 16;
/** Metric name=value pairs in one DEBUG line. */
const LOGGED_METRICS = 200;

/** What Kafka's RequestContext tells about the client sending a telemetry request. */
export interface TelemetryClient {
  readonly clientId: string | null;
  readonly softwareName: string | null;
  readonly softwareVersion: string | null;
  readonly sourceAddress: string;
  readonly sourcePort: number;
  /** The connection the request came on (the instance is forgotten when it closes). */
  readonly connectionId: number;
}

export interface ClientMetricsManagerOptions {
  readonly nowMs: () => number;
  readonly logger: Logger;
  readonly telemetryMaxBytes?: number;
  readonly store?: ClientTelemetryStore;
  readonly cacheMaxSize?: number;
  readonly cacheExpiryMs?: number;
  /** Draws a new client instance id (tests pass a seeded one). */
  readonly randomUuid?: () => string;
}

export class ClientMetricsManager {
  readonly telemetryMaxBytes: number;
  readonly store: ClientTelemetryStore;
  private readonly nowMs: () => number;
  private readonly log: Logger;
  private readonly cacheMaxSize: number;
  private readonly cacheExpiryMs: number;
  private readonly randomUuid: () => string;
  /** Least recently used first. */
  private readonly instances = new Map<string, ClientMetricsInstance>();
  /** Connection -> the instance created or recomputed on it (Kafka's clientConnectionIdMap); bounded as instances are. */
  private readonly connectionInstances = new Map<number, string>();
  private subscriptions: ClientMetricsSubscription[] = [];
  private subscriptionsKey = "";
  private subscriptionUpdateVersion = 0;
  private lastConfigs: unknown = null;

  constructor(opts: ClientMetricsManagerOptions) {
    this.nowMs = opts.nowMs;
    this.log = opts.logger;
    this.telemetryMaxBytes = opts.telemetryMaxBytes ?? DEFAULT_TELEMETRY_MAX_BYTES;
    if (!Number.isInteger(this.telemetryMaxBytes) || this.telemetryMaxBytes < 1) throw new RangeError(`telemetry.max.bytes must be at least 1, got ${this.telemetryMaxBytes}`);
    this.store = opts.store ?? new ClientTelemetryStore();
    this.cacheMaxSize = opts.cacheMaxSize ?? CACHE_MAX_SIZE;
    this.cacheExpiryMs = opts.cacheExpiryMs ?? DEFAULT_CACHE_EXPIRY_MS;
    this.randomUuid = opts.randomUuid ?? randomKafkaUuid;
  }

  /**
   * Takes the subscriptions from the image's configs ("client-metrics:NAME"). Cheap when the configs
   * map is the one seen last; a change to any subscription bumps the subscription version.
   */
  updateSubscriptions(configs: ReadonlyMap<string, ReadonlyMap<string, string>>): void {
    if (configs === this.lastConfigs) return;
    this.lastConfigs = configs;
    const named = new Map<string, ReadonlyMap<string, string>>();
    for (const [key, values] of configs) if (key.startsWith(CLIENT_METRICS_IMAGE_PREFIX)) named.set(key.slice(CLIENT_METRICS_IMAGE_PREFIX.length), values);
    // Kafka iterates its ConcurrentHashMap of subscriptions; the order decides ties in the metric set.
    const names = javaHashSetOrder([...named.keys()].sort());
    const key = JSON.stringify(names.map((n) => [n, [...named.get(n)!].sort()]));
    if (key === this.subscriptionsKey) return;
    this.subscriptionsKey = key;
    this.subscriptions = names.map((n) => subscriptionOf(n, named.get(n)!));
    this.subscriptionUpdateVersion++;
  }

  /** Subscription names (ListConfigResources lists them from the image directly). */
  subscriptionNames(): string[] {
    return this.subscriptions.map((s) => s.name);
  }

  /** Client instances held (Kafka's client-metrics instance-count). */
  get instanceCount(): number {
    return this.instances.size;
  }

  getTelemetrySubscriptions(requestedId: string, client: TelemetryClient): GetTelemetrySubscriptionsResponse {
    const now = this.nowMs();
    const clientInstanceId = requestedId !== ZERO_UUID ? requestedId : this.newClientInstanceId();
    const instance = this.clientInstance(clientInstanceId, client, now);
    if (!instance.maybeUpdateGetRequestTimestamp(now) && instance.lastKnownError !== ErrorCode.UNKNOWN_SUBSCRIPTION_ID && instance.lastKnownError !== ErrorCode.UNSUPPORTED_COMPRESSION_TYPE) {
      this.log.debug("telemetry subscription request before the next push interval", { clientInstanceId, pushIntervalMs: instance.pushIntervalMs });
      const res = newGetTelemetrySubscriptionsResponse();
      res.errorCode = ErrorCode.THROTTLING_QUOTA_EXCEEDED;
      return res;
    }
    instance.lastKnownError = ErrorCode.NONE;
    const res = newGetTelemetrySubscriptionsResponse();
    res.clientInstanceId = clientInstanceId;
    res.subscriptionId = instance.subscriptionId;
    res.requestedMetrics = [...instance.metrics];
    res.acceptedCompressionTypes = [...SUPPORTED_COMPRESSION_TYPES];
    res.pushIntervalMs = instance.pushIntervalMs;
    res.telemetryMaxBytes = this.telemetryMaxBytes;
    res.deltaTemporality = true;
    return res;
  }

  pushTelemetry(req: PushTelemetryRequest, client: TelemetryClient): PushTelemetryResponse {
    const res = newPushTelemetryResponse();
    const clientInstanceId = req.clientInstanceId;
    if (clientInstanceId === ZERO_UUID || clientInstanceId === ONE_UUID) {
      this.log.debug("telemetry push with an invalid client instance id", { clientInstanceId });
      res.errorCode = ErrorCode.INVALID_REQUEST;
      return res;
    }
    const now = this.nowMs();
    const instance = this.clientInstance(clientInstanceId, client, now);
    const error = this.validatePush(req, instance, now);
    instance.terminating = req.terminating;
    if (error !== ErrorCode.NONE) {
      this.log.debug("telemetry push refused", { clientInstanceId, error });
      instance.lastKnownError = error;
      res.errorCode = error;
      return res;
    }
    if (req.metrics.length > 0) {
      const payload = this.decompress(req.compressionType, req.metrics);
      if (payload === null) {
        this.log.debug("telemetry push payload does not decompress", { clientInstanceId, compressionType: req.compressionType, bytes: req.metrics.length });
        instance.lastKnownError = ErrorCode.INVALID_RECORD;
        res.errorCode = ErrorCode.INVALID_RECORD;
        return res;
      }
      this.keep(instance, client, req, payload, now);
    }
    instance.lastKnownError = ErrorCode.NONE;
    return res;
  }

  private validatePush(req: PushTelemetryRequest, instance: ClientMetricsInstance, now: number): number {
    if (instance.terminating) return ErrorCode.INVALID_REQUEST;
    if (!instance.maybeUpdatePushRequestTimestamp(now) && !req.terminating) return ErrorCode.THROTTLING_QUOTA_EXCEEDED;
    if (req.subscriptionId !== instance.subscriptionId) return ErrorCode.UNKNOWN_SUBSCRIPTION_ID;
    if (req.compressionType < 0 || req.compressionType > 4) return ErrorCode.UNSUPPORTED_COMPRESSION_TYPE;
    if (req.metrics.length > this.telemetryMaxBytes) return ErrorCode.TELEMETRY_TOO_LARGE;
    return ErrorCode.NONE;
  }

  /** The payload decompressed (a copy, so the request frame is not retained), or null when it does not decompress within the bound. */
  private decompress(compressionType: number, metrics: Uint8Array): Uint8Array | null {
    if (compressionType === 0) return metrics.slice();
    const codec = codecForId(compressionType);
    if (!codec) return null;
    try {
      return codec.decompress(metrics, this.telemetryMaxBytes * MAX_DECOMPRESSION_RATIO).slice();
    } catch {
      return null;
    }
  }

  private keep(instance: ClientMetricsInstance, client: TelemetryClient, req: PushTelemetryRequest, payload: Uint8Array, now: number): void {
    let metrics: OtlpMetrics | null = null;
    try {
      metrics = decodeOtlpMetrics(payload);
    } catch (e) {
      if (!(e instanceof OtlpDecodeError)) throw e;
      this.log.debug("telemetry payload is not OTLP metrics Strand can read; kept undecoded", { clientInstanceId: instance.clientInstanceId, error: e.message });
    }
    const first = this.store.latest(instance.clientInstanceId) === undefined;
    this.store.put({
      clientInstanceId: instance.clientInstanceId,
      clientId: client.clientId,
      clientSoftwareName: client.softwareName,
      clientSoftwareVersion: client.softwareVersion,
      clientSourceAddress: client.sourceAddress,
      receivedAtMs: now,
      compressionType: req.compressionType,
      pushedBytes: req.metrics.length,
      payload,
      metrics,
      terminating: req.terminating,
    });
    const fields = {
      clientInstanceId: instance.clientInstanceId,
      clientId: client.clientId,
      bytes: req.metrics.length,
      decompressedBytes: payload.length,
      metricCount: metrics?.metrics.length ?? -1,
      terminating: req.terminating,
    };
    if (first) this.log.info("client telemetry received from a new client instance", { ...fields, software: `${client.softwareName ?? "?"}/${client.softwareVersion ?? "?"}` });
    this.log.debug("client telemetry received", { ...fields, metrics: metrics ? describeMetrics(metrics) : "" });
  }

  private newClientInstanceId(): string {
    // Bounded: a collision with a held instance is astronomically unlikely.
    for (let i = 0; i < 100; i++) {
      const id = this.randomUuid();
      if (!this.instances.has(id) && id !== ZERO_UUID && id !== ONE_UUID) return id;
    }
    throw new Error("could not draw an unused client instance id");
  }

  /** The instance, created or (after a subscription change) recomputed, its expiry pushed back. */
  private clientInstance(clientInstanceId: string, client: TelemetryClient, now: number): ClientMetricsInstance {
    this.expire(now);
    let instance = this.instances.get(clientInstanceId);
    if (!instance) {
      instance = this.createClientInstance(clientInstanceId, attributesOf(clientInstanceId, client));
      this.rememberConnection(client.connectionId, clientInstanceId);
    } else if (instance.subscriptionVersion < this.subscriptionUpdateVersion) {
      // Kafka keeps the instance's original attributes (those of the connection that created it).
      instance = this.createClientInstance(clientInstanceId, instance.attributes);
      this.rememberConnection(client.connectionId, clientInstanceId);
    }
    this.instances.delete(clientInstanceId);
    this.instances.set(clientInstanceId, instance);
    while (this.instances.size > this.cacheMaxSize) this.instances.delete(this.instances.keys().next().value!);
    instance.expiresAtMs = now + Math.max(this.cacheExpiryMs, instance.pushIntervalMs * 3);
    return instance;
  }

  /** A connection closed: the instance created on it is forgotten (its next request starts afresh). */
  connectionClosed(connectionId: number): void {
    const id = this.connectionInstances.get(connectionId);
    if (id === undefined) return;
    this.connectionInstances.delete(connectionId);
    this.instances.delete(id);
  }

  private rememberConnection(connectionId: number, clientInstanceId: string): void {
    this.connectionInstances.delete(connectionId);
    this.connectionInstances.set(connectionId, clientInstanceId);
    while (this.connectionInstances.size > this.cacheMaxSize) this.connectionInstances.delete(this.connectionInstances.keys().next().value!);
  }

  /** Drops instances whose expiry passed, oldest use first (bounded by the instances held). */
  private expire(now: number): void {
    for (const [id, instance] of this.instances) {
      if (instance.expiresAtMs > now) break;
      this.instances.delete(id);
    }
  }

  private createClientInstance(clientInstanceId: string, attributes: ClientAttributes): ClientMetricsInstance {
    let pushIntervalMs = DEFAULT_INTERVAL_MS;
    const subscribed: string[] = [];
    let allMetricsSubscribed = false;
    for (const s of this.subscriptions) {
      if (!isMatch(attributes, s.match)) continue;
      allMetricsSubscribed ||= s.metrics.includes(ALL_SUBSCRIBED_METRICS);
      // SubscriptionInfo keeps its metrics in a HashSet built from the list.
      subscribed.push(...javaHashSetOrder(s.metrics, hashSetFromCollectionCapacity(s.metrics.length)));
      pushIntervalMs = Math.min(pushIntervalMs, s.intervalMs);
    }
    const metrics = allMetricsSubscribed ? [ALL_SUBSCRIBED_METRICS] : javaHashSetOrder(subscribed);
    const subscriptionId = computeSubscriptionId(metrics, pushIntervalMs, clientInstanceId);
    return new ClientMetricsInstance(clientInstanceId, attributes, subscriptionId, this.subscriptionUpdateVersion, metrics, pushIntervalMs);
  }
}

/**
 * telemetry.max.bytes from server.properties (Kafka: INT, at least 1, default 1048576); a bad value
 * stops the broker at start-up, as Kafka's config validation does.
 */
export function telemetryMaxBytesOf(config: { readonly given: ReadonlyMap<string, string> }): number {
  const raw = config.given.get("telemetry.max.bytes");
  if (raw === undefined) return DEFAULT_TELEMETRY_MAX_BYTES;
  const s = raw.trim();
  const n = /^[-+]?\d+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n > 2 ** 31 - 1) throw new ConfigError("telemetry.max.bytes", raw, "Not a number of type INT");
  if (n < 1) throw new ConfigError("telemetry.max.bytes", raw, "Value must be at least 1");
  return n;
}

/** new HashSet<>(collection): capacity tableSizeFor(max(size / .75 + 1, 16)). */
function hashSetFromCollectionCapacity(size: number): number {
  let cap = 1;
  const want = Math.max(Math.floor(size / 0.75) + 1, 16);
  while (cap < want) cap *= 2;
  return cap;
}

function attributesOf(clientInstanceId: string, client: TelemetryClient): ClientAttributes {
  return new Map<string, string | null>([
    ["client_instance_id", clientInstanceId],
    ["client_id", client.clientId],
    ["client_software_name", client.softwareName],
    ["client_software_version", client.softwareVersion],
    ["client_source_address", client.sourceAddress],
    ["client_source_port", client.sourcePort >= 0 ? String(client.sourcePort) : null],
  ]);
}

/** "name=value" for the first points of each metric, bounded, for the DEBUG line. */
function describeMetrics(m: OtlpMetrics): string {
  const parts: string[] = [];
  for (const metric of m.metrics) {
    if (parts.length >= LOGGED_METRICS) {
      parts.push(`... ${m.metrics.length - LOGGED_METRICS} more`);
      break;
    }
    const p = metric.points[0];
    parts.push(`${metric.name}=${p?.value === null || p?.value === undefined ? "" : String(p.value)}`);
  }
  return parts.join(",");
}
