// ClientMetricsManager (KIP-714) with an injected clock and seeded instance ids: subscription matching
// by client attributes (regex, every pattern must match), the union of metrics and the smallest
// interval, Kafka's subscription id, throttling of GetTelemetrySubscriptions and PushTelemetry, error
// precedence, terminating pushes, subscription changes, expiry and the instance bound, and the store.
import { describe, expect, test } from "bun:test";
import { ClientMetricsManager, ONE_UUID, ZERO_UUID, type TelemetryClient } from "../../../../src/server/telemetry/client-metrics-manager.ts";
import { computeSubscriptionId, uuidHashCode } from "../../../../src/server/telemetry/subscription-id.ts";
import { javaHashSetOrder } from "../../../../src/server/telemetry/java-hash-set.ts";
import { ClientTelemetryStore } from "../../../../src/server/telemetry/telemetry-store.ts";
import { createLogger } from "../../../../src/util/log.ts";
import { encodeOtlpMetrics } from "../../../support/otlp.ts";
import type { PushTelemetryRequest } from "../../../../src/protocol/generated/messages/push-telemetry-request.ts";

const SEED = 714;
console.log(`client-metrics-manager seed=${SEED}`);

function seededUuids(seed: number): () => string {
  let x = seed >>> 0;
  return () => {
    const b = new Uint8Array(16);
    for (let i = 0; i < 16; i++) {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      b[i] = x >>> 24;
    }
    b[0] = (b[0]! & 0x7f) | 0x01; // never reserved, never starting with '-'
    return Buffer.from(b).toString("base64url");
  };
}

function setup(opts: { maxBytes?: number; cacheMaxSize?: number; store?: ClientTelemetryStore } = {}) {
  let now = 1_000;
  const m = new ClientMetricsManager({
    nowMs: () => now,
    logger: createLogger("error"),
    telemetryMaxBytes: opts.maxBytes,
    cacheMaxSize: opts.cacheMaxSize,
    store: opts.store,
    randomUuid: seededUuids(SEED),
  });
  return { m, advance: (ms: number) => (now += ms) };
}

const configsOf = (subs: Record<string, Record<string, string>>) =>
  new Map(Object.entries(subs).map(([name, kv]) => [`client-metrics:${name}`, new Map(Object.entries(kv))] as const));

const client = (over: Partial<TelemetryClient> = {}): TelemetryClient => ({
  clientId: "app-1",
  softwareName: "apache-kafka-java",
  softwareVersion: "4.4.0",
  sourceAddress: "127.0.0.1",
  sourcePort: 50_000,
  connectionId: 1,
  ...over,
});

const push = (over: Partial<PushTelemetryRequest>): PushTelemetryRequest => ({
  clientInstanceId: ZERO_UUID,
  subscriptionId: 0,
  terminating: false,
  compressionType: 0,
  metrics: new Uint8Array(0),
  ...over,
});

describe("subscription id and Java HashSet order", () => {
  test("Kafka 4.4.0's id for no subscription (value seen from a running Kafka)", () => {
    expect(computeSubscriptionId([], 300_000, "R4kgYDwATnSA2fTkEqn0aA")).toBe(1027487046);
  });

  test("Uuid.hashCode folds the four words", () => {
    expect(uuidHashCode(ZERO_UUID)).toBe(0);
    expect(uuidHashCode(ONE_UUID)).toBe(1);
    expect(() => uuidHashCode("short")).toThrow(RangeError);
  });

  test("HashSet order (checked against java.util.HashSet)", () => {
    expect(javaHashSetOrder(["org.apache.kafka.client.", "org.apache.kafka.producer.", "org.apache.kafka.consumer."])).toEqual(["org.apache.kafka.producer.", "org.apache.kafka.consumer.", "org.apache.kafka.client."]);
  });
});

describe("ClientMetricsManager", () => {
  test("no subscription: no metrics, 5 minutes, an assigned instance id", () => {
    const { m } = setup();
    const r = m.getTelemetrySubscriptions(ZERO_UUID, client());
    expect(r.errorCode).toBe(0);
    expect(r.clientInstanceId).not.toBe(ZERO_UUID);
    expect([r.requestedMetrics, r.pushIntervalMs, r.acceptedCompressionTypes, r.telemetryMaxBytes, r.deltaTemporality]).toEqual([[], 300_000, [4, 3, 1, 2], 1_048_576, true]);
    expect(r.subscriptionId).toBe(computeSubscriptionId([], 300_000, r.clientInstanceId));
  });

  test("matching: every pattern must fully match; union of metrics, smallest interval; '*' wins", () => {
    const { m } = setup();
    m.updateSubscriptions(configsOf({
      a: { metrics: "org.apache.kafka.producer.", "interval.ms": "2000", match: "client_id=app-.*" },
      b: { metrics: "org.apache.kafka.consumer.", "interval.ms": "1000", match: "client_software_name=apache-kafka-java,client_software_version=4\\..*" },
      c: { metrics: "never.", "interval.ms": "100", match: "client_id=app" }, // must match the whole id
      d: { metrics: "port.", match: "client_source_port=5000" },
    }));
    const r = m.getTelemetrySubscriptions(ZERO_UUID, client());
    expect(r.requestedMetrics).toEqual(javaHashSetOrder(["org.apache.kafka.producer.", "org.apache.kafka.consumer."]));
    expect(r.pushIntervalMs).toBe(1000);
    expect(r.subscriptionId).toBe(computeSubscriptionId(r.requestedMetrics, 1000, r.clientInstanceId));
    // An attribute the client did not send never matches (no ApiVersions v3: no software name).
    const anon = m.getTelemetrySubscriptions(ZERO_UUID, client({ softwareName: null, softwareVersion: null }));
    expect([anon.requestedMetrics, anon.pushIntervalMs]).toEqual([["org.apache.kafka.producer."], 2000]);
    const byInstance = setup();
    const first = byInstance.m.getTelemetrySubscriptions(ZERO_UUID, client({ clientId: null }));
    byInstance.m.updateSubscriptions(configsOf({ all: { metrics: "*,x." }, mine: { metrics: "y.", match: `client_instance_id=${first.clientInstanceId}` } }));
    const again = byInstance.m.getTelemetrySubscriptions(first.clientInstanceId, client({ clientId: null }));
    expect(again.requestedMetrics).toEqual(["*"]);
  });

  test("throttling: a second Get within the interval, except after UNKNOWN_SUBSCRIPTION_ID / UNSUPPORTED_COMPRESSION_TYPE", () => {
    const { m, advance } = setup();
    m.updateSubscriptions(configsOf({ s: { metrics: "a.", "interval.ms": "1000" } }));
    const g = m.getTelemetrySubscriptions(ZERO_UUID, client());
    const id = g.clientInstanceId;
    expect(m.getTelemetrySubscriptions(id, client()).errorCode).toBe(89);
    expect(m.pushTelemetry(push({ clientInstanceId: id, subscriptionId: g.subscriptionId ^ 1 }), client()).errorCode).toBe(117);
    advance(1);
    expect(m.getTelemetrySubscriptions(id, client()).errorCode).toBe(0);
    // That Get was let through without recording its time (as Kafka does), so a push still waits for the
    // interval since the last push.
    advance(1);
    expect(m.pushTelemetry(push({ clientInstanceId: id, subscriptionId: g.subscriptionId }), client()).errorCode).toBe(89);
    advance(997);
    expect(m.pushTelemetry(push({ clientInstanceId: id, subscriptionId: g.subscriptionId }), client()).errorCode).toBe(89);
    advance(1);
    expect(m.pushTelemetry(push({ clientInstanceId: id, subscriptionId: g.subscriptionId }), client()).errorCode).toBe(0);
    // The first push after a Get (a Get later than the last push) is accepted at once.
    advance(1000);
    expect(m.getTelemetrySubscriptions(id, client()).errorCode).toBe(0);
    advance(1);
    expect(m.pushTelemetry(push({ clientInstanceId: id, subscriptionId: g.subscriptionId }), client()).errorCode).toBe(0);
    expect(m.pushTelemetry(push({ clientInstanceId: id, subscriptionId: g.subscriptionId }), client()).errorCode).toBe(89);
  });

  test("push errors in Kafka's order, terminating, reserved ids", () => {
    const { m } = setup({ maxBytes: 100 });
    const fresh = () => {
      const g = m.getTelemetrySubscriptions(ZERO_UUID, client());
      return { clientInstanceId: g.clientInstanceId, subscriptionId: g.subscriptionId };
    };
    expect(m.pushTelemetry(push({ ...fresh(), compressionType: 5 }), client()).errorCode).toBe(76);
    expect(m.pushTelemetry(push({ ...fresh(), metrics: new Uint8Array(101) }), client()).errorCode).toBe(118);
    // Wrong subscription id is reported before a bad compression type.
    expect(m.pushTelemetry(push({ ...fresh(), subscriptionId: 1, compressionType: 5 }), client()).errorCode).toBe(117);
    expect(m.pushTelemetry(push({ ...fresh(), compressionType: 1, metrics: new Uint8Array([1, 2, 3]) }), client()).errorCode).toBe(87);
    expect(m.pushTelemetry(push({ ...fresh(), compressionType: 4, metrics: new Uint8Array([9, 9, 9, 9]) }), client()).errorCode).toBe(87);
    const t = fresh();
    expect(m.pushTelemetry(push({ ...t }), client()).errorCode).toBe(0);
    // A terminating push is not throttled; anything after it is INVALID_REQUEST.
    expect(m.pushTelemetry(push({ ...t, terminating: true }), client()).errorCode).toBe(0);
    expect(m.pushTelemetry(push({ ...t, terminating: true }), client()).errorCode).toBe(42);
    expect(m.pushTelemetry(push({ clientInstanceId: ZERO_UUID }), client()).errorCode).toBe(42);
    expect(m.pushTelemetry(push({ clientInstanceId: ONE_UUID }), client()).errorCode).toBe(42);
  });

  test("a subscription change recomputes the instance at its next request, unthrottled", () => {
    const { m } = setup();
    m.updateSubscriptions(configsOf({ s: { metrics: "a.", "interval.ms": "60000" } }));
    const g = m.getTelemetrySubscriptions(ZERO_UUID, client());
    expect(m.getTelemetrySubscriptions(g.clientInstanceId, client()).errorCode).toBe(89);
    // The same configs again (a new image, nothing changed): still throttled.
    m.updateSubscriptions(configsOf({ s: { metrics: "a.", "interval.ms": "60000" } }));
    expect(m.getTelemetrySubscriptions(g.clientInstanceId, client()).errorCode).toBe(89);
    m.updateSubscriptions(configsOf({ s: { metrics: "a.,b.", "interval.ms": "30000" } }));
    const h = m.getTelemetrySubscriptions(g.clientInstanceId, client());
    expect([h.errorCode, h.pushIntervalMs, h.requestedMetrics.length]).toEqual([0, 30_000, 2]);
    expect(m.pushTelemetry(push({ clientInstanceId: g.clientInstanceId, subscriptionId: g.subscriptionId }), client()).errorCode).toBe(117);
  });

  test("instances expire after max(60 s, 3 intervals) unused, and are bounded in number", () => {
    const { m, advance } = setup({ cacheMaxSize: 3 });
    const g = m.getTelemetrySubscriptions(ZERO_UUID, client());
    for (let i = 0; i < 5; i++) m.getTelemetrySubscriptions(ZERO_UUID, client());
    expect(m.instanceCount).toBe(3);
    advance(900_001); // 3 x 300 s
    m.getTelemetrySubscriptions(ZERO_UUID, client());
    expect(m.instanceCount).toBe(1);
    // A forgotten instance pushing again gets a new instance, whose subscription id differs only if the set did.
    const r = m.pushTelemetry(push({ clientInstanceId: g.clientInstanceId, subscriptionId: g.subscriptionId }), client());
    expect(r.errorCode).toBe(0);
  });

  test("an instance is forgotten when the connection that created it closes", () => {
    const { m } = setup();
    const g = m.getTelemetrySubscriptions(ZERO_UUID, client({ connectionId: 7 }));
    expect(m.getTelemetrySubscriptions(g.clientInstanceId, client({ connectionId: 7 })).errorCode).toBe(89);
    m.connectionClosed(8);
    expect(m.instanceCount).toBe(1);
    m.connectionClosed(7);
    expect(m.instanceCount).toBe(0);
    // Reconnected, the same id starts afresh: not throttled, same subscription id (same set, interval, id).
    const again = m.getTelemetrySubscriptions(g.clientInstanceId, client({ connectionId: 9 }));
    expect([again.errorCode, again.subscriptionId]).toEqual([0, g.subscriptionId]);
  });

  test("pushed metrics are kept (latest per instance), decoded, bounded", () => {
    const store = new ClientTelemetryStore(2, 1 << 20);
    const { m, advance } = setup({ store });
    const body = encodeOtlpMetrics([
      { name: "org.apache.kafka.producer.record.send.rate", kind: "gauge", value: 12.5 },
      { name: "org.apache.kafka.producer.record.send.total", kind: "sum", value: 400n },
    ], { "client_id": "app-1" });
    const ids: string[] = [];
    for (const compressionType of [0, 1, 4]) {
      const g = m.getTelemetrySubscriptions(ZERO_UUID, client());
      ids.push(g.clientInstanceId);
      const payload = compressionType === 0 ? body : compressionType === 1 ? Bun.gzipSync(body) : Bun.zstdCompressSync(body);
      expect(m.pushTelemetry(push({ clientInstanceId: g.clientInstanceId, subscriptionId: g.subscriptionId, compressionType, metrics: payload }), client()).errorCode).toBe(0);
      advance(1);
    }
    expect(store.size).toBe(2);
    expect(store.latest(ids[0]!)).toBeUndefined();
    const e = store.latest(ids[2]!)!;
    expect(e.compressionType).toBe(4);
    expect(e.payload).toEqual(body);
    expect(e.metrics!.resource).toEqual({ client_id: "app-1" });
    expect(e.metrics!.metrics.map((x) => [x.name, x.kind, x.points[0]!.value])).toEqual([
      ["org.apache.kafka.producer.record.send.rate", "gauge", 12.5],
      ["org.apache.kafka.producer.record.send.total", "sum", 400n],
    ]);
    expect(store.totalPushes).toBe(3);
    // Not OTLP: kept undecoded, still accepted.
    const g = m.getTelemetrySubscriptions(ZERO_UUID, client());
    expect(m.pushTelemetry(push({ clientInstanceId: g.clientInstanceId, subscriptionId: g.subscriptionId, metrics: new Uint8Array([0xff, 0xff]) }), client()).errorCode).toBe(0);
    expect(store.latest(g.clientInstanceId)!.metrics).toBeNull();
  });
});
